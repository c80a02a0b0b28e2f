import FileSafety
import Foundation
import UIKit

/// Reads recording files (`TouchRecordingFormat`): the whole file is checked before any
/// of it is played, and the first problem is an error naming its line.
///
/// A file cut short (its last line incomplete: no newline and not a whole object, as a
/// recorder killed mid-write leaves it) is not an error: what is complete is read, and
/// `truncation` says where it stopped.
///
/// Lines may end with `\n` or `\r\n` (a file passed through a Windows editor). A batch
/// whose samples lie more than `TouchRecorder.batchGap` apart (written by a recorder
/// before it split such batches) is read as batches split at those gaps. Numbers are
/// checked where they are read: a window side is 1 to `maximumSide` points, a scale
/// above 0 and at most `maximumScale`, a location within `maximumCoordinate`, device
/// ids and keysyms within the widths X gives them.
public struct TouchRecordingReader {
    /// The most a recording file may hold: about an hour of ten fingers at 120 Hz.
    public static let maximumFileSize = 512 << 20
    /// The largest window side a header may give, in points: X11's limit on a window.
    public static let maximumSide: Double = 32767
    /// The latest time a line may give, in seconds: 11 days and more, longer than any
    /// session a person records, and short of times that would make a replay wait for ever.
    public static let maximumTime: Double = 1_000_000
    /// The farthest a sample may lie from the window's origin, in points, and the
    /// largest force or contact radius.
    public static let maximumCoordinate: Double = 1_000_000
    /// The largest scale a header may give.
    public static let maximumScale: Double = 16

    /// What a read found: the recording, and where a file cut short stopped.
    public struct Result: Sendable {
        public var recording: TouchRecording
        /// "FILE:LINE: incomplete last line; read up to 3.25 s" when the file was cut
        /// short, else nil.
        public var truncation: String?
    }

