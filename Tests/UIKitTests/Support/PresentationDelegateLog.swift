import UIKit

/// A presentation delegate that logs what it hears into a controller log, as
/// "delegate.‹call›"; `allows` answers `presentationControllerShouldDismiss`.
@MainActor
final class PresentationDelegateLog: UIAdaptivePresentationControllerDelegate {
    let log: LoggingController.Log
    var allows = true
    init(log: LoggingController.Log) { self.log = log }

    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        log.lines.append("delegate.shouldDismiss")
        return allows
    }
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        log.lines.append("delegate.didAttemptToDismiss")
    }
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
        log.lines.append("delegate.willDismiss")
    }
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        log.lines.append("delegate.didDismiss")
    }
}
