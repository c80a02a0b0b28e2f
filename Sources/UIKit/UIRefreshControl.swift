import Foundation

/// Pull to refresh (Apple's "UIRefreshControl"), set on a scroll view with
/// `UIScrollView.refreshControl`: the control sits just above the content's top, and a
/// finger that pulls the content down past the top by `triggerDistance` starts a
/// refresh while it is still down.
///
/// - `.valueChanged` is sent once, when the pull crosses the threshold; `isRefreshing`
///   is then true, and the control's `height` goes into the scroll view's
///   `adjustedContentInset.top` (the app's `contentInset` is left alone), so the content
///   settles below the control when the finger lifts.
/// - `endRefreshing()` takes the height out again and animates the content back up when
///   it shows the control; `beginRefreshing()` (in code) sends no event and does not
///   scroll, as Apple's reference says.
/// - It works on content shorter than the scroll view (the scroll view drags vertically
///   while it has a refresh control), but not with `bouncesVertically` off: the content
///   cannot be pulled past its top.
///
/// `triggerDistance` and `height` are this project's choices (UIKit publishes neither).
/// While pulled and while refreshing the control draws a spinner: an arc that grows with
/// the pull, turning while the refresh runs.
@MainActor
open class UIRefreshControl: UIControl {
    /// How far past its top (in points, as shown) the content must be pulled.
    public static let triggerDistance: CGFloat = 80
    /// The control's height, kept above the content while refreshing.
    public static let height: CGFloat = 60
    /// The spinner's radius and line width.
    static let spinnerRadius: CGFloat = 12
    static let spinnerKey = "spin"

    /// Whether a refresh is under way.
    open private(set) var isRefreshing = false
    /// The spinner's colour. Default UIKit's grey.
    open var spinnerColor: UIColor = .systemGray {
        didSet { spinner.strokeColor = spinnerColor.cgColor }
    }

    /// The arc drawn while pulled and while refreshing.
    let spinner = CAShapeLayer()

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: frame.width, height: UIRefreshControl.height)))
        configure()
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configure()
    }

    private func configure() {
        let side = 2 * Self.spinnerRadius
        spinner.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        spinner.path = CGPath(ellipseIn: spinner.bounds.insetBy(dx: 1.5, dy: 1.5), transform: nil)
        spinner.fillColor = nil
        spinner.strokeColor = spinnerColor.cgColor
        spinner.lineWidth = 3
        spinner.strokeEnd = 0
        layer.addSublayer(spinner)
    }

    /// The scroll view it is set on.
    weak var scrollView: UIScrollView?
    /// Whether a pull may start a refresh: false from one refresh's start until the
    /// content is back at its top (or the finger lifts).
    var isArmed = true

    /// The finger that pulled lifted: the next pull may refresh.
    func dragEnded() {
        isArmed = true
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        spinner.position = CGPoint(x: bounds.midX, y: bounds.midY)
        CATransaction.commit()
    }

    /// Starts a refresh in code: no event, no scroll; the height goes into the adjusted
    /// inset.
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        setRefreshing(true)
    }

    /// Ends the refresh: the height leaves the adjusted inset, and content showing the
    /// control animates back up to the top.
    open func endRefreshing() {
        guard isRefreshing else { return }
        setRefreshing(false)
        guard let scrollView, !scrollView.isDragging else { return }
        let top = scrollView.minimumContentOffset.y
        if scrollView.contentOffset.y < top {
            scrollView.setContentOffset(CGPoint(x: scrollView.contentOffset.x, y: top), animated: true)
        }
    }

    private func setRefreshing(_ refreshing: Bool) {
        isRefreshing = refreshing
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        spinner.strokeEnd = refreshing ? 0.8 : 0
        CATransaction.commit()
        if refreshing {
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = 2 * Double.pi
            spin.duration = 0.8
            spin.repeatCount = .infinity
            spinner.add(spin, forKey: Self.spinnerKey)
        } else {
            spinner.removeAnimation(forKey: Self.spinnerKey)
        }
        scrollView?.adjustedContentInsetMayHaveChanged()
    }

    /// The scroll view's content moved under a finger: the spinner follows the pull, and
    /// a pull past `triggerDistance` starts the refresh and sends `.valueChanged`.
    func contentPulled(by pull: CGFloat) {
        // A pull refreshes once: not again until the content is back at its top, even
        // when the refresh ends while the finger still holds it past the threshold.
        if pull <= 0 { isArmed = true }
        guard !isRefreshing, isArmed else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        spinner.strokeEnd = max(0, min(pull / Self.triggerDistance, 1)) * 0.8
        CATransaction.commit()
        guard pull >= Self.triggerDistance else { return }
        isArmed = false
        setRefreshing(true)
        sendActions(for: .valueChanged)
    }
}
