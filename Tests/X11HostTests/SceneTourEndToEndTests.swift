import Foundation
import HeadlessXorg
import TouchRecording
@testable import TouchSandbox
import SandboxDebugging
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// Every scene's tour (`assets/tours/SCENE.touches`), played in real time into the shared
/// headless server's virtual touchscreen while the real sandbox shows the scene: the app
/// gets real XI2 touches, through the gallery's chrome, and the scene ends up as README's
/// "Scenes" section says it does. The tours are what `touch-sandbox --headless` plays
/// for the README's pictures, so this also says the pictures show what the text claims.
final class SceneTourEndToEndTests: XCTestCase {
    /// The package's `assets/tours`, found from this file.
    private static let toursFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("assets").appendingPathComponent("tours")

    /// The scene's tour file, as written by `touch-sandbox-tours`.
    private static func tour(of name: String) throws -> TouchRecording {
        let read = try TouchRecordingReader.read(contentsOf: toursFolder.appendingPathComponent("\(name).touches"))
        XCTAssertNil(read.truncation)
        return read.recording
    }

    /// Runs the sandbox showing `sceneType`, lets `prepare` hook into the scene, plays
    /// the scene's tour into the touchscreen, running `watch` after every turn of the run
    /// loop, waits until the app has heard every finger lift and for the scene to settle
    /// (`HeadlessRun.settleTime`, as the headless run waits before its last frame), then
    /// hands the scene to `check`.
    @MainActor
    private static func playTour<S: UIViewController & Scene>(
        of sceneType: S.Type, file: StaticString = #filePath, line: UInt = #line,
        prepare: (S, SandboxHarness) throws -> Void = { _, _ in }, watch: (S) -> Void = { _ in },
        check: (S, SandboxHarness) throws -> Void
    ) throws {
        let tour = try Self.tour(of: sceneType.name)
        let harness = try SandboxHarness(scene: sceneType)
        defer { harness.close() }
        let scene = try XCTUnwrap(harness.app.window?.rootViewController as? S, file: file, line: line)
        XCTAssertEqual(harness.app.window?.bounds.size, tour.header.size, "the window the tour was made for", file: file, line: line)
        try prepare(scene, harness)

        let fingers = tour.events.reduce(0) { count, event in
            guard case .touches(let samples) = event else { return count }
            return count + samples.filter { $0.phase == .began }.count
        }
        let replay = InputTestReplay(recording: tour, into: harness.server.touchscreen)
        var done = false
        replay.start { done = true }
        let lifted = { harness.batches.joined().filter { $0.phase == .ended }.count }
        XCTAssertTrue(harness.runLoop(timeout: tour.duration + 10) {
            watch(scene)
            return done && lifted() >= fingers
        }, "the app heard \(lifted()) of the tour's \(fingers) fingers lift", file: file, line: line)
        XCTAssertNil(replay.failure, file: file, line: line)
        XCTAssertEqual(replay.liftedAtEnd, 0, "the tour lifts every finger itself", file: file, line: line)
        XCTAssertEqual(harness.batches.joined().filter { $0.phase == .cancelled }.count, 0, "no touch was cancelled",
                       file: file, line: line)
        let settled = CACurrentMediaTime() + HeadlessRun.settleTime
        _ = harness.runLoop(timeout: HeadlessRun.settleTime + 1) {
            watch(scene)
            return CACurrentMediaTime() >= settled
        }
        try check(scene, harness)
    }

    /// The consecutive distinct values `value` takes while the tour plays.
    @MainActor
    private final class Changes<Value: Equatable> {
        private(set) var values: [Value] = []
        func note(_ value: Value) {
            if values.last != value { values.append(value) }
        }
    }

    /// A log with each run of equal entries that `folds` names written once: a drag's
    /// number of changes depends on how the moves were batched, its order does not.
    private static func folded(_ log: [String], _ folds: (String) -> Bool) -> [String] {
        log.enumerated().filter { index, entry in index == 0 || !folds(entry) || log[index - 1] != entry }.map(\.element)
    }

