import Dispatch
import FileSafety
import Foundation

/// How a process running X11 hosts ends on SIGTERM, SIGINT or SIGHUP: cleanly, and
/// saying so, instead of by the signals' default action, which ends it mid-touch and
/// silently.
///
/// From the moment the first host starts (`X11Host.start()`, which `runForever()` and
/// `UIApplicationMain` call), or a kiosk host is made (it holds the screensaver and the
/// touchscreen's mapping from then on), the three signals are received by dispatch sources on
/// the main queue. The first one received, on the main queue between two events:
///
/// 1. cancels every live touch of every host started (`X11Host.start()`), through the
///    hosts' input chains to their clients, so every view and recognizer that saw a
///    touch begin sees it cancelled;
/// 2. runs the termination handlers (`X11Host.addTerminationHandler(_:)`) in the order
///    they were added;
/// 3. closes every host's window and X connection;
/// 4. prints one line, `<program>: terminated by SIGTERM`, to standard error, and exits
///    with status 128 + the signal's number, as a shell reports a process the signal
///    ended.
///
/// Signals received after the first are not acted on: the process is already ending.
@MainActor
enum TerminationSignals {
    private final class WeakHost {
        weak var host: X11Host?
        init(_ host: X11Host) { self.host = host }
    }

    /// The hosts started, in order; held weakly, so a host let go is not kept for this.
    private static var hosts: [WeakHost] = []
    private static var handlers: [(token: TerminationHandlerToken, handler: @MainActor (TerminationSignal) -> Void)] = []
    private static var nextToken = 0
    private static var sources: [any DispatchSourceSignal] = []
    private static var isShuttingDown = false

    /// Includes `host` in the shutdown, and starts receiving the signals if this is
    /// the first host (called when a host starts).
    static func watch(_ host: X11Host) {
        hosts.removeAll { $0.host == nil || $0.host === host }
        hosts.append(WeakHost(host))
        installSources()
    }

    /// Starts receiving the signals on the main queue; once per process. A signal the
    /// process was started ignoring (`nohup` ignores SIGHUP) stays ignored. A kiosk host
    /// calls it before `start()`, as soon as it holds something to give back.
    static func installSources() {
        guard sources.isEmpty else { return }
        let handled = TerminationSignal.all.filter { disposition(of: $0) != ignoredDisposition }
        for signal in handled {
            let source = DispatchSource.makeSignalSource(signal: signal.number, queue: .main)
            source.setEventHandler {
                MainActor.assumeIsolated { () -> Void in
                    // A handler that runs the run loop must not start a second shutdown.
                    guard !isShuttingDown else { return }
                    terminate(by: signal)
                }
            }
            source.resume()
            sources.append(source)
        }
        // Dispatch installs its signal handler on its manager thread, a moment after
        // `resume()`; until then a signal has its default action. Waiting here makes
        // "the host started" mean "the signals are handled" (for at most a second).
        let deadline = Date().addingTimeInterval(1)
        while handled.contains(where: { disposition(of: $0) == defaultDisposition }), Date() < deadline {
            usleep(100)
        }
    }

    /// Shuts down (see the type's description), says so and exits.
    static func terminate(by signal: TerminationSignal) -> Never {
        shutDown(by: signal)
        StandardError.writeLine("\(ProgramName.current): terminated by \(signal.name)")
        exit(signal.exitStatus)
    }

    /// Steps 1 to 3: cancels the live touches, runs the handlers, closes the windows
    /// and connections. Tests call it without exiting.
    static func shutDown(by signal: TerminationSignal) {
        isShuttingDown = true
        defer { isShuttingDown = false }
        let live = hosts.compactMap(\.host)
        hosts = []
        for host in live { host.cancelLiveTouches() }
        // Handlers added by a handler do not run: the list is the one at the signal.
        for entry in handlers { entry.handler(signal) }
        for host in live {
            host.close()
            host.connection.close()
        }
    }

    static func add(_ handler: @escaping @MainActor (TerminationSignal) -> Void) -> TerminationHandlerToken {
        nextToken += 1
        let token = TerminationHandlerToken(value: nextToken)
        handlers.append((token, handler))
        return token
    }

    static func remove(_ token: TerminationHandlerToken) {
        handlers.removeAll { $0.token == token }
    }

    private static let defaultDisposition = 0
    private static let ignoredDisposition = 1

    /// The signal's handler as a number: 0 for the default action, 1 for ignored.
    private static func disposition(of signal: TerminationSignal) -> Int {
        var action = sigaction()
        sigaction(signal.number, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }
}

/// Names a handler added with `X11Host.addTerminationHandler(_:)`, to remove it.
public struct TerminationHandlerToken: Hashable, Sendable {
    fileprivate let value: Int
}

extension X11Host {
    /// Adds `handler` to what runs when the process is asked to end by SIGTERM, SIGINT
    /// or SIGHUP while the main run loop runs (`runForever()`, `UIApplicationMain`).
    ///
    /// Handlers run on the main actor, once, in the order added, after every live touch
    /// was cancelled (the views and recognizers have heard `touchesCancelled`) and
    /// while the windows and X connections are still open; then the windows close and
    /// the process exits with 128 + the signal's number after printing
    /// `<program>: terminated by <SIGNAME>`. A handler finishes what must not be left
    /// half done (a recording's file) and returns promptly: further signals are not
    /// acted on while it runs (SIGKILL still ends the process). Handlers do not run when the process ends
    /// otherwise (`exit`, closing the last window, losing the X server).
    @discardableResult
    public static func addTerminationHandler(_ handler: @escaping @MainActor (TerminationSignal) -> Void) -> TerminationHandlerToken {
        TerminationSignals.add(handler)
    }

    /// Removes a handler added with `addTerminationHandler(_:)`; removing it twice does
    /// nothing.
    public static func removeTerminationHandler(_ token: TerminationHandlerToken) {
        TerminationSignals.remove(token)
    }

    /// Starts handling SIGTERM, SIGINT and SIGHUP as a started host does (handlers, one
    /// line, 128 + the signal's number), for a program of the package that runs without
    /// a host (`touch-sandbox --show-touches`).
    package static func handleTerminationSignals() {
        TerminationSignals.installSources()
    }
}
