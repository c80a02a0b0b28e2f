import CairoRenderer
import UIKit
import XCTest

/// Loading images: from files, by name, from data, and the failures.
final class UIImageTests: RenderingTestCase {
    private func temporaryFile(_ name: String, _ data: Data) throws -> URL {
        // A fresh folder, so a run beside another (or another user's) never meets its files.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uiimage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    func testAMissingFileIsNilWithADebugLine() async {
        XCTAssertNil(UIImage(contentsOfFile: "/nonexistent/picture.png"))
        XCTAssertEqual(DrawingDebug.loggedLines.map { TouchLogging.parts(of: $0)?.text },
                       ["drawing: UIImage(contentsOfFile:) returns nil: no readable file at /nonexistent/picture.png"])
    }

    func testAFileThatIsNotAPNGIsNilWithADebugLine() async throws {
        let url = try temporaryFile("not-a-png.png", Data("GIF89a, honestly".utf8))
        XCTAssertNil(UIImage(contentsOfFile: url.path))
        XCTAssertEqual(DrawingDebug.loggedLines.map { TouchLogging.parts(of: $0)?.text }.last, "drawing: UIImage(contentsOfFile:) returns nil: \(url.path) is not a PNG image")
        XCTAssertNil(UIImage(data: Data([0x89, 0x50])))
    }

    func testPNGDataRoundTripsAndTheFileNameSetsTheScale() async throws {
        let quadrants = try XCTUnwrap(TestImages.quadrants())
        let data = try XCTUnwrap(UIImage(cgImage: quadrants).pngData())
        let url = try temporaryFile("quadrants@2x.png", data)
        let image = try XCTUnwrap(UIImage(contentsOfFile: url.path))
        XCTAssertEqual(image.scale, 2)
        XCTAssertEqual(image.size, CGSize(width: 20, height: 10))
        XCTAssertEqual(image.cgImage?.pixel(x: 30, y: 15).alpha, 255, "black, opaque")
        XCTAssertEqual(image.cgImage?.pixel(x: 30, y: 15).red, 0)
    }

    func testNamedImagesAreFoundInThePackageAssets() async throws {
        // `assets/touch-spots.png` is found from the test bundle under `.build/`.
        let image = try XCTUnwrap(UIImage(named: "touch-spots"))
        XCTAssertGreaterThan(image.size.width, 0)
        XCTAssertNil(UIImage(named: "no-such-image"))
        XCTAssertTrue(DrawingDebug.loggedLines.last?.contains("not found in") == true)
        XCTAssertTrue(UIImage.searchDirectories.contains { $0.path.hasSuffix("/assets") })
    }

    /// An installed program (`/usr/bin/touch-sandbox`) finds its assets where a package
    /// puts them: `/usr/share/touch-sandbox/assets`, from its own folder.
    func testTheInstalledPlaceBesideTheExecutablesFolderIsSearched() async throws {
        let executable = try XCTUnwrap(Bundle.main.executableURL).resolvingSymlinksInPath()
        let installed = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/\(executable.lastPathComponent)/assets")
        let directories = UIImage.searchDirectories.map(\.standardizedFileURL.path)
        XCTAssertTrue(directories.contains(installed.standardizedFileURL.path), "\(directories)")
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("assets").path
        XCTAssertLessThan(try XCTUnwrap(directories.firstIndex(of: installed.standardizedFileURL.path)),
                          try XCTUnwrap(directories.lastIndex(of: current)), "before the current folder's")
    }

    func testImageViewsShowTheirImageByContentModeAndIgnoreTouches() async throws {
        let image = UIImage(cgImage: try XCTUnwrap(TestImages.quadrants()))
        let view = UIImageView(image: image)
        XCTAssertEqual(view.frame.size, CGSize(width: 40, height: 20))
        XCTAssertFalse(view.isUserInteractionEnabled, "Neuburg, \"Touches\": image views ignore touches unless told")
        XCTAssertTrue(view.layer.contents as? CGImage === image.cgImage)
        view.contentMode = .scaleAspectFit
        XCTAssertEqual(view.layer.contentsGravity, .resizeAspect)
        view.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        view.sizeToFit()
        XCTAssertEqual(view.bounds.size, CGSize(width: 40, height: 20))
        view.image = nil
        XCTAssertNil(view.layer.contents)
    }
}