    // MARK: - The scenes

    func testTouchSpotsShowASpotUnderOneFingerThenTwoAndNoneOnceTheyLift() throws {
        try onMainActor {
            let spots = Changes<Int>()
            try Self.playTour(of: TouchSpotsScene.self, watch: { scene in
                spots.note((scene.view as? TouchableView)?.touchViews.count ?? -1)
            }) { scene, _ in
                XCTAssertEqual(spots.values, [0, 1, 0, 2, 0], "a spot while the finger drags, two while two fingers pinch and turn")
                XCTAssertEqual(scene.view.subviews.filter { $0 is TouchSpotView }.count, 0, "every spot went with its finger")
            }
        }
    }

    func testDragMovesOneTileOfEachRecipeByTheDragsOffsetAndBringsItToTheFront() throws {
        try onMainActor {
            var starts: [[CGPoint]] = []
            try Self.playTour(of: DragScene.self, prepare: { scene, _ in
                starts = [scene.touchTiles.map(\.center), scene.panTiles.map(\.center)]
            }) { scene, _ in
                let moved = [CGPoint(x: 60, y: -150), CGPoint(x: -60, y: -150)]
                for (half, tiles) in [scene.touchTiles as [UIView], scene.panTiles].enumerated() {
                    for (index, tile) in tiles.enumerated() {
                        let offset = index == 0 ? moved[half] : .zero
                        XCTAssertEqual(tile.center, CGPoint(x: starts[half][index].x + offset.x, y: starts[half][index].y + offset.y),
                                       "half \(half), tile \(index)")
                    }
                }
                XCTAssertTrue(scene.view.subviews.suffix(2).elementsEqual([scene.touchTiles[0], scene.panTiles[0]], by: ===),
                              "each dragged tile came to the front, the later one in front")
            }
        }
    }

    func testDirectionDragMovesEachShapeOnlyAlongItsFirstMovesAxis() throws {
        try onMainActor {
            var starts: [CGPoint] = []
            try Self.playTour(of: DirectionDragScene.self, prepare: { scene, _ in
                starts = (scene.touchSquares + scene.recognizerSquares).map(\.center)
            }) { scene, _ in
                // Square 1 sideways by touches, circle 1 down and circle 2 sideways by the pans.
                let offsets = [CGPoint(x: 120, y: 0), .zero, .zero, CGPoint(x: 0, y: 90), CGPoint(x: 120, y: 0), .zero]
                let expected = zip(starts, offsets).map { CGPoint(x: $0.x + $1.x, y: $0.y + $1.y) }
                XCTAssertEqual((scene.touchSquares + scene.recognizerSquares).map(\.center), expected)
            }
        }
    }

    func testTapsLogASingleThenADoubleOnEachPad() throws {
        try onMainActor {
            try Self.playTour(of: TapsScene.self) { scene, _ in
                for side in TapsScene.Side.allCases {
                    XCTAssertEqual(scene.log(of: side), ["single", "double"], "\(side)")
                    XCTAssertEqual(scene.resultLabels[side.rawValue].text, "double")
                    XCTAssertEqual(scene.countLabels[side.rawValue].text, "single 1 \u{B7} double 1")
                }
            }
        }
    }

    func testTapDoubleTapPanLogsASingleADoubleAndADragThatMovesTheSquare() throws {
        try onMainActor {
            var start = CGPoint.zero
            try Self.playTour(of: TapDoubleTapPanScene.self, prepare: { scene, _ in start = scene.square.center }) { scene, _ in
                XCTAssertEqual(Self.folded(scene.gestures.actionLog) { $0 == "drag changed" },
                               ["single", "double", "drag began", "drag changed", "drag ended"],
                               "the single after the double tap's wait, the double alone, no tap in the drag")
                XCTAssertEqual(scene.square.center, CGPoint(x: start.x + 120, y: start.y - 30), "dragged with the finger")
                XCTAssertEqual(scene.actionLog.lineLabels.last?.text, "drag ended")
            }
        }
    }

