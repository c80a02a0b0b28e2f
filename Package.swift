// swift-tools-version:6.0
//
// Module boundaries follow ../shared/DESIGN.md: the UIKit core (`UIKit`), the layer
// engine (`QuartzCore`) and the geometry (`CoreGraphics`) never import X11 or Cairo;
// only `CairoRenderer` draws with Cairo and only `X11Platform` talks to Xlib. The
// platform imports none of the tools (`SandboxDebugging`, `TouchRecording`); `X11Host`,
// above it, composes an app with them (`UIApplicationMain`).
import PackageDescription

let package = Package(
    name: "touch-sandbox",
    products: [
        .library(name: "UIKit", targets: ["UIKit"]),
        // For test targets: images, views and windows as Swift Testing attachments.
        .library(name: "UIKitTesting", targets: ["UIKitTesting"]),
        .library(name: "X11Host", targets: ["X11Host"]),
        .library(name: "SandboxDebugging", targets: ["SandboxDebugging"]),
        .library(name: "HeadlessXorg", targets: ["HeadlessXorg"]),
        .library(name: "TouchRecording", targets: ["TouchRecording"]),
        .library(name: "AnimatedImage", targets: ["AnimatedImage"]),
        .executable(name: "touch-sandbox", targets: ["touch-sandbox"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // 1.12: `LogHandler.log(event:)` (1.11) with the event's error (1.12).
        .package(url: "https://github.com/apple/swift-log", from: "1.12.0"),
        // `swift package generate-documentation` builds the DocC catalogs (README, Documentation).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(
            name: "CX11", pkgConfig: "x11 xi",
            providers: [.apt(["libx11-dev", "libxi-dev", "libxrandr-dev", "libxss-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        // libwebpmux's animation encoder; libwebpdemux reads animations back.
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebpmux libwebpdemux",
            providers: [.apt(["libwebp-dev"])]),

        // Files written whole or not at all, never over a link or a device; files read
        // from others checked before they are trusted; messages to stderr that never trap.
        .target(name: "FileSafety"),
        // A real full disk for tests: a tiny tmpfs.
        .target(name: "FileSafetyTesting"),

        // Geometry, layer engine, UIKit core: no X11, no Cairo.
        .target(
            name: "CoreGraphics",
            dependencies: ["_Testing_CoreGraphics", "FileSafety", .product(name: "Logging", package: "swift-log")]),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "UIKit",
            dependencies: ["CoreGraphics", "QuartzCore", "_Testing_UIKit", .product(name: "Logging", package: "swift-log")]),

        // The modules Swift Testing's cross-import overlays name for UIKit and CoreGraphics,
        // so `import Testing` beside `import UIKit` compiles in any package; empty, and free
        // of Swift Testing, because every app links them (see their sources).
        .target(name: "_Testing_UIKit"),
        .target(name: "_Testing_CoreGraphics"),
        // What a test can attach: images, and views and windows as pictures.
        .target(name: "UIKitTesting", dependencies: ["UIKit", "CairoRenderer", "TouchRecording"]),

        // Drawing and the window system.
        .target(name: "CairoRenderer", dependencies: ["CCairo", "CoreGraphics", "QuartzCore", "FileSafety"]),
        // The platform: the X connection, the window, input translation, presenting, a
        // kiosk's placement. No tools.
        .target(name: "X11Platform", dependencies: ["CX11", "CairoRenderer", "UIKit", "FileSafety"]),
        // Above the platform, what composes an app: `UIApplicationMain` attaches the debug
        // layer, recording, replay and the kiosk's session through the host's filters and
        // stages, so `TOUCH_DEBUG` works in any app that starts through it.
        .target(name: "X11Host", dependencies: ["X11Platform", "CairoRenderer", "UIKit", "SandboxDebugging", "TouchRecording", "FileSafety"]),
        .target(name: "SandboxDebugging", dependencies: ["UIKit", "CairoRenderer", "FileSafety", "TouchRecording"]),
        // The sandbox's spots over the whole desktop (`touch-sandbox --show-touches`): raw
        // XI2 touches of every program, drawn in an input-transparent window.
        .target(name: "ShowTouches", dependencies: ["CX11", "X11Platform", "SandboxDebugging", "CairoRenderer", "UIKit", "FileSafety"]),

        // Recording files: the format, a recorder, in-process replay.
        .target(name: "TouchRecording", dependencies: ["UIKit", "FileSafety"]),

        // Frame buffers written as animated WebP files, which browsers and GitHub show.
        .target(name: "AnimatedImage", dependencies: ["CWebP", "CairoRenderer", "FileSafety"]),

        // Random multitouch sequences checked against the delivery promises.
        .target(name: "TouchFuzzing", dependencies: ["UIKit"]),
        .executableTarget(
            name: "touch-sandbox-fuzz",
            dependencies: [
                "TouchFuzzing", "TouchSandbox", "CairoRenderer", "FileSafety", "TouchRecording", "X11Host",
                "SandboxDebugging", "UIKit", "CoreGraphics",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // A private Xorg with a virtual touchscreen, for tests and benchmarks.
        .target(name: "HeadlessXorg"),

        // The sandbox application: scenes and command line.
        .target(
            name: "TouchSandbox",
            dependencies: [
                "UIKit", "X11Host", "SandboxDebugging", "CairoRenderer", "TouchRecording", "HeadlessXorg", "AnimatedImage",
                "FileSafety", "ShowTouches",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "touch-sandbox", dependencies: ["TouchSandbox"]),
        // Writes the scenes' scripted tours into assets/tours.
        .executableTarget(
            name: "touch-sandbox-tours", dependencies: ["TouchSandbox", "TouchRecording", "UIKit", "CairoRenderer", "FileSafety"]),
        .executableTarget(
            name: "touch-sandbox-bench",
            dependencies: ["HeadlessXorg", "X11Host", "UIKit", "SandboxDebugging", "TouchSandbox", "TouchFuzzing", "TouchRecording", "FileSafety"]),

        .testTarget(name: "FileSafetyTests", dependencies: ["FileSafety", "FileSafetyTesting"]),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics", .product(name: "Logging", package: "swift-log")]),
        // What the UIKit-level tests share: each test's own application, the one
        // touch-sample builder, the shared assertions.
        .target(name: "TouchTestSupport", dependencies: ["UIKit", "QuartzCore"], path: "Tests/TouchTestSupport"),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore", "TouchTestSupport"]),
        .testTarget(
            name: "UIKitTestingTests",
            // `touch-sandbox` is read as an app that must not need Swift Testing (CrossImportOverlayTests).
            dependencies: ["UIKitTesting", "UIKit", "CairoRenderer", "TouchRecording", "touch-sandbox"]),
        .testTarget(name: "UIKitTests", dependencies: ["UIKit", "TouchTestSupport", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "CairoRendererTests", dependencies: ["CairoRenderer", "UIKit", "TouchTestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "HeadlessXorgTests", dependencies: ["HeadlessXorg"]),
        .testTarget(
            name: "TouchRecordingTests", dependencies: ["TouchRecording", "UIKit", "CairoRenderer", "FileSafetyTesting", "TouchTestSupport"]),
        .testTarget(name: "AnimatedImageTests", dependencies: ["AnimatedImage", "CairoRenderer", "UIKit"]),
        .testTarget(
            name: "TouchFuzzingTests", dependencies: ["TouchFuzzing", "TouchSandbox", "CairoRenderer", "touch-sandbox-fuzz", "TouchTestSupport"]),
        .testTarget(name: "SandboxDebuggingTests", dependencies: ["SandboxDebugging", "CairoRenderer", "UIKit", "TouchRecording", "TouchTestSupport"]),
        // What the platform's and the app layer's tests share: a headless server's
        // programs and windows, observers of a host, other X clients.
        .target(
            name: "X11TestSupport",
            dependencies: ["X11Host", "X11Platform", "CX11", "HeadlessXorg", "SandboxDebugging", "TouchSandbox",
                           "CairoRenderer", "UIKit"],
            path: "Tests/X11TestSupport"),
        .testTarget(
            name: "X11PlatformTests",
            // `touch-sandbox` is run as a kiosk program (ScreenSaverInhibitionTests).
            dependencies: ["X11Platform", "X11Host", "X11TestSupport", "TouchTestSupport", "CX11", "HeadlessXorg", "TouchSandbox",
                           "FileSafety", "FileSafetyTesting", "touch-sandbox"]),
        .testTarget(
            name: "X11HostTests",
            dependencies: ["X11Host", "X11Platform", "X11TestSupport", "TouchTestSupport", "CX11", "HeadlessXorg", "SandboxDebugging",
                           "TouchSandbox", "TouchRecording", "FileSafety", "FileSafetyTesting", "touch-sandbox"]),
        .testTarget(
            name: "ShowTouchesTests",
            dependencies: ["ShowTouches", "X11Platform", "X11TestSupport", "CX11", "HeadlessXorg", "SandboxDebugging", "CairoRenderer",
                           "UIKit"]),
        .testTarget(
            name: "TouchSandboxTests",
            dependencies: ["TouchSandbox", "touch-sandbox", "TouchRecording", "AnimatedImage", "CairoRenderer", "FileSafetyTesting",
                           "TouchTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
