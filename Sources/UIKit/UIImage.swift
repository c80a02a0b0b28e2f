import Foundation

/// An image with a scale, with UIKit's names: a `CGImage` whose size in points is its
/// pixel size divided by `scale`. Immutable.
///
/// PNG files load through the installed drawing engine (the renderer's
/// `CairoDrawingEngine.install()`); a missing file, a file that is not a PNG or a
/// missing engine gives `nil` and a `DrawingDebug` line.
public final class UIImage {
    public let cgImage: CGImage?
    public let scale: CGFloat
    public let imageOrientation: Orientation

    /// How the pixels are turned for display; only `.up` is drawn as such, the others
    /// are kept for the API and drawn as `.up`.
    public enum Orientation: Int, Sendable {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.cgImage = cgImage
        self.scale = scale > 0 ? scale : 1
        imageOrientation = orientation
    }

    /// An empty image, as UIKit's `UIImage()`: no pixels, a size of zero, draws nothing.
    public init() {
        cgImage = nil
        scale = 1
        imageOrientation = .up
    }

    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// Decodes PNG `data` at `scale` pixels per point.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let image = CGImage(
            pngDataProviderSource: CGDataProvider(data: data), decode: nil, shouldInterpolate: true,
            intent: .defaultIntent)
        else { return nil }
        self.init(cgImage: image, scale: scale, orientation: .up)
    }

    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// Loads the PNG file at `path`; a name ending in `@2x` or `@3x` (before the
    /// extension) sets the scale, as in UIKit.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else {
            DrawingDebug.log("UIImage(contentsOfFile:) returns nil: no readable file at \(path)")
            return nil
        }
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let scale: CGFloat = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        guard let image = CGImage(
            pngDataProviderSource: CGDataProvider(data: data), decode: nil, shouldInterpolate: true,
            intent: .defaultIntent)
        else {
            DrawingDebug.log("UIImage(contentsOfFile:) returns nil: \(path) is not a PNG image")
            return nil
        }
        self.init(cgImage: image, scale: scale, orientation: .up)
    }

    /// Loads `name` (with or without `.png`; also `name@2x.png` and `name@3x.png`) from
    /// the first of `UIImage.searchDirectories` that has it.
    public convenience init?(named name: String) {
        let fileNames = name.hasSuffix(".png") ? [name] : [name + ".png", name + "@2x.png", name + "@3x.png", name]
        let fileManager = FileManager.default
        for directory in UIImage.searchDirectories {
            for fileName in fileNames {
                let path = directory.appendingPathComponent(fileName).path
                guard fileManager.fileExists(atPath: path) else { continue }
                self.init(contentsOfFile: path)
                return
            }
        }
        DrawingDebug.log("UIImage(named: \"\(name)\") returns nil: not found in \(UIImage.searchDirectories.map(\.path))")
        return nil
    }

    /// Where `init(named:)` looks, in order: the main bundle's resources (on Linux the
    /// executable's folder), an `assets` folder beside the executable or in any folder
    /// above it (so a package's `assets/` is found from `.build/debug/`), the installed
    /// place `<executable's folder>/../share/<executable's name>/assets` (so
    /// `/usr/bin/touch-sandbox` finds `/usr/share/touch-sandbox/assets`), then the
    /// current directory's `assets` and the current directory itself.
    ///
    /// The executable is the one running (`/proc/self/exe`, through
    /// `Bundle.main.executableURL`), not `argv[0]`, which is a bare name for a program
    /// found on `PATH` and would make every folder here relative to the current one.
    public static var searchDirectories: [URL] {
        var directories: [URL] = []
        if let resources = Bundle.main.resourceURL { directories.append(resources) }
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ".")
        let resolved = executable.resolvingSymlinksInPath()
        var folder = resolved.deletingLastPathComponent()
        let installed = folder.deletingLastPathComponent().appendingPathComponent("share")
            .appendingPathComponent(resolved.lastPathComponent).appendingPathComponent("assets")
        while folder.path != "/" {
            directories.append(folder.appendingPathComponent("assets"))
            folder.deleteLastPathComponent()
        }
        directories.append(installed)
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        directories += [current.appendingPathComponent("assets"), current]
        return directories
    }

    /// The size in points: pixels divided by `scale`.
    public var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    /// The image as PNG data at its pixel size; `nil` without a drawing engine.
    public func pngData() -> Data? {
        guard let cgImage, let engine = CGContext.drawingEngine else {
            DrawingDebug.log("UIImage.pngData() returns nil: no image or no drawing engine installed")
            return nil
        }
        return engine.encodePNG(cgImage)
    }

    // MARK: - Drawing into the current context

    /// Draws the image at its size with its top-left corner at `point`, upright in
    /// UIKit's y-down space.
    @MainActor public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }

    /// Draws the image scaled into `rect`, upright in UIKit's y-down space.
    @MainActor public func draw(in rect: CGRect) {
        draw(in: rect, alpha: 1)
    }

    /// Draws the image scaled into `rect` with an extra `alpha`.
    @MainActor public func draw(in rect: CGRect, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage else { return }
        context.saveGState()
        context.setAlpha(context.alpha * alpha)
        // Core Graphics draws the first row at the rectangle's maximum y: flip about the
        // rectangle's middle so the image's top is at the top.
        context.translateBy(x: 0, y: rect.minY + rect.maxY)
        context.scaleBy(x: 1, y: -1)
        context.draw(cgImage, in: rect)
        context.restoreGState()
    }
}