    func testLongPressPanDragsEachSquareByTheFingerOnceItPulses() throws {
        try onMainActor {
            var starts: [CGPoint] = []
            let pulsed = Changes<[Bool]>()
            try Self.playTour(of: LongPressPanScene.self, prepare: { scene, _ in
                starts = [scene.twoRecognizerSquare.center, scene.oneRecognizerSquare.center]
            }, watch: { scene in
                pulsed.note([scene.twoRecognizerSquare, scene.oneRecognizerSquare].map {
                    $0.layer.animation(forKey: PulsingDragTarget.pulseKey) != nil
                })
            }) { scene, _ in
                XCTAssertEqual(pulsed.values, [[false, false], [true, false], [false, false], [false, true], [false, false]],
                               "each square pulses from the long press until its finger lifts")
                // The left square up, the right one down (toward the line over the legends).
                XCTAssertEqual([scene.twoRecognizerSquare.center, scene.oneRecognizerSquare.center],
                               [CGPoint(x: starts[0].x + 40, y: starts[0].y - 110), CGPoint(x: starts[1].x + 40, y: starts[1].y + 160)])
            }
        }
    }

    func testGesturesShowATapASwipeLeftARotationAndAPinchInTurn() throws {
        try onMainActor {
            var statuses: [String] = []
            try Self.playTour(of: GesturesScene.self, prepare: { scene, _ in
                for recognizer in scene.gestures.recognizers {
                    recognizer.addAction { [unowned scene] recognizer in
                        guard recognizer.state == .ended || recognizer.state == .recognized else { return }
                        statuses.append(GesturesScene.status(of: recognizer, in: scene.view))
                    }
                }
            }) { scene, _ in
                XCTAssertEqual(statuses, [
                    "tap at (262, 424)", "swipe left from (612, 424)",
                    "rotation 69\u{B0} at (512, 424), ended", "pinch \u{D7}0.40 at (512, 424), ended",
                ])
                XCTAssertEqual(scene.statusLabel.text, "pinch \u{D7}0.40 at (512, 424), ended")
                XCTAssertTrue(scene.gestures.imageView.image === scene.gestures.images[.pinch])
                XCTAssertEqual(scene.gestures.imageView.layer.presentation()?.opacity, 0, "the last pictogram has faded away")
            }
        }
    }

    func testCheckmarkRecognizesTheCheckmarkAtItsTurnThenSaysTheLineIsNotOne() throws {
        try onMainActor {
            let verdicts = Changes<CheckmarkScene.Verdict>()
            var turn = CGPoint.zero
            try Self.playTour(of: CheckmarkScene.self, prepare: { scene, _ in
                // Where the tour's downstroke ends and its upstroke begins.
                let canvas = scene.canvas!
                let box = canvas.convert(canvas.bounds, to: scene.view)
                turn = canvas.convert(CGPoint(x: box.midX - 120 + 60, y: box.midY - 40 + 80), from: scene.view)
            }, watch: { scene in verdicts.note(scene.verdict) }) { scene, _ in
                XCTAssertEqual(verdicts.values.count, 5, "\(verdicts.values)")
                guard verdicts.values.count == 5 else { return }
                XCTAssertEqual(verdicts.values[0...1], [.none, .drawing])
                guard case .recognized(let midPoint) = verdicts.values[2] else { return XCTFail("\(verdicts.values)") }
                // A third of a point off at most, had the turn's move been merged with the next.
                XCTAssertEqual(midPoint.x, turn.x, accuracy: 0.5)
                XCTAssertEqual(midPoint.y, turn.y, accuracy: 0.5)
                XCTAssertEqual(verdicts.values[3...], [.drawing, .notACheckmark], "the straight line")
                XCTAssertEqual(scene.statusLabel.text, "not a checkmark")
                XCTAssertTrue(scene.marker.isHidden)
            }
        }
    }

