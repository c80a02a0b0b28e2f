import Foundation
import SandboxDebugging
import TouchRecording
import UIKit

extension X11Host {
    /// What an app is run with (`UIApplicationMain(options:delegate:configure:)`,
    /// `X11ApplicationRunner`): the host's `Configuration` (the display, the window, a
    /// kiosk's placement) and the tools attached above the platform, through the host's
    /// input filters and frame stages: the debug layer, a recording, a replay.
    public struct Options: Sendable {
        /// The platform's part: what opening the window needs.
        public var configuration: Configuration
        /// The debug layer an application runner shows over the app's windows (see
        /// `DebugLayer`); nil for none. `UIApplicationMain` fills it from `TOUCH_DEBUG`
        /// when it is nil.
        public var debugLayer: DebugLayerConfiguration?
        /// Where an application runner records the input (`TouchRecordingFilter`), from
        /// the moment its window shows; nil for none. `UIApplicationMain` fills it from
        /// `TOUCH_RECORD` when it is nil.
        public var recordingURL: URL?
        /// A recording an application runner plays on stage (`StageReplay`) once its
        /// window shows, at `replaySpeed`. `UIApplicationMain` fills it from
        /// `TOUCH_REPLAY` and `TOUCH_REPLAY_SPEED` when it is nil.
        public var replay: TouchRecording?
        /// Playback speed of `replay`: 2 plays twice as fast.
        public var replaySpeed: Double

        public init(display: String? = nil, size: CGSize = CGSize(width: 1024, height: 768), scale: CGFloat = 1,
                    title: String = "Touch Sandbox", verbose: Bool = false, debugLayer: DebugLayerConfiguration? = nil,
                    recordingURL: URL? = nil, replay: TouchRecording? = nil, replaySpeed: Double = 1,
                    kiosk: KioskConfiguration? = nil) {
            configuration = Configuration(display: display, size: size, scale: scale, title: title, verbose: verbose,
                                          kiosk: kiosk)
            self.debugLayer = debugLayer
            self.recordingURL = recordingURL
            self.replay = replay
            self.replaySpeed = replaySpeed
        }

        /// The display to open; `nil` means `$DISPLAY`.
        public var display: String? {
            get { configuration.display }
            set { configuration.display = newValue }
        }
        /// The window's size in points.
        public var size: CGSize {
            get { configuration.size }
            set { configuration.size = newValue }
        }
        /// Device pixels per point (HiDPI); samples reach the core in points.
        public var scale: CGFloat {
            get { configuration.scale }
            set { configuration.scale = newValue }
        }
        public var title: String {
            get { configuration.title }
            set { configuration.title = newValue }
        }
        /// Verbose logs (`Configuration.verbose`).
        public var verbose: Bool {
            get { configuration.verbose }
            set { configuration.verbose = newValue }
        }
        /// Kiosk mode (`KioskConfiguration`); nil for a normal window. `UIApplicationMain`
        /// fills it from `TOUCH_KIOSK` when it is nil.
        public var kiosk: KioskConfiguration? {
            get { configuration.kiosk }
            set { configuration.kiosk = newValue }
        }
    }

    /// The host's options are its `configuration` now; the tools are the application
    /// runner's (`X11ApplicationRunner.options`).
    @available(*, unavailable, renamed: "configuration")
    public var options: Options { fatalError("unavailable") }

    /// A host opened with `options`' configuration; the tools in `options` are the
    /// application runner's to attach.
    public convenience init(options: Options, runLoop: ApplicationRunLoop? = nil) throws(X11HostError) {
        try self.init(configuration: options.configuration, runLoop: runLoop)
    }
}
