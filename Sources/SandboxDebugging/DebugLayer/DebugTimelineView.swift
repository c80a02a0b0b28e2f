import UIKit

/// The timeline panel, above the bars: with a recording open, a line naming it and the
/// instant shown, a scrubber a finger drags (the touches' begins marked green and their
/// ends red, the instant as a white playhead), and finger-sized buttons: the touch event
/// before, a frame back, play or pause, a frame on, the touch event after, and Close.
/// With none open, the recordings of the current folder as buttons to open one.
///
/// The buttons wrap into as many rows as the width needs (`height(forWidth:)`).
@MainActor
public final class DebugTimelineView: UIView {
    /// What the panel shows of the open timeline.
    public struct State: Equatable {
        public var title: String
        public var time: TimeInterval
        public var duration: TimeInterval
        public var marks: [(time: TimeInterval, isBegin: Bool)]
        public var isPlaying: Bool
        public var canGoBackwards: Bool
        public var message: String?

        public static func == (lhs: State, rhs: State) -> Bool {
            lhs.title == rhs.title && lhs.time == rhs.time && lhs.duration == rhs.duration && lhs.isPlaying == rhs.isPlaying
                && lhs.canGoBackwards == rhs.canGoBackwards && lhs.message == rhs.message
                && lhs.marks.elementsEqual(rhs.marks) { $0.time == $1.time && $0.isBegin == $1.isBegin }
        }
    }

    public let titleLabel = DebugStyle.makeLabel()
    /// The divergence line, in the recording badge's colour.
    public let messageLabel = DebugStyle.makeLabel(color: DebugStyle.badge)
    public let track = DebugTimelineTrack(frame: .zero)
    public let previousTouchButton = DebugStyle.makeButton(title: "\u{2039} Touch")
    public let frameBackButton = DebugStyle.makeButton(title: "\u{2212}1 frame")
    public let playButton = DebugStyle.makeButton(title: "Play")
    public let frameOnButton = DebugStyle.makeButton(title: "+1 frame")
    public let nextTouchButton = DebugStyle.makeButton(title: "Touch \u{203A}")
    public let closeButton = DebugStyle.makeButton(title: "Close")
    /// The recordings to choose from, one button each, while none is open.
    public private(set) var recordingButtons: [UIButton] = []
    /// Told the index of the recording button touched.
    public var onChooseRecording: (@MainActor (Int) -> Void)?

    /// The open timeline's state, or nil while choosing.
    public var state: State? {
        didSet {
            guard state != oldValue else { return }
            refresh()
        }
    }

    /// The recordings offered while none is open (file names).
    public var recordings: [String] = [] {
        didSet {
            guard recordings != oldValue else { return }
            for button in recordingButtons { button.removeFromSuperview() }
            recordingButtons = recordings.enumerated().map { index, name in
                let button = DebugStyle.makeButton(title: name)
                button.addAction({ [weak self] _ in self?.onChooseRecording?(index) }, for: .touchUpInside)
                addSubview(button)
                return button
            }
            refresh()
        }
    }

    static let padding: CGFloat = 8
    static let lineHeight: CGFloat = 22
    static let trackHeight: CGFloat = 44

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = DebugStyle.panel
        layer.cornerRadius = 10
        for view in [titleLabel, messageLabel, track] as [UIView] { addSubview(view) }
        for button in controlButtons { addSubview(button) }
        refresh()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The buttons under the scrubber, in order.
    public var controlButtons: [UIButton] {
        [previousTouchButton, frameBackButton, playButton, frameOnButton, nextTouchButton, closeButton]
    }

    /// The buttons shown now: the controls, or the recordings (and Close) while choosing.
    private var shownButtons: [UIButton] {
        state == nil ? recordingButtons + [closeButton] : controlButtons
    }

    private func refresh() {
        let isOpen = state != nil
        track.isHidden = !isOpen
        for button in controlButtons where button !== closeButton { button.isHidden = !isOpen }
        for button in recordingButtons { button.isHidden = isOpen }
        if let state {
            titleLabel.text = String(format: "%@ \u{B7} %.3f s of %.3f s", state.title, state.time, state.duration)
            messageLabel.text = state.message
            playButton.setTitle(state.isPlaying ? "Pause" : "Play", for: .normal)
            playButton.backgroundColor = state.isPlaying ? DebugStyle.litButton : DebugStyle.button
            for button in [previousTouchButton, frameBackButton] {
                button.isEnabled = state.canGoBackwards
                button.alpha = state.canGoBackwards ? 1 : 0.4
            }
            track.time = state.time
            track.duration = state.duration
            track.marks = state.marks
            track.canGoBackwards = state.canGoBackwards
        } else {
            titleLabel.text = recordings.isEmpty ? "No .touches recordings in this folder: record one with Record (E)"
                : "Open a recording to scrub through"
            messageLabel.text = nil
        }
        setNeedsLayout()
    }

