import UIKit

/// Checks, as deliveries happen, the promise every view is owed: for each touch it is
/// told of, `touchesBegan` first, then any number of `touchesMoved`, then exactly one
/// `touchesEnded` or `touchesCancelled`, and nothing after. Fed by
/// `UIKitDebug.touchMessageObserver`; holds views and touches weakly, so it changes no
/// lifetime it is asked to check.
@MainActor
final class TouchLedger {
    private struct Key: Hashable {
        let view: ObjectIdentifier
        let touch: ObjectIdentifier
    }

    private struct Entry {
        weak var view: UIView?
        weak var touch: UITouch?
        var isOpen: Bool
        let name: String
    }

    private var entries: [Key: Entry] = [:]
    /// Every touch any view was told of, for the lifetime check.
    private(set) var touchesSeen: [WeakTouch] = []
    private(set) var violations: [String] = []
    private(set) var messageCount = 0

    struct WeakTouch {
        weak var touch: UITouch?
    }

    func observe(_ view: UIView, _ phase: UITouch.Phase, _ touches: Set<UITouch>) {
        messageCount += 1
        for touch in touches {
            let key = Key(view: ObjectIdentifier(view), touch: ObjectIdentifier(touch))
            // An entry whose objects are gone belongs to an earlier pair at a reused address.
            let existing = entries[key].flatMap { $0.touch === touch && $0.view === view ? $0 : nil }
            let name = "\(type(of: view)) ← touch \(touch.sampleID)"
            switch phase {
            case .began:
                if let existing {
                    violations.append("\(existing.name): touchesBegan again (\(existing.isOpen ? "while open" : "after its end"))")
                }
                if existing == nil { touchesSeen.append(WeakTouch(touch: touch)) }
                entries[key] = Entry(view: view, touch: touch, isOpen: true, name: name)
            case .moved, .ended, .cancelled:
                guard let existing else {
                    violations.append("\(name): touches\(phase.methodName) before touchesBegan")
                    continue
                }
                guard existing.isOpen else {
                    violations.append("\(name): touches\(phase.methodName) after its end")
                    continue
                }
                if phase != .moved { entries[key]?.isOpen = false }
            case .stationary:
                violations.append("\(name): told of a stationary touch")
            }
        }
    }

    /// Pairs that began and never ended.
    func openPairs() -> [String] {
        entries.values.filter { $0.isOpen && $0.view != nil }.map { "\($0.name): began and never ended or was cancelled" }
            .sorted()
    }
}

extension UITouch.Phase {
    var methodName: String {
        switch self {
        case .began: "Began"
        case .moved: "Moved"
        case .stationary: "Stationary"
        case .ended: "Ended"
        case .cancelled: "Cancelled"
        }
    }
}
