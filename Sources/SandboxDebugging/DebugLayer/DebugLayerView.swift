import UIKit

/// The debug layer's root view, filling its window: the toolbar along the bottom (with
/// its overflow panel above it), the handle that summons the toolbar, the help panel
/// and the status line. It is transparent to touches itself, so only its controls take
/// them.
@MainActor
public final class DebugLayerView: PassThroughView {
    public let toolbar = DebugToolbar(frame: .zero)
    /// The floating button that opens the toolbar.
    public let handle = DebugStyle.makeButton(title: "Debug")
    public let help = DebugHelpView(frame: .zero)
    /// A transient line at the top ("saved …png").
    public let status = DebugStyle.makeLabel()

    /// Whether the toolbar is shown (the handle is hidden meanwhile).
    public var isToolbarVisible = false {
        didSet { setNeedsLayout() }
    }
    /// Whether the handle is shown while the toolbar is not.
    public var showsHandle = true {
        didSet { setNeedsLayout() }
    }

    /// The handle's distance from the screen's edges.
    public static let handleInset: CGFloat = 12

    public override init(frame: CGRect) {
        super.init(frame: frame)
        status.backgroundColor = DebugStyle.badge
        status.textColor = UIColor(red: 0x1C / 255, green: 0x1C / 255, blue: 0x1E / 255, alpha: 1)
        status.font = DebugStyle.buttonFont
        status.textAlignment = .center
        status.layer.cornerRadius = 8
        status.isHidden = true
        status.isUserInteractionEnabled = false
        help.isHidden = true
        handle.backgroundColor = DebugStyle.accent
        addSubview(toolbar)
        addSubview(toolbar.overflowPanel)
        addSubview(help)
        addSubview(handle)
        addSubview(status)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let size = bounds.size
        toolbar.isHidden = !isToolbarVisible
        if !isToolbarVisible { toolbar.overflowPanel.isHidden = true }
        toolbar.frame = CGRect(x: 0, y: size.height - DebugStyle.toolbarHeight, width: size.width, height: DebugStyle.toolbarHeight)
        toolbar.layoutIfNeeded()

        handle.isHidden = isToolbarVisible || !showsHandle
        let handleWidth = DebugStyle.width(of: handle)
        handle.frame = CGRect(x: size.width - Self.handleInset - handleWidth,
                              y: size.height - Self.handleInset - DebugStyle.minimumTarget,
                              width: handleWidth, height: DebugStyle.minimumTarget)

        let helpWidth = min(640, size.width - 32)
        let below = isToolbarVisible ? DebugStyle.toolbarHeight : 0
        let helpHeight = min(help.height(forWidth: helpWidth), size.height - below - 32)
        help.frame = CGRect(x: (size.width - helpWidth) / 2, y: max(16, (size.height - below - helpHeight) / 2),
                            width: helpWidth, height: helpHeight)

        let statusWidth = min(size.width - 32, status.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: 32)).width + 24)
        status.frame = CGRect(x: (size.width - statusWidth) / 2, y: 12, width: statusWidth, height: 32)
    }
}