    /// The width that holds every button in one row.
    public var preferredWidth: CGFloat {
        let widths = shownButtons.map(DebugStyle.width(of:))
        let buttons = widths.reduce(0, +) + DebugStyle.spacing * CGFloat(max(0, widths.count - 1)) + 2 * Self.padding
        return max(buttons, 480)
    }

    /// The panel's height at `width`: the title (and message), the scrubber while a
    /// recording is open, then the button rows.
    public func height(forWidth width: CGFloat) -> CGFloat {
        let rows = CGFloat(rowsOfButtons(inWidth: width - 2 * Self.padding).count)
        var height = Self.padding + Self.lineHeight + DebugStyle.spacing
        if messageLabel.text != nil { height += Self.lineHeight + DebugStyle.spacing }
        if state != nil { height += Self.trackHeight + DebugStyle.spacing }
        return height + rows * DebugStyle.minimumTarget + max(0, rows - 1) * DebugStyle.spacing + Self.padding
    }

    private func rowsOfButtons(inWidth width: CGFloat) -> [[(button: UIButton, width: CGFloat)]] {
        DebugStyle.rows(of: shownButtons, inWidth: width)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let padding = Self.padding, width = bounds.width - 2 * padding
        titleLabel.frame = CGRect(x: padding, y: padding, width: width, height: Self.lineHeight)
        var y = padding + Self.lineHeight + DebugStyle.spacing
        if messageLabel.text != nil {
            messageLabel.frame = CGRect(x: padding, y: y, width: width, height: Self.lineHeight)
            y += Self.lineHeight + DebugStyle.spacing
        }
        messageLabel.isHidden = messageLabel.text == nil
        if state != nil {
            track.frame = CGRect(x: padding, y: y, width: width, height: Self.trackHeight)
            y += Self.trackHeight + DebugStyle.spacing
        }
        for row in rowsOfButtons(inWidth: width) {
            var x = padding
            for (button, buttonWidth) in row {
                button.frame = CGRect(x: x, y: y, width: buttonWidth, height: DebugStyle.minimumTarget)
                x += buttonWidth + DebugStyle.spacing
            }
            y += DebugStyle.minimumTarget + DebugStyle.spacing
        }
    }
}

/// The scrubber: the recording's length across, the touches' begins (green) and ends
/// (red) as ticks, the instant shown as a white playhead. A finger on it scrubs to the
/// instant under it, at every move (`onScrub`); after a divergence, instants before the
/// one shown are dimmed and refused.
@MainActor
public final class DebugTimelineTrack: UIView {
    public var time: TimeInterval = 0 { didSet { setNeedsDisplay() } }
    public var duration: TimeInterval = 0 { didSet { setNeedsDisplay() } }
    public var marks: [(time: TimeInterval, isBegin: Bool)] = [] { didSet { setNeedsDisplay() } }
    public var canGoBackwards = true { didSet { setNeedsDisplay() } }
    /// Told the instant under the finger, at its landing and at every move.
    public var onScrub: (@MainActor (TimeInterval) -> Void)?

    /// Room at each end, so the first and last instants are under a finger's middle.
    static let inset: CGFloat = 12

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = DebugStyle.button
        layer.cornerRadius = 8
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The x of an instant, in the track's points.
    public func x(of instant: TimeInterval) -> CGFloat {
        let span = bounds.width - 2 * Self.inset
        return Self.inset + (duration > 0 ? span * CGFloat(min(max(0, instant / duration), 1)) : 0)
    }

    /// The instant at an x, in the track's points.
    public func instant(atX x: CGFloat) -> TimeInterval {
        let span = max(1, bounds.width - 2 * Self.inset)
        return duration * Double(min(max(0, (x - Self.inset) / span), 1))
    }

    public override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        if !canGoBackwards {
            context.setFillColor(UIColor(white: 0, alpha: 0.35).cgColor)
            context.fill(CGRect(x: 0, y: 0, width: x(of: time), height: bounds.height))
        }
        for mark in marks {
            let color = mark.isBegin ? UIColor(red: 0.2, green: 0.78, blue: 0.35, alpha: 1) : UIColor(red: 1, green: 0.27, blue: 0.23, alpha: 1)
            context.setFillColor(color.cgColor)
            let x = x(of: mark.time).rounded()
            context.fill(mark.isBegin ? CGRect(x: x - 1, y: 6, width: 2, height: bounds.height / 2 - 6)
                                      : CGRect(x: x - 1, y: bounds.height / 2, width: 2, height: bounds.height / 2 - 6))
        }
        context.setFillColor(UIColor.white.cgColor)
        context.fill(CGRect(x: x(of: time).rounded() - 1.5, y: 2, width: 3, height: bounds.height - 4))
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        scrub(touches)
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        scrub(touches)
    }

    private func scrub(_ touches: Set<UITouch>) {
        guard let touch = touches.first else { return }
        onScrub?(instant(atX: touch.location(in: self).x))
    }
}
