import UIKit

/// Neuburg's two ways to tell a single tap from a double tap, side by side: on the
/// left the view that does it by itself with tap counts and delayed performance
/// (`DelayedTapView`, "Interpreting Touches"), on the right two tap recognizers, the
/// single requiring the double to fail ("Multiple Gesture Recognizers"). Each pad
/// names the last tap it reported and flashes; under it, how many of each.
///
/// Both report a single tap only after waiting for a second: the listing 0.3 s after
/// the lift, the recognizers `GestureThresholds.maximumIntervalBetweenTaps` (0.35 s).
/// A press held long, or a drag, is still a single tap on the left (the listing reads
/// only tap counts) and nothing on the right.
@MainActor
public final class TapsScene: RebuildingSceneController, Scene {
    public static let name = "taps"
    public static let caption = "Single or double tap, two ways (Neuburg, \"Touches\": \"Interpreting Touches\" and \"Multiple Gesture Recognizers\")"
    public static let hint: String? = "Tap or double-tap each pad; also try a long press or a drag"

    /// The two pads, left to right.
    enum Side: Int, CaseIterable {
        case delayedPerformance, recognizers
    }

    static let padSide: CGFloat = 170
    /// The distance between the pads' centres.
    static let spacing: CGFloat = 340
    static let titleHeight: CGFloat = 40
    static let countHeight: CGFloat = 24
    static let colors = [
        UIColor(red: 0.95, green: 0.61, blue: 0.07, alpha: 1),
        UIColor(red: 0.29, green: 0.56, blue: 0.89, alpha: 1),
    ]
    /// How long a pad's flash takes to fade after it reports a tap.
    static let flashDuration: TimeInterval = 0.35

    private(set) var delayedPad: DelayedTapView!
    private(set) var recognizerPad: UIView!
    /// The recognizers' actions, oldest first: "single" or "double".
    private(set) var recognizerLog: [String] = []
    /// The listing's actions, oldest first, kept here rather than read from its pad: a
    /// resize makes the pads anew, and the counts carry over.
    private(set) var delayedLog: [String] = []
    /// Per side: the last tap reported, in the pad; the counts, under it.
    private(set) var resultLabels: [UILabel] = []
    private(set) var countLabels: [UILabel] = []


    override func build(in area: CGRect) {
        (resultLabels, countLabels) = ([], [])
        let side = Self.padSide
        let gap: CGFloat = 10
        let blockHeight = Self.titleHeight + gap + side + gap + Self.countHeight
        let top = area.minY + max(0, (area.height - blockHeight) / 2)
        let spacing = min(Self.spacing, (area.width - 32) / 2)

        delayedPad = DelayedTapView()
        delayedPad.actionLogged = { [unowned self] entry in
            delayedLog.append(entry)
            report(entry, on: .delayedPerformance)
        }
        recognizerPad = UIView()
        let double = UITapGestureRecognizer(target: self, action: TapsScene.doubleTap)
        double.numberOfTapsRequired = 2
        recognizerPad.addGestureRecognizer(double)
        let single = UITapGestureRecognizer(target: self, action: TapsScene.singleTap)
        single.require(toFail: double)
        recognizerPad.addGestureRecognizer(single)

        let titles = [
            "touchesEnded, tap counts,\nperform(afterDelay:)",
            "two tap recognizers,\nsingle.require(toFail: double)",
        ]
        for (index, pad) in [delayedPad!, recognizerPad!].enumerated() {
            let centerX = area.midX + (CGFloat(index) - 0.5) * spacing
            let title = makeLabel(centerX: centerX, width: spacing, top: top, height: Self.titleHeight, size: 14)
            title.text = titles[index]
            title.numberOfLines = 2
            stage.addSubview(title)

            pad.frame = CGRect(x: centerX - side / 2, y: top + Self.titleHeight + gap, width: side, height: side)
            pad.backgroundColor = Self.colors[index]
            pad.layer.cornerRadius = 18
            let result = UILabel(frame: pad.bounds.insetBy(dx: 10, dy: 10))
            result.text = log(of: Side(rawValue: index)!).last ?? "tap me"
            result.textAlignment = .center
            result.font = .boldSystemFont(ofSize: 26)
            result.textColor = .white
            pad.addSubview(result)  // labels ignore touches: they reach the pad
            stage.addSubview(pad)
            resultLabels.append(result)

            let count = makeLabel(centerX: centerX, width: spacing, top: pad.frame.maxY + gap, height: Self.countHeight, size: 16)
            stage.addSubview(count)
            countLabels.append(count)
            showCounts(on: Side(rawValue: index)!)
        }
    }

    // MARK: - The recognizers' actions

    func singleTap() {
        recognizerLog.append("single")
        report("single", on: .recognizers)
    }

    func doubleTap() {
        recognizerLog.append("double")
        report("double", on: .recognizers)
    }

    // MARK: - Showing the taps

    /// The taps `side` has reported, oldest first.
    func log(of side: Side) -> [String] {
        switch side {
        case .delayedPerformance: delayedLog
        case .recognizers: recognizerLog
        }
    }

    private func report(_ entry: String, on side: Side) {
        resultLabels[side.rawValue].text = entry
        showCounts(on: side)
        let pad: UIView = side == .delayedPerformance ? delayedPad : recognizerPad
        let color = Self.colors[side.rawValue]
        pad.backgroundColor = color.withAlphaComponent(0.55)
        // The pad must keep taking taps while it flashes: a view animating without
        // `.allowUserInteraction` is skipped by hit-testing.
        UIView.animate(withDuration: Self.flashDuration, delay: 0, options: [.allowUserInteraction], animations: {
            pad.backgroundColor = color
        })
    }

    private func showCounts(on side: Side) {
        let log = log(of: side)
        let singles = log.filter { $0 == "single" }.count
        countLabels[side.rawValue].text = "single \(singles) \u{B7} double \(log.count - singles)"
    }

    private func makeLabel(centerX: CGFloat, width: CGFloat, top: CGFloat, height: CGFloat, size: CGFloat) -> UILabel {
        let label = UILabel(frame: CGRect(x: centerX - width / 2, y: top, width: width, height: height))
        label.textAlignment = .center
        label.font = .systemFont(ofSize: size)
        label.textColor = SandboxStyle.secondaryLabel
        return label
    }
}
