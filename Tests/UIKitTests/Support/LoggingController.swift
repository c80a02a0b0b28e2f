import UIKit

/// Logs its appearance and containment calls into a shared log, by name.
class LoggingController: UIViewController {
    let name: String
    let log: Log

    final class Log {
        var lines: [String] = []
        func flush() -> [String] {
            defer { lines = [] }
            return lines
        }
    }

    /// A parent by name: a logging controller's, or its type's.
    static func describe(_ parent: UIViewController?) -> String {
        guard let parent else { return "nil" }
        return (parent as? LoggingController)?.name ?? "\(type(of: parent))"
    }

    init(_ name: String, log: Log) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError() }

    override func viewWillAppear(_ animated: Bool) { log.lines.append("\(name).willAppear") }
    override func viewDidAppear(_ animated: Bool) { log.lines.append("\(name).didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.lines.append("\(name).willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.lines.append("\(name).didDisappear") }
    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        log.lines.append("\(name).willMove(\(Self.describe(parent)))")
    }
    override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        log.lines.append("\(name).didMove(\(Self.describe(parent)))")
    }
}

/// Also logs `viewIsAppearing`, with the view's width then.
final class IsAppearingController: LoggingController {
    override func viewIsAppearing(_ animated: Bool) {
        log.lines.append("\(name).isAppearing width \(Int(view.bounds.width))")
    }
}
