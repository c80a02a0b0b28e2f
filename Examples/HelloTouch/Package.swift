// swift-tools-version:6.0
//
// An application of your own on the touch sandbox's UIKit: a separate package that
// depends on the sandbox's package by its path, two folders up. Copy this folder
// anywhere and change the path to where you cloned the sandbox.
import PackageDescription

let package = Package(
    name: "HelloTouch",
    dependencies: [
        // `name:` because SwiftPM names a path dependency after its folder, which is
        // whatever the clone was called; the products below then find it by this name.
        .package(name: "touch-sandbox", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "HelloTouch",
            dependencies: [
                .product(name: "UIKit", package: "touch-sandbox"),
                .product(name: "X11Host", package: "touch-sandbox"),
            ]),
        // Swift Testing, as `swift package init` makes it: `import Testing` beside
        // `import UIKit` needs no flag; `UIKitTesting` lets a test attach the screen.
        .testTarget(
            name: "HelloTouchTests",
            dependencies: [
                "HelloTouch",
                .product(name: "UIKitTesting", package: "touch-sandbox"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
