import CoreGraphics
import XCTest

/// Records what a context forwards, to check the order and the arguments.
final class RecordingBackend: CGContextBackend {
    var calls: [String] = []
    func saveGState() { calls.append("save") }
    func restoreGState() { calls.append("restore") }
    func concatenate(_ transform: CGAffineTransform) { calls.append("concat(\(transform.a),\(transform.tx),\(transform.ty))") }
    func beginPath() { calls.append("begin") }
    func move(to point: CGPoint) { calls.append("move(\(point.x),\(point.y))") }
    func addLine(to point: CGPoint) { calls.append("line(\(point.x),\(point.y))") }
    func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        calls.append("curve(\(control1.x),\(control1.y) \(control2.x),\(control2.y) \(end.x),\(end.y))")
    }
    func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat) {
        calls.append(String(format: "arc(%.3f,%.3f)", startAngle, delta))
    }
    func closePath() { calls.append("close") }
    func fillPath(using rule: CGPathFillRule, color: CGColor, preservingPath: Bool) {
        calls.append("fill(\(rule),\(color.red),\(color.alpha)\(preservingPath ? ",keep" : ""))")
    }
    func strokePath(color: CGColor, style: CGStrokeStyle) { calls.append("stroke(\(style.lineWidth),\(style.lineCap))") }
    func clip(using rule: CGPathFillRule) { calls.append("clip(\(rule))") }
    func fillShadow(using rule: CGPathFillRule, shadow: CGShadowStyle) { calls.append("shadow(\(shadow.blur))") }
    func draw(_ image: CGImage, in rect: CGRect, alpha: CGFloat) { calls.append("image(\(alpha))") }
    func clear(_ rect: CGRect) { calls.append("clear") }
    func showText(_ text: String, at origin: CGPoint, font: TextFont, color: CGColor) { calls.append("text(\(text))") }
    func beginTransparencyLayer() { calls.append("beginLayer") }
    func endTransparencyLayer(alpha: CGFloat) { calls.append("endLayer(\(alpha))") }
}

final class CGContextTests: XCTestCase {
    func testTracksStateThroughSaveAndRestoreAndPassesPaintWithEachCall() {
        let backend = RecordingBackend()
        let context = CGContext(backend: backend)
        context.saveGState()
        context.translateBy(x: 10, y: 20)
        context.scaleBy(x: 2, y: 2)
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.setAlpha(0.5)
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        // Scale applies first in user space, then the translation.
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(context.ctm), CGPoint(x: 12, y: 22))
        context.restoreGState()
        XCTAssertTrue(context.ctm.isIdentity)
        XCTAssertEqual(context.fillColor, .black)
        XCTAssertEqual(context.alpha, 1)
        context.restoreGState()  // unbalanced: ignored, not forwarded
        XCTAssertEqual(backend.calls, [
            "save", "concat(1.0,10.0,20.0)", "concat(2.0,0.0,0.0)",
            "begin", "move(0.0,0.0)", "line(5.0,0.0)", "line(5.0,5.0)", "line(0.0,5.0)", "close",
            "fill(winding,1.0,0.5)", "restore",
        ])
    }

    func testContextWithoutBackendKeepsState() {
        let context = CGContext(backend: nil)
        context.setLineWidth(3)
        context.setLineCap(.round)
        context.rotate(by: .pi)
        context.stroke(.zero)
        XCTAssertEqual(context.lineWidth, 3)
        XCTAssertEqual(context.lineCap, .round)
        XCTAssertEqual(context.ctm.a, -1, accuracy: 1e-12)
    }

    func testCurrentPointSurvivesAChangeOfTransformAndQuadraticsBecomeCubics() {
        let backend = RecordingBackend()
        let context = CGContext(backend: backend)
        XCTAssertTrue(context.isPathEmpty)
        context.move(to: CGPoint(x: 3, y: 0))
        context.translateBy(x: 1, y: 0)
        // The point stays where it was in device space: (2, 0) in the new user space.
        XCTAssertEqual(context.currentPointOfPath, CGPoint(x: 2, y: 0))
        context.addQuadCurve(to: CGPoint(x: 8, y: 0), control: CGPoint(x: 5, y: 3))
        XCTAssertEqual(backend.calls.last, "curve(4.0,2.0 6.0,2.0 8.0,0.0)")
        context.addLine(to: CGPoint(x: 8, y: 8))
        context.closePath()
        XCTAssertEqual(context.currentPointOfPath, CGPoint(x: 2, y: 0))
        context.strokePath()
        XCTAssertTrue(context.isPathEmpty)
        context.addLine(to: CGPoint(x: 1, y: 1))  // no current point: ignored
        XCTAssertEqual(backend.calls.last, "stroke(1.0,butt)")
    }

    func testArcsFollowCoreGraphicsDirectionAndSweep() {
        let backend = RecordingBackend()
        let context = CGContext(backend: backend)
        context.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        context.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        XCTAssertEqual(backend.calls, ["arc(0.000,1.571)", "arc(0.000,-4.712)"])
        XCTAssertEqual(context.currentPointOfPath.x, 0, accuracy: 1e-9)
        XCTAssertEqual(context.currentPointOfPath.y, 1, accuracy: 1e-9)
    }

    func testTransparencyLayerCompositesWithTheAlphaAtItsStartAndResetsItInside() {
        let backend = RecordingBackend()
        let context = CGContext(backend: backend)
        context.setAlpha(0.25)
        context.beginTransparencyLayer(auxiliaryInfo: nil)
        XCTAssertEqual(context.alpha, 1)
        context.endTransparencyLayer()
        XCTAssertEqual(context.alpha, 0.25)
        context.endTransparencyLayer()  // unbalanced: ignored
        XCTAssertEqual(backend.calls, ["save", "beginLayer", "endLayer(0.25)", "restore"])
    }

    func testFillStrokeDrawingModeKeepsThePathForTheStrokeAndShadowsPrecedeTheFill() {
        let backend = RecordingBackend()
        let context = CGContext(backend: backend)
        context.setShadow(offset: CGSize(width: 0, height: 2), blur: 4)
        context.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        context.drawPath(using: .eoFillStroke)
        XCTAssertEqual(Array(backend.calls.suffix(3)), ["shadow(4.0)", "fill(evenOdd,0.0,1.0,keep)", "stroke(1.0,butt)"])
        XCTAssertEqual(context.paintCount, 2)
    }
}
