import CX11
import FileSafety
import Foundation
import HeadlessXorg
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// State files are trusted only when they are the user's own and say something a
/// touchscreen can do: a nonsense matrix, a file for another display, a folder or file
/// another user planted are never applied, and a kiosk never saves nonsense as the
/// original it puts back.
extension TouchscreenMappingTests {
    func testANonsenseMatrixInAStateFileIsNotRestoredAndTheFileIsRemoved() throws {
        try onHeadlessServer(withHalves: false) { server, probe in
            let cases: [([Float], String)] = [
                ([1e30, 0, 0, 0, 1e30, 0, 0, 0, 1], "[1e+30,0,0,0,1e+30,0,0,0,1] cannot be a touchscreen's: it scales the touchscreen by more than 16 screens"),
                ([0, 0, 0, 0, 0, 0, 0, 0, 0], "[0,0,0,0,0,0,0,0,0] cannot be a touchscreen's: its last row is not 0 0 1"),
                ([0, 0, 0, 0, 0, 0, 0, 0, 1], "[0,0,0,0,0,0,0,0,1] cannot be a touchscreen's: it flattens the touchscreen to a line or a point"),
                ([1, 0, 50, 0, 1, 50, 0, 0, 1], "[1,0,50,0,1,50,0,0,1] cannot be a touchscreen's: it maps the touchscreen's centre off the screen"),
            ]
            for (matrix, reason) in cases {
                let file = try Self.plantStateFile(display: server.display, device: "touchscreen", matrix: matrix)
                XCTAssertEqual(try TouchscreenMapping.restoreLeftovers(display: server.display),
                               "touch mapping: not restored: \(file.lastPathComponent) (its matrix \(reason); removed)")
                XCTAssertEqual(Self.matrix(probe, "touchscreen"), TouchscreenMapping.identity)
                XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
            }
        }
    }

    func testAStateFileWrittenForAnotherDisplayIsNotRestored() throws {
        try onHeadlessServer(withHalves: false) { server, probe in
            let half: [Float] = [0.5, 0, 0, 0, 0.5, 0, 0, 0, 1]
            let file = try Self.plantStateFile(display: server.display, device: "touchscreen", matrix: half, writtenFor: ":7")
            XCTAssertEqual(try TouchscreenMapping.restoreLeftovers(display: server.display),
                           "touch mapping: not restored: \(file.lastPathComponent) (written for display :7, not \(server.display); removed)")
            XCTAssertEqual(Self.matrix(probe, "touchscreen"), TouchscreenMapping.identity)
        }
    }

    /// A kiosk that finds a nonsense matrix on a touchscreen takes the identity as its
    /// original: that is what it saves, decides from, and puts back at exit.
    func testAKioskNeverSavesANonsenseMatrixAsTheOriginal() throws {
        try onHeadlessServer(withHalves: true) { server, probe in
            let nonsense: [Float] = [1, 0, 50, 0, 1, 50, 0, 0, 1]
            Self.setMatrix(probe, "touchscreen", nonsense)
            let host = try X11Host(options: X11Host.Options(display: server.display, kiosk: KioskConfiguration(monitor: "RIGHT")))
            var lines: [String] = []
            host.log = { lines.append($0) }
            host.start()
            XSync(host.connection.display, 0)
            let spans = Self.list(Self.monitorNames(probe))
            XCTAssertEqual(lines.dropFirst().first, "kiosk: touchscreen \"touchscreen\" had the matrix [1,0,50,0,1,50,0,0,1], which cannot be a touchscreen's (it maps the touchscreen's centre off the screen), so its original is taken as the identity; touchscreen \"touchscreen\" spans \(spans); mapped to RIGHT for the kiosk (restored at exit); touchscreen \"touchscreen-2\" spans \(spans); mapped to RIGHT for the kiosk (restored at exit)")
            let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: TouchscreenMapping.stateFile(display: server.display, device: "touchscreen"))) as? [String: Any]
            XCTAssertEqual((saved?["matrix"] as? [Double])?.map { Float($0) }, TouchscreenMapping.identity)
            Self.closeAndExpectEveryMatrixPutBack(host, server: server, probe: probe)
        }
    }

    /// Without XDG_RUNTIME_DIR the folder is in the shared temporary directory, where
    /// another user can make it first. Each way of planting it is refused, and the matrix
    /// it holds is never applied.
    func testAStateFolderOrFileAnotherUserPlantedIsNeverTrusted() throws {
        guard geteuid() == 0 else { throw XCTSkip("planting files as another user needs root") }
        try onHeadlessServer(withHalves: false) { server, probe in
            let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(UUID())")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: false)
            let previous = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"]
            setenv("XDG_RUNTIME_DIR", runtime.path, 1)
            defer {
                if let previous { setenv("XDG_RUNTIME_DIR", previous, 1) } else { unsetenv("XDG_RUNTIME_DIR") }
                try? FileManager.default.removeItem(at: runtime)
            }
            let folder = TouchscreenMapping.stateDirectory.path
            XCTAssertEqual(folder, runtime.appendingPathComponent("touch-sandbox").path)
            let half: [Float] = [0.5, 0, 0, 0, 0.5, 0, 0, 0, 1]
            let advice = "remove it, or set XDG_RUNTIME_DIR to your own runtime folder"
            let plantings: [(String, () throws -> Void)] = [
                ("its mode is 777, not 700, so others could change it; \(advice)", {
                    try Self.plantStateFile(display: server.display, device: "touchscreen", matrix: half)
                    chmod(folder, 0o777)
                }),
                ("it belongs to user 65534, not to you (0); \(advice)", {
                    try Self.plantStateFile(display: server.display, device: "touchscreen", matrix: half)
                    chown(folder, 65534, 65534)
                }),
                ("it is a symbolic link, not a folder of your own; \(advice)", {
                    let elsewhere = runtime.appendingPathComponent("elsewhere")
                    try Self.plantStateFile(display: server.display, device: "touchscreen", matrix: half)
                    try FileManager.default.moveItem(atPath: folder, toPath: elsewhere.path)
                    symlink(elsewhere.path, folder)
                }),
            ]
            for (reason, plant) in plantings {
                try plant()
                XCTAssertEqual(try TouchscreenMapping.restoreLeftovers(display: server.display),
                               "touch mapping: nothing restored: cannot use \(folder): \(reason)")
                XCTAssertEqual(Self.matrix(probe, "touchscreen"), TouchscreenMapping.identity)
                try FileManager.default.removeItem(atPath: folder)
                try? FileManager.default.removeItem(at: runtime.appendingPathComponent("elsewhere"))
            }

            // A folder of one's own holding another user's file: the file is left alone.
            let file = try Self.plantStateFile(display: server.display, device: "touchscreen", matrix: half)
            chown(file.path, 65534, 65534)
            XCTAssertEqual(try TouchscreenMapping.restoreLeftovers(display: server.display),
                           "touch mapping: not restored: \(file.lastPathComponent) (it belongs to user 65534, not to you (0), so it is not trusted; remove it; left alone)")
            XCTAssertEqual(Self.matrix(probe, "touchscreen"), TouchscreenMapping.identity)
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))
            try FileManager.default.removeItem(at: file)
        }
    }
}