    func testCompassAnswersBothHitsOnTheShaftOnlyALayerHitInTheBoxAndNeitherOnTheCircle() throws {
        try onMainActor {
            var answers: [String] = []
            try Self.playTour(of: CompassScene.self, prepare: { scene, _ in
                let show = scene.compass.onTap
                scene.compass.onTap = { tap in
                    answers.append(CompassScene.answer(for: tap))
                    show?(tap)
                }
            }) { scene, _ in
                XCTAssertEqual(answers, [
                    "layer hit: yes \u{B7} path hit: yes", "layer hit: yes \u{B7} path hit: no", "layer hit: no \u{B7} path hit: no",
                ])
                XCTAssertEqual(scene.answerLabel.text, "layer hit: no \u{B7} path hit: no")
                XCTAssertFalse(scene.marker.isHidden)
            }
        }
    }

    /// The ring's hole (in its box, not its path: no shape reached), its band (the ring),
    /// the turning arrow where it is drawn, then the board's empty corner.
    func testShapesAnswerEachTapPerLayerByBoundsAndByPath() throws {
        try onMainActor {
            var taps: [[ShapesScene.Answer]] = []
            var reached: [String] = []
            try Self.playTour(of: ShapesScene.self, watch: { scene in
                guard !scene.lastAnswers.isEmpty, scene.lastAnswers != taps.last else { return }
                taps.append(scene.lastAnswers)
                reached.append(scene.reachedLabel.text ?? "")
            }) { scene, _ in
                XCTAssertEqual(taps.count, 4, "\(taps)")
                guard taps.count == 4 else { return }
                XCTAssertEqual(taps[0].first, .init(shape: .ring, boundsHit: true, pathHit: false))
                XCTAssertEqual(reached[0], "reached no shape: the board")
                XCTAssertEqual(taps[1].first, .init(shape: .ring, boundsHit: true, pathHit: true))
                XCTAssertEqual(reached[1], "reached the ring (by its path)")
                let arrow = try XCTUnwrap(taps[2].last)
                XCTAssertEqual(arrow.shape, .arrow)
                XCTAssertTrue(arrow.boundsHit)
                XCTAssertEqual(reached[2], arrow.pathHit ? "reached the arrow (by its path)" : "reached no shape: the board")
                XCTAssertEqual(taps[3].map(\.pathHit), [false, false, false])
                XCTAssertEqual(reached[3], "reached no shape: the board")
                XCTAssertFalse(scene.marker.isHidden)
            }
        }
    }

    /// With the Why tool on, as the README's picture is made: every tap reaches the view
    /// its tile's lesson says (none lands on the panel), and each finger's walk names it.
    func testWhyThisViewSendsEachTapWhereItsTileSaysAndTheWhyToolExplainsIt() throws {
        try onMainActor {
            let lines = Changes<String>()
            let titles = Changes<String>()
            var layer: DebugLayer?
            try Self.playTour(of: WhyThisViewScene.self, prepare: { _, harness in
                harness.app.showOnly(overlays: [.spots, .why])
                layer = harness.app.debugLayer
            }, watch: { scene in
                lines.note(scene.reachedLine.text ?? "")
                if let title = layer?.overlays.why.walk?.title { titles.note(title) }
            }) { _, harness in
                XCTAssertEqual(lines.values, ["reached: \u{2013}", "reached: target of tile 1", "reached: tile 6", "reached: tile 8",
                                              "reached: tile 3", "reached: tile 4", "reached: clear pane", "reached: tile 10"])
                XCTAssertEqual(titles.values, ["Why ReportingView \"target of tile 1\"?", "Why ReportingView \"tile 6\"?",
                                               "Why ReportingView \"tile 8\"?", "Why ReportingView \"tile 3\"?",
                                               "Why ReportingView \"tile 4\"?", "Why ReportingView \"clear pane\"?",
                                               "Why ReportingView \"tile 10\"?"], "each finger's walk names the view it reached")
                XCTAssertTrue(harness.app.debugLayer.isOn(.why))
            }
        }
    }

