@testable import UIKit
import XCTest

/// Buttons: titles and colours per state, the title's look by state, the primary
/// action, and the rule that keeps single taps of other views off the button.
final class UIButtonTests: UIKitTestCase {
    private var button: UIButton!
    private var events: ControlEventLog!

    override func setUp() async throws {
        try await super.setUp()
        button = UIButton(type: .system)
        button.frame = CGRect(x: 100, y: 100, width: 120, height: 44)
        button.setTitle("Press", for: .normal)
        window.addSubview(button)
        events = ControlEventLog(button)
    }

    // MARK: - Events

    func testATapSendsTouchUpInsideThenThePrimaryAction() async {
        injector.tap(at: CGPoint(x: 160, y: 122))
        XCTAssertEqual(events.flush(), ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    func testLiftingOutsideTriggersNoPrimaryAction() async {
        injector.drag(from: CGPoint(x: 160, y: 122), to: CGPoint(x: 160, y: 400), steps: 1)
        XCTAssertEqual(events.flush(), ["touchDown", "touchDragExit", "touchDragOutside", "touchUpOutside"])
    }

    func testSendingTouchUpInsideFromCodeSendsOnlyThat() async {
        button.sendActions(for: .touchUpInside)
        XCTAssertEqual(events.flush(), ["touchUpInside"])
    }

    func testADisabledButtonSendsNothing() async {
        button.isEnabled = false
        injector.tap(at: CGPoint(x: 160, y: 122))
        XCTAssertEqual(events.flush(), [])
    }

    // MARK: - Titles and colours

    func testTitlesFallBackToTheNormalTitle() async {
        button.setTitle("Selected", for: .selected)
        XCTAssertEqual(button.title(for: .normal), "Press")
        XCTAssertEqual(button.title(for: .highlighted), "Press")
        XCTAssertEqual(button.title(for: .selected), "Selected")
        XCTAssertEqual(button.title(for: [.selected, .highlighted]), "Press", "exact state, else normal, as UIKit")
        XCTAssertEqual(button.currentTitle, "Press")
        XCTAssertEqual(button.titleLabel?.text, "Press")
        button.isSelected = true
        XCTAssertEqual(button.currentTitle, "Selected")
        XCTAssertEqual(button.titleLabel?.text, "Selected")
        button.setTitle(nil, for: .selected)
        XCTAssertEqual(button.titleLabel?.text, "Press")
    }

    func testTheTitleLabelIsASubviewCentredInTheButton() async throws {
        let label = try XCTUnwrap(button.titleLabel)
        XCTAssertTrue(label.superview === button)
        XCTAssertFalse(label.isUserInteractionEnabled, "touches on the title hit the button")
        button.layoutIfNeeded()
        XCTAssertEqual(label.center.x, 60, accuracy: 0.5)
        XCTAssertEqual(label.center.y, 22, accuracy: 0.5)
        XCTAssertGreaterThan(label.bounds.width, 0)
        XCTAssertEqual(label.frame.origin.x, label.frame.origin.x.rounded(), "on whole points")
        XCTAssertTrue(window.hitTest(label.center.applying(.init(translationX: 100, y: 100)), with: nil) === button)
    }

    func testSystemAndCustomDefaultColours() async {
        XCTAssertEqual(button.buttonType, .system)
        XCTAssertEqual(button.currentTitleColor, .systemBlue)
        let custom = UIButton(frame: .zero)
        XCTAssertEqual(custom.buttonType, .custom)
        XCTAssertEqual(custom.currentTitleColor, .white)
        XCTAssertEqual(UIButton(type: .custom).buttonType, .custom)
    }

    func testHighlightDimsTheTitleUnlessAHighlightedColourIsSet() async throws {
        let label = try XCTUnwrap(button.titleLabel)
        let id = injector.touchDown(at: CGPoint(x: 160, y: 122))
        XCTAssertEqual(button.state, .highlighted)
        XCTAssertEqual(label.alpha, 0.2, accuracy: 1e-6)
        XCTAssertEqual(label.textColor, .systemBlue)
        injector.touchUp(id, at: CGPoint(x: 160, y: 122))
        XCTAssertEqual(label.alpha, 1)

        button.setTitleColor(.red, for: .highlighted)
        button.isHighlighted = true
        XCTAssertEqual(label.alpha, 1, "an explicit highlighted colour replaces the dimming")
        XCTAssertEqual(label.textColor, .red)
        XCTAssertEqual(button.currentTitleColor, .red)
    }

    /// Apple's UIButton reference ("Specifying the title colour"): a value not set for a
    /// state is the normal state's; only with none set for normal either does a disabled
    /// button grey its title.
    func testDisabledGreysTheTitleUnlessAColourIsSetForItOrForNormal() async {
        button.isEnabled = false
        XCTAssertEqual(button.titleLabel?.textColor, .systemGray, "nothing set: the kind's grey")
        XCTAssertEqual(button.titleColor(for: .disabled), .systemGray)
        button.isEnabled = true
        button.setTitleColor(.black, for: .normal)
        XCTAssertEqual(button.titleLabel?.textColor, .black)
        button.isEnabled = false
        XCTAssertEqual(button.titleLabel?.textColor, .black, "the normal colour, as no disabled one is set")
        XCTAssertEqual(button.titleColor(for: .disabled), .black)
        button.setTitleColor(.orange, for: .disabled)
        XCTAssertEqual(button.titleLabel?.textColor, .orange)
        button.isEnabled = true
        XCTAssertEqual(button.titleLabel?.textColor, .black)
        XCTAssertEqual(button.titleColor(for: .selected), .black, "other states fall back to normal")
    }

    func testSizeToFitWrapsTheTitleWithUIKitsPadding() async throws {
        button.sizeToFit()
        let label = try XCTUnwrap(button.titleLabel)
        let text = label.sizeThatFits(.zero)
        XCTAssertGreaterThan(text.width, 30)
        XCTAssertEqual(button.bounds.size, CGSize(width: text.width, height: text.height + 12))
    }

    /// An empty button fits to 30 × 34 points and a short title to at least 30 points of
    /// width, as iOS 7 and later answer (observed: `UIButton(type: .system)
    /// .intrinsicContentSize` is {30, 34} with no title, and {30, 30} titled "On" in the
    /// system font of 15 points). Apple's "UIButton" reference gives no number.
    func testAnEmptyButtonAndAShortTitleHaveUIKitsMinimumSize() async throws {
        let empty = UIButton(type: .system)
        XCTAssertEqual(empty.sizeThatFits(.zero), CGSize(width: 30, height: 34))
        empty.setTitle("", for: .normal)
        XCTAssertEqual(empty.sizeThatFits(.zero), CGSize(width: 30, height: 34), "an empty title is no title")
        empty.setTitle("On", for: .normal)
        let text = try XCTUnwrap(empty.titleLabel).sizeThatFits(.zero)
        XCTAssertLessThan(text.width, 30)
        XCTAssertEqual(empty.sizeThatFits(.zero), CGSize(width: 30, height: text.height + 12))
        XCTAssertEqual(UIButton.defaultTitleFont.pointSize, 15)
    }

    // MARK: - gestureRecognizerShouldBegin

    func testASingleTapOfAnotherViewDoesNotBeginOnTheButton() async {
        let background = UITapGestureRecognizer()
        window.addGestureRecognizer(background)
        XCTAssertFalse(button.gestureRecognizerShouldBegin(background))
    }

    func testOtherTapsAndOtherRecognizersMayBegin() async {
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        window.addGestureRecognizer(double)
        XCTAssertTrue(button.gestureRecognizerShouldBegin(double), "a double tap is not the button's gesture")

        let twoFinger = UITapGestureRecognizer()
        twoFinger.numberOfTouchesRequired = 2
        window.addGestureRecognizer(twoFinger)
        XCTAssertTrue(button.gestureRecognizerShouldBegin(twoFinger))

        let other = UIGestureRecognizer()
        window.addGestureRecognizer(other)
        XCTAssertTrue(button.gestureRecognizerShouldBegin(other), "not a tap")
    }

    func testASingleTapOnTheButtonItselfMayBegin() async {
        let own = UITapGestureRecognizer()
        button.addGestureRecognizer(own)
        XCTAssertTrue(button.gestureRecognizerShouldBegin(own), "Apple, \"Gesture Recognizers\": attach to the control to override it")
    }

    func testADisabledButtonLetsTheTapThrough() async {
        let background = UITapGestureRecognizer()
        window.addGestureRecognizer(background)
        button.isEnabled = false
        XCTAssertTrue(button.gestureRecognizerShouldBegin(background))
    }
}
