import Foundation

/// The desktop session's screensaver kept from starting while a kiosk runs, through
/// the freedesktop.org `org.freedesktop.ScreenSaver` D-Bus interface (GNOME, KDE, Xfce
/// and others serve it on the session bus).
///
/// The inhibition belongs to the bus connection: `end()` undoes it, and if the process
/// dies the bus drops the connection and the desktop drops the inhibition with it, so a
/// crashed kiosk cannot leave a screen that never blanks. The X server's own screen
/// saver is suspended separately (`KioskScreen.suspendScreenSaver`).
public final class ScreenSaverInhibition {
    /// The service's name for the inhibition (`UnInhibit` takes it).
    public let cookie: UInt32
    /// The object path that answered: `/org/freedesktop/ScreenSaver` or, on older
    /// desktops, `/ScreenSaver`.
    public let path: String
    private let bus: SessionBusConnection
    private var isEnded = false

    static let service = "org.freedesktop.ScreenSaver"
    static let paths = ["/org/freedesktop/ScreenSaver", "/ScreenSaver"]

    private init(cookie: UInt32, path: String, bus: SessionBusConnection) {
        self.cookie = cookie
        self.path = path
        self.bus = bus
    }

    /// Asks the session's screensaver not to start, for `application` because of
    /// `reason`. Returns the inhibition, if one was made, and the phrase the kiosk's
    /// log line says: `screensaver inhibited over D-Bus`, or why not (no session bus,
    /// no screensaver service on it).
    public static func inhibit(application: String, reason: String,
                               environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (inhibition: ScreenSaverInhibition?, phrase: String)
    {
        inhibit(application: application, reason: reason, environment: environment, timeout: 2)
    }

    /// `inhibit(application:reason:environment:)` waiting at most `timeout` seconds for
    /// each answer (tests shorten it).
    static func inhibit(application: String, reason: String, environment: [String: String], timeout: TimeInterval)
        -> (inhibition: ScreenSaverInhibition?, phrase: String)
    {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else {
            return (nil, "no session bus, so no desktop screensaver to inhibit")
        }
        let bus: SessionBusConnection
        do {
            bus = try SessionBusConnection(address: address, timeout: timeout)
        } catch {
            return (nil, "desktop screensaver NOT inhibited (\(error))")
        }
        var problem = ""
        for path in paths {
            do {
                let reply = try bus.call(destination: service, path: path, interface: service, member: "Inhibit",
                                         arguments: [application, reason])
                guard let cookie = reply.first.flatMap(UInt32.init) else { continue }
                return (ScreenSaverInhibition(cookie: cookie, path: path, bus: bus), "screensaver inhibited over D-Bus")
            } catch {
                problem = "the session bus has no screensaver service (\(error))"
                // Only a service that does not know the first path is asked at the
                // next; a call the bus failed to carry may still have inhibited, and
                // asking again would leave an inhibition nobody ends (closing the
                // connection below ends that one, if it was made).
                guard error.isErrorReply else {
                    problem = "the screensaver service did not answer (\(error))"
                    break
                }
            }
        }
        bus.close()
        return (nil, "desktop screensaver NOT inhibited: \(problem)")
    }

    /// Lets the screensaver start again and closes the connection. Once.
    public func end() {
        guard !isEnded else { return }
        isEnded = true
        _ = try? bus.call(destination: Self.service, path: path, interface: Self.service, member: "UnInhibit",
                          arguments: [cookie])
        bus.close()
    }

    deinit {
        end()
    }
}
