import CairoRenderer
import UIKit
import XCTest

/// What the controls look like: system buttons normal, highlighted and disabled, and a
/// slider at 0.3, against the golden `controls.png`.
final class UIControlGoldenTests: RenderingTestCase {
    func testButtonsByStateAndASliderAtThreeTenths() async throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 330, height: 130))
        root.backgroundColor = .white
        let titles = ["Normal", "Pressed", "Disabled"]
        var buttons: [UIButton] = []
        for (index, title) in titles.enumerated() {
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 10 + CGFloat(index) * 105, y: 10, width: 100, height: 44)
            button.setTitle(title, for: .normal)
            root.addSubview(button)
            buttons.append(button)
        }
        buttons[1].isHighlighted = true
        buttons[2].isEnabled = false
        let slider = UISlider(frame: CGRect(x: 20, y: 80, width: 290, height: 31))
        slider.value = 0.3
        root.addSubview(slider)
        root.layoutIfNeeded()
        try assertMatchesGolden(root.layer, named: "controls")

        // Exactly: the tinted track left of the thumb, the grey one right of it, the
        // white thumb at 0.3 of the 262-point travel (its centre at x 20 + 78.6 + 14).
        let tinted = pixel(of: root.layer, x: 40, y: 95)
        XCTAssertEqual([tinted.red, tinted.blue], [0, 255], "system blue left of the thumb")
        let thumb = pixel(of: root.layer, x: 113, y: 95)
        XCTAssertEqual([thumb.red, thumb.green, thumb.blue], [255, 255, 255], "the white thumb")
        let untinted = pixel(of: root.layer, x: 250, y: 95)
        XCTAssertGreaterThan(untinted.red, 200, "light grey right of the thumb")
        XCTAssertLessThan(untinted.red, 255)
    }
}
