import Foundation
import XCTest

/// A fresh folder in the temporary directory, removed by `remove()`.
struct ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("file-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The names in the folder, hidden ones included, sorted.
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A test case with a fresh `scratch` folder for each test, removed after it.
class ScratchFolderTestCase: XCTestCase {
    var scratch: ScratchFolder!

    override func setUpWithError() throws {
        scratch = try ScratchFolder()
    }

    override func tearDown() {
        scratch.remove()
    }
}
