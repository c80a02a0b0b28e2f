import CairoRenderer
import Foundation
import TouchRecording
@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// Every scene's tour file in `assets/tours` is there, reads, and is exactly what its
/// script in `SceneTours` writes from the scene as it is laid out today: a scene added
/// without a tour, or a layout change that moves the views a tour aims at, fails here
/// until `swift run touch-sandbox-tours` writes the files again.
@MainActor
final class SceneToursTests: XCTestCase {
    /// The package's `assets/tours`, found from this file.
    private static let toursFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("assets").appendingPathComponent("tours")

    private static let regenerate = "run `swift run touch-sandbox-tours` in the package folder and commit assets/tours"

    override func setUp() async throws {
        // Scenes lay out by their texts' and images' sizes, as the tours' writer measures them.
        CairoDrawingEngine.install()
        TestApplication.next()
    }

    override func tearDown() async throws {
        TestApplication.next()
    }

    func testEverySceneHasATourScript() async {
        XCTAssertEqual(SceneTours.scriptedScenes, SceneCatalog.names,
                       "every scene needs a tour script in SceneTours.swift; then \(Self.regenerate)")
    }

    func testEverySceneHasATourFileThatReadsWithoutError() async throws {
        for sceneType in SceneCatalog.all {
            let url = Self.toursFolder.appendingPathComponent("\(sceneType.name).touches")
            guard FileManager.default.fileExists(atPath: url.path) else {
                XCTFail("\(sceneType.name) has no tour file assets/tours/\(sceneType.name).touches: \(Self.regenerate)")
                continue
            }
            do {
                let read = try TouchRecordingReader.read(contentsOf: url)
                XCTAssertNil(read.truncation, "\(sceneType.name)'s tour is cut short: \(Self.regenerate)")
                XCTAssertEqual(read.recording.header.scene, sceneType.name)
                XCTAssertEqual(read.recording.header.size, SceneTours.size)
                XCTAssertFalse(read.recording.events.isEmpty, "\(sceneType.name)'s tour does something")
            } catch {
                XCTFail("\(sceneType.name)'s tour file does not read (\(error)): \(Self.regenerate)")
            }
        }
    }

    func testEveryTourFileIsWhatItsScriptWritesToday() async throws {
        for sceneType in SceneCatalog.all {
            let url = Self.toursFolder.appendingPathComponent("\(sceneType.name).touches")
            guard let tour = SceneTours.tour(for: sceneType) else {
                XCTFail("\(sceneType.name) has no tour script in SceneTours.swift")
                continue
            }
            guard let file = try? String(contentsOf: url, encoding: .utf8) else {
                XCTFail("\(sceneType.name) has no tour file assets/tours/\(sceneType.name).touches: \(Self.regenerate)")
                continue
            }
            XCTAssertTrue(TouchRecordingFormat.text(of: tour) == file,
                          "assets/tours/\(sceneType.name).touches is not what its script writes today "
                              + "(the script, or the scene's layout, changed): \(Self.regenerate)")
        }
    }
}