    func testHitTestAnimationHitsTheModelInLaneOneAndTheSeenViewInTheOthers() throws {
        try onMainActor {
            try Self.playTour(of: HitTestAnimationScene.self, prepare: { scene, harness in
                // The tour counts on the views setting off as it starts, as in the headless
                // run: it starts between 0.1 s and 0.2 s into a crossing (the next one, if
                // the app took longer than that to come up).
                let layer = scene.lanes[0].mover.layer
                let animation = try XCTUnwrap(layer.animationKeys()?.first.flatMap { layer.animation(forKey: $0) })
                let cycle = 2 * HitTestAnimationScene.crossingDuration
                XCTAssertTrue(harness.runLoop(timeout: cycle + 1) {
                    let phase = (CAAnimationEngine.current.currentTime - animation.beginTime).truncatingRemainder(dividingBy: cycle)
                    return phase >= 0.1 && phase <= 0.2
                })
            }) { scene, _ in
                XCTAssertEqual(scene.hits, [1, 1, 1, 0], "lane 1 when the view was elsewhere, lanes 2 and 3 when it was seen there")
                XCTAssertEqual(scene.misses, [0, 1, 1, 0], "lanes 2 and 3 while the view was seen elsewhere")
                XCTAssertEqual([scene.recognizerMisses, scene.recognizerHits], [1, 1], "lane 4's recognizer tests what is seen")
                XCTAssertEqual(scene.buttonActions, 0, "the animated button swallows its touches")
                XCTAssertEqual(scene.lanes[3].result.text, "recognizer hits 1 \u{B7} button actions 0")
            }
        }
    }

    func testResponderChainClimbsToTheOuterViewThenStopsAtTheMiddleOnceItsButtonSaysSo() throws {
        try onMainActor {
            let lists = Changes<[String]>()
            try Self.playTour(of: ResponderChainScene.self, watch: { scene in lists.note(scene.chainLines()) }) { scene, _ in
                XCTAssertEqual(lists.values, [
                    [],
                    ["1. inner view: passes it on", "2. middle view: passes it on", "3. outer view: handles it: the chain stops"],
                    ["1. inner view: passes it on", "2. middle view: handles it: the chain stops"],
                ])
                XCTAssertTrue(scene.middle.handlesTouches, "the middle box's button switched it")
                XCTAssertEqual(scene.toggles[scene.middle]?.currentTitle, "handles touches")
                XCTAssertEqual(scene.listLabels.compactMap(\.text), lists.values.last)
            }
        }
    }

    func testRestrictionsLetATapThroughToTheViewBehindOnceInteractionIsOffOrTheTargetHidden() throws {
        try onMainActor {
            try Self.playTour(of: RestrictionsScene.self) { scene, _ in
                let once = TouchCountingView.Counts(began: 1, moved: 0, ended: 1, cancelled: 0), none = TouchCountingView.Counts()
                XCTAssertFalse(scene.interactionTarget.isUserInteractionEnabled)
                XCTAssertTrue(scene.hiddenTarget.isHidden)
                XCTAssertEqual([scene.interactionTarget.counts, scene.interactionBehind.counts], [once, once],
                               "the target before its restriction, the view behind after")
                XCTAssertEqual([scene.hiddenTarget.counts, scene.hiddenBehind.counts], [once, once])
                XCTAssertEqual([scene.alphaTarget, scene.alphaBehind, scene.multipleTouchTarget, scene.exclusiveView, scene.otherView]
                    .map(\.counts), Array(repeating: none, count: 5))
            }
        }
    }

    func testOutsideBoundsMissesTheLeftTabAndReachesTheRightOne() throws {
        try onMainActor {
            try Self.playTour(of: OutsideBoundsScene.self) { scene, _ in
                XCTAssertEqual(scene.columns.map(\.result.text), ["fell through to the panel behind", "reached the tab (the subview)"])
                XCTAssertEqual(scene.columns.map(\.marker.layer.borderColor), [UIColor.systemRed.cgColor, UIColor.systemGreen.cgColor])
            }
        }
    }

