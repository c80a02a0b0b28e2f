import Foundation
import X11TestSupport
import XCTest
@testable import X11Host
@testable import X11Platform

/// How a device's pressure and contact-size valuators become `UITouch.force` and
/// `UITouch.majorRadius`, for made-up devices (no server).
final class TouchContactAxesTests: XCTestCase {
    private typealias Valuator = TouchDeviceInfo.Valuator

    private func device(_ valuators: [Valuator]) -> TouchDeviceInfo {
        TouchDeviceInfo(id: 9, name: "made-up", mode: .direct, maximumTouches: 10, xAxis: nil, yAxis: nil,
                        isEnabled: true, valuators: valuators)
    }

    private func axis(_ number: Int, _ label: String, _ maximum: Double, resolution: Int = 0) -> Valuator {
        Valuator(number: number, label: label, range: .init(minimum: 0, maximum: maximum), resolution: resolution)
    }

    /// The inputtest driver's touchscreen, as `xinput list --long` shows it on the test
    /// server: position 0…65535 on both axes, "Abs MT Pressure" 0…2047 on axis 4, no
    /// resolutions, no contact size.
    private var inputtestTouchscreen: TouchDeviceInfo {
        device([
            axis(0, "Abs MT Position X", 65535), axis(1, "Abs MT Position Y", 65535),
            Valuator(number: 2, label: "Rel Horiz Scroll", range: .init(minimum: -1, maximum: -1)),
            Valuator(number: 3, label: "Rel Vert Scroll", range: .init(minimum: -1, maximum: -1)),
            axis(4, "Abs MT Pressure", 2047),
        ])
    }

    /// UITouch.maximumPossibleForce is 20/3 on 3D Touch iPhones; the pressure axis's
    /// whole range spans 0…20/3, outside readings are held to it.
    func testThePressureRangeSpansZeroToTheMaximumPossibleForce() {
        let axes = TouchContactAxes(device: inputtestTouchscreen, coveredPixels: CGSize(width: 1280, height: 1024),
                                    scale: 1)
        XCTAssertEqual(axes.pressure?.number, 4)
        XCTAssertEqual(axes.maximumPossibleForce, 20.0 / 3)
        XCTAssertEqual([0, 2047, 2047.0 * 3 / 20, -5, 5000, .nan].map(axes.force(pressure:)), [0, 20.0 / 3, 1, 0, 20.0 / 3, 0])
        XCTAssertTrue(axes.reportsContact)
        // No contact size: radius and tolerance 0.
        XCTAssertNil(axes.touchMajor)
        XCTAssertEqual(axes.majorRadius(major: 30, minor: nil), 0)
        XCTAssertEqual(axes.majorRadiusTolerance, 0)
    }

    /// "Abs MT Pressure" is preferred; a device with only the single-touch "Abs Pressure"
    /// uses that; a pressure axis without a range is none.
    func testWhichAxisIsThePressure() {
        let both = device([axis(2, "Abs Pressure", 255), axis(3, "Abs MT Pressure", 1023)])
        XCTAssertEqual(TouchContactAxes(device: both, coveredPixels: .zero, scale: 1).pressure?.number, 3)
        let single = device([axis(2, "Abs Pressure", 255)])
        XCTAssertEqual(TouchContactAxes(device: single, coveredPixels: .zero, scale: 1).pressure?.number, 2)
        let flat = device([axis(2, "Abs MT Pressure", 0)])
        let none = TouchContactAxes(device: flat, coveredPixels: .zero, scale: 1)
        XCTAssertNil(none.pressure)
        XCTAssertFalse(none.reportsContact)
        XCTAssertEqual(none.maximumPossibleForce, 0)
        XCTAssertEqual(none.force(pressure: 100), 0)
    }

