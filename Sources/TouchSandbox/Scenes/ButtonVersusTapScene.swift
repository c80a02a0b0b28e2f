import UIKit

/// Neuburg's button inside a view that has a tap recognizer
/// ("gestureRecognizerShouldBegin"): a `UIButton` answers false to an ancestor's
/// single-tap recognizer, so a tap on the button triggers the button's action and not
/// the recognizer's, while a tap on the view around it is the recognizer's. Two
/// counters under the view count each; the one that counted last is drawn brighter.
@MainActor
public final class ButtonVersusTapScene: RebuildingSceneController, Scene {
    public static let name = "button-vs-tap"
    public static let caption = "A tap on a button is the button's, not its superview's tap recognizer's (Neuburg, \"Touches\")"
    public static let hint: String? = "Tap the button, then tap the panel around it"

    static let panelSize = CGSize(width: 420, height: 220)
    static let buttonSize = CGSize(width: 180, height: 56)
    static let counterHeight: CGFloat = 26

    /// The view with the tap recognizer.
    private(set) var panel: UIView!
    private(set) var button: UIButton!
    private(set) var buttonTaps = 0
    private(set) var recognizerTaps = 0
    private(set) var buttonCounter: UILabel!
    private(set) var recognizerCounter: UILabel!


    override func build(in area: CGRect) {
        let gap: CGFloat = 20
        let panelSize = CGSize(width: min(Self.panelSize.width, area.width - 40), height: Self.panelSize.height)
        let top = area.minY + max(0, (area.height - panelSize.height - gap - 2 * Self.counterHeight) / 2)

        let panel = UIView(frame: CGRect(x: area.midX - panelSize.width / 2, y: top, width: panelSize.width, height: panelSize.height))
        panel.backgroundColor = UIColor(red: 0.29, green: 0.56, blue: 0.89, alpha: 1)
        panel.layer.cornerRadius = 18
        panel.addGestureRecognizer(UITapGestureRecognizer(target: self, action: ButtonVersusTapScene.panelTapped))
        let legend = UILabel(frame: CGRect(x: 0, y: 14, width: panelSize.width, height: 22))
        legend.text = "this view has a UITapGestureRecognizer"
        legend.textAlignment = .center
        legend.font = .systemFont(ofSize: 15)
        legend.textColor = .white
        panel.addSubview(legend)  // labels ignore touches: a tap on it is the panel's

        let button = UIButton(type: .system)
        button.frame = CGRect(x: (panelSize.width - Self.buttonSize.width) / 2, y: (panelSize.height - Self.buttonSize.height) / 2 + 12,
                              width: Self.buttonSize.width, height: Self.buttonSize.height)
        button.setTitle("UIButton", for: .normal)
        button.titleLabel?.font = .boldSystemFont(ofSize: 18)
        button.backgroundColor = .white
        button.layer.cornerRadius = 12
        button.addTarget(self, action: ButtonVersusTapScene.buttonTapped, for: .touchUpInside)
        panel.addSubview(button)
        stage.addSubview(panel)
        (self.panel, self.button) = (panel, button)

        buttonCounter = makeCounter(y: panel.frame.maxY + gap, in: area)
        recognizerCounter = makeCounter(y: panel.frame.maxY + gap + Self.counterHeight, in: area)
        for counter in [buttonCounter!, recognizerCounter!] { stage.addSubview(counter) }
        showCounts(latest: nil)
    }

    /// The button's action, for `.touchUpInside`.
    func buttonTapped(_ sender: UIButton) {
        buttonTaps += 1
        showCounts(latest: buttonCounter)
    }

    /// The panel's tap recognizer's action.
    func panelTapped(_ recognizer: UITapGestureRecognizer) {
        guard recognizer.state == .ended else { return }
        recognizerTaps += 1
        showCounts(latest: recognizerCounter)
    }

    private func showCounts(latest: UILabel?) {
        buttonCounter.text = "button's action (touchUpInside): \(buttonTaps)"
        recognizerCounter.text = "view's tap recognizer: \(recognizerTaps)"
        for counter in [buttonCounter!, recognizerCounter!] {
            counter.textColor = counter === latest ? SandboxStyle.label : SandboxStyle.secondaryLabel
        }
    }

    private func makeCounter(y: CGFloat, in area: CGRect) -> UILabel {
        let counter = UILabel(frame: CGRect(x: area.minX, y: y, width: area.width, height: Self.counterHeight))
        counter.textAlignment = .center
        counter.font = .systemFont(ofSize: 16)
        return counter
    }
}
