import UIKit

/// A person's input as data: what a recording file holds (see `TouchRecordingFormat`
/// for the file). A header says where it was recorded; then the events, in order, each
/// at its time in seconds from the start of the recording.
///
/// Locations are in the recorded host window's points (the screen of an app run by
/// `UIApplicationMain`), sub-pixel, as `TouchSample` carries them. A batch is what the
/// host read in one go and UIKit delivered as one event; replays keep batches whole, so
/// a replay makes the same events as the recording did.
public struct TouchRecording: Equatable, Sendable {
    /// The format versions this build reads. Version 1 is the only one so far.
    public static let supportedVersions = [1]
    /// The version this build writes.
    public static let currentVersion = 1

    /// Where the recording was made.
    public struct Header: Equatable, Sendable {
        public var version: Int
        /// The window's size in points when recording started.
        public var size: CGSize
        /// Device pixels per point.
        public var scale: CGFloat
        /// The program that recorded it ("touch-sandbox", an app's name).
        public var app: String
        /// The sandbox's scene, when the sandbox recorded it.
        public var scene: String?
        /// The input devices known when recording started.
        public var devices: [Device]

        public init(version: Int = TouchRecording.currentVersion, size: CGSize, scale: CGFloat = 1, app: String,
                    scene: String? = nil, devices: [Device] = []) {
            self.version = version
            self.size = size
            self.scale = scale
            self.app = app
            self.scene = scene
            self.devices = devices
        }
    }

    /// An input device, as the host named it (`TouchSample.ID.device` is its `id`).
    public struct Device: Equatable, Sendable {
        public var id: Int
        public var name: String

        public init(id: Int, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// A key press: its X keysym and the text it types (empty for keys that type none).
    public struct Key: Equatable, Sendable {
        public var keysym: UInt
        public var text: String

        public init(keysym: UInt, text: String) {
            self.keysym = keysym
            self.text = text
        }
    }

    /// One thing the person did.
    public enum Event: Equatable, Sendable {
        /// One batch of samples; each sample's `timestamp` is its time in the recording.
        case touches([TouchSample])
        /// A key press at `time` seconds.
        case key(Key, time: TimeInterval)

        /// When it happened, in seconds from the start (a batch: its newest sample).
        public var time: TimeInterval {
            switch self {
            case .touches(let samples): samples.map(\.timestamp).max() ?? 0
            case .key(_, let time): time
            }
        }
    }

    public var header: Header
    public var events: [Event]

    public init(header: Header, events: [Event] = []) {
        self.header = header
        self.events = events
    }

    /// How long it lasts: the time of its last event.
    public var duration: TimeInterval {
        events.last?.time ?? 0
    }

    /// How many touch samples it holds.
    public var sampleCount: Int {
        events.reduce(0) { count, event in
            if case .touches(let samples) = event { return count + samples.count }
            return count
        }
    }
}
