import UIKit

/// A settings card of switches, as a kiosk's or an iOS app's: Wi-Fi, Bluetooth and
/// Airplane mode. A tap toggles a switch when the finger lifts; dragging its thumb
/// changes side as the finger carries it across the middle, reported then. Turning
/// Airplane mode on turns the other two off in code (which, as in UIKit, reports
/// nothing) and disables them until it is off again.
///
/// The lines under the card show the control events of the latest touch on a switch
/// (the drag events, sent on every move, are left out; past four events, the middle
/// ones are elided) and how many `valueChanged` each switch has sent.
@MainActor
public final class SwitchesScene: RebuildingSceneController, Scene {
    public static let name = "switches"
    public static let caption = "Switches: a tap toggles on the lift, a drag flips as the thumb crosses (UISwitch)"
    public static let hint: String? = "Tap a switch, drag a thumb across, then turn on Airplane mode"

    /// The switches, top to bottom.
    enum Row: Int, CaseIterable {
        case wifi, bluetooth, airplane

        var title: String {
            switch self {
            case .wifi: "Wi-Fi"
            case .bluetooth: "Bluetooth"
            case .airplane: "Airplane mode"
            }
        }
    }

    static let rowHeight: CGFloat = 56
    static let maximumCardWidth: CGFloat = 520
    static let lineHeight: CGFloat = 24

    /// The switches, by row, as last built.
    private(set) var switches: [Row: UISwitch] = [:]
    private(set) var card: UIView!
    /// The latest touch's control events.
    private(set) var eventLine: UILabel!
    /// The `valueChanged` counts.
    private(set) var countLine: UILabel!

    /// The state the switches show, kept across rebuilds (a window resize).
    private(set) var isOn: [Row: Bool] = [.wifi: true, .bluetooth: false, .airplane: false]
    /// `valueChanged` sent, by row.
    private(set) var valueChanges: [Row: Int] = [:]
    private var events: [String] = []
    private var eventRow: Row?

    override func build(in area: CGRect) {
        let width = min(Self.maximumCardWidth, area.width - 48)
        let cardHeight = Self.rowHeight * CGFloat(Row.allCases.count)
        let gap: CGFloat = 20
        let total = cardHeight + gap + 2 * Self.lineHeight
        let top = area.minY + max(0, (area.height - total) / 2)
        let card = UIView(frame: CGRect(x: area.midX - width / 2, y: top, width: width, height: cardHeight))
        card.backgroundColor = .white
        card.layer.cornerRadius = 14
        stage.addSubview(card)
        for row in Row.allCases {
            addRow(row, to: card, width: width)
        }
        let eventLine = addStatusLine(y: card.frame.maxY + gap, height: Self.lineHeight, in: area, color: SandboxStyle.label)
        let countLine = addStatusLine(y: eventLine.frame.maxY, height: Self.lineHeight, in: area, color: SandboxStyle.secondaryLabel)
        (self.card, self.eventLine, self.countLine) = (card, eventLine, countLine)
        applyAirplaneMode(animated: false)
        showEvents()
    }

    private func addRow(_ row: Row, to card: UIView, width: CGFloat) {
        let y = Self.rowHeight * CGFloat(row.rawValue)
        if row.rawValue > 0 {
            let separator = UIView(frame: CGRect(x: 16, y: y, width: width - 16, height: 1))
            separator.backgroundColor = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.18)
            card.addSubview(separator)
        }
        let title = UILabel(frame: CGRect(x: 16, y: y, width: width - 100, height: Self.rowHeight))
        title.text = row.title
        title.font = .systemFont(ofSize: 17)
        title.textColor = .black
        card.addSubview(title)
        let toggle = UISwitch(frame: CGRect(x: width - 16 - UISwitch.switchSize.width,
                                            y: y + (Self.rowHeight - UISwitch.switchSize.height) / 2, width: 0, height: 0))
        toggle.isOn = isOn[row] ?? false
        for (event, name) in Self.listedEvents {
            toggle.addAction({ [unowned self] _ in note(name, on: row) }, for: event)
        }
        toggle.addAction({ [unowned self] sender in switched(row, to: (sender as? UISwitch)?.isOn ?? false) },
                         for: .valueChanged)
        card.addSubview(toggle)
        switches[row] = toggle
    }

    /// The events the event line lists; drags are left out.
    private static let listedEvents: [(UIControl.Event, String)] = [
        (.touchDown, "touchDown"), (.valueChanged, "valueChanged"), (.touchUpInside, "touchUpInside"),
        (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
    ]

    private func note(_ event: String, on row: Row) {
        if event == "touchDown" || eventRow != row {
            events = []
            eventRow = row
        }
        events.append(event == "valueChanged" ? "valueChanged (\(switches[row]?.isOn == true ? "on" : "off"))" : event)
        showEvents()
    }

    private func switched(_ row: Row, to on: Bool) {
        isOn[row] = on
        valueChanges[row, default: 0] += 1
        if row == .airplane {
            applyAirplaneMode(animated: true)
        }
        showEvents()
    }

    /// Airplane mode on: the radios off (set in code, so they send nothing) and disabled.
    private func applyAirplaneMode(animated: Bool) {
        let airplane = isOn[.airplane] ?? false
        for row in [Row.wifi, .bluetooth] {
            if airplane {
                isOn[row] = false
                switches[row]?.setOn(false, animated: animated)
            }
            switches[row]?.isEnabled = !airplane
        }
    }

    private func showEvents() {
        if let eventRow, !events.isEmpty {
            // A long drag back and forth is elided in its middle, to fit a 640-point window.
            let shown = events.count > 4 ? [events[0], "\u{2026}"] + events.suffix(2) : events
            eventLine.text = "\(eventRow.title): " + shown.joined(separator: " \u{B7} ")
        } else {
            eventLine.text = "the latest touch's control events show here"
        }
        countLine.text = "valueChanged: " + Row.allCases.map { "\($0.title) \(valueChanges[$0] ?? 0)" }
            .joined(separator: " \u{B7} ")
    }

}
