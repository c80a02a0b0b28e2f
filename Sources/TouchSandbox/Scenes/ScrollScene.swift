import UIKit

/// A long list of rows with real buttons in a `UIScrollView`, to see the content-touch
/// rules at work (Apple's UIScrollView reference, `delaysContentTouches` and
/// `touchesShouldCancel(in:)`; Apple, "Gesture Recognizers": a scroll view delays
/// touches to its subviews so that a scroll starting soon after the touch never
/// flashes them).
///
/// A tap on a Play button presses it (`touchUpInside`); a drag that starts on one
/// scrolls the list, and the button either never hears of the touch (the scroll began
/// within the content-touch hold) or hears `touchesBegan` and then `touchesCancelled`.
/// Two switches change the rules live: `delaysContentTouches` on the list, and whether
/// the list's `touchesShouldCancel(in:)` lets a scroll take a touch from a button (off
/// is UIKit's own answer for a control, and then such a drag does not scroll).
///
/// The line under the list says which `touches…` methods the latest button touch got,
/// in milliseconds after the finger went down; the next says what is playing and where
/// the list is. The hit-test overlay (V) outlines the view each finger went to.
///
/// Pulling the list down past its top refreshes it (`UIRefreshControl`): the spinner
/// turns for `refreshDuration` seconds, as a fetch would, and the state line counts the
/// refreshes. A tap on the gallery's caption bar scrolls the list back to its top
/// (`UIWindow.scrollToTop()`, iOS's status-bar tap).
@MainActor
public final class ScrollScene: RebuildingSceneController, Scene, UIScrollViewDelegate {
    public static let name = "scroll"
    public static let caption = "A list of buttons: a tap presses one, a drag that starts on one scrolls (UIScrollView)"
    public static let hint: String? = "Tap Play, drag the list from a button, then turn delaysContentTouches off"

    static let rowCount = 40
    static let rowHeight: CGFloat = 56
    static let lineHeight: CGFloat = 24
    static let controlHeight: CGFloat = 44
    static let maximumListWidth: CGFloat = 720
    static let delaysTitle = "delaysContentTouches"
    static let cancelsTitle = "touchesShouldCancel(in: button)"
    static let idleTouchLine = "the Play buttons' touches show here, in ms after the finger went down"
    /// How long a refresh takes, as a fetch would.
    static let refreshDuration: TimeInterval = 1.2

    private(set) var list: ButtonListScrollView!
    private(set) var rows: [ButtonRow] = []
    private(set) var delaysSwitch: UISwitch!
    private(set) var cancelsSwitch: UISwitch!
    /// The latest button touch's `touches…` calls.
    private(set) var touchLine: UILabel!
    /// What plays and where the list is.
    private(set) var stateLine: UILabel!
    /// One line per touch a row button got (or would have got), oldest first; the last
    /// is the one shown.
    private(set) var buttonTouches: [String] = []

    /// Kept across rebuilds (a window resize).
    private var delaysContentTouches = true
    private var cancelsButtonTouches = true
    private var offset: CGFloat = 0
    private(set) var playing: Int?
    /// How many pulls refreshed the list, and whether one runs now.
    private(set) var refreshes = 0
    private var pendingRefreshEnd: DelayedCall?
    /// The row of the touch `buttonTouches.last` describes, and its calls so far.
    private var currentRow: Int?
    private var currentCalls: [String] = []
    /// Whether the list asked `touchesShouldCancel(in:)` since the button touch began:
    /// a scroll that starts without asking took a touch no button had heard of.
    private var askedToCancel = false

    override func build(in area: CGRect) {
        let width = min(Self.maximumListWidth, area.width - 32)
        let left = area.midX - width / 2
        let controlsBottom = addControls(top: area.minY + 8, left: left, width: width)
        let linesTop = area.maxY - 8 - 2 * Self.lineHeight
        let list = ButtonListScrollView(frame: CGRect(x: left, y: controlsBottom + 8, width: width,
                                                      height: max(linesTop - 8 - controlsBottom - 8, Self.rowHeight)))
        list.backgroundColor = .white
        list.layer.cornerRadius = 14
        list.contentSize = CGSize(width: width, height: Self.rowHeight * CGFloat(Self.rowCount))
        list.delaysContentTouches = delaysContentTouches
        list.cancelsButtonTouches = cancelsButtonTouches
        list.delegate = self
        list.onAskedToCancel = { [unowned self] in askedToCancel = true }
        let refresh = UIRefreshControl()
        refresh.addAction({ [unowned self] _ in refreshed() }, for: .valueChanged)
        list.refreshControl = refresh
        stage.addSubview(list)
        self.list = list
        rows = (0..<Self.rowCount).map { index in
            let row = ButtonRow(frame: CGRect(x: 0, y: Self.rowHeight * CGFloat(index), width: width, height: Self.rowHeight),
                                title: Self.title(of: index))
            row.button.tag = index
            row.button.onTouches = { [unowned self] button, call, milliseconds in
                heard(call, after: milliseconds, on: button.tag)
            }
            row.button.addAction({ [unowned self] _ in pressed(index) }, for: .touchUpInside)
            row.button.addAction({ [unowned self] _ in note("touchUpOutside") }, for: .touchUpOutside)
            list.addSubview(row)
            return row
        }
        touchLine = addStatusLine(y: linesTop, height: Self.lineHeight, in: area, color: SandboxStyle.label)
        // A button's longest story (two times and touchUpOutside) fits 640 points at 15.
        touchLine.font = .systemFont(ofSize: 15)
        stateLine = addStatusLine(y: linesTop + Self.lineHeight, height: Self.lineHeight, in: area, color: SandboxStyle.secondaryLabel)
        UIView.performWithoutAnimation {
            list.contentOffset = CGPoint(x: 0, y: min(offset, list.maximumContentOffset.y))
        }
        touchLine.text = buttonTouches.last ?? Self.idleTouchLine
        showState()
    }

