import UIKit

/// One screen of the `screens` scene's flow: a view controller that reports each
/// appearance call to the scene's lifecycle log ("Two willAppear"), with a column of
/// finger-sized buttons under the navigation bar.
@MainActor
class FlowScreen: UIViewController {
    /// Where the calls go, as "‹title› ‹call›".
    var onLifecycle: @MainActor (String) -> Void = { _ in }
    /// The buttons, top to bottom (`ScreensScene.buttonFrame(_:in:)` places them).
    private(set) var buttons: [UIButton] = []
    private let color: UIColor

    init(title: String, color: UIColor) {
        self.color = color
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }

    required init?(coder: NSCoder) { nil }

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = color
    }

    /// Adds a button that runs `action` when tapped.
    @discardableResult
    func addButton(_ title: String, action: @escaping @MainActor () -> Void) -> UIButton {
        let button = UIButton(type: .system)
        button.setTitle(title, for: .normal)
        button.setTitleColor(.white, for: .normal)
        button.titleLabel?.font = .boldSystemFont(ofSize: 17)
        button.backgroundColor = UIColor(red: 0.04, green: 0.52, blue: 1, alpha: 1)
        button.layer.cornerRadius = 10
        button.addAction({ _ in action() }, for: .touchUpInside)
        view.addSubview(button)
        buttons.append(button)
        return button
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let area = view.bounds.inset(by: view.safeAreaInsets)
        for (index, button) in buttons.enumerated() {
            button.frame = ScreensScene.buttonFrame(index, in: area)
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        onLifecycle("\(title ?? "?") willAppear")
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        onLifecycle("\(title ?? "?") didAppear")
    }
    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        onLifecycle("\(title ?? "?") willDisappear")
    }
    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        onLifecycle("\(title ?? "?") didDisappear")
    }
}

/// A horizontal strip of coloured tiles, as a carousel in an app: it scrolls sideways,
/// and so competes with the navigation controller's back swipe.
@MainActor
final class TileStrip: UIScrollView {
    static let height: CGFloat = 72
    static let tileWidth: CGFloat = 120

    init(hue: CGFloat) {
        super.init(frame: .zero)
        backgroundColor = UIColor(white: 0, alpha: 0.25)
        for index in 0..<12 {
            let tile = UIView(frame: CGRect(x: 8 + CGFloat(index) * (Self.tileWidth + 8), y: 8,
                                            width: Self.tileWidth, height: Self.height - 16))
            let shade = CGFloat(index % 4) * 0.12
            tile.backgroundColor = UIColor(red: hue * (0.7 + shade), green: 0.45 + shade, blue: (1 - hue) * (0.8 + shade), alpha: 1)
            tile.layer.cornerRadius = 8
            addSubview(tile)
        }
        contentSize = CGSize(width: 8 + 12 * (Self.tileWidth + 8), height: Self.height)
        showsVerticalScrollIndicator = false
    }

    required init?(coder: NSCoder) { nil }
}
