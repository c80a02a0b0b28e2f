import FileSafety
import Foundation

/// Runs a `ParserTarget` on damaged inputs, one per seed from a first seed on, until
/// a time or a count is up or an input breaks a promise.
@MainActor
struct ParserFuzzer {
    let target: ParserTarget
    let corpus: [Data]
    /// Where the recordings target writes each input, in a folder of its own.
    let scratch: String

    /// What a run did.
    struct Report {
        var inputs = 0
        var bytes = 0
        var seconds: TimeInterval = 0
        /// The first input that broke a promise: its seed and what it broke.
        var finding: (seed: UInt64, problem: String)?
    }

    init(target: ParserTarget) throws {
        self.target = target
        corpus = target.corpus
        // mkdtemp: a folder no one else made first (a shared /tmp), removed by cleanUp().
        var template = Array((FileManager.default.temporaryDirectory.path + "/touch-sandbox-fuzz-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        scratch = String(cString: made) + "/input.touches"
    }

    /// The damaged input of `seed` and the mutations that made it.
    func input(seed: UInt64) -> (input: Data, mutations: [InputMutator.Mutation]) {
        InputMutator.mutate(corpus, seed: seed)
    }

    /// What `seed`'s input broke, or nil.
    func problem(seed: UInt64) -> String? {
        target.check(input(seed: seed).input, scratch: scratch)
    }

    func run(firstSeed: UInt64, duration: TimeInterval, maximumInputs: Int, onInput: (UInt64) -> Void,
             progress: (Report) -> Void) -> Report {
        var report = Report()
        let start = Date()
        var lastProgress = start
        var seed = firstSeed
        while report.inputs < maximumInputs, Date().timeIntervalSince(start) < duration {
            onInput(seed)
            let (input, _) = input(seed: seed)
            report.inputs += 1
            report.bytes += input.count
            if let problem = target.check(input, scratch: scratch) {
                report.finding = (seed, problem)
                break
            }
            seed &+= 1
            if Date().timeIntervalSince(lastProgress) >= 10 {
                lastProgress = Date()
                report.seconds = lastProgress.timeIntervalSince(start)
                progress(report)
            }
        }
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    /// Removes the scratch folder.
    func cleanUp() {
        try? FileManager.default.removeItem(atPath: (scratch as NSString).deletingLastPathComponent)
    }
}
