import UIKit

extension UIWindow.Level {
    /// The debug layer's window: above every app window, alert included, and below the
    /// overlays the host draws over everything (touch spots, hit-view outlines).
    public static let debugLayer = UIWindow.Level(100_000)
}

/// The debug layer's window: as large as the screen, above the app's windows, and
/// transparent to touches wherever it shows nothing, so the app gets every touch that
/// does not land on the layer's own controls. UIKit overlay windows are written this way:
/// a window whose hit-test answers nil for itself and its root view.
@MainActor
public final class DebugWindow: UIWindow {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        windowLevel = .debugLayer
        backgroundColor = nil
        isSystemWindow = true
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Keeps the layer's view filling the window.
    public override func layoutSubviews() {
        super.layoutSubviews()
        for view in subviews { view.frame = bounds }
    }

    public override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self || hit === rootViewController?.viewIfLoaded || hit is PassThroughView ? nil : hit
    }
}

/// A view that is never the hit view itself: touches on its empty parts pass through.
@MainActor
public class PassThroughView: UIView {
    public override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}
