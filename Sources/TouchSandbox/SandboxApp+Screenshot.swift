import CairoRenderer
import Foundation
import UIKit

/// Why the screenshot key saved nothing.
struct ScreenshotError: Error, Equatable, CustomStringConvertible {
    var description: String
}

extension SandboxApp {
    /// The screenshot key (C): the window as it is now, without the pressed toolbar
    /// button, as a PNG named after the scene and the time in `screenshotFolder`. The
    /// caption bar says where it went, or why it could not be written.
    func saveScreenshot() {
        guard let window else { return }
        let stamp = Self.fileStamp.string(from: Date())
        let url = screenshotFolder.appendingPathComponent("touch-sandbox-\(sceneType.name)-\(stamp).png")
        let frame = FrameBuffer(pointSize: window.bounds.size, scale: host?.currentFrame.scale ?? UIScreen.main.scale)
        let pressed = chromeTouches
        chromeTouches = [:]
        frame.draw { canvas in
            draw(in: canvas, size: window.bounds.size, scene: drawScene)
        }
        chromeTouches = pressed
        do {
            try frame.writePNG(to: url)
            lastScreenshot = .success(url)
            showStatus("saved \(url.lastPathComponent)")
        } catch {
            let failure = ScreenshotError(description: "cannot save a screenshot: \(error)")
            lastScreenshot = .failure(failure)
            FileHandle.standardError.write(Data("touch-sandbox: \(failure)\n".utf8))
            showStatus("screenshot failed: folder not writable")
        }
    }

    private static let fileStamp: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter
    }()
}
