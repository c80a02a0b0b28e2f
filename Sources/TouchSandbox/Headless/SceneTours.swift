import Foundation
import TouchRecording
import UIKit

/// Each scene's tour: a short performance of what the scene is for, as a recording in
/// `assets/tours/<scene>.touches`, which the headless run plays and end-to-end tests
/// check. The tours are written here, from the scene laid out at the tours' window size
/// with the gallery's bars, so they land on the scene's views; `touch-sandbox-tours`
/// writes the files (and a person may record a better one with `--record`).
@MainActor
public enum SceneTours {
    /// The window every tour is made for, in points.
    public static let size = CGSize(width: 1024, height: 768)

    /// Where a scene's tour file lives, relative to `assets/`.
    public static func assetPath(for scene: String) -> String {
        "tours/\(scene).touches"
    }

    /// The tour file of `scene` where the program finds its assets (`UIImage`'s search
    /// folders), if there is one.
    public static func file(for scene: String) -> URL? {
        for folder in UIImage.searchDirectories {
            let url = folder.appendingPathComponent(assetPath(for: scene))
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }

    /// The scenes that have a script here.
    public static var scriptedScenes: [String] {
        SceneCatalog.all.map { $0.name }.filter { script(for: $0) != nil }
    }

    /// The tour of `sceneType`, made from its script; nil for a scene without one.
    public static func tour(for sceneType: any Scene.Type) -> TouchRecording? {
        guard let script = script(for: sceneType.name) else { return nil }
        let scene = sceneType.init()
        let screen = UIScreen.main.bounds
        UIScreen.main.bounds = CGRect(origin: .zero, size: size)
        defer { UIScreen.main.bounds = screen }
        // Laid out as the gallery shows it, without becoming visible: a window here is
        // never shown, so a running app's screen is not disturbed.
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.screenSafeAreaInsets = UIEdgeInsets(top: GalleryView.sceneInsets.top, left: 0,
                                                   bottom: GalleryView.sceneInsets.bottom, right: 0)
        window.rootViewController = scene
        window.layoutIfNeeded()
        var tour = TourBuilder()
        script(scene, &tour)
        window.rootViewController = nil
        return tour.recording(size: size, scene: sceneType.name)
    }

    private typealias Script = (UIViewController, inout TourBuilder) -> Void

    /// Where `alert` puts its button titled `title` in `window`, laid out there for a
    /// moment without being presented (a tour is written before any touch).
    private static func alertButton(_ title: String, of alert: UIAlertController, in window: UIWindow) -> CGRect? {
        let view: UIView = alert.view
        view.frame = window.bounds
        window.addSubview(view)
        defer { view.removeFromSuperview() }
        view.layoutIfNeeded()
        // The alert's buttons are controls holding a label with the action's title.
        var found: CGRect?
        func search(_ current: UIView) {
            if let control = current as? UIControl, control.subviews.contains(where: { ($0 as? UILabel)?.text == title }) {
                found = control.convert(control.bounds, to: window)
            }
            for subview in current.subviews { search(subview) }
        }
        search(view)
        return found
    }

    private static func script(for name: String) -> Script? {
        switch name {
        case TouchSpotsScene.name:
            return { scene, tour in
                let middle = CGPoint(x: scene.view.bounds.midX, y: scene.view.bounds.midY)
                tour.drag(from: CGPoint(x: middle.x - 200, y: middle.y), through: [CGPoint(x: middle.x - 60, y: middle.y - 80)],
                          duration: 0.7, hold: 0.3)
                tour.wait(0.3)
                tour.twoFingers(center: middle, from: 160, to: 320, turning: 0.3, to: 0.9, duration: 1.0)
            }
        case DragScene.name:
            return { scene, tour in
                guard let drag = scene as? DragScene, let left = drag.touchTiles.first, let right = drag.panTiles.first else { return }
                tour.drag(from: left.center, through: [CGPoint(x: left.center.x + 60, y: left.center.y - 150)], duration: 0.7)
                tour.wait(0.3)
                tour.drag(from: right.center, through: [CGPoint(x: right.center.x - 60, y: right.center.y - 150)], duration: 0.7)
            }
        case TapsScene.name:
            return { scene, tour in
                guard let taps = scene as? TapsScene else { return }
                for pad in [taps.delayedPad!, taps.recognizerPad!] {
                    tour.tap(at: pad.center)
                    tour.wait(0.8)
                    tour.doubleTap(at: pad.center, interval: 0.1)
                    tour.wait(0.6)
                }
            }
        case GesturesScene.name:
            return { scene, tour in
                let middle = CGPoint(x: scene.view.bounds.midX, y: scene.view.bounds.midY + 40)
                tour.tap(at: CGPoint(x: middle.x - 250, y: middle.y))
                tour.wait(0.8)
                tour.swipe(from: CGPoint(x: middle.x + 100, y: middle.y), to: CGPoint(x: middle.x - 100, y: middle.y))
                tour.wait(0.9)
                tour.twoFingers(center: middle, from: 200, to: 200, turning: 0, to: 1.2, duration: 0.8)
                tour.wait(0.9)
                tour.twoFingers(center: middle, from: 300, to: 120, duration: 0.8)
            }
        case SwipeVsPanScene.name:
            return { scene, tour in
                guard let swipe = scene as? SwipeVsPanScene, let square = swipe.square else { return }
                let center = square.center
                tour.swipe(from: CGPoint(x: center.x - 40, y: center.y), to: CGPoint(x: center.x + 80, y: center.y))
                tour.wait(0.8)
                tour.drag(from: center, through: [CGPoint(x: center.x, y: center.y - 90)], duration: 1.0, hold: 0.2)
            }
        case ButtonVersusTapScene.name:
            return { scene, tour in
                guard let buttonScene = scene as? ButtonVersusTapScene, let button = buttonScene.button,
                      let panel = buttonScene.panel else { return }
                let onButton = button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: scene.view)
                tour.tap(at: onButton)
                tour.wait(0.7)
                tour.tap(at: CGPoint(x: panel.frame.minX + 30, y: panel.frame.maxY - 30))
                tour.wait(0.7)
                tour.tap(at: onButton)
            }
        case AnimatorScrubScene.name:
            return { scene, tour in
                guard let scrub = scene as? AnimatorScrubScene, let track = scrub.track else { return }
                let left = track.convert(scrub.center(onTheRight: false), to: scene.view)
                let right = track.convert(scrub.center(onTheRight: true), to: scene.view)
                let travel = right.x - left.x
                // Scrubbed past halfway and let go gently: it goes on to the right.
                tour.drag(from: left, through: [CGPoint(x: left.x + travel * 0.7, y: left.y)], duration: 1.2, hold: 0.2)
                tour.wait(0.9)
                // Back a third and let go: it goes back to the right.
                tour.drag(from: right, through: [CGPoint(x: right.x - travel * 0.3, y: right.y)], duration: 0.9, hold: 0.2)
                tour.wait(0.9)
                // A tap runs it through, to the left.
                tour.tap(at: right)
                tour.wait(1.0)
            }
        case SwitchesScene.name:
            return { scene, tour in
                guard let switches = (scene as? SwitchesScene)?.switches, let wifi = switches[.wifi],
                      let bluetooth = switches[.bluetooth], let airplane = switches[.airplane] else { return }
                // The script is written before any touch: the switches are as they start.
                @MainActor func middle(of toggle: UISwitch) -> CGPoint {
                    toggle.convert(CGPoint(x: toggle.bounds.midX, y: toggle.bounds.midY), to: scene.view)
                }
                // A tap turns Bluetooth on when the finger lifts.
                tour.wait(0.6)
                tour.tap(at: middle(of: bluetooth))
                tour.wait(0.8)
                // Wi-Fi's thumb (on, at the right, concentric with the track's round end)
                // dragged left: off as it crosses the middle.
                let size = UISwitch.switchSize
                let wifiThumb = wifi.convert(CGPoint(x: size.width - size.height / 2, y: size.height / 2), to: scene.view)
                tour.drag(from: wifiThumb, through: [CGPoint(x: wifiThumb.x - 30, y: wifiThumb.y)], duration: 0.6, hold: 0.3)
                tour.wait(0.8)
                // Airplane mode turns Bluetooth off and locks both radios: a tap on one
                // then does nothing.
                tour.tap(at: middle(of: airplane))
                tour.wait(0.8)
                tour.tap(at: middle(of: bluetooth))
                tour.wait(0.8)
                // Off again: the radios can be touched, and stay off.
                tour.tap(at: middle(of: airplane))
                tour.wait(0.8)
            }
        case ScrollScene.name:
            return { scene, tour in
                guard let list = scene as? ScrollScene, let delays = list.delaysSwitch else { return }
                // Written before any touch, with the list at the top: the pulls below it
                // spring back there, so every button is where it started until the end.
                @MainActor func play(_ row: Int) -> CGPoint { center(of: list.rows[row].button, in: scene) }
                // A tap: the held began reaches the button as the finger lifts; it plays.
                tour.wait(0.6)
                tour.tap(at: play(1))
                tour.wait(0.8)
                // Held past the hold, then pulled: began at 150 ms, cancelled by the scroll.
                let held = play(2)
                tour.drag(from: held, through: [CGPoint(x: held.x, y: held.y + 120)], duration: 0.6, hold: 0.3)
                tour.wait(1.2)
                // Pulled at once: the scroll starts within the hold; the button hears nothing.
                let quick = play(3)
                tour.drag(from: quick, through: [CGPoint(x: quick.x, y: quick.y + 120)], duration: 0.5)
                tour.wait(1.2)
                // delaysContentTouches off: a drag up from a button scrolls the list, and the
                // button, which heard the touch at once, gets it cancelled.
                tour.tap(at: center(of: delays, in: scene))
                tour.wait(0.8)
                let last = play(4)
                tour.drag(from: last, through: [CGPoint(x: last.x, y: last.y - 200)], duration: 0.5)
                tour.wait(1.0)
                // A tap on the caption bar, iOS's status-bar tap: the list goes back to its
                // top. Then a long pull from a row's title refreshes it.
                tour.tap(at: CGPoint(x: scene.view.bounds.midX, y: 22))
                tour.wait(0.8)
                let title = scene.view.convert(CGPoint(x: list.list.frame.minX + 60, y: list.list.frame.minY + 30), from: list.list.superview)
                tour.drag(from: title, through: [CGPoint(x: title.x, y: title.y + 320)], duration: 0.8, hold: 0.3)
                tour.wait(ScrollScene.refreshDuration + 1)
            }
        case ZoomPagerScene.name:
            return { scene, tour in
                guard let viewer = scene as? ZoomPagerScene, let pager = viewer.pager else { return }
                let frame = pager.frame
                let middle = CGPoint(x: frame.midX, y: frame.midY)
                // Sideways past halfway and let go: the second photo.
                tour.wait(0.6)
                tour.drag(from: CGPoint(x: frame.maxX - 120, y: middle.y),
                          through: [CGPoint(x: frame.maxX - 120 - frame.width * 0.6, y: middle.y + 8)], duration: 0.7)
                tour.wait(1.2)
                // Pinched outward: twice the size, about the fingers.
                tour.twoFingers(center: middle, from: 120, to: 240, duration: 0.9)
                tour.wait(1.0)
                // A double tap zooms back out; another, on the sun, zooms in to it.
                tour.doubleTap(at: middle, interval: 0.1)
                tour.wait(1.0)
                let subject = PhotoView.subjects[1]
                let page = CGSize(width: frame.width - ZoomPagerScene.pageGap, height: frame.height)
                tour.doubleTap(at: CGPoint(x: frame.minX + ZoomPagerScene.pageGap / 2 + page.width * subject.sun.x,
                                           y: frame.minY + page.height * subject.sun.y), interval: 0.1)
                tour.wait(1.2)
            }
        case ScrollPagesScene.name:
            return { scene, tour in
                guard let pager = (scene as? ScrollPagesScene)?.pager else { return }
                let frame = pager.frame
                let middle = CGPoint(x: frame.midX, y: frame.midY)
                // A flick up the fruit list: it decelerates and comes to rest.
                tour.wait(0.6)
                tour.swipe(from: CGPoint(x: middle.x, y: frame.maxY - 60), to: CGPoint(x: middle.x, y: frame.maxY - 260),
                           duration: 0.2)
                // The long tail of the deceleration (1000 pt/s takes about 3.8 s to come
                // within a quarter point of rest): a tap before then would only stop it.
                tour.wait(4.2)
                // A tap selects the row under it.
                tour.tap(at: CGPoint(x: middle.x, y: frame.minY + 120))
                tour.wait(0.8)
                // Sideways, past halfway and let go: the next page, the photo.
                tour.drag(from: CGPoint(x: frame.maxX - 120, y: middle.y),
                          through: [CGPoint(x: frame.maxX - 120 - frame.width * 0.6, y: middle.y + 8)], duration: 0.7)
                tour.wait(1.2)
                // Pinched outward: the photo zooms to twice its size about the fingers.
                tour.twoFingers(center: middle, from: 120, to: 240, duration: 0.9)
                tour.wait(1.0)
            }
        case ScreensScene.name:
            return { scene, tour in
                guard let screens = scene as? ScreensScene, let window = scene.view.window else { return }
                let stack = screens.navigation.view.frame
                // A screen's content: the stack under its 44-point bar.
                let content = CGRect(x: stack.minX, y: stack.minY + UINavigationBar.height,
                                     width: stack.width, height: stack.height - UINavigationBar.height)
                @MainActor func middle(_ rect: CGRect) -> CGPoint { CGPoint(x: rect.midX, y: rect.midY) }
                // Push Two.
                tour.wait(0.6)
                tour.tap(at: middle(ScreensScene.buttonFrame(0, in: content)))
                tour.wait(1.0)
                // From the left edge over the first strip: the strip scrolls, Two stays.
                let winning = middle(ScreensScene.stripFrame(0, in: content)).y
                tour.drag(from: CGPoint(x: 6, y: winning), through: [CGPoint(x: 306, y: winning + 4)], duration: 0.6)
                tour.wait(1.0)
                // Over the second, which waits for the back swipe: Two follows the finger
                // off, back to One.
                let waiting = middle(ScreensScene.stripFrame(1, in: content)).y
                tour.drag(from: CGPoint(x: 6, y: waiting), through: [CGPoint(x: stack.width * 0.7, y: waiting + 6)],
                          duration: 0.8)
                tour.wait(1.0)
                // A page sheet, swiped down past 40 % of its height.
                tour.tap(at: middle(ScreensScene.buttonFrame(1, in: content)))
                tour.wait(1.0)
                let sheet = UIPresentationController.pageSheetFrame(in: window.bounds, safeAreaInsets: window.safeAreaInsets)
                tour.drag(from: CGPoint(x: sheet.midX, y: sheet.minY + 80),
                          through: [CGPoint(x: sheet.midX, y: sheet.minY + 80 + sheet.height * 0.6)], duration: 0.7)
                tour.wait(1.0)
                // The alert, and its Cancel: where the alert puts it in this window.
                tour.tap(at: middle(ScreensScene.buttonFrame(2, in: content)))
                tour.wait(1.0)
                if let cancel = Self.alertButton("Cancel", of: screens.makeAlert(), in: window) {
                    tour.tap(at: middle(cancel))
                }
                tour.wait(1.0)
            }
        case PinchRotatePanScene.name:
            return { scene, tour in
                guard let photoScene = scene as? PinchRotatePanScene, let photo = photoScene.photo else { return }
                tour.twoFingers(center: photo.center, from: 160, to: 260, turning: 0, to: 0.5, duration: 1.0)
                tour.wait(0.4)
                tour.drag(from: photo.center, through: [CGPoint(x: photo.center.x + 120, y: photo.center.y - 40)], duration: 0.7)
                tour.wait(0.6)
                tour.doubleTap(at: CGPoint(x: photo.center.x + 120, y: photo.center.y - 40), interval: 0.1)
            }
        case DirectionDragScene.name:
            return { scene, tour in
                guard let drag = scene as? DirectionDragScene else { return }
                for (index, view) in (drag.touchSquares.prefix(1) + drag.recognizerSquares.prefix(2)).enumerated() {
                    let start = center(of: view, in: scene)
                    // Sideways, then up and down, then sideways again: each shape takes its own.
                    let end = index == 1 ? CGPoint(x: start.x, y: start.y + 90) : CGPoint(x: start.x + 120, y: start.y)
                    tour.drag(from: start, through: [end], duration: 0.7)
                    tour.wait(0.4)
                }
            }
        case TapDoubleTapPanScene.name:
            return { scene, tour in
                guard let taps = scene as? TapDoubleTapPanScene, let square = taps.square else { return }
                let start = center(of: square, in: scene)
                tour.tap(at: start)
                tour.wait(0.8)
                tour.doubleTap(at: start, interval: 0.1)
                tour.wait(0.8)
                tour.drag(from: start, through: [CGPoint(x: start.x + 120, y: start.y - 30)], duration: 0.7)
            }
        case LongPressPanScene.name:
            return { scene, tour in
                guard let press = scene as? LongPressPanScene else { return }
                // The left square up and away, the right one down to the line over the
                // legends, where it stops while the finger goes on.
                for (square, rise) in [(press.twoRecognizerSquare!, CGFloat(-110)), (press.oneRecognizerSquare!, 160)] {
                    let start = center(of: square, in: scene)
                    tour.drag(from: start, through: [CGPoint(x: start.x + 40, y: start.y + rise)], duration: 0.8, hold: 0.8)
                    tour.wait(0.6)
                }
            }
        case CheckmarkScene.name:
            return { scene, tour in
                guard let checkmark = scene as? CheckmarkScene, let canvas = checkmark.canvas else { return }
                let box = canvas.convert(canvas.bounds, to: scene.view)
                let start = CGPoint(x: box.midX - 120, y: box.midY - 40)
                tour.drag(from: start, through: [CGPoint(x: start.x + 60, y: start.y + 80), CGPoint(x: start.x + 200, y: start.y - 70)],
                          duration: 0.5)
                tour.wait(1.0)
                tour.drag(from: CGPoint(x: box.midX - 100, y: box.midY + 60), through: [CGPoint(x: box.midX + 100, y: box.midY + 60)],
                          duration: 0.6)
            }
        case CompassScene.name:
            return { scene, tour in
                guard let compassScene = scene as? CompassScene, let compass = compassScene.compass else { return }
                let arrow = compass.compassLayer.arrow
                // On the shaft (layer and path hit), then in the box beside it (layer hit
                // only), then on the circle (neither).
                tour.tap(at: arrow.convert(CGPoint(x: 28, y: 90), to: scene.view.layer))
                tour.wait(1.0)
                tour.tap(at: arrow.convert(CGPoint(x: 6, y: 100), to: scene.view.layer))
                tour.wait(1.0)
                tour.tap(at: compass.convert(CGPoint(x: 60, y: 200), to: scene.view))
            }
        case ShapesScene.name:
            return { scene, tour in
                guard let shapes = scene as? ShapesScene, let board = shapes.board, let ring = shapes.layers[.ring],
                      let arrow = shapes.layers[.arrow] else { return }
                // The ring's hole (a bounds hit, no path hit), its band (both), then the
                // arrow's tip as the tour starts, and an empty corner of the board.
                let ringCenter = board.convert(ring.position, to: scene.view)
                tour.tap(at: ringCenter)
                tour.wait(1.0)
                tour.tap(at: CGPoint(x: ringCenter.x + ring.bounds.width * 0.38, y: ringCenter.y))
                tour.wait(1.0)
                tour.tap(at: board.convert(CGPoint(x: arrow.position.x + arrow.bounds.width * 0.3, y: arrow.position.y), to: scene.view))
                tour.wait(1.0)
                tour.tap(at: board.convert(CGPoint(x: 12, y: board.bounds.height - 12), to: scene.view))
            }
        case WhyThisViewScene.name:
            return { scene, tour in
                guard let why = scene as? WhyThisViewScene else { return }
                // With the Why tool on (the README's picture is made with `--overlays
                // spots,why`), one tap per lesson, each left on screen to be read. The
                // panel goes to the bottom corner away from the finger and takes touches,
                // so the taps on the left come first (the panel on the right) and those on
                // the right after: the target under a hidden cover (hit), in its dead half,
                // in its round box's corner, inside a disabled box (the tile), sticking out
                // of its box, behind the clear pane; then the sliding target where it is
                // drawn at 9 s, the middle of a leg (legs of 2 s from 0 s): hit-tested at
                // its far end.
                @MainActor func point(_ puzzle: WhyThisViewScene.Puzzle, _ unit: CGPoint) -> CGPoint {
                    guard let target = why.targets[puzzle] else { return .zero }
                    return target.convert(CGPoint(x: target.bounds.width * unit.x, y: target.bounds.height * unit.y), to: scene.view)
                }
                let taps: [(WhyThisViewScene.Puzzle, CGPoint)] = [
                    (.hidden, CGPoint(x: 0.5, y: 0.5)), (.pointInside, CGPoint(x: 0.8, y: 0.5)),
                    (.hitPath, CGPoint(x: 0.08, y: 0.08)), (.interactionOff, CGPoint(x: 0.5, y: 0.5)),
                    (.outsideBounds, CGPoint(x: 0.8, y: 0.8)), (.covered, CGPoint(x: 0.8, y: 0.5)),
                ]
                for (puzzle, unit) in taps {
                    tour.tap(at: point(puzzle, unit))
                    tour.wait(1.3)
                }
                if let tile = why.tiles[.drawnElsewhere], let mover = why.targets[.drawnElsewhere] {
                    tour.wait(max(0, 9 - tour.now))
                    tour.tap(at: tile.convert(CGPoint(x: tile.bounds.midX, y: mover.frame.midY), to: scene.view))
                    tour.wait(1.5)
                }
            }
        case HitTestAnimationScene.name:
            return { scene, tour in
                guard let animation = scene as? HitTestAnimationScene else { return }
                // Every tap is on a lane's "model" outline, where its view is at rest in the
                // model (the far end of the track), near the outline's far edge. The views
                // set off from the near end as the scene appears, which is when a tour
                // starts, and cross in 2.5 s: they are seen over the outline only from about
                // 1.9 s to 3.1 s in. So the first round (0.5 s to 1 s in) finds every view
                // far from its outline: only lane 1, which hit-tests the model, hits; the
                // second (2.15 s to 2.5 s in, with some 0.3 s to spare either way) finds
                // them over it: lanes 2 and 3 hit where the view is seen, and lane 4's
                // recognizer reports the hit the animated button swallowed.
                @MainActor func onOutline(_ lane: HitTestAnimationScene.Lane) -> CGPoint {
                    let model = lane.mover.frame
                    return lane.track.convert(CGPoint(x: model.maxX - 12, y: model.midY), to: scene.view)
                }
                for lane in animation.lanes {
                    tour.tap(at: onOutline(lane))
                    tour.wait(0.07)
                }
                tour.wait(2.15 - tour.now)
                for lane in animation.lanes.dropFirst() {
                    tour.tap(at: onOutline(lane))
                    tour.wait(0.07)
                }
            }
        case ResponderChainScene.name:
            return { scene, tour in
                guard let chain = scene as? ResponderChainScene, let inner = chain.inner, let middle = chain.middle,
                      let toggle = chain.toggles[middle] else { return }
                let box = inner.convert(inner.bounds, to: scene.view)
                let spot = CGPoint(x: box.midX, y: box.maxY - 30)
                tour.tap(at: spot)
                tour.wait(1.2)
                tour.tap(at: center(of: toggle, in: scene))
                tour.wait(0.6)
                tour.tap(at: spot)
            }
        case RestrictionsScene.name:
            return { scene, tour in
                guard let restrictions = scene as? RestrictionsScene else { return }
                for (toggle, target) in [(restrictions.interactionToggle!, restrictions.interactionTarget!),
                                         (restrictions.hiddenToggle!, restrictions.hiddenTarget!)] {
                    tour.tap(at: center(of: target, in: scene))
                    tour.wait(0.5)
                    tour.tap(at: center(of: toggle, in: scene))
                    tour.wait(0.5)
                    tour.tap(at: center(of: target, in: scene))
                    tour.wait(0.7)
                }
            }
        case OutsideBoundsScene.name:
            return { scene, tour in
                guard let outside = scene as? OutsideBoundsScene else { return }
                for column in outside.columns {
                    let tab = column.tab.convert(column.tab.bounds, to: scene.view)
                    let box = column.box.convert(column.box.bounds, to: scene.view)
                    // The middle of the tab's part outside its box.
                    let outer = tab.maxY > box.maxY ? CGPoint(x: tab.midX, y: (box.maxY + tab.maxY) / 2)
                        : tab.maxX > box.maxX ? CGPoint(x: (box.maxX + tab.maxX) / 2, y: tab.midY)
                        : tab.minX < box.minX ? CGPoint(x: (tab.minX + box.minX) / 2, y: tab.midY)
                        : CGPoint(x: tab.midX, y: (tab.minY + box.minY) / 2)
                    tour.tap(at: outer)
                    tour.wait(1.0)
                }
            }
        default:
            return nil
        }
    }

    /// A view's centre in the scene's coordinates.
    private static func center(of view: UIView, in scene: UIViewController) -> CGPoint {
        view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: scene.view)
    }
}
