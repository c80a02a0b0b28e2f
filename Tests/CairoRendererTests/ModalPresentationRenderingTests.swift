import CairoRenderer
import UIKit
import XCTest

/// What presentations look like, drawn by the real renderer: an alert's card over the
/// dimmed presenter, an action sheet's cards at the bottom, a page sheet's card at a
/// phone's and an iPad's width. `PRESENTATION_PICTURES=1` also writes each screen to the
/// temporary directory, to look at.
final class ModalPresentationRenderingTests: RenderingTestCase {
    private var window: UIWindow!

    override func tearDown() async throws {
        window?.isHidden = true
        window = nil
        try await super.tearDown()
    }

    /// A visible window of `size` whose root is plain white, laid out.
    private func makeWindow(_ size: CGSize) -> UIViewController {
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        let root = UIViewController()
        root.view.backgroundColor = .white
        window.rootViewController = root
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        return root
    }

    private func gray(_ x: Int, _ y: Int) -> UInt8 {
        let pixel = pixel(of: window.layer, x: x, y: y)
        XCTAssertEqual(pixel.red, pixel.blue, "grey at (\(x), \(y))")
        return pixel.red
    }

    private func writePicture(_ name: String) throws {
        guard ProcessInfo.processInfo.environment["PRESENTATION_PICTURES"] != nil else { return }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).png")
        try LayerSnapshot.frameBuffer(of: window.layer, background: .white).writePNG(to: url)
        print("presentation picture: \(url.path)")
    }

    /// White under a 0.2 black dimming is 204; the card is 0.97 white (248 as drawn),
    /// 270 points wide in the middle (x 185...455); a line splits its two buttons at x 320.
    func testAnAlertsCardOverTheDimmedPresenter() async throws {
        let root = makeWindow(CGSize(width: 640, height: 480))
        let alert = UIAlertController(title: "Delete the drawing?", message: "This cannot be undone.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive))
        root.present(alert, animated: false)
        window.layoutIfNeeded()
        try writePicture("alert-640x480")
        XCTAssertEqual(gray(20, 20), 204, "the presenter, dimmed")
        XCTAssertEqual(gray(182, 240), 204, "left of the card")
        XCTAssertEqual(gray(188, 240), 248, "the card")
        XCTAssertEqual(gray(452, 240), 248)
        XCTAssertEqual(gray(458, 240), 204, "right of it")
        XCTAssertEqual(gray(300, 290), 248, "the Cancel button")
        XCTAssertLessThan(gray(320, 290), 230, "the line between the two buttons")
    }

    /// An action sheet's cancel card sits 8 points above the bottom and in from the
    /// sides, the others 8 points above it.
    func testAnActionSheetsCardsAtTheBottom() async throws {
        let root = makeWindow(CGSize(width: 640, height: 480))
        let sheet = UIAlertController(title: nil, message: "Share the drawing", preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Save to Files", style: .default))
        sheet.addAction(UIAlertAction(title: "Delete", style: .destructive))
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        root.present(sheet, animated: false)
        window.layoutIfNeeded()
        try writePicture("action-sheet-640x480")
        // 500 points wide, centred: x 70...570. Cancel: y 415...472.
        XCTAssertEqual(gray(65, 440), 204, "left of the cards")
        XCTAssertEqual(gray(80, 420), 248, "the cancel card")
        XCTAssertEqual(gray(80, 476), 204, "below it")
        XCTAssertEqual(gray(80, 410), 204, "the gap above it")
        XCTAssertEqual(gray(80, 400), 248, "the other card")
    }

    /// A page sheet: a phone's card from 10 points down, rounded; an iPad's 704-point card.
    func testPageSheetsAtAPhonesAndAnIPadsWidth() async throws {
        for size in [CGSize(width: 640, height: 480), CGSize(width: 1024, height: 768)] {
            let root = makeWindow(size)
            root.view.backgroundColor = .black
            let presented = UIViewController()
            presented.view.backgroundColor = .white
            root.present(presented, animated: false)
            window.layoutIfNeeded()
            try writePicture("page-sheet-\(Int(size.width))x\(Int(size.height))")
            if size.width < 700 {
                XCTAssertEqual(gray(320, 5), 0, "the presenter under a 0.4 dimming, black")
                XCTAssertEqual(gray(320, 15), 255, "the sheet")
                XCTAssertEqual(gray(0, 10), 0, "its rounded corner")
                XCTAssertEqual(gray(0, 479), 255, "its bottom corners are below the edge")
            } else {
                XCTAssertEqual(gray(150, 384), 0)
                XCTAssertEqual(gray(170, 384), 255, "704 wide from x = 160")
                XCTAssertEqual(gray(853, 384), 255)
                XCTAssertEqual(gray(870, 384), 0)
                XCTAssertEqual(gray(512, 25), 0, "30 points from the top")
                XCTAssertEqual(gray(512, 35), 255)
            }
            window.isHidden = true
        }
    }
}
