import CoreGraphics
import XCTest

/// Records what a context forwards, to check the order and the arguments.
private final class RecordingBackend: CGContextBackend {
    var calls: [String] = []
    func saveGState() { calls.append("save") }
    func restoreGState() { calls.append("restore") }
    func concatenate(_ transform: CGAffineTransform) { calls.append("concat(\(transform.a),\(transform.tx),\(transform.ty))") }
    func setFillColor(_ color: CGColor) { calls.append("fill=\(color.red)") }
    func setStrokeColor(_ color: CGColor) { calls.append("stroke=\(color.red)") }
    func setLineWidth(_ width: CGFloat) { calls.append("lineWidth=\(width)") }
    func setAlpha(_ alpha: CGFloat) { calls.append("alpha=\(alpha)") }
    func clip(to rect: CGRect) { calls.append("clip") }
    func fill(_ rect: CGRect) { calls.append("fillRect(\(rect.width))") }
    func stroke(_ rect: CGRect) { calls.append("strokeRect") }
    func fillEllipse(in rect: CGRect) { calls.append("fillEllipse") }
    func strokeEllipse(in rect: CGRect) { calls.append("strokeEllipse") }
}

final class CGContextTests: XCTestCase {
    func testForwardsInOrderAndTracksStateThroughSaveAndRestore() {
        let backend = RecordingBackend()
        let context = CGContext(backend: backend)
        context.saveGState()
        context.translateBy(x: 10, y: 20)
        context.scaleBy(x: 2, y: 2)
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        // Scale applies first in user space, then the translation.
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(context.ctm), CGPoint(x: 12, y: 22))
        context.restoreGState()
        XCTAssertTrue(context.ctm.isIdentity)
        XCTAssertEqual(context.fillColor, .black)
        context.restoreGState()  // unbalanced: ignored, not forwarded
        XCTAssertEqual(backend.calls, ["save", "concat(1.0,10.0,20.0)", "concat(2.0,0.0,0.0)", "fill=1.0", "fillRect(5.0)", "restore"])
    }

    func testContextWithoutBackendKeepsState() {
        let context = CGContext(backend: nil)
        context.setLineWidth(3)
        context.rotate(by: .pi)
        context.stroke(.zero)
        XCTAssertEqual(context.lineWidth, 3)
        XCTAssertEqual(context.ctm.a, -1, accuracy: 1e-12)
    }
}
