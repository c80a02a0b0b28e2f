import Foundation
import XCTest

/// The cross-import overlay modules are linked into every app, so they must not bring
/// Swift Testing's runtime with them: an app that does not test must not load it.
final class CrossImportOverlayTests: XCTestCase {
    /// The sandbox is an app like any other: UIKit, the host, the debug layer.
    func testTheSandboxAppDoesNotLoadSwiftTestingsRuntime() throws {
        let app = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("touch-sandbox")
        let libraries = try neededLibraries(of: app)
        XCTAssertTrue(libraries.contains("libswiftCore.so"), "readelf listed \(libraries)")
        XCTAssertFalse(libraries.contains { $0.hasPrefix("libTesting") || $0.hasPrefix("lib_Testing") }, "\(libraries)")
    }

    /// The shared libraries an ELF file names as needed (`DT_NEEDED`), read by binutils'
    /// readelf, which every machine with a C toolchain (Swift's own linker needs one) has.
    private func neededLibraries(of binary: URL) throws -> [String] {
        let readelf = Process()
        readelf.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        readelf.arguments = ["--dynamic", binary.path]
        let output = Pipe()
        readelf.standardOutput = output
        try readelf.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        readelf.waitUntilExit()
        XCTAssertEqual(readelf.terminationStatus, 0, "readelf --dynamic \(binary.path) failed")
        // Lines read "0x… (NEEDED)  Shared library: [libX.so.N]".
        return text.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }
}
