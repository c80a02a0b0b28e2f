import Foundation
import XCTest
@testable import HeadlessXorg

/// The encoded messages must match the driver's C structs byte for byte.
final class InputTestMessageTests: XCTestCase {
    func testSizesMatchTheDocumentedLayout() {
        XCTAssertEqual(InputTestMessage.clientVersion(major: 1, minor: 1).encoded.count, 12)
        XCTAssertEqual(InputTestMessage.waitForSync.encoded.count, 8)
        XCTAssertEqual(InputTestMessage.absoluteMotion(x: 1, y: 2).encoded.count, 1056)
        XCTAssertEqual(InputTestMessage.button(number: 1, isPress: true, x: 1, y: 2).encoded.count, 1064)
        XCTAssertEqual(InputTestMessage.key(code: 37, isPress: true).encoded.count, 16)
        XCTAssertEqual(InputTestMessage.touch(id: 1, type: .begin, x: 1, y: 2).encoded.count, 1056)
    }

    func testTouchLayout() {
        let bytes = InputTestMessage.touch(id: 7, type: .update, x: 1.5, y: -2).encoded
        XCTAssertEqual(bytes.loadLittleEndian(UInt32.self, at: 0), 1056)  // length
        XCTAssertEqual(bytes.loadLittleEndian(UInt32.self, at: 4), 6)  // XF86IT_EVENT_TOUCH
        XCTAssertEqual(bytes.loadLittleEndian(UInt32.self, at: 8), 7)  // touchid
        XCTAssertEqual(bytes.loadLittleEndian(UInt32.self, at: 12), 19)  // XI_TouchUpdate
        XCTAssertEqual(bytes.loadLittleEndian(UInt32.self, at: 16), 0)  // has_unaccelerated
        XCTAssertEqual(bytes[20], 0b11)  // mask: axes 0 and 1
        XCTAssertEqual(Array(bytes[21..<28]), [0, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(Double(bitPattern: bytes.loadLittleEndian(UInt64.self, at: 32)), 1.5)
        XCTAssertEqual(Double(bitPattern: bytes.loadLittleEndian(UInt64.self, at: 40)), -2)
    }

    /// A touch with pressure sets axis 4, the inputtest touchscreen's "Abs MT Pressure"
    /// (`man 4 inputtest`), beside x and y; the message keeps its size.
    func testATouchWithPressureSetsAxisFour() {
        let bytes = InputTestMessage.touch(id: 7, type: .begin, x: 1.5, y: -2, pressure: 1023.5).encoded
        XCTAssertEqual(bytes.count, 1056)
        XCTAssertEqual(bytes[20], 0b1_0011)  // mask: axes 0, 1 and 4
        XCTAssertEqual(Array(bytes[21..<28]), [0, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(Double(bitPattern: bytes.loadLittleEndian(UInt64.self, at: 32)), 1.5)
        XCTAssertEqual(Double(bitPattern: bytes.loadLittleEndian(UInt64.self, at: 40)), -2)
        XCTAssertEqual(Double(bitPattern: bytes.loadLittleEndian(UInt64.self, at: 48)), 0)
        XCTAssertEqual(Double(bitPattern: bytes.loadLittleEndian(UInt64.self, at: 64)), 1023.5)
    }

    /// A smooth-scrolling motion is a motion message (type 2, absolute) that sets the
    /// absolute pointer's scroll valuators, horizontal on axis 2 and vertical on axis 3
    /// (`man 4 inputtest`), beside x and y; the message keeps its size.
    func testAScrollingMotionSetsAxesTwoAndThree() {
        let bytes = InputTestMessage.scrollingMotion(x: 1.5, y: -2, horizontalScroll: 60, verticalScroll: -240).encoded
        XCTAssertEqual(bytes.count, 1056)
        XCTAssertEqual(bytes.loadLittleEndian(UInt32.self, at: 4), 2)  // XF86IT_EVENT_MOTION
        XCTAssertEqual(bytes.loadLittleEndian(UInt32.self, at: 8), 1)  // is_absolute
        XCTAssertEqual(bytes[20], 0b1111)  // mask: axes 0 to 3
        XCTAssertEqual(Double(bitPattern: bytes.loadLittleEndian(UInt64.self, at: 32)), 1.5)
        XCTAssertEqual(Double(bitPattern: bytes.loadLittleEndian(UInt64.self, at: 40)), -2)
        XCTAssertEqual(Double(bitPattern: bytes.loadLittleEndian(UInt64.self, at: 48)), 60)
        XCTAssertEqual(Double(bitPattern: bytes.loadLittleEndian(UInt64.self, at: 56)), -240)
    }

    /// Compiles a C program against the installed header and compares every struct size
    /// with what the encoder produces.
    func testSizesMatchTheInstalledCHeader() throws {
        let header = "/usr/include/xorg/xf86-input-inputtest-protocol.h"
        guard FileManager.default.fileExists(atPath: header) else {
            throw XCTSkip("\(header) is not installed (xserver-xorg-dev)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inputtest-sizes-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("sizes.c")
        try """
        #include <stdio.h>
        #include "\(header)"
        int main(void) {
            printf("%zu %zu %zu %zu %zu %zu\\n", sizeof(xf86ITEventClientVersion), sizeof(xf86ITEventWaitForSync),
                   sizeof(xf86ITEventMotion), sizeof(xf86ITEventButton), sizeof(xf86ITEventKey),
                   sizeof(xf86ITEventTouch));
            return 0;
        }
        """.write(to: source, atomically: true, encoding: .utf8)
        let binary = directory.appendingPathComponent("sizes")
        XCTAssertEqual(try run("/usr/bin/cc", [source.path, "-o", binary.path]).status, 0)
        let output = try run(binary.path, [])
        let sizes = output.text.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(sizes, [
            InputTestMessage.clientVersion(major: 1, minor: 1).encoded.count,
            InputTestMessage.waitForSync.encoded.count,
            InputTestMessage.absoluteMotion(x: 0, y: 0).encoded.count,
            InputTestMessage.button(number: 1, isPress: true, x: 0, y: 0).encoded.count,
            InputTestMessage.key(code: 0, isPress: true).encoded.count,
            InputTestMessage.touch(id: 0, type: .begin, x: 0, y: 0).encoded.count,
        ])
    }

    private func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
