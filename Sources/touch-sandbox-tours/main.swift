import CairoRenderer
import FileSafety
import Foundation
import TouchRecording
import TouchSandbox
import UIKit

// Writes each scripted scene's tour (`SceneTours`) into a folder, by default the
// package's `assets/tours`: `swift run touch-sandbox-tours [folder]`. A tour is then a
// file like any recording, which `--replay`, the headless run and the tests play.
WriteSignals.ignore()
MainActor.assumeIsolated {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.contains("--help") || arguments.contains("-h") {
        print("usage: touch-sandbox-tours [folder]   (default: assets/tours)\nWrites a .touches tour for every scene that has a script in SceneTours.")
        exit(0)
    }
    let folder = URL(fileURLWithPath: arguments.first ?? "assets/tours")
    // Scenes lay out by their images' and texts' sizes, as the sandbox draws them.
    CairoDrawingEngine.install()
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
        StandardError.writeLine("touch-sandbox-tours: cannot make the folder \(folder.path): \(error)")
        exit(2)
    }
    var written: [String] = []
    for sceneType in SceneCatalog.all {
        guard let tour = SceneTours.tour(for: sceneType) else { continue }
        let url = folder.appendingPathComponent("\(sceneType.name).touches")
        do {
            try OutputFile.write(Data(TouchRecordingFormat.text(of: tour).utf8), to: url.path)
            written.append(sceneType.name)
        } catch {
            StandardError.writeLine("touch-sandbox-tours: \(error)")
            exit(1)
        }
    }
    let missing = SceneCatalog.names.filter { !written.contains($0) }
    print("wrote \(written.count) tours to \(folder.path)" + (missing.isEmpty ? "" : "; no script yet for: \(missing.joined(separator: ", "))"))
}