    /// Without resolutions the major axis is in position units (the kernel's multi-touch
    /// protocol): 2,048 × 1,536 units on 1,024 × 768 pixels are half a pixel each, at
    /// scale 2 a quarter point. A major axis of 40 units is a radius of 5 points, known
    /// to a quarter unit (1/16 point).
    func testContactSizeWithoutResolutionIsInPositionUnits() {
        let touchscreen = device([
            axis(0, "Abs MT Position X", 2047), axis(1, "Abs MT Position Y", 1535),
            axis(5, "Abs MT Touch Major", 255), axis(6, "Abs MT Touch Minor", 255),
        ])
        let axes = TouchContactAxes(device: touchscreen, coveredPixels: CGSize(width: 1024, height: 768), scale: 2)
        XCTAssertEqual(axes.touchMajor, 5)
        XCTAssertEqual(axes.touchMinor, 6)
        XCTAssertEqual(axes.pointsPerContactUnit, 0.25)
        XCTAssertEqual(axes.majorRadius(major: 40, minor: nil), 5)
        XCTAssertEqual(axes.majorRadius(major: 40, minor: 48), 6, "the larger axis is the major one")
        XCTAssertEqual(axes.majorRadius(major: nil, minor: nil), 0)
        XCTAssertEqual(axes.majorRadiusTolerance, 0.0625)
        XCTAssertEqual(axes.maximumPossibleForce, 0, "contact size without pressure")
    }

    /// Units that are not square on screen (1 pixel across, 4 down) give the geometric
    /// mean, 2 pixels per unit, whichever way the contact's long axis lies; a matrix that
    /// turns the device a quarter turn (covering 768 × 1024) gives the same.
    func testUnitsThatAreNotSquareGiveTheirGeometricMean() {
        let touchscreen = device([
            axis(0, "Abs MT Position X", 1023), axis(1, "Abs MT Position Y", 191), axis(5, "Abs MT Touch Major", 255),
        ])
        let upright = TouchContactAxes(device: touchscreen, coveredPixels: CGSize(width: 1024, height: 768), scale: 1)
        XCTAssertEqual(upright.majorRadius(major: 10, minor: nil), 10)
        let turned = TouchContactAxes(device: touchscreen, coveredPixels: CGSize(width: 768, height: 1024), scale: 1)
        XCTAssertEqual(turned.pointsPerContactUnit, upright.pointsPerContactUnit)
    }

    /// With resolutions on both, a major axis counted in units twice as coarse as the
    /// position axes' (5,000 against 10,000 units per metre) is two position units per
    /// unit; a resolution on one side only is ignored.
    func testResolutionsConvertTheMajorAxisIntoPositionUnits() {
        func touchscreen(majorResolution: Int, positionResolution: Int) -> TouchDeviceInfo {
            device([
                axis(0, "Abs MT Position X", 2047, resolution: positionResolution),
                axis(1, "Abs MT Position Y", 1535, resolution: positionResolution),
                axis(5, "Abs MT Touch Major", 255, resolution: majorResolution),
            ])
        }
        let size = CGSize(width: 1024, height: 768)
        let coarse = TouchContactAxes(device: touchscreen(majorResolution: 5_000, positionResolution: 10_000),
                                      coveredPixels: size, scale: 1)
        XCTAssertEqual(coarse.pointsPerContactUnit, 1)
        let oneSided = TouchContactAxes(device: touchscreen(majorResolution: 5_000, positionResolution: 0),
                                        coveredPixels: size, scale: 1)
        XCTAssertEqual(oneSided.pointsPerContactUnit, 0.5)
    }

    /// Position axes without a range give no scale: the radius is 0, not a guess.
    func testPositionAxesWithoutARangeGiveNoRadius() {
        let touchscreen = device([axis(0, "Abs MT Position X", 0), axis(1, "Abs MT Position Y", 0),
                                  axis(5, "Abs MT Touch Major", 255)])
        let axes = TouchContactAxes(device: touchscreen, coveredPixels: CGSize(width: 1024, height: 768), scale: 1)
        XCTAssertTrue(axes.reportsContact)
        XCTAssertEqual(axes.majorRadius(major: 40, minor: nil), 0)
    }

    /// The host logs each device's pressure and contact-size ranges.
    func testADevicesDescriptionNamesItsPressureAndContactSize() {
        var touchscreen = inputtestTouchscreen
        touchscreen.xAxis = .init(minimum: 0, maximum: 65535)
        touchscreen.yAxis = .init(minimum: 0, maximum: 65535)
        XCTAssertEqual(touchscreen.description,
                       "touch device 9 \"made-up\": direct, up to 10 touches, x 0…65535, y 0…65535, pressure 0…2047")
        touchscreen.valuators.append(axis(5, "Abs MT Touch Major", 255))
        XCTAssertTrue(touchscreen.description.hasSuffix(", pressure 0…2047, contact size 0…255"))
    }
}