    func testButtonVersusTapCountsTwoButtonTapsAndOneRecognizerTap() throws {
        try onMainActor {
            try Self.playTour(of: ButtonVersusTapScene.self) { scene, _ in
                XCTAssertEqual([scene.buttonTaps, scene.recognizerTaps], [2, 1])
                XCTAssertEqual(scene.buttonCounter.text, "button's action (touchUpInside): 2")
                XCTAssertEqual(scene.recognizerCounter.text, "view's tap recognizer: 1")
            }
        }
    }

    func testSwipeVsPanSwipesWithoutMovingThenPansTheSquareWithTheFinger() throws {
        try onMainActor {
            var start = CGPoint.zero
            try Self.playTour(of: SwipeVsPanScene.self, prepare: { scene, _ in start = scene.square.center }) { scene, _ in
                XCTAssertEqual(Self.folded(scene.gestures.actionLog) { $0 == "pan changed" },
                               ["swipe right", "pan began", "pan changed", "pan ended"])
                XCTAssertEqual(scene.square.center, CGPoint(x: start.x, y: start.y - 90), "the flick left it; the drag took it along")
            }
        }
    }

    func testPinchRotatePanScalesTurnsAndMovesThePhotoAndADoubleTapPutsItBack() throws {
        try onMainActor {
            var home = CGPoint.zero
            var beforeReset: (transform: CGAffineTransform, center: CGPoint)?
            try Self.playTour(of: PinchRotatePanScene.self, prepare: { scene, _ in
                home = scene.home
                scene.pan.addAction { [unowned scene] pan in
                    if pan.state == .ended { beforeReset = (scene.photo.transform, scene.photo.center) }
                }
            }) { scene, _ in
                let moved = try XCTUnwrap(beforeReset, "the one-finger drag panned")
                // 160 to 260 points apart, turning half a radian; fingers on quarter points.
                XCTAssertEqual(hypot(moved.transform.a, moved.transform.b), 260.0 / 160, accuracy: 0.005)
                XCTAssertEqual(atan2(moved.transform.b, moved.transform.a), 0.5, accuracy: 0.005)
                XCTAssertEqual(moved.center, CGPoint(x: home.x + 120, y: home.y - 40), "the pinch moved nothing; the drag did")
                XCTAssertEqual(scene.photo.transform, .identity, "the double tap")
                XCTAssertEqual(scene.photo.center, home)
                XCTAssertEqual(scene.readout.text, "scale \u{D7}1.00 \u{B7} rotation 0\u{B0} \u{B7} moved (0, 0)")
            }
        }
    }

    func testAnimatorScrubGoesOnPastHalfwayBackBeforeItAndRunsOnATap() throws {
        try onMainActor {
            let sides = Changes<Bool>()
            try Self.playTour(of: AnimatorScrubScene.self, watch: { scene in
                if scene.animator == nil { sides.note(scene.isOnTheRight) }
            }) { scene, _ in
                XCTAssertEqual(sides.values, [false, true, false],
                               "on to the right past halfway, back to the right before it, to the left on the tap")
                XCTAssertEqual(scene.card.center, scene.center(onTheRight: false))
                XCTAssertEqual(scene.status.text, "on the left")
            }
        }
    }

