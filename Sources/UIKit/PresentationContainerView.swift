/// The view that holds one modal presentation in the window: it fills the window above
/// the presenter's view, holds the dimming view (page sheets, alerts) and the presented
/// view, and lays them out through its presentation controller (UIKit's transition
/// view). Over the presenter it takes the touches that miss the presented view, so the
/// presenter under a sheet or an alert gets none.
final class PresentationContainerView: UIView {
    weak var presentation: UIPresentationController?

    override func layoutSubviews() {
        super.layoutSubviews()
        presentation?.layoutInContainer()
    }
}
