@testable import SandboxDebugging
import UIKit
import XCTest

/// For each size the project is laid out for (640 × 480, 1024 × 768, 1920 × 1080): the
/// screen, the app's window and the debug layer resized, `touch` at `finger` (which
/// shows a tool's list panel), and the panel checked: shown, inside the content area,
/// off the finger, every row naming a view and Close finger-sized, all type 13 points
/// or more. `each` runs after the checks of each size (a picture to look at).
@MainActor
func assertListPanelFitsAtEverySize(
    _ panel: () -> DebugListPanelView, of layer: DebugLayer, over app: UIWindow, finger: CGPoint,
    touch: (CGPoint) -> Void, each: (CGSize) -> Void = { _ in }, file: StaticString = #filePath, line: UInt = #line
) {
    for size in [CGSize(width: 640, height: 480), CGSize(width: 1024, height: 768), CGSize(width: 1920, height: 1080)] {
        UIScreen.main.bounds = CGRect(origin: .zero, size: size)
        app.frame = UIScreen.main.bounds
        layer.window.frame = UIScreen.main.bounds
        layer.view.frame = layer.window.bounds
        touch(finger)
        layer.window.layoutIfNeeded()
        let panel = panel()
        XCTAssertFalse(panel.isHidden, "\(size)", file: file, line: line)
        XCTAssertTrue(layer.view.contentArea.insetBy(dx: -0.5, dy: -0.5).contains(panel.frame), "\(size): \(panel.frame)",
                      file: file, line: line)
        XCTAssertFalse(panel.frame.insetBy(dx: -24, dy: -24).contains(finger), "\(size): off the finger", file: file, line: line)
        for row in panel.rowViews where row is UIControl {
            XCTAssertGreaterThanOrEqual(row.frame.height, DebugStyle.minimumTarget, "\(size)", file: file, line: line)
        }
        // Rows are labels, or controls holding one (the rows that name views).
        let rowLabels = panel.rowViews.compactMap { ($0 as? UILabel) ?? ($0 as? DebugListRowControl)?.label }
        XCTAssertEqual(rowLabels.count, panel.rowViews.count, "\(size): every row's text is checked", file: file, line: line)
        for label in [panel.titleLabel, panel.subtitleLabel] + rowLabels {
            XCTAssertGreaterThanOrEqual(label.font.pointSize, 13, "\(size)", file: file, line: line)
        }
        XCTAssertGreaterThanOrEqual(panel.closeButton.frame.height, DebugStyle.minimumTarget, "\(size)", file: file, line: line)
        each(size)
    }
}
