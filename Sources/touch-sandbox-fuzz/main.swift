import CairoRenderer
import FileSafety
import Foundation
import TouchFuzzing
import TouchSandbox
import UIKit

WriteSignals.ignore()

// Usage errors: one line, a pointer to --help, status 2 (not argument-parser's 64).
let command: FuzzCommand
do {
    command = try FuzzCommand.parse(SandboxCommand.joiningNegativeValues(
        Array(CommandLine.arguments.dropFirst()), options: ["--seconds", "--seed", "--count", "--steps"]))
} catch {
    if FuzzCommand.exitCode(for: error) == .success {
        print(FuzzCommand.fullMessage(for: error))
        exit(0)
    }
    let line = FuzzCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
    StandardError.writeLine("touch-sandbox-fuzz: \(line) (see --help)")
    exit(2)
}

/// Writes a line at once, so progress shows even when stdout is a file or a pipe.
func say(_ line: String) {
    StandardOutput.writeText(line + "\n")
}

/// Fuzzes one parser (`--target recordings|kiosk-state|words`) and exits.
@MainActor
func fuzzParser(_ target: ParserTarget) -> Never {
    let fuzzer: ParserFuzzer
    do {
        fuzzer = try ParserFuzzer(target: target)
    } catch {
        StandardError.writeLine("touch-sandbox-fuzz: cannot make a scratch folder: \(error)")
        exit(2)
    }
    let firstSeed = command.seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
    CrashReporter.install()
    CrashReporter.currentSeed = firstSeed
    if command.replay {
        let (input, mutations) = fuzzer.input(seed: firstSeed)
        say("seed \(firstSeed): \(target.rawValue) input of \(input.count) bytes, damaged by \(mutations.map { "\($0)" }.joined(separator: ", "))")
        say(String(decoding: input, as: UTF8.self).shownInOneLine(limit: 2000))
        let problem = fuzzer.problem(seed: firstSeed)
        say(problem.map { "finding: \($0)" } ?? "no findings")
        fuzzer.cleanUp()
        exit(problem == nil ? 0 : 1)
    }
    say("fuzzing \(target.rawValue) from seed \(firstSeed) for \(command.seconds) s\(command.count.map { " or \($0) inputs" } ?? "")"
        + ", \(fuzzer.corpus.count) real inputs damaged")
    let report = fuzzer.run(firstSeed: firstSeed, duration: command.seconds, maximumInputs: command.count ?? .max,
                            onInput: { CrashReporter.currentSeed = $0 }) { report in
        say(String(format: "%8.0f s  %9d inputs  %8.0f / s", report.seconds, report.inputs, Double(report.inputs) / report.seconds))
    }
    say(String(format: "%d inputs (%d bytes) in %.1f s: %.0f inputs / s", report.inputs, report.bytes, report.seconds,
                 Double(report.inputs) / max(report.seconds, 0.001)))
    guard let finding = report.finding else {
        say("no findings")
        fuzzer.cleanUp()
        exit(0)
    }
    let file = "touch-sandbox-fuzz-\(target.rawValue)-\(finding.seed).input"
    let saved = (try? OutputFile.write(fuzzer.input(seed: finding.seed).input, to: file)) != nil
    say("finding: seed \(finding.seed): \(finding.problem)")
    say(saved ? "its input is in \(file); replay it with --target \(target.rawValue) --seed \(finding.seed) --replay"
              : "replay it with --target \(target.rawValue) --seed \(finding.seed) --replay")
    fuzzer.cleanUp()
    exit(1)
}

MainActor.assumeIsolated {
    // The scenes load images and measure text as they do in the sandbox.
    CairoDrawingEngine.install()
    if let parser = command.target.parser { fuzzParser(parser) }
    let fuzzer = TouchFuzzer()
    fuzzer.stepsPerSequence = command.steps
    if !command.noScenes {
        fuzzer.scenes = SceneCatalog.all.map { scene in
            TouchFuzzer.SceneSource(name: scene.name) { scene.init() }
        }
    }
    let firstSeed = command.seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
    CrashReporter.install()
    CrashReporter.currentSeed = firstSeed

    if command.replay {
        let violations = fuzzer.violations(seed: firstSeed)
        say(fuzzer.describe(seed: firstSeed))
        say(violations.isEmpty ? "no violations" : violations.map { "violation: \($0)" }.joined(separator: "\n"))
        exit(violations.isEmpty ? 0 : 1)
    }

    say("fuzzing from seed \(firstSeed) for \(command.seconds) s\(command.count.map { " or \($0) sequences" } ?? "")"
        + (command.noScenes ? ", random trees only" : ", random trees and \(fuzzer.scenes.count) scenes"))
    let report = fuzzer.run(firstSeed: firstSeed, duration: command.seconds, maximumSequences: command.count ?? .max,
                            onSequence: { CrashReporter.currentSeed = $0 }) { report in
        say(String(format: "%8.0f s  %9d sequences  %8.0f / s  %11d samples", report.seconds, report.sequences,
                     report.sequencesPerSecond, report.samples))
    }
    say(String(format: "%d sequences (%d steps, %d samples, %d view messages) in %.1f s: %.0f sequences / s",
                 report.sequences, report.steps, report.samples, report.viewMessages, report.seconds, report.sequencesPerSecond))
    if let failure = report.failures.first {
        say(failure.description)
        exit(1)
    }
    say("no violations")
}
