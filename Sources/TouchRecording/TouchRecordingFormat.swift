import Foundation
import UIKit

/// The recording file: JSON Lines, one object per line, UTF-8, so a file reads and
/// diffs as text and a file cut short is still good up to its last whole line.
///
/// The first line is the header; then one line per touch sample and one per key press,
/// in the order they happened:
///
///     {"format":"touch-recording","version":1,"size":[1024,768],"scale":1,"app":"touch-sandbox","scene":"drag","devices":[{"id":2,"name":"inputtest touchscreen"}]}
///     {"t":0.000000,"batch":1,"device":2,"touch":7,"phase":"began","x":120.25,"y":88.5}
///     {"t":0.016000,"batch":2,"device":2,"touch":7,"phase":"moved","x":124,"y":90.75}
///     {"t":1.250000,"key":65307,"text":""}
///
/// - `t`: seconds from the start of the recording, to the microsecond (six decimals);
///   never decreasing from line to line.
/// - `batch`: samples with one batch number, on consecutive lines, were read in one go
///   and are delivered as one event; numbers increase.
/// - `device`, `touch`: the finger's identity (`TouchSample.ID`); `phase`: `began`,
///   `moved`, `ended` or `cancelled`; `x`, `y`: its location in points.
/// - `force`, `maxForce`, `radius`, `radiusTolerance`: the sample's `force`,
///   `maximumPossibleForce`, `majorRadius` and `majorRadiusTolerance`, each written only
///   when it is not 0 (a device that reports no pressure or contact size writes none of
///   them), so files from before they existed read as they were written.
/// - A move's `coalescedSamples` (the earlier moves it stood for) are not written: a
///   replay delivers each move as the app got it, but without them, so its
///   `UIEvent.coalescedTouches(for:)` holds the touch's copy alone.
/// - a key: its X keysym and the text it types.
///
/// Writing is canonical (keys in this order, times with six decimals, coordinates in
/// the shortest form that reads back exactly), so reading a file and writing it again
/// gives the same bytes. Readers ignore keys they do not know, so later versions may add
/// some; a file of a version this build does not know is refused.
public enum TouchRecordingFormat {
    /// The header's `format` value, which marks a file as a touch recording.
    public static let formatName = "touch-recording"

    // MARK: - Writing

    /// The whole recording as file text (each line ends in a newline).
    public static func text(of recording: TouchRecording) -> String {
        var writer = LineWriter()
        var text = headerLine(recording.header) + "\n"
        for event in recording.events {
            for line in writer.lines(for: event) { text += line + "\n" }
        }
        return text
    }

    /// The header's line.
    public static func headerLine(_ header: TouchRecording.Header) -> String {
        var line = "{\"format\":\"\(formatName)\",\"version\":\(header.version)"
        line += ",\"size\":[\(number(header.size.width)),\(number(header.size.height))],\"scale\":\(number(header.scale))"
        line += ",\"app\":\(quoted(header.app))"
        if let scene = header.scene { line += ",\"scene\":\(quoted(scene))" }
        line += ",\"devices\":["
        line += header.devices.map { "{\"id\":\($0.id),\"name\":\(quoted($0.name))}" }.joined(separator: ",")
        return line + "]}"
    }

    /// Numbers batches as it writes them, one after another.
    public struct LineWriter {
        private var batchNumber = 0

        public init() {}

        /// The lines of one event: a line per sample of a batch, or the key's line.
        public mutating func lines(for event: TouchRecording.Event) -> [String] {
            switch event {
            case .touches(let samples):
                batchNumber += 1
                return samples.map { TouchRecordingFormat.sampleLine($0, batch: batchNumber) }
            case .key(let key, let time):
                return ["{\"t\":\(TouchRecordingFormat.time(time)),\"key\":\(key.keysym),\"text\":\(TouchRecordingFormat.quoted(key.text))}"]
            }
        }
    }

    static func sampleLine(_ sample: TouchSample, batch: Int) -> String {
        var line = "{\"t\":\(time(sample.timestamp)),\"batch\":\(batch),\"device\":\(sample.id.device),\"touch\":\(sample.id.number)"
            + ",\"phase\":\"\(sample.phase.rawValue)\",\"x\":\(number(sample.location.x)),\"y\":\(number(sample.location.y))"
        for (key, value) in zip(contactKeys, contactValues(of: sample)) where value != 0 {
            line += ",\"\(key)\":\(number(value))"
        }
        return line + "}"
    }

    /// The optional keys of a sample's line, in the order they are written, for the
    /// values `contactValues(of:)` gives.
    static let contactKeys = ["force", "maxForce", "radius", "radiusTolerance"]

    static func contactValues(of sample: TouchSample) -> [CGFloat] {
        [sample.force, sample.maximumPossibleForce, sample.majorRadius, sample.majorRadiusTolerance]
    }

    /// Seconds with six decimals, without `String(format:)`'s cost; a time beyond a
    /// million years (read from a damaged file, for its error) as Swift writes it.
    static func time(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite, abs(seconds) < 1e13 else { return "\(seconds)" }
        let micros = Int64((seconds * 1_000_000).rounded())
        let sign = micros < 0 ? "-" : ""
        let magnitude = micros.magnitude
        let fraction = String(magnitude % 1_000_000)
        return "\(sign)\(magnitude / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }

    /// The shortest text that reads back as exactly `value`; whole numbers without ".0".
    public static func number(_ value: CGFloat) -> String {
        let double = Double(value)
        if double == double.rounded(), abs(double) < 1e15 { return String(Int64(double)) }
        return "\(double)"
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
