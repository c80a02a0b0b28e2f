import Foundation
import UIKit

/// A touch that began on the chrome: what it landed on and where it is now. It acts
/// when it ends where it began, as a button's touch-up-inside does.
struct ChromeTouch: Equatable {
    enum Target: Equatable {
        case toolbarButton(SandboxAction)
        case sceneRow(Int)
        /// The open panel outside its rows: a touch there closes the panel.
        case panel
        /// A bar outside its buttons: nothing happens.
        case bar
    }

    var target: Target
    var location: CGPoint
}

extension SandboxApp {
    /// Splits `batch` into the samples of chrome touches, which it handles, and the
    /// scene's samples, which it returns in their order. A touch belongs to the chrome
    /// or to the scene for its whole life, decided where it began.
    func route(_ batch: [TouchSample]) -> [TouchSample] {
        guard let window else { return batch }
        let size = window.bounds.size
        var forScene: [TouchSample] = []
        forScene.reserveCapacity(batch.count)
        for sample in batch {
            if var touch = chromeTouches[sample.id] {
                touch.location = sample.location
                switch sample.phase {
                case .began, .moved:
                    chromeTouches[sample.id] = touch
                case .ended:
                    chromeTouches[sample.id] = nil
                    release(touch, in: size)
                case .cancelled:
                    chromeTouches[sample.id] = nil
                }
                redrawPressedState(in: size)
            } else if sample.phase == .began, let target = chromeTarget(at: sample.location, in: size) {
                chromeTouches[sample.id] = ChromeTouch(target: target, location: sample.location)
                redrawPressedState(in: size)
            } else {
                forScene.append(sample)
            }
        }
        return forScene
    }

    /// Redraws what shows a pressed button or row: the toolbar alone while no panel is
    /// open (a chrome touch's moves would otherwise redraw the whole scene), else all.
    private func redrawPressedState(in size: CGSize) {
        if panel == nil { host?.setNeedsDisplay(SandboxChrome.toolbar(in: size)) } else { host?.setNeedsDisplay() }
    }

    /// What a touch beginning at `point` would work, or nil for the scene.
    func chromeTarget(at point: CGPoint, in size: CGSize) -> ChromeTouch.Target? {
        let toolbar = SandboxChrome.toolbar(in: size)
        if toolbar.contains(point) {
            let items = SandboxToolbar.layout(in: toolbar)
            return SandboxToolbar.item(at: point, in: items).map { .toolbarButton($0.action) } ?? .bar
        }
        switch panel {
        case .sceneList(let list):
            return list.sceneIndex(at: point, in: size).map { .sceneRow($0) } ?? .panel
        case .help:
            return .panel
        case nil:
            return SandboxChrome.captionBar(in: size).contains(point) ? .bar : nil
        }
    }

    /// A chrome touch lifted: acts if it lifted on what it began on.
    private func release(_ touch: ChromeTouch, in size: CGSize) {
        guard chromeTarget(at: touch.location, in: size) == touch.target else { return }
        switch touch.target {
        case .toolbarButton(let action): perform(action)
        case .sceneRow(let index): openScene(at: index)
        case .panel:
            panel = nil
            host?.setNeedsDisplay()
        case .bar: break
        }
    }

    /// The toolbar button a finger holds down while still over it, for drawing.
    var pressedAction: SandboxAction? {
        guard let size = window?.bounds.size else { return nil }
        for touch in chromeTouches.values {
            if case .toolbarButton(let action) = touch.target, chromeTarget(at: touch.location, in: size) == touch.target {
                return action
            }
        }
        return nil
    }

    /// The scene row a finger holds down while still over it, for drawing.
    var pressedSceneIndex: Int? {
        guard let size = window?.bounds.size else { return nil }
        for touch in chromeTouches.values {
            if case .sceneRow(let index) = touch.target, chromeTarget(at: touch.location, in: size) == touch.target {
                return index
            }
        }
        return nil
    }
}
