import Foundation

/// When the monitor showing a window last began a vertical blank, as the X server's
/// Present extension reports it: the run loop's frame grid (`FramePacer`) starts its
/// slots there, so a frame started early in a slot has the whole refresh to be drawn
/// before the display next shows one.
///
/// It asks with `PresentNotifyMSC` about once a second on a connection of its own, and
/// reads the answers (`PresentCompleteNotify`, with the blank's UST in microseconds on
/// `CLOCK_MONOTONIC` and its MSC) without ever waiting: an answer's timestamp is exact
/// however late it is read, so the run loop arms no wake-up for it. The first question
/// asks for the next blank; each later one for the blank about a second after the last
/// answered; one unanswered for three seconds (the window moved to a monitor whose
/// count is behind) is asked again for the next blank.
///
/// With a real CRTC (a DRM driver) the UST is the kernel's timestamp of the blank. On a
/// server with no CRTC for the window (the `dummy` driver, an unmapped window) Present
/// counts a fake blank on its own timer, which the grid follows just the same.
final class PresentVblankClock {
    private let library: PresentLibrary
    private let connection: OpaquePointer
    private let window: UInt32
    private let presentOpcode: UInt8
    /// Blanks between questions: about a second's worth at the display's rate.
    private let blanksBetweenQuestions: UInt64
    /// The last blank answered: its UST in seconds on `CLOCK_MONOTONIC`, and its MSC.
    private(set) var latest: (seconds: TimeInterval, msc: UInt64)?
    /// Blanks answered so far.
    private(set) var answers = 0
    private var askedAt: TimeInterval = 0
    private var lastRead: TimeInterval = -.infinity
    private var serial: UInt32 = 0
    private var isBroken = false

    /// Reads of the connection are at least this far apart: the timestamps do not age.
    static let readInterval: TimeInterval = 0.25
    static let unansweredAfter: TimeInterval = 3
    /// How old an answer may be when read and still be taken.
    static let staleAfter: TimeInterval = 2
    /// How far ahead of now an answer's UST may be (timer and scheduling slack).
    static let futureTolerance: TimeInterval = 0.05

    /// A clock for `window` on `displayName`, or nil when libxcb or libxcb-present is not
    /// installed, the server has no Present extension, or the connection fails.
    /// `refreshInterval` sets how many blanks lie between questions.
    init?(displayName: String, window: UInt32, refreshInterval: TimeInterval, now: TimeInterval) {
        guard let library = PresentLibrary.shared else { return nil }
        guard let connection = library.connect(displayName, nil) else { return nil }
        guard library.hasError(connection) == 0,
              let extensionData = library.getExtensionData(connection, library.presentExtension),
              // xcb_query_extension_reply_t: present (byte 8), major_opcode (byte 9).
              extensionData.load(fromByteOffset: 8, as: UInt8.self) != 0 else {
            library.disconnect(connection)
            return nil
        }
        let opcode = extensionData.load(fromByteOffset: 9, as: UInt8.self)
        // Announcing the version the client speaks is part of the handshake.
        let cookie = library.queryVersion(connection, 1, 0)
        var error: UnsafeMutableRawPointer?
        let reply = library.queryVersionReply(connection, cookie, &error)
        free(error)
        guard let reply else {
            library.disconnect(connection)
            return nil
        }
        free(reply)
        self.library = library
        self.connection = connection
        self.window = window
        self.presentOpcode = opcode
        self.blanksBetweenQuestions = UInt64(max(1, (1 / max(refreshInterval, 0.001)).rounded()))
        _ = library.selectInput(connection, library.generateID(connection), window, PresentLibrary.completeNotifyMask)
        askForNextBlank(now: now)
    }

    deinit {
        library.disconnect(connection)
    }

    /// Reads the answers that came, never waiting (at most every `readInterval`); returns
    /// whether a new blank was answered (`latest`). An answer that waited unread longer
    /// than `staleAfter` (the app was idle), or stamped ahead of now (a server whose UST
    /// is not `CLOCK_MONOTONIC`), is not taken: the grid would be aligned to a blank
    /// extrapolated over minutes, or to another clock. The next blank is asked for
    /// instead.
    @discardableResult
    func read(now: TimeInterval) -> Bool {
        guard !isBroken, now - lastRead >= Self.readInterval else { return false }
        lastRead = now
        var answered = false
        var taken = false
        while let event = library.pollForEvent(connection) {
            defer { free(event) }
            guard let blank = blank(in: UnsafeRawPointer(event)) else { continue }
            answered = true
            guard now - blank.seconds <= Self.staleAfter, blank.seconds <= now + Self.futureTolerance else { continue }
            latest = blank
            answers += 1
            taken = true
        }
        if library.hasError(connection) != 0 {
            // The server went away: the grid keeps the phase it has.
            isBroken = true
            return taken
        }
        if taken, let latest {
            ask(target: latest.msc + blanksBetweenQuestions, divisor: 0, now: now)
        } else if answered || now - askedAt >= Self.unansweredAfter {
            askForNextBlank(now: now)
        }
        return taken
    }

    private func askForNextBlank(now: TimeInterval) {
        // Target 0 with divisor 1: the next MSC that is a multiple of 1, the next blank.
        ask(target: 0, divisor: 1, now: now)
    }

    private func ask(target: UInt64, divisor: UInt64, now: TimeInterval) {
        serial &+= 1
        _ = library.notifyMSC(connection, window, serial, target, divisor, 0)
        _ = library.flush(connection)
        askedAt = now
    }

    /// The blank a `PresentCompleteNotify` for this clock's latest `NotifyMSC` reports, or
    /// nil for any other event. The layout is the protocol's, with libxcb's
    /// `full_sequence` put in at byte 32 (so the MSC that follows is at byte 36).
    private func blank(in event: UnsafeRawPointer) -> (seconds: TimeInterval, msc: UInt64)? {
        guard event.load(as: UInt8.self) & 0x7f == PresentLibrary.genericEvent,
              event.load(fromByteOffset: 1, as: UInt8.self) == presentOpcode,
              event.loadUnaligned(fromByteOffset: 8, as: UInt16.self) == PresentLibrary.completeNotifyEvent,
              event.load(fromByteOffset: 10, as: UInt8.self) == PresentLibrary.notifyMSCKind,
              event.loadUnaligned(fromByteOffset: 16, as: UInt32.self) == window,
              // The latest question's: an older one's answer (asked again after three
              // seconds) would start a second chain of questions.
              event.loadUnaligned(fromByteOffset: 20, as: UInt32.self) == serial else { return nil }
        let ust = event.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        let msc = event.loadUnaligned(fromByteOffset: 36, as: UInt64.self)
        guard ust > 0 else { return nil }
        return (TimeInterval(ust) / 1_000_000, msc)
    }
}
