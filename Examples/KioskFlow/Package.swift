// swift-tools-version:6.0
//
// A kiosk flow of one's own on the touch sandbox's UIKit: four screens in a navigation
// controller with its bar hidden, back to the first when the kiosk reports idle. A
// separate package that depends on the sandbox's by its path, two folders up.
import PackageDescription

let package = Package(
    name: "KioskFlow",
    dependencies: [
        .package(name: "touch-sandbox", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "KioskFlow",
            dependencies: [
                .product(name: "UIKit", package: "touch-sandbox"),
                .product(name: "X11Host", package: "touch-sandbox"),
            ]),
        .testTarget(
            name: "KioskFlowTests",
            dependencies: [
                "KioskFlow",
                .product(name: "UIKitTesting", package: "touch-sandbox"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
