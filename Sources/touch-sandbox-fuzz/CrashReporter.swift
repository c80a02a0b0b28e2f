import Foundation

/// Says which seed was playing when the process dies of a trap or a fault, so that a
/// crash is as reproducible as a violation. The handler only writes bytes it formats
/// on the stack (no allocation), then dies of the same signal.
enum CrashReporter {
    /// The seed under way, kept where the signal handler can read it without locks.
    nonisolated(unsafe) static var currentSeed: UInt64 = 0

    static func install() {
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            Foundation.signal(signal) { number in
                CrashReporter.writeToStandardError("touch-sandbox-fuzz: crashed playing seed ")
                CrashReporter.writeDecimal(CrashReporter.currentSeed)
                CrashReporter.writeToStandardError("; replay it with the same --target and --seed N --replay\n")
                Foundation.signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    private static func writeToStandardError(_ text: StaticString) {
        _ = write(2, text.utf8Start, text.utf8CodeUnitCount)
    }

    private static func writeDecimal(_ value: UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var remaining = value
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            _ = write(2, digits.baseAddress! + start, 20 - start)
        }
    }
}
