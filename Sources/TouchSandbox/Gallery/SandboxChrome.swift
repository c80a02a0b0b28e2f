import CoreGraphics

/// Where a scene lays out while it still reads the screen instead of its safe area.
///
/// Still the old bars' figures (32 points above, 72 below), which the scenes' layout
/// tests were written for: the scenes move to their safe area (`GalleryView.sceneInsets`)
/// in the next step, and this goes.
@MainActor
enum SandboxChrome {
    static func clearArea(in size: CGSize) -> CGRect {
        CGRect(x: 0, y: 32, width: size.width, height: max(0, size.height - 72 - 32))
    }
}