    /// Reads the file at `url`: a regular file, or a FIFO or pipe read as a stream until
    /// its writer closes it (`InputFile`), at most `maximumFileSize` bytes.
    public static func read(contentsOf url: URL) throws(TouchRecordingError) -> Result {
        let data: Data
        do throws(FileError) {
            data = try InputFile.read(url.path, limit: maximumFileSize, what: "a recording made with --record")
        } catch {
            throw TouchRecordingError(file: url.path, line: 0, problem: "cannot be read: \(error.reason)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TouchRecordingError(file: url.path, line: 0, problem: "is not UTF-8 text, so not a touch recording")
        }
        return try read(text, file: url.path)
    }

    /// Reads recording text; `file` names it in errors.
    public static func read(_ text: String, file: String = "recording") throws(TouchRecordingError) -> Result {
        guard !text.allSatisfy(\.isWhitespace) else {
            throw TouchRecordingError(file: file, line: 0, problem: "is empty; a touch recording starts with its header line")
        }
        var parser = Parser(file: file)
        // Swift reads "\r\n" as one Character, so a Windows file's lines split on it too.
        let endsWithNewline = text.hasSuffix("\n") || text.hasSuffix("\r\n")
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        // The text after the last newline: empty for a whole file.
        let count = endsWithNewline ? lines.count - 1 : lines.count
        for index in 0..<count {
            let isLast = index == count - 1
            do {
                try parser.take(lines[index], number: index + 1)
            } catch let error {
                // A recorder stopped mid-line: keep what came before.
                if isLast, !endsWithNewline, index > 0, error.problem.hasPrefix(Parser.notJSON) {
                    return Result(recording: try parser.finish(),
                                  truncation: "\(file):\(index + 1): incomplete last line; read up to \(TouchRecordingFormat.time(parser.lastTime)) s")
                }
                throw error
            }
        }
        return Result(recording: try parser.finish(), truncation: nil)
    }

    /// The line-by-line state: the header, the events so far, the batch being read.
    private struct Parser {
        static let notJSON = "not a JSON object"

        let file: String
        var header: TouchRecording.Header?
        var events: [TouchRecording.Event] = []
        var batch: [TouchSample] = []
        var batchNumber = 0
        var lastTime: TimeInterval = 0

        init(file: String) {
            self.file = file
        }

        mutating func take(_ line: Substring, number: Int) throws(TouchRecordingError) {
            func fail(_ problem: String) -> TouchRecordingError {
                TouchRecordingError(file: file, line: number, problem: problem)
            }
            if line.allSatisfy(\.isWhitespace) {
                throw fail("empty line; every line is one JSON object")
            }
            // A line nests three levels at most; Foundation's JSON parser traps on some
            // deep text (`JSONNesting`), so deeper is refused before it is parsed.
            let depth = JSONNesting.depth(of: line.utf8)
            guard depth <= 16 else { throw fail("nested \(depth) levels deep; every line is one flat JSON object") }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                throw fail("\(Self.notJSON)")
            }
            guard let header else {
                self.header = try Self.header(object, fail: fail)
                return
            }
            _ = header
            let time = try Self.number("t", in: object, fail: fail)
            guard time <= TouchRecordingReader.maximumTime else {
                throw fail("\"t\" must be at most \(Int(TouchRecordingReader.maximumTime)) seconds (11 days), not \(TouchRecordingFormat.time(time))")
            }
            guard time >= lastTime else {
                throw fail("\"t\" goes back in time: \(TouchRecordingFormat.time(time)) after \(TouchRecordingFormat.time(lastTime))")
            }
            lastTime = time
            if object["key"] != nil {
                endBatch()
                let keysym = try Self.integer("key", in: object, fail: fail)
                guard (0...Int(UInt32.max)).contains(keysym) else { throw fail("\"key\" must be a keysym, 0 to \(UInt32.max)") }
                let text = object["text"] as? String ?? ""
                events.append(.key(TouchRecording.Key(keysym: UInt(keysym), text: text), time: time))
                return
            }
            let batchNumber = try Self.integer("batch", in: object, fail: fail)
            guard batchNumber >= self.batchNumber else {
                throw fail("\"batch\" goes back: \(batchNumber) after \(self.batchNumber)")
            }
            if batchNumber != self.batchNumber { endBatch() }
            // An older recorder kept what a stopped program read in one go as one batch.
            if let previous = batch.last, TouchRecorder.isGap(from: previous.timestamp, to: time) { endBatch() }
            self.batchNumber = batchNumber
            let device = try Self.integer("device", in: object, fail: fail)
            guard (0...Int(Int32.max)).contains(device) else { throw fail("\"device\" must be 0 to \(Int32.max), not \(device)") }
            let touch = try Self.integer("touch", in: object, fail: fail)
            guard let number = UInt32(exactly: touch) else { throw fail("\"touch\" must be 0 to \(UInt32.max), not \(touch)") }
            guard let phaseName = object["phase"] as? String else { throw fail("no \"phase\" (began, moved, ended or cancelled)") }
            guard let phase = TouchSample.Phase(rawValue: phaseName) else {
                throw fail("\"phase\" is \"\(phaseName.shownInOneLine())\"; use began, moved, ended or cancelled")
            }
            let x = try Self.number("x", in: object, fail: fail), y = try Self.number("y", in: object, fail: fail)
            // Anywhere near a window: a finger may leave it, but not by a million points,
            // which code converting to Int (a readout) would trap on further out.
            guard abs(x) <= TouchRecordingReader.maximumCoordinate, abs(y) <= TouchRecordingReader.maximumCoordinate else {
                throw fail("\"x\" and \"y\" must be within ±\(Int(TouchRecordingReader.maximumCoordinate)) points, not \(TouchRecordingFormat.number(x)), \(TouchRecordingFormat.number(y))")
            }
            // Force and contact size: each optional, 0 when absent.
            var contact: [CGFloat] = []
            for key in TouchRecordingFormat.contactKeys {
                let value = object[key] == nil ? 0 : try Self.number(key, in: object, fail: fail)
                guard value >= 0, value <= TouchRecordingReader.maximumCoordinate else {
                    throw fail("\"\(key)\" must be 0 to \(Int(TouchRecordingReader.maximumCoordinate)), not \(TouchRecordingFormat.number(value))")
                }
                contact.append(CGFloat(value))
            }
            batch.append(TouchSample(id: TouchSample.ID(device: device, number: number), phase: phase,
                                     location: CGPoint(x: x, y: y), timestamp: time, force: contact[0],
                                     maximumPossibleForce: contact[1], majorRadius: contact[2],
                                     majorRadiusTolerance: contact[3]))
        }

        mutating func endBatch() {
            guard !batch.isEmpty else { return }
            events.append(.touches(batch))
            batch = []
        }

        mutating func finish() throws(TouchRecordingError) -> TouchRecording {
            endBatch()
            guard let header else { throw TouchRecordingError(file: file, line: 1, problem: "no header line") }
            return TouchRecording(header: header, events: events)
        }

        static func header(_ object: [String: Any], fail: (String) -> TouchRecordingError) throws(TouchRecordingError) -> TouchRecording.Header {
            guard object["format"] as? String == TouchRecordingFormat.formatName else {
                throw fail("not a touch recording: the first line must be its header, {\"format\":\"\(TouchRecordingFormat.formatName)\",…}")
            }
            let version = try integer("version", in: object, fail: fail)
            guard TouchRecording.supportedVersions.contains(version) else {
                let known = TouchRecording.supportedVersions.map(String.init).joined(separator: ", ")
                throw fail("version \(version) is not understood; this build reads version \(known)")
            }
            guard let size = object["size"] as? [Any], size.count == 2,
                  let width = (size[0] as? NSNumber)?.doubleValue, let height = (size[1] as? NSNumber)?.doubleValue,
                  (1...maximumSide).contains(width), (1...maximumSide).contains(height)
            else { throw fail("\"size\" must be [width, height] in points, each 1 to \(Int(maximumSide))") }
            let scale = object["scale"] == nil ? 1 : try number("scale", in: object, fail: fail)
            guard scale > 0, scale <= maximumScale else { throw fail("\"scale\" must be above 0 and at most \(Int(maximumScale))") }
            guard let app = object["app"] as? String else { throw fail("no \"app\": the program that recorded it") }
            var devices: [TouchRecording.Device] = []
            for entry in object["devices"] as? [Any] ?? [] {
                guard let device = entry as? [String: Any], let id = (device["id"] as? NSNumber).flatMap({ Int32(exactly: $0.doubleValue) }),
                      id >= 0 else {
                    throw fail("each of \"devices\" must be {\"id\": number, \"name\": text}")
                }
                devices.append(TouchRecording.Device(id: Int(id), name: device["name"] as? String ?? ""))
            }
            return TouchRecording.Header(version: version, size: CGSize(width: width, height: height), scale: scale,
                                         app: app, scene: object["scene"] as? String, devices: devices)
        }

        static func number(_ key: String, in object: [String: Any], fail: (String) -> TouchRecordingError) throws(TouchRecordingError) -> Double {
            guard let value = object[key] else { throw fail("no \"\(key)\"") }
            guard let number = value as? NSNumber, number.doubleValue.isFinite else {
                throw fail("\"\(key)\" must be a finite number")
            }
            return number.doubleValue
        }

        static func integer(_ key: String, in object: [String: Any], fail: (String) -> TouchRecordingError) throws(TouchRecordingError) -> Int {
            let value = try number(key, in: object, fail: fail)
            guard let integer = Int(exactly: value) else { throw fail("\"\(key)\" must be a whole number, not \(value)") }
            return integer
        }
    }
}
