import UIKit

/// The time strip: the app's time in the presenter's hands, shown above the toolbar
/// while the app is frozen or not at full speed. A line says where time stands
/// ("Frozen · 3 frames stepped", "App speed ×0.25"); finger-sized buttons freeze or
/// resume, step one frame or ten, and set the speed, the current one lit. Each button
/// names its key where it has one.
///
/// The buttons wrap into as many rows as the width needs; `height(forWidth:)` says how
/// tall that makes the strip.
@MainActor
public final class DebugTimeStripView: UIView {
    /// What the strip shows.
    public struct State: Equatable, Sendable {
        public var isFrozen: Bool
        /// Frames stepped since the app was frozen.
        public var steppedFrames: Int
        /// The app's speed (`UIApplication.timeSpeed`).
        public var speed: Double

        public init(isFrozen: Bool, steppedFrames: Int, speed: Double) {
            self.isFrozen = isFrozen
            self.steppedFrames = steppedFrames
            self.speed = speed
        }

        /// The strip's line: where time stands.
        public var summary: String {
            let speedText = speed == 1 ? nil : "speed \(DebugTimeStripView.speedTitle(speed))"
            guard isFrozen else { return "App " + (speedText ?? "speed ×1") }
            let steps = steppedFrames == 0 ? "no frames stepped" : steppedFrames == 1 ? "1 frame stepped" : "\(steppedFrames) frames stepped"
            return (["Frozen", steps] + (speedText.map { [$0] } ?? [])).joined(separator: " \u{B7} ")
        }
    }

    /// The speeds offered, slowest last, as the Speed key cycles them from ×1.
    nonisolated public static let speeds: [Double] = [1, 0.25, 0.1]

    /// `×0.25`, `×1`.
    nonisolated public static func speedTitle(_ speed: Double) -> String {
        speed == speed.rounded() ? "\u{D7}\(Int(speed))" : "\u{D7}\(speed)"
    }

    public let summaryLabel = DebugStyle.makeLabel()
    /// Freezes, or resumes when frozen.
    public let freezeButton = DebugStyle.makeButton(title: "Freeze \u{B7} Z")
    public let stepButton = DebugStyle.makeButton(title: "Step \u{B7} N")
    public let stepTenButton = DebugStyle.makeButton(title: "Step 10 \u{B7} \u{21E7}N")
    /// One per `speeds`, in that order.
    public let speedButtons: [UIButton] = DebugTimeStripView.speeds.map { DebugStyle.makeButton(title: speedTitle($0)) }

    public var state = State(isFrozen: false, steppedFrames: 0, speed: 1) {
        didSet {
            guard state != oldValue else { return }
            refresh()
        }
    }

    static let padding: CGFloat = 8
    static let lineHeight: CGFloat = 22

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = DebugStyle.panel
        layer.cornerRadius = 10
        addSubview(summaryLabel)
        for button in buttons { addSubview(button) }
        refresh()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Every button, in the order they are laid out.
    public var buttons: [UIButton] {
        [freezeButton, stepButton, stepTenButton] + speedButtons
    }

    private func refresh() {
        summaryLabel.text = state.summary
        freezeButton.setTitle(state.isFrozen ? "Resume \u{B7} Z" : "Freeze \u{B7} Z", for: .normal)
        freezeButton.backgroundColor = state.isFrozen ? DebugStyle.litButton : DebugStyle.button
        for (button, speed) in zip(speedButtons, Self.speeds) {
            button.backgroundColor = speed == state.speed ? DebugStyle.litButton : DebugStyle.button
        }
        setNeedsLayout()
    }

    /// The width that holds every button in one row.
    public var preferredWidth: CGFloat {
        let widths = buttons.map(DebugStyle.width(of:))
        return widths.reduce(0, +) + DebugStyle.spacing * CGFloat(widths.count - 1) + 2 * Self.padding
    }

    /// The strip's height at `width`: the line, then the button rows it needs.
    public func height(forWidth width: CGFloat) -> CGFloat {
        let rows = rowsOfButtons(inWidth: width - 2 * Self.padding).count
        return Self.padding + Self.lineHeight + DebugStyle.spacing
            + CGFloat(rows) * DebugStyle.minimumTarget + CGFloat(max(0, rows - 1)) * DebugStyle.spacing + Self.padding
    }

    private func rowsOfButtons(inWidth width: CGFloat) -> [[(button: UIButton, width: CGFloat)]] {
        DebugStyle.rows(of: buttons, inWidth: width)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let padding = Self.padding
        summaryLabel.frame = CGRect(x: padding, y: padding, width: bounds.width - 2 * padding, height: Self.lineHeight)
        var y = padding + Self.lineHeight + DebugStyle.spacing
        for row in rowsOfButtons(inWidth: bounds.width - 2 * padding) {
            var x = padding
            for (button, width) in row {
                button.frame = CGRect(x: x, y: y, width: width, height: DebugStyle.minimumTarget)
                x += width + DebugStyle.spacing
            }
            y += DebugStyle.minimumTarget + DebugStyle.spacing
        }
    }
}
