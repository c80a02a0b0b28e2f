@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// Every scene lays itself out inside its safe area (the gallery's caption bar above,
/// its toolbar and hint below) at every supported window size, and again when the
/// window is resized: every visible view inside it, no overlaps between views meant to
/// sit apart, labels whose text fits (measured with the drawing engine's fonts), type
/// of at least 13 points and buttons of at least 44 × 44 points.
final class SceneSafeAreaLayoutTests: ListingTestCase {
    func testEverySceneFitsItsSafeAreaAtEverySupportedSize() async throws {
        for size in Self.supportedSizes {
            for sceneType in SceneCatalog.all {
                TestApplication.next()
                let scene = sceneType.init()
                present(scene, size: size)
                assertLaidOut(scene, "\(sceneType.name) at \(Int(size.width))×\(Int(size.height))")
            }
        }
    }

    func testEverySceneLaysOutAgainWhenTheWindowIsResized() async throws {
        let small = Self.supportedSizes[0], large = Self.supportedSizes[2]
        for (from, to) in [(small, large), (large, small)] {
            for sceneType in SceneCatalog.all {
                TestApplication.next()
                let scene = sceneType.init()
                present(scene, size: from)
                window.frame = CGRect(origin: .zero, size: to)
                window.layoutIfNeeded()
                XCTAssertEqual(scene.view.frame.size, to)
                let name = "\(sceneType.name) resized from \(Int(from.width))×\(Int(from.height)) to \(Int(to.width))×\(Int(to.height))"
                assertLaidOut(scene, name)
                let fresh = sceneType.init()
                let resized = scene.view.subviews.map(\.frame)
                present(fresh, size: to)
                XCTAssertEqual(resized, fresh.view.subviews.map(\.frame), "\(name): laid out as a scene opened at that size")
            }
        }
    }

    // MARK: - Checks

    private func assertLaidOut(_ scene: UIViewController, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let stage = scene.view!
        let safe = safeArea(of: stage)
        XCTAssertEqual(safe, CGRect(x: 0, y: 44, width: window.bounds.width, height: window.bounds.height - 140), name, file: file, line: line)
        let tolerance = safe.insetBy(dx: -0.5, dy: -0.5)
        for (view, frame) in visibleDescendants(of: stage, in: stage) {
            XCTAssertTrue(tolerance.contains(frame), "\(name): \(describe(view)) at \(frame) outside \(safe)", file: file, line: line)
            if let label = view as? UILabel, let text = label.text, !text.isEmpty {
                XCTAssertGreaterThanOrEqual(label.font.pointSize, 13, "\(name): \(describe(label)) type too small", file: file, line: line)
                if let problem = Self.fitProblem(label) {
                    XCTFail("\(name): \(describe(label)) \(problem)", file: file, line: line)
                }
            }
            if view is UIControl {
                // The touch target, not the drawing: a 44 × 44 square about the control's
                // middle takes touches (a switch draws 31 high and takes 44).
                let middle = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
                let corners = [CGPoint(x: -21.9, y: -21.9), CGPoint(x: 21.9, y: -21.9), CGPoint(x: -21.9, y: 21.9), CGPoint(x: 21.9, y: 21.9)]
                XCTAssertTrue(corners.allSatisfy { view.point(inside: CGPoint(x: middle.x + $0.x, y: middle.y + $0.y), with: nil) },
                              "\(name): \(describe(view)) takes touches on less than 44 × 44", file: file, line: line)
            }
        }
        let shown = stage.subviews.filter(isVisible)
        XCTAssertFalse(shown.isEmpty && !(scene is TouchSpotsScene), "\(name): shows nothing", file: file, line: line)
        for (index, view) in shown.enumerated() {
            for other in shown[(index + 1)...] where !view.frame.intersection(other.frame).insetBy(dx: 0.5, dy: 0.5).isNull {
                if Self.mayOverlap(view, other, in: scene) { continue }
                XCTFail("\(name): \(describe(view)) at \(view.frame) overlaps \(describe(other)) at \(other.frame)", file: file, line: line)
            }
        }
    }

