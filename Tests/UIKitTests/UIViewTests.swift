import UIKit
import XCTest

/// Geometry and appearance, stored on the layer.
final class UIViewTests: UIKitTestCase {
    func testFrameBoundsCenterAndTransformAsUIKitDerivesThem() async {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        XCTAssertEqual(view.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(view.center, CGPoint(x: 60, y: 45))
        view.center = CGPoint(x: 100, y: 100)
        XCTAssertEqual(view.frame, CGRect(x: 50, y: 75, width: 100, height: 50))
        view.bounds.size = CGSize(width: 20, height: 10)  // grows and shrinks about the centre
        XCTAssertEqual(view.frame, CGRect(x: 90, y: 95, width: 20, height: 10))
        view.bounds.origin = CGPoint(x: 5, y: 5)  // scrolls content, the frame stays
        XCTAssertEqual(view.frame, CGRect(x: 90, y: 95, width: 20, height: 10))
        view.transform = CGAffineTransform(scaleX: 3, y: 2)
        XCTAssertEqual(view.frame, CGRect(x: 70, y: 90, width: 60, height: 20))
        XCTAssertEqual(view.bounds.size, CGSize(width: 20, height: 10), "a transform leaves bounds alone")
        XCTAssertEqual(view.center, CGPoint(x: 100, y: 100), "and the centre")
        view.transform = .identity
        XCTAssertEqual(view.frame, CGRect(x: 90, y: 95, width: 20, height: 10))
    }

    func testGeometryAndAppearanceLiveOnTheLayer() async {
        let view = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertTrue(view.layer.delegate === view)
        XCTAssertEqual(view.layer.frame, view.frame)
        view.layer.position = CGPoint(x: 50, y: 50)
        XCTAssertEqual(view.center, CGPoint(x: 50, y: 50))
        view.transform = CGAffineTransform(rotationAngle: 1)
        XCTAssertEqual(view.layer.affineTransform(), CGAffineTransform(rotationAngle: 1))
        view.alpha = 0.5
        XCTAssertEqual(view.layer.opacity, 0.5)
        view.isHidden = true
        XCTAssertTrue(view.layer.isHidden)
        view.clipsToBounds = true
        XCTAssertTrue(view.layer.masksToBounds)
        view.backgroundColor = .red
        XCTAssertEqual(view.layer.backgroundColor, CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        view.backgroundColor = nil
        XCTAssertNil(view.layer.backgroundColor)
    }

    func testDefaults() async {
        let view = UIView()
        XCTAssertEqual(view.frame, .zero)
        XCTAssertTrue(view.isUserInteractionEnabled)
        XCTAssertFalse(view.isMultipleTouchEnabled)
        XCTAssertFalse(view.isExclusiveTouch)
        XCTAssertFalse(view.isHidden)
        XCTAssertEqual(view.alpha, 1)
        XCTAssertFalse(view.clipsToBounds)
        XCTAssertNil(view.backgroundColor)
        XCTAssertEqual(view.tag, 0)
        XCTAssertTrue(view.transform.isIdentity)
    }

    func testLayerClassIsOverridable() async {
        final class ShapeLayer: CALayer {}
        final class ShapeView: UIView {
            override class var layerClass: AnyClass { ShapeLayer.self }
        }
        final class BrokenView: UIView {
            override class var layerClass: AnyClass { NSObject.self }
        }
        XCTAssertTrue(ShapeView().layer is ShapeLayer)
        XCTAssertTrue(type(of: BrokenView().layer) == CALayer.self)
        XCTAssertEqual(logLines(containing: "is not a CALayer").count, 1)
    }

    func testAUIKitStyleSubclassCompiles() async {
        // The initializers UIKit code declares must be accepted as written.
        final class Card: UIView {
            override init(frame: CGRect) {
                super.init(frame: frame)
                backgroundColor = .white
            }
            required init?(coder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }
        }
        XCTAssertEqual(Card().backgroundColor, .white)
        XCTAssertEqual(Card(frame: CGRect(x: 0, y: 0, width: 5, height: 5)).bounds.width, 5)
    }
}
