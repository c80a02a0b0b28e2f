import TouchRecording
import UIKit
import XCTest
import TouchTestSupport

/// The file's text: canonical lines, and the same bytes after a read and a write.
final class TouchRecordingFormatTests: XCTestCase {
    static let header = TouchRecording.Header(size: CGSize(width: 1024, height: 768), scale: 2, app: "touch-sandbox",
                                              scene: "drag", devices: [.init(id: 2, name: "inputtest \"touch\"")])


    static let recording = TouchRecording(header: header, events: [
        .touches([TouchSample.finger(7, .began, 120.25, 88.5, at: 0, device: 2)]),
        .touches([TouchSample.finger(7, .moved, 124, 90.75, at: 0.016, device: 2), TouchSample.finger(8, .began, 300, 200, at: 0.016, device: 2)]),
        .key(TouchRecording.Key(keysym: 0xff1b, text: ""), time: 1.25),
        .touches([TouchSample.finger(7, .ended, 124, 90.75, at: 1.5, device: 2), TouchSample.finger(8, .cancelled, 300.1, 200, at: 1.5, device: 2)]),
    ])

    static let text = """
        {"format":"touch-recording","version":1,"size":[1024,768],"scale":2,"app":"touch-sandbox","scene":"drag","devices":[{"id":2,"name":"inputtest \\"touch\\""}]}
        {"t":0.000000,"batch":1,"device":2,"touch":7,"phase":"began","x":120.25,"y":88.5}
        {"t":0.016000,"batch":2,"device":2,"touch":7,"phase":"moved","x":124,"y":90.75}
        {"t":0.016000,"batch":2,"device":2,"touch":8,"phase":"began","x":300,"y":200}
        {"t":1.250000,"key":65307,"text":""}
        {"t":1.500000,"batch":3,"device":2,"touch":7,"phase":"ended","x":124,"y":90.75}
        {"t":1.500000,"batch":3,"device":2,"touch":8,"phase":"cancelled","x":300.1,"y":200}

        """

    func testARecordingWritesOneCanonicalLinePerSampleAndKey() {
        XCTAssertEqual(TouchRecordingFormat.text(of: Self.recording), Self.text)
    }

    func testReadingAndWritingAgainGivesTheSameRecordingAndTheSameBytes() throws {
        let read = try TouchRecordingReader.read(Self.text)
        XCTAssertNil(read.truncation)
        XCTAssertEqual(read.recording, Self.recording)
        XCTAssertEqual(TouchRecordingFormat.text(of: read.recording), Self.text)
        XCTAssertEqual(read.recording.sampleCount, 5)
        XCTAssertEqual(read.recording.duration, 1.5)
    }

    /// UITouch.force and UITouch.majorRadius survive a recording: each of the four
    /// values is written when it is not 0, after the place, and reads back exactly.
    func testForceAndContactSizeAreWrittenWhenTheyAreNotZero() throws {
        let pressed = TouchSample(id: TouchSample.ID(device: 2, number: 7), phase: .moved,
                                  location: CGPoint(x: 12, y: 30.5), timestamp: 0.5, force: 20.0 / 6,
                                  maximumPossibleForce: 20.0 / 3, majorRadius: 6.25, majorRadiusTolerance: 0.125)
        var noSize = pressed
        noSize.majorRadius = 0
        noSize.majorRadiusTolerance = 0
        noSize.force = 0
        let recording = TouchRecording(header: Self.header, events: [.touches([pressed]), .touches([noSize])])
        let text = TouchRecordingFormat.text(of: recording)
        XCTAssertEqual(text.split(separator: "\n").dropFirst(), [
            #"{"t":0.500000,"batch":1,"device":2,"touch":7,"phase":"moved","x":12,"y":30.5,"force":3.3333333333333335,"maxForce":6.666666666666667,"radius":6.25,"radiusTolerance":0.125}"#,
            #"{"t":0.500000,"batch":2,"device":2,"touch":7,"phase":"moved","x":12,"y":30.5,"maxForce":6.666666666666667}"#,
        ])
        XCTAssertEqual(try TouchRecordingReader.read(text).recording, recording)
    }

    func testTimesKeepTheMicrosecondAndCoordinatesReadBackExactly() throws {
        let awkward = TouchRecording(header: Self.header, events: [
            .touches([TouchSample.finger(1, .began, 1 / 3, -0.1, at: 12.0000004, device: 2)]),
            .touches([TouchSample.finger(1, .ended, 1e-7, 99999.5, at: 12.0000006, device: 2)]),
        ])
        let text = TouchRecordingFormat.text(of: awkward)
        XCTAssertTrue(text.contains("\"t\":12.000000,"), text)
        XCTAssertTrue(text.contains("\"t\":12.000001,"), text)
        let again = try TouchRecordingReader.read(text).recording
        guard case .touches(let first) = again.events[0] else { return XCTFail("not a batch") }
        XCTAssertEqual(first[0].location, CGPoint(x: 1 / 3, y: -0.1), "sub-pixel locations read back exactly")
        XCTAssertEqual(TouchRecordingFormat.text(of: again), text)
    }
}