    static func title(of row: Int) -> String {
        "Track \(row + 1)"
    }

    /// The two switches with their titles, side by side when they fit, else one above
    /// the other; returns the bottom of the last.
    private func addControls(top: CGFloat, left: CGFloat, width: CGFloat) -> CGFloat {
        let font = UIFont.systemFont(ofSize: 15)
        let titles = [Self.delaysTitle, Self.cancelsTitle]
        let labels = titles.map { title -> UILabel in
            let label = UILabel()
            label.text = title
            label.font = font
            label.textColor = SandboxStyle.label
            label.frame.size = label.sizeThatFits(CGSize(width: width, height: Self.controlHeight))
            return label
        }
        let switchWidth = UISwitch.switchSize.width
        let cellWidths = labels.map { $0.frame.width.rounded(.up) + 12 + switchWidth }
        let sideBySide = cellWidths.reduce(0, +) + 32 <= width
        var switches: [UISwitch] = []
        for (index, label) in labels.enumerated() {
            let y = sideBySide ? top : top + CGFloat(index) * Self.controlHeight
            let x = sideBySide && index == 1 ? left + width - cellWidths[1] : left
            label.frame = CGRect(x: x, y: y, width: label.frame.width.rounded(.up), height: Self.controlHeight)
            stage.addSubview(label)
            let toggle = UISwitch(frame: CGRect(x: label.frame.maxX + 12, y: y + (Self.controlHeight - UISwitch.switchSize.height) / 2,
                                                width: 0, height: 0))
            stage.addSubview(toggle)
            switches.append(toggle)
        }
        (delaysSwitch, cancelsSwitch) = (switches[0], switches[1])
        delaysSwitch.isOn = delaysContentTouches
        cancelsSwitch.isOn = cancelsButtonTouches
        delaysSwitch.addAction({ [unowned self] sender in
            delaysContentTouches = (sender as? UISwitch)?.isOn ?? true
            list.delaysContentTouches = delaysContentTouches
        }, for: .valueChanged)
        cancelsSwitch.addAction({ [unowned self] sender in
            cancelsButtonTouches = (sender as? UISwitch)?.isOn ?? true
            list.cancelsButtonTouches = cancelsButtonTouches
        }, for: .valueChanged)
        return top + (sideBySide ? 1 : 2) * Self.controlHeight
    }

    // MARK: - What the buttons hear

    private func heard(_ call: TouchReportingButton.Call, after milliseconds: Int, on row: Int) {
        switch call {
        case .began: startTouch(on: row)
        case .ended: askedToCancel = false
        case .cancelled: break
        }
        note("\(call.rawValue) \(milliseconds) ms")
    }

    private func pressed(_ row: Int) {
        playing = row
        note("touchUpInside")
        showState()
    }

    private func startTouch(on row: Int) {
        currentRow = row
        currentCalls = []
        askedToCancel = false
        buttonTouches.append("")
    }

    /// Adds `entry` to the latest button touch's line.
    private func note(_ entry: String) {
        guard let currentRow, !buttonTouches.isEmpty else { return }
        currentCalls.append(entry)
        show("\(Self.title(of: currentRow)): " + currentCalls.joined(separator: " \u{B7} "))
    }

    private func show(_ line: String) {
        buttonTouches[buttonTouches.count - 1] = line
        touchLine.text = line
    }

    private func showState() {
        let track = playing.map(Self.title) ?? "nothing"
        var line = "playing: \(track) \u{B7} list at y \(Int(list.contentOffset.y.rounded()))"
        if list.refreshControl?.isRefreshing == true {
            line += " \u{B7} refreshing\u{2026}"
        } else if refreshes > 0 {
            line += " \u{B7} refreshed \(refreshes)\u{D7}"
        }
        stateLine.text = line
    }

    /// A pull started a refresh: it ends after `refreshDuration`, as a fetch would.
    private func refreshed() {
        refreshes += 1
        showState()
        pendingRefreshEnd?.cancel()
        pendingRefreshEnd = UIApplication.shared.schedule(afterDelay: Self.refreshDuration) { [weak self] in
            guard let self else { return }
            pendingRefreshEnd = nil
            list.refreshControl?.endRefreshing()
            showState()
        }
    }

    // MARK: - What the list reports

    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        defer { askedToCancel = false }
        guard !askedToCancel else { return }
        // The scroll took the touch before any content view heard of it: say so, for the
        // button the finger went down on (the content has not moved since it did).
        let pan = scrollView.panGestureRecognizer
        let location = pan.location(in: scrollView), moved = pan.translation(in: scrollView)
        let start = CGPoint(x: location.x - moved.x, y: location.y - moved.y)
        guard let button = scrollView.hitTest(start, with: nil) as? TouchReportingButton else { return }
        startTouch(on: button.tag)
        note("the button heard nothing: the list scrolled first")
    }

    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        offset = scrollView.contentOffset.y
        showState()
    }
}
