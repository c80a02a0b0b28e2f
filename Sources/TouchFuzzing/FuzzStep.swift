import Foundation
import UIKit

/// One thing a fuzzing sequence does. Steps name views and recognizers by their index in
/// the scenario (`FuzzScenario.views`, `.recognizers`), so a sequence can be shortened
/// and replayed on a fresh scenario built from the same seed.
public enum FuzzStep: Sendable, CustomStringConvertible {
    /// One batch through `UIWindow.inject(_:)`, bad samples included.
    case inject([TouchSample])
    /// The clock moves on; due timers run and animations tick.
    case advance(TimeInterval)
    /// `UIApplication.shared.cancelAllTouches()` from outside delivery.
    case cancelAllTouches
    /// A touchscreen went away.
    case cancelDevice(Int)
    case removeView(Int)
    /// Moves a view under another one (possibly its own descendant: the hierarchy must
    /// refuse that with a log, not a crash).
    case moveView(Int, under: Int)
    case setHidden(Int, Bool)
    case setUserInteractionEnabled(Int, Bool)
    case setRecognizerEnabled(Int, Bool)
    case detachRecognizer(Int)
    case attachRecognizer(Int, to: Int)
    /// A UIView animation of the view's centre (hit-testing goes on against the model).
    case animateView(Int, dx: CGFloat, dy: CGFloat, duration: TimeInterval)
    case beginIgnoringInteractionEvents
    case endIgnoringInteractionEvents
    /// The app's time frozen (`UIApplication.freezeTime()`): fingers go on, timers wait.
    case freezeTime
    case resumeTime
    /// Frozen time stepped by frames.
    case stepTime(frames: Int)
    /// The app's whole clock slowed or set back to real time.
    case setTimeSpeed(Double)

    /// The step as a line of Swift for a reproduction (`scenario` is the rebuilt scene).
    public var description: String {
        switch self {
        case .inject(let batch):
            let samples = batch.map { sample in
                "TouchSample(id: .init(device: \(sample.id.device), number: \(sample.id.number)), phase: .\(sample.phase), "
                    + "location: CGPoint(x: \(sample.location.x), y: \(sample.location.y)), timestamp: \(sample.timestamp))"
            }
            return "window.inject([\(samples.joined(separator: ", "))])"
        case .advance(let seconds):
            return "clock.advance(by: \(seconds)); UIApplication.shared.runPendingTimers(); CAAnimationEngine.current.tick()"
        case .cancelAllTouches: return "UIApplication.shared.cancelAllTouches()"
        case .cancelDevice(let device): return "UIApplication.shared.cancelTouches(fromDevice: \(device))"
        case .removeView(let index): return "scenario.views[\(index)].removeFromSuperview()"
        case .moveView(let index, let parent): return "scenario.views[\(parent)].addSubview(scenario.views[\(index)])"
        case .setHidden(let index, let hidden): return "scenario.views[\(index)].isHidden = \(hidden)"
        case .setUserInteractionEnabled(let index, let enabled):
            return "scenario.views[\(index)].isUserInteractionEnabled = \(enabled)"
        case .setRecognizerEnabled(let index, let enabled): return "scenario.recognizers[\(index)].isEnabled = \(enabled)"
        case .detachRecognizer(let index):
            return "scenario.recognizers[\(index)].view?.removeGestureRecognizer(scenario.recognizers[\(index)])"
        case .attachRecognizer(let index, let view):
            return "scenario.views[\(view)].addGestureRecognizer(scenario.recognizers[\(index)])"
        case .animateView(let index, let dx, let dy, let duration):
            return "UIView.animate(withDuration: \(duration)) { scenario.views[\(index)].center.x += \(dx); scenario.views[\(index)].center.y += \(dy) }"
        case .beginIgnoringInteractionEvents: return "UIApplication.shared.beginIgnoringInteractionEvents()"
        case .endIgnoringInteractionEvents: return "UIApplication.shared.endIgnoringInteractionEvents()"
        case .freezeTime: return "UIApplication.shared.freezeTime()"
        case .resumeTime: return "UIApplication.shared.resumeTime()"
        case .stepTime(let frames): return "UIApplication.shared.stepTime(frames: \(frames))"
        case .setTimeSpeed(let speed): return "UIApplication.shared.timeSpeed = \(speed)"
        }
    }
}
