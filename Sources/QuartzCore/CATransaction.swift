/// Core Animation's transactions: a stack of scopes that set how implicit animations
/// run (`disableActions`, `animationDuration`, `animationTimingFunction`) and say when
/// the animations added in them have finished (`completionBlock`).
///
/// - `begin()` / `commit()` open and close an explicit transaction; they nest, and a
///   setting read inside a nested transaction comes from the innermost one that set
///   it, else the default (actions enabled, 0.25 s, no timing function).
/// - Outside any explicit transaction, the first setter call opens an implicit one,
///   which `flush()` commits, as the end of a run-loop turn does on Apple platforms. It
///   belongs to the engine current when it opened (the application whose turn ran), and
///   that engine's next tick commits it; another application's engine neither ticks for
///   it nor commits it.
/// - A completion block runs once every animation added to any layer while its
///   transaction (or one nested in it) was open has stopped, finished or removed; if
///   none was added, it runs at the commit. Only the block set last before the commit
///   counts.
///
/// Property changes themselves are not deferred to the commit: the model changes at
/// once, and so do the animations the change's action adds.
@MainActor
public final class CATransaction {
    private init() {}

    /// One open transaction.
    private final class Scope {
        let isImplicit: Bool
        /// The engine that commits an implicit transaction at its tick.
        let engine: CAAnimationEngine?
        var disableActions: Bool?
        var animationDuration: CFTimeInterval?
        var animationTimingFunction: CAMediaTimingFunction?
        var completionBlock: (@MainActor () -> Void)?
        let group = CATransactionCompletionGroup()

        init(isImplicit: Bool, engine: CAAnimationEngine? = nil) {
            self.isImplicit = isImplicit
            self.engine = engine
        }
    }

    /// Innermost last.
    private static var scopes: [Scope] = []

    // MARK: - Scopes

    public static func begin() {
        scopes.append(Scope(isImplicit: false))
    }

    /// Closes the innermost explicit transaction. A commit with none open is logged and
    /// ignored.
    public static func commit() {
        guard let scope = scopes.last, !scope.isImplicit else {
            QuartzCoreDebug.log(.transaction, "commit() without a matching begin(): ignored")
            return
        }
        scopes.removeLast()
        scope.group.seal(running: scope.completionBlock)
    }

    /// Commits the implicit transaction, if one is open and no explicit one is (which
    /// would commit it when it closes, as on Apple platforms).
    public static func flush() {
        guard scopes.count == 1, let scope = scopes.first, scope.isImplicit else { return }
        scopes.removeAll()
        scope.group.seal(running: scope.completionBlock)
    }

    // MARK: - Settings

    public static func disableActions() -> Bool {
        scopes.last(where: { $0.disableActions != nil })?.disableActions ?? false
    }

    public static func setDisableActions(_ flag: Bool) {
        currentScope.disableActions = flag
    }

    public static func animationDuration() -> CFTimeInterval {
        scopes.last(where: { $0.animationDuration != nil })?.animationDuration ?? CAAnimation.defaultDuration
    }

    public static func setAnimationDuration(_ dur: CFTimeInterval) {
        currentScope.animationDuration = dur
    }

    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        scopes.last(where: { $0.animationTimingFunction != nil })?.animationTimingFunction
    }

    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        currentScope.animationTimingFunction = function
    }

    public static func completionBlock() -> (@MainActor () -> Void)? {
        scopes.last?.completionBlock
    }

    public static func setCompletionBlock(_ block: (@MainActor () -> Void)?) {
        currentScope.completionBlock = block
    }

    // MARK: - Engine

    /// Whether an implicit transaction that `engine` commits waits for `flush()`.
    static func hasImplicitTransaction(committedBy engine: CAAnimationEngine) -> Bool {
        guard let scope = scopes.first, scope.isImplicit else { return false }
        return scope.engine === engine
    }

    /// Commits the implicit transaction if `engine` commits it (its tick).
    static func flush(committedBy engine: CAAnimationEngine) {
        guard hasImplicitTransaction(committedBy: engine) else { return }
        flush()
    }

    /// Makes every open transaction wait for `entry` to stop.
    static func noteAdded(_ entry: AttachedAnimation) {
        for scope in scopes {
            scope.group.animationAdded()
            entry.transactionGroups.append(scope.group)
        }
    }

    /// The innermost transaction, opening an implicit one when none is open.
    private static var currentScope: Scope {
        if let scope = scopes.last { return scope }
        let implicit = Scope(isImplicit: true, engine: CAAnimationEngine.current)
        scopes.append(implicit)
        return implicit
    }

    /// Forgets every open transaction without running anything (tests, host restarts).
    static func discardAll() {
        scopes.removeAll()
    }
}

/// The animations one transaction waits for, and the block to run when they are done.
@MainActor
final class CATransactionCompletionGroup {
    private var running = 0
    private var isSealed = false
    private var block: (@MainActor () -> Void)?

    func animationAdded() {
        running += 1
    }

    func animationDidStop() {
        running -= 1
        runIfDone()
    }

    /// The transaction committed: from now on the block runs when nothing is running.
    func seal(running block: (@MainActor () -> Void)?) {
        isSealed = true
        self.block = block
        runIfDone()
    }

    private func runIfDone() {
        guard isSealed, running == 0, let block else { return }
        self.block = nil
        block()
    }
}
