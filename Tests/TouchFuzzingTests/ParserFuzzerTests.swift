import Foundation
import XCTest
@testable import touch_sandbox_fuzz

/// The parser targets in process: damaged real inputs are refused in one line or
/// accepted in range, the damage is a function of the seed, and the line check catches
/// what breaks a line.
@MainActor
final class ParserFuzzerTests: XCTestCase {
    func testEachTargetTakesDamagedInputsWithoutAFinding() async throws {
        for target in ParserTarget.allCases {
            let fuzzer = try ParserFuzzer(target: target)
            defer { fuzzer.cleanUp() }
            XCTAssertGreaterThan(fuzzer.corpus.count, 2, "\(target): real inputs to damage")
            let report = fuzzer.run(firstSeed: 1, duration: 60, maximumInputs: 800, onInput: { _ in }, progress: { _ in })
            XCTAssertEqual(report.inputs, 800, "\(target)")
            XCTAssertNil(report.finding.map { "seed \($0.seed): \($0.problem)" }, "\(target)")
        }
    }

    /// CI's bounded run: `TOUCH_FUZZ_SECONDS` (default 60) for each parser target, from
    /// a seed that changes every day (printed, so a finding is repeatable with
    /// `touch-sandbox-fuzz --target T --seed N --replay`).
    func testEachParserTargetKeepsItsPromisesForAMinute() async throws {
        let seconds = ProcessInfo.processInfo.environment["TOUCH_FUZZ_SECONDS"].flatMap(Double.init) ?? 60
        let firstSeed = UInt64(Date().timeIntervalSince1970 / 86_400) * 1_000_000
        for target in ParserTarget.allCases {
            let fuzzer = try ParserFuzzer(target: target)
            defer { fuzzer.cleanUp() }
            let report = fuzzer.run(firstSeed: firstSeed, duration: seconds, maximumInputs: .max, onInput: { _ in }, progress: { _ in })
            print("fuzzed \(target.rawValue) from seed \(firstSeed): \(report.inputs) inputs, \(report.bytes) bytes in \(Int(report.seconds)) s")
            XCTAssertGreaterThan(report.inputs, 100, "\(target)")
            XCTAssertNil(report.finding.map { "seed \($0.seed): \($0.problem)" }, "\(target)")
        }
    }

    func testTheDamageIsAFunctionOfTheSeedAndUsesEveryMutation() async {
        let corpus = [Data(#"{"t":0.5,"x":12}"#.utf8), Data("monitor=HDMI-1,idle=90".utf8)]
        XCTAssertEqual(InputMutator.mutate(corpus, seed: 42).input, InputMutator.mutate(corpus, seed: 42).input)
        XCTAssertNotEqual(InputMutator.mutate(corpus, seed: 42).input, InputMutator.mutate(corpus, seed: 43).input)
        let used = Set((0..<2000).flatMap { InputMutator.mutate(corpus, seed: UInt64($0)).mutations.map { "\($0)" } })
        XCTAssertEqual(used, Set(InputMutator.Mutation.allCases.map { "\($0)" }))
        XCTAssertEqual(InputMutator.numberRanges(in: Array(#"{"t":-0.5e3,"x":12}"#.utf8)), [5..<11, 16..<18])
    }

    func testTheLineCheckCatchesWhatBreaksOrBuriesALine() async {
        XCTAssertNil(ParserTarget.problem(withLine: "replay.touches:3: \"t\" must be a finite number", of: "the error"))
        XCTAssertEqual(ParserTarget.problem(withLine: "", of: "the error"), "the error is empty")
        XCTAssertEqual(ParserTarget.problem(withLine: "a\nb", of: "the error"), #"the error holds U+A: a\nb"#)
        XCTAssertEqual(ParserTarget.problem(withLine: "a\u{2028}b", of: "the error"), #"the error holds U+2028: a\u{2028}b"#)
        XCTAssertEqual(ParserTarget.problem(withLine: "\u{1B}[2J", of: "the error"), #"the error holds U+1B: \u{1B}[2J"#)
        XCTAssertTrue(ParserTarget.problem(withLine: String(repeating: "x", count: 1001), of: "the error")?
            .hasPrefix("the error is 1001 characters long") ?? false)
    }

    /// What the fuzzer would have found before this pass: each is refused in one line now.
    func testTheInputsThatCrashedOrBrokeLinesAreNowOneLineRefusals() async throws {
        let fuzzer = try ParserFuzzer(target: .recordings)
        defer { fuzzer.cleanUp() }
        let header = #"{"format":"touch-recording","version":1,"size":[640,480],"app":"t"}"#
        for text in [
            #"{"format":"touch-recording","version":1,"size":[1e308,1e308],"app":"t"}"#,
            header + "\n" + #"{"t":1e300,"batch":1,"device":1,"touch":1,"phase":"began","x":1,"y":2}"#,
            header + "\n" + #"{"t":0.1,"batch":1,"device":1,"touch":1,"phase":"be\ngan","x":1,"y":2}"#,
            header + "\n" + String(repeating: "[", count: 513),
        ] {
            XCTAssertNil(ParserTarget.recordings.check(Data((text + "\n").utf8), scratch: fuzzer.scratch), text)
        }
        for word in ["=", "on,=", "==", "monitor=DP-1,=", "spots\nmeter", String(repeating: "bad,", count: 5000)] {
            XCTAssertNil(ParserTarget.words.check(Data(word.utf8), scratch: fuzzer.scratch), word)
        }
        for state in [#"{"device":"t","display":":0","matrix":[1e30,0,0,0,1e30,0,0,0,1]}"#,
                      #"{"device":"t","display":":0","matrix":[0,0,0,0,0,0,0,0,0]}"#,
                      #"{"device":"t","display":":7","matrix":[1,0,0,0,1,0,0,0,1]}"#,
                      #"{"device":"t","display":":0","matrix":[1,0,50,0,1,50,0,0,1]}"#,
                      // Found by this fuzzer: JSONDecoder traps when the 513th level opens at the end.
                      String(repeating: "[", count: 513), "\u{FEFF}" + String(repeating: "[", count: 513)] {
            XCTAssertNil(ParserTarget.kioskState.check(Data(state.utf8), scratch: fuzzer.scratch), state)
        }
    }
}
