import UIKit

/// The four screens of a kiosk visit, in a navigation controller with its bar hidden:
/// Welcome → Choose (a drink) → Confirm → Thank you, and back to Welcome from Thank you,
/// from any screen's "Start over", or when the kiosk is idle.
@MainActor
final class KioskFlow {
    let navigation: UINavigationController
    /// What the visitor chose on the Choose screen.
    private(set) var choice: String?

    init() {
        let welcome = FlowStep(title: "Welcome", message: "Touch to start")
        navigation = UINavigationController(rootViewController: welcome)
        navigation.setNavigationBarHidden(true, animated: false)
        welcome.addButton("Start") { [unowned self] in show(makeChoose()) }
    }

    /// The screens, first to last (`navigation.viewControllers`).
    var screens: [FlowStep] { navigation.viewControllers.compactMap { $0 as? FlowStep } }

    /// Back to Welcome, animated: the kiosk's idle reset, and the screens' Start over.
    func startOver() {
        choice = nil
        navigation.popToRootViewController(animated: true)
    }

    private func show(_ step: FlowStep) {
        navigation.pushViewController(step, animated: true)
    }

    private func makeChoose() -> FlowStep {
        let step = FlowStep(title: "Choose", message: "What would you like?")
        for drink in ["Coffee", "Tea", "Water"] {
            step.addButton(drink) { [unowned self] in
                choice = drink
                show(makeConfirm(drink))
            }
        }
        step.addButton("Start over", style: .secondary) { [unowned self] in startOver() }
        return step
    }

    private func makeConfirm(_ drink: String) -> FlowStep {
        let step = FlowStep(title: "Confirm", message: "One \(drink.lowercased()), please?")
        step.addButton("Yes") { [unowned self] in show(makeThanks()) }
        step.addButton("Start over", style: .secondary) { [unowned self] in startOver() }
        return step
    }

    private func makeThanks() -> FlowStep {
        let step = FlowStep(title: "Thank you", message: "Your \(choice?.lowercased() ?? "drink") is on its way.")
        step.navigationItem.hidesBackButton = true
        step.addButton("Done") { [unowned self] in startOver() }
        return step
    }
}
