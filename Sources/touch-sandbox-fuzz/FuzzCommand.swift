import ArgumentParser
import Foundation
import TouchFuzzing
import TouchSandbox
import UIKit

/// What is fuzzed: the touch core, or one of the parsers of what comes from outside.
enum FuzzTarget: String, CaseIterable, ExpressibleByArgument {
    case sequences
    case recordings
    case kioskState = "kiosk-state"
    case words

    var parser: ParserTarget? { ParserTarget(rawValue: rawValue) }
}

/// `touch-sandbox-fuzz`: random multitouch sequences against the UIKit core, each
/// checked against the delivery promises (`TouchFuzzer`), or damaged inputs against
/// the parsers of recordings, kiosk state and environment words (`ParserFuzzer`).
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touch-sandbox-fuzz",
        abstract: "Random multitouch sequences through UIWindow.inject on a manual clock, each checked: every "
            + "touch a view heard begin ends exactly once, every recognizer returns to possible, nothing outlives its scenario.",
        discussion: """
            Runs until --seconds pass (or --count sequences ran) and stops at the first failure, printing its seed and \
            a minimal reproduction (exit 1). Sequences are numbered by seed from --seed on, so any run is repeatable. \
            A crash prints the seed that caused it. Examples:
              touch-sandbox-fuzz --seconds 600            ten minutes from a seed chosen from the clock
              touch-sandbox-fuzz --seed 4711 --replay     one sequence again, with its steps and violations

            --target recordings, kiosk-state or words fuzzes a parser instead: real inputs (the scenes' tours, \
            state files, documented words) cut short, with bytes flipped, huge numbers, odd encodings and line \
            endings. Each must be refused with a one-line error or accepted with values in range; the first \
            input that is not is written to touch-sandbox-fuzz-TARGET-SEED.input in the current folder (exit 1).
              touch-sandbox-fuzz --target recordings --seconds 3600
            """)

    @Option(help: ArgumentHelp("What to fuzz: sequences (the touch core), recordings, kiosk-state or words.", valueName: "target"))
    var target: FuzzTarget = .sequences

    @Option(help: "How long to fuzz, in seconds.")
    var seconds: Double = 60

    @Option(help: "The first sequence's seed (default: from the clock, printed).")
    var seed: UInt64?

    @Option(help: "Stop after this many sequences.")
    var count: Int?

    @Option(help: "Steps per sequence.")
    var steps: Int = 60

    @Flag(help: "Play only random view trees, not the sandbox's scenes.")
    var noScenes = false

    @Flag(help: "Play the one sequence (or input) of --seed, print its steps and what it broke.")
    var replay = false

    func validate() throws {
        guard seconds > 0, seconds.isFinite else { throw ValidationError("--seconds must be positive, got \(seconds)") }
        guard steps > 0 else { throw ValidationError("--steps must be positive, got \(steps)") }
        if let count, count <= 0 { throw ValidationError("--count must be positive, got \(count)") }
        if replay, seed == nil { throw ValidationError("--replay needs --seed") }
    }
}
