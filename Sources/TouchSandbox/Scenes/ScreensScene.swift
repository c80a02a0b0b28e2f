import UIKit

/// View controllers driven by the finger: a navigation stack (One → Two → Three) with
/// the back swipe from the left edge, two strips on Two that compete with that swipe (the
/// first scrolls and wins; the second's pan `require(toFail:)`s the swipe, so the swipe
/// wins there), a page sheet swiped down, an alert, and on the right a log of every
/// appearance call as it happens. The navigation controller is a child of the scene
/// (containment), so its appearance reaches the screens through it.
@MainActor
public final class ScreensScene: UIViewController, Scene {
    public static let name = "screens"
    public static let caption = "View controllers by the finger: push, the back swipe, a sheet swiped down, an alert, and the calls each hears"
    public static let hint: String? = "Push Two, swipe back from the left edge, swipe the sheet down"

    /// The stack, as a child of the scene.
    public let navigation: UINavigationController
    /// The first screen, on the gallery's own background.
    let one = FlowScreen(title: "One", color: SandboxStyle.background)
    /// Every appearance call, oldest first.
    private(set) var lifecycle: [String] = []
    private(set) var log: ActionLogView!
    private var logLines = 0
    private var safeArea = SafeAreaTracker()
    private let sheetDelegate = SheetDelegate()

    public required init() {
        navigation = UINavigationController(rootViewController: one)
        super.init(nibName: nil, bundle: nil)
        one.onLifecycle = { [unowned self] in note($0) }
        one.addButton("Push Two") { [unowned self] in navigation.pushViewController(makeTwo(), animated: true) }
        one.addButton("Show a sheet") { [unowned self] in showSheet() }
        one.addButton("Show an alert") { [unowned self] in present(makeAlert(), animated: true) }
        sheetDelegate.onDismiss = { [unowned self] in note("sheet swiped away") }
        sheetDelegate.onAttempt = { [unowned self] in note("sheet kept: modal") }
    }

    required init?(coder: NSCoder) { nil }

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        view = stage
        addChild(navigation)
        stage.addSubview(navigation.view)
        navigation.didMove(toParent: self)
    }

    /// The stack on the left, the log on the right, in the safe area; again when it
    /// changes.
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let area = safeArea.newArea(of: view) else { return }
        let layout = Self.layout(in: area)
        navigation.view.frame = layout.navigation
        let lines = max(3, Int(layout.log.height / ActionLogView.lineHeight) - 1)
        if log == nil || lines != logLines {
            log?.removeFromSuperview()
            log = ActionLogView(top: layout.log.minY, width: layout.log.width, lines: lines, header: "appearance calls, newest last")
            logLines = lines
            view.addSubview(log)
        }
        log.frame = CGRect(x: layout.log.minX, y: layout.log.minY, width: layout.log.width, height: log.frame.height)
        log.show(lifecycle)
    }

    /// Where the stack and the log go in `area`: the log a third of the width (200 to
    /// 300 points) on the right, the stack on the left from the window's edge, so that
    /// the back swipe starts there.
    static func layout(in area: CGRect) -> (navigation: CGRect, log: CGRect) {
        let logWidth = min(300, max(200, area.width * 0.34))
        let navigation = CGRect(x: area.minX, y: area.minY, width: area.width - logWidth, height: area.height)
        let log = CGRect(x: navigation.maxX + 8, y: area.minY + 8, width: logWidth - 16, height: area.height - 16)
        return (navigation, log)
    }

    /// Button `index` of a screen whose content area is `area`: 44 points high, one
    /// under the other.
    static func buttonFrame(_ index: Int, in area: CGRect) -> CGRect {
        CGRect(x: area.minX + 16, y: area.minY + 12 + CGFloat(index) * 56, width: min(area.width - 32, 260), height: 44)
    }

    /// Strip `index` of Two, under its button, each with its label above it.
    static func stripFrame(_ index: Int, in area: CGRect) -> CGRect {
        CGRect(x: area.minX, y: area.minY + 84 + CGFloat(index) * 100, width: area.width, height: TileStrip.height)
    }

    // MARK: - The flow

    func note(_ line: String) {
        lifecycle.append(line)
        log?.show(lifecycle)
    }

    private func makeTwo() -> FlowScreen {
        let two = TwoScreen(title: "Two", color: UIColor(red: 0.12, green: 0.28, blue: 0.24, alpha: 1))
        two.onLifecycle = { [unowned self] in note($0) }
        two.addButton("Push Three") { [unowned self, unowned two] in
            let three = FlowScreen(title: "Three", color: UIColor(red: 0.3, green: 0.18, blue: 0.28, alpha: 1))
            three.onLifecycle = { [unowned self] in note($0) }
            three.addButton("Back to One") { [unowned self] in navigation.popToRootViewController(animated: true) }
            two.navigationController?.pushViewController(three, animated: true)
        }
        return two
    }

    private func showSheet() {
        let sheet = FlowScreen(title: "Sheet", color: UIColor(red: 0.22, green: 0.22, blue: 0.26, alpha: 1))
        sheet.onLifecycle = { [unowned self] in note($0) }
        sheet.addButton("Done") { [unowned sheet] in sheet.dismiss(animated: true) }
        sheet.modalPresentationStyle = .pageSheet
        sheet.presentationController?.delegate = sheetDelegate
        present(sheet, animated: true)
    }

    /// "Start over?": Cancel, or pop back to One.
    func makeAlert() -> UIAlertController {
        let alert = UIAlertController(title: "Start over?", message: "Goes back to the first screen.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { [unowned self] _ in note("alert: Cancel") })
        alert.addAction(UIAlertAction(title: "Start over", style: .destructive) { [unowned self] _ in
            note("alert: Start over")
            navigation.popToRootViewController(animated: true)
        })
        return alert
    }

    /// Tells the log when the user swipes the sheet away.
    private final class SheetDelegate: UIAdaptivePresentationControllerDelegate {
        var onDismiss: @MainActor () -> Void = {}
        var onAttempt: @MainActor () -> Void = {}
        func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { onDismiss() }
        func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) { onAttempt() }
    }
}

/// Two: its button, and two strips of tiles that compete with the back swipe.
@MainActor
final class TwoScreen: FlowScreen {
    /// Scrolls sideways and wins over the back swipe.
    let winningStrip = TileStrip(hue: 0.9)
    /// Its pan waits for the back swipe to fail.
    let waitingStrip = TileStrip(hue: 0.2)
    private let labels = [UILabel(), UILabel()]

    override func viewDidLoad() {
        super.viewDidLoad()
        for (label, text) in zip(labels, ["This strip scrolls: it wins over the back swipe",
                                          "This one waits for the back swipe (require(toFail:))"]) {
            label.text = text
            label.font = .systemFont(ofSize: 14)
            label.textColor = SandboxStyle.label
            view.addSubview(label)
        }
        view.addSubview(winningStrip)
        view.addSubview(waitingStrip)
    }

    private var waitsForTheSwipe = false

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if !waitsForTheSwipe, let swipe = navigationController?.interactivePopGestureRecognizer {
            waitingStrip.panGestureRecognizer.require(toFail: swipe)
            waitsForTheSwipe = true
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let area = view.bounds.inset(by: view.safeAreaInsets)
        for (index, strip) in [winningStrip, waitingStrip].enumerated() {
            let frame = ScreensScene.stripFrame(index, in: area)
            strip.frame = frame
            labels[index].frame = CGRect(x: frame.minX + 16, y: frame.minY - 22, width: frame.width - 32, height: 20)
        }
    }
}