    private func safeArea(of view: UIView) -> CGRect {
        view.bounds.inset(by: view.safeAreaInsets)
    }

    private func isVisible(_ view: UIView) -> Bool {
        !view.isHidden && view.alpha > 0
    }

    /// The views shown under `view`, each with the part of it that shows, in `stage`'s
    /// coordinates: a view clipped by an ancestor (`clipsToBounds`, as a scroll view's
    /// content is) counts only where it shows, and not at all when it is scrolled out of
    /// sight.
    private func visibleDescendants(of view: UIView, in stage: UIView, clip: CGRect? = nil) -> [(UIView, CGRect)] {
        view.subviews.filter(isVisible).flatMap { subview -> [(UIView, CGRect)] in
            let frame = subview.convert(subview.bounds, to: stage)
            let shown = clip.map { frame.intersection($0) } ?? frame
            let inner = subview.clipsToBounds ? shown : clip
            // Out of sight only inside a clip: an empty view elsewhere is still checked.
            guard clip == nil || (!shown.isNull && !shown.isEmpty) else {
                return subview.clipsToBounds ? [] : visibleDescendants(of: subview, in: stage, clip: inner)
            }
            return [(subview, shown)] + visibleDescendants(of: subview, in: stage, clip: inner)
        }
    }

    private func describe(_ view: UIView) -> String {
        if let label = view as? UILabel { return "label \"\(label.text ?? "")\"" }
        if let button = view as? UIButton { return "button \"\(button.title(for: .normal) ?? "")\"" }
        return "\(type(of: view))"
    }

    /// Why `label`'s text does not fit its bounds, or nil when it does: one line must be
    /// as wide as its text; wrapped text must need no more lines than the label allows
    /// and no more height than it has.
    static func fitProblem(_ label: UILabel) -> String? {
        let probe = UILabel(frame: label.bounds)
        probe.font = label.font
        probe.text = label.text
        probe.numberOfLines = 1
        let lineHeight = probe.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)).height
        let widest = label.text!.split(separator: "\n").map { line -> CGFloat in
            probe.text = String(line)
            return probe.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)).width
        }.max() ?? 0
        if label.numberOfLines == 1 {
            if widest > label.bounds.width + 0.5 { return "is cut: its text is \(widest) wide in \(label.bounds.width)" }
            if lineHeight > label.bounds.height + 0.5 { return "is cut: its line is \(lineHeight) tall in \(label.bounds.height)" }
            return nil
        }
        probe.text = label.text
        probe.numberOfLines = 0
        let wrapped = probe.sizeThatFits(CGSize(width: label.bounds.width, height: .greatestFiniteMagnitude)).height
        let lines = Int((wrapped / max(lineHeight, 1)).rounded())
        if label.numberOfLines > 0, lines > label.numberOfLines { return "is cut: it needs \(lines) lines, allows \(label.numberOfLines)" }
        if wrapped > label.bounds.height + 0.5 { return "is cut: its text is \(wrapped) tall in \(label.bounds.height)" }
        for word in label.text!.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            probe.text = String(word)
            probe.numberOfLines = 1
            let width = probe.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)).width
            if width > label.bounds.width + 0.5 { return "breaks the word \"\(word)\": \(width) wide in \(label.bounds.width)" }
        }
        return nil
    }

    /// Views that sit on one another by design: the drag scene's overlapping tiles, and
    /// the restrictions scene's targets over the views behind them.
    static func mayOverlap(_ a: UIView, _ b: UIView, in scene: UIViewController) -> Bool {
        switch scene {
        case is DragScene:
            let tiles = [a, b].filter { $0 is DragView || $0 is PanDragView }
            return tiles.count == 2
        case is RestrictionsScene:
            return [a, b].contains { $0 is TouchCountingView } && [a, b].contains { !($0 is UILabel) && !($0 is UIButton) }
        default:
            return false
        }
    }
}
