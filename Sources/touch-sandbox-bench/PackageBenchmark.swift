import Foundation

/// The Debian package against a build from source: the package's and the binary's
/// sizes, and `--help`'s wall time and maximum resident memory for the packaged binary
/// (static, stripped; extracted from the .deb, not installed) and the release build
/// beside the bench (dynamic), side by side, alternating.
enum PackageBenchmark {
    static func run(_ arguments: [String]) throws {
        guard let debPath = arguments.first, debPath.hasSuffix(".deb") else {
            fail("usage: touch-sandbox-bench package FILE.deb [runs] (build it with packaging/debian/build-deb.sh)")
        }
        let runs = arguments.dropFirst().first.flatMap(Int.init) ?? 50
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-package-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let extract = Process()
        extract.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg-deb")
        extract.arguments = ["-x", debPath, folder.path]
        try extract.run()
        extract.waitUntilExit()
        guard extract.terminationStatus == 0 else { fail("package: dpkg-deb could not extract \(debPath)") }
        let packaged = folder.appendingPathComponent("usr/bin/touch-sandbox").path
        let built = benchDirectory.appendingPathComponent("touch-sandbox").path
        var samples: [String: [(milliseconds: Double, kilobytes: Int)]] = [packaged: [], built: []]
        for index in 0..<(runs + 10) {
            for path in [packaged, built] {
                let sample = try measureHelp(path)
                if index >= 10 { samples[path, default: []].append(sample) }
            }
        }
        func size(_ path: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
        }
        print("| binary | size | `--help` median ms | p90 ms | maximum resident KB (median) |")
        print("|---|---|---|---|---|")
        for (name, path) in [("packaged `touch-sandbox` (static, stripped)", packaged), ("built from source (release, dynamic)", built)] {
            let times = samples[path, default: []].map(\.milliseconds).sorted()
            let memory = samples[path, default: []].map(\.kilobytes).sorted()
            print(String(format: "| %@ | %d B | %.1f | %.1f | %d |", name, size(path), times[times.count / 2],
                         times[times.count * 9 / 10], memory[memory.count / 2]))
        }
        print("")
        print("| package | size |")
        print("|---|---|")
        print("| \((debPath as NSString).lastPathComponent) | \(size(debPath)) B |")
    }

    /// Runs `path --help` with its output thrown away; its wall time, and its maximum
    /// resident set as GNU time (`/usr/bin/time -f %M`) reports it. (The bench's own
    /// `wait4` would report the bench's size: a spawned child counts the parent's pages
    /// until it executes the program.)
    private static func measureHelp(_ path: String) throws -> (milliseconds: Double, kilobytes: Int) {
        // Timed by posix_spawn to exit: Foundation's Process adds tens of milliseconds.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(path), strdup("--help"), nil]
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, path, &actions, nil, arguments, environ) == 0 else { fail("package: cannot run \(path)") }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        let memory = Process()
        memory.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        memory.arguments = ["-f", "%M", path, "--help"]
        memory.standardOutput = FileHandle.nullDevice
        let report = Pipe()
        memory.standardError = report
        try memory.run()
        memory.waitUntilExit()
        let text = String(decoding: try report.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self)
        let kilobytes = Int(text.split(separator: "\n").last.map(String.init) ?? "") ?? 0
        return (elapsed, kilobytes)
    }
}