    /// Real touches on the switches: a tap turns Bluetooth on, a drag turns Wi-Fi off,
    /// Airplane mode locks both (a tap on Bluetooth then does nothing), and off again
    /// leaves them off and touchable.
    func testSwitchesTapDragAndAirplaneModeLockThemAsOnIOS() throws {
        try onMainActor {
            let states = Changes<[Bool]>()
            try Self.playTour(of: SwitchesScene.self, watch: { scene in
                states.note(SwitchesScene.Row.allCases.map { scene.switches[$0]?.isOn ?? false })
            }) { scene, _ in
                XCTAssertEqual(states.values, [[true, false, false], [true, true, false], [false, true, false],
                                               [false, false, true], [false, false, false]])
                XCTAssertTrue(SwitchesScene.Row.allCases.allSatisfy { scene.switches[$0]?.isEnabled == true })
                XCTAssertEqual(scene.countLine.text, "valueChanged: Wi-Fi 1 \u{B7} Bluetooth 1 \u{B7} Airplane mode 2")
                XCTAssertEqual(scene.eventLine.text, "Airplane mode: touchDown \u{B7} valueChanged (off) \u{B7} touchUpInside")
            }
        }
    }

    /// Real touches on a list of buttons: a tap plays a track; a pull held past the
    /// content-touch hold reaches the button at 150 ms and is cancelled by the scroll; a
    /// quick pull never reaches it; with delaysContentTouches off a drag up reaches the
    /// button at once, is cancelled, and scrolls the list. The times are the real run's,
    /// so they are checked for their bounds; the calls exactly.
    func testScrollTapsPlaysThenScrollsCancellingOrNeverReachingTheButtons() throws {
        try onMainActor {
            var deepest: CGFloat = 0
            var refreshing = false
            try Self.playTour(of: ScrollScene.self, watch: { scene in
                deepest = max(deepest, scene.list.contentOffset.y)
                refreshing = refreshing || scene.list.refreshControl?.isRefreshing == true
            }) { scene, harness in
                let milliseconds = /(\d+) ms/
                let shapes = scene.buttonTouches.map { $0.replacing(milliseconds) { _ in "N ms" } }
                XCTAssertEqual(shapes, [
                    "Track 2: touchesBegan N ms \u{B7} touchesEnded N ms \u{B7} touchUpInside",
                    "Track 3: touchesBegan N ms \u{B7} touchesCancelled N ms",
                    "Track 4: the button heard nothing: the list scrolled first",
                    "Track 5: touchesBegan N ms \u{B7} touchesCancelled N ms",
                ])
                let times = scene.buttonTouches.map { $0.matches(of: milliseconds).compactMap { Int($0.output.1) } }
                guard times.count == 4 else { return }
                // Both calls come at the lift, one after the other; the scene stamps them
                // with the real clock, so a loaded machine can put a millisecond between.
                XCTAssertEqual(Double(times[0][0]), Double(times[0][1]), accuracy: 5, "the tap's began was held until it lifted")
                XCTAssertEqual(Double(times[0][1]), 80, accuracy: 40, "the tap lasted 80 ms")
                XCTAssertEqual(Double(times[1][0]), 150, accuracy: 40, "the hold")
                XCTAssertGreaterThan(times[1][1], 300, "cancelled once the pull began, after the 0.3 s the finger rested")
                XCTAssertLessThan(times[3][0], 40, "no hold: heard at once")
                XCTAssertFalse(scene.list.delaysContentTouches)
                XCTAssertEqual(scene.playing, 1)
                XCTAssertGreaterThan(deepest, 150, "the last drag scrolled the list")
                // Then the caption's tap took it back to the top, and a long pull refreshed it.
                XCTAssertTrue(refreshing)
                XCTAssertEqual(scene.refreshes, 1)
                // The refresh runs its 1.2 s past the tour's last lift.
                XCTAssertTrue(harness.runLoop(timeout: 3) { scene.list.refreshControl?.isRefreshing == false })
                _ = harness.runLoop(timeout: 1) { false }
                XCTAssertEqual(scene.list.contentOffset.y, 0, accuracy: 0.25, "back at the top once the refresh ended")
            }
        }
    }

    /// Real touches on the photo viewer: a sideways drag turns to the second photo, a
    /// pinch outward zooms it to twice its size, a double tap zooms it back out, and a
    /// double tap on its sun zooms in to ×2.5.
    func testZoomPagerTurnsThePagePinchesAndDoubleTapsOutAndIn() throws {
        try onMainActor {
            try Self.playTour(of: ZoomPagerScene.self) { scene, _ in
                XCTAssertEqual(scene.reports, ["came to rest on photo 2", "photo 2 zoomed to \u{D7}2.0",
                                               "photo 2 zoomed to \u{D7}1.0", "photo 2 zoomed to \u{D7}2.5"])
                XCTAssertEqual(scene.pager.contentOffset, CGPoint(x: scene.pager.bounds.width, y: 0))
                XCTAssertEqual(scene.pages[1].zoomScale, 2.5, accuracy: 1e-9)
                XCTAssertEqual(scene.indicator.text, "photo 2 of 4: Harbour at noon \u{B7} \u{D7}2.5")
            }
        }
    }

    /// Real touches on the scroll views: a flick scrolls the fruit list and it comes to
    /// rest, a tap then selects a row, a sideways drag turns the pager to the photo, and
    /// a pinch outward zooms it to twice its size ("a UIScrollView, when dragged,
    /// reports that it scrolled; when pinched outward, it reports that it zoomed").
    func testScrollPagesScrollsSelectsTurnsThePageAndZooms() throws {
        try onMainActor {
            var sawDeceleration = false
            try Self.playTour(of: ScrollPagesScene.self, watch: { scene in
                if scene.lists.first?.isDecelerating == true { sawDeceleration = true }
            }) { scene, _ in
                XCTAssertTrue(sawDeceleration, "the flick decelerated")
                XCTAssertGreaterThan(scene.lists[0].contentOffset.y, 300, "the flick scrolled the list")
                XCTAssertEqual(scene.selections.count, 1, "the tap selected one row")
                XCTAssertEqual(scene.pager.contentOffset, CGPoint(x: scene.pager.bounds.width, y: 0), "on the photo's page")
                XCTAssertEqual(scene.photoScroller.zoomScale, 2, accuracy: 0.001)
                XCTAssertEqual(scene.report.text, "photo zoomed to \u{D7}2.0, pinch ended")
            }
        }
    }

    /// The screens tour by real touches: Two pushed; the first strip takes the edge drag
    /// and Two stays; over the second the back swipe pops; the sheet swiped away; the
    /// alert cancelled: every appearance call in iOS's order.
    func testScreensPushesSwipesBackSwipesTheSheetAwayAndCancelsTheAlert() throws {
        try onMainActor {
            // Pixels on screen at a point of the stack's content, below the strips.
            let probe = CGPoint(x: 400, y: 520)
            let colors = Changes<UInt32>()
            var reader: SandboxHarness?
            try Self.playTour(of: ScreensScene.self, prepare: { _, harness in reader = harness }, watch: { _ in
                if let pixel = reader?.pixel(at: probe) { colors.note(pixel & 0xFF_FFFF) }
            }) { scene, harness in
                let two: UInt32 = 0x1F473D
                let background = SandboxHarness.background
                XCTAssertEqual(colors.values.first, background, "One on the gallery's background")
                let pushed = try XCTUnwrap(colors.values.firstIndex { colorsMatch($0, two) }, "Two's colour, pushed by a real tap: \(colors.values)")
                XCTAssertTrue(colors.values[pushed...].contains(background), "One again after the back swipe")
                XCTAssertEqual(harness.pixel(at: probe).map { $0 & 0xFF_FFFF }, background, "One at the end")
                XCTAssertEqual(scene.lifecycle, [
                    "One willAppear", "One didAppear",
                    "One willDisappear", "Two willAppear", "One didDisappear", "Two didAppear",
                    "Two willDisappear", "One willAppear", "Two didDisappear", "One didAppear",
                    "Sheet willAppear", "Sheet didAppear", "Sheet willDisappear", "Sheet didDisappear", "sheet swiped away",
                    "alert: Cancel",
                ])
                XCTAssertTrue(scene.navigation.topViewController === scene.one)
                XCTAssertNil(scene.presentedViewController)
            }
        }
    }

}
