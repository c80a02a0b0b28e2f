import CairoRenderer
import Foundation
import UIKit

/// A picture of a run at a glance: key frames side by side, each scaled down and
/// labelled with its time, made of UIKit views and drawn by the renderer.
@MainActor
struct ContactSheet {
    /// How many frames a sheet shows, in `columns` columns.
    static let frameCount = 8
    static let columns = 4
    /// A frame's width on the sheet, in pixels.
    static let cellWidth: CGFloat = 320

    /// The frames kept so far, with their times in seconds from the start.
    private(set) var frames: [(time: TimeInterval, image: CGImage)] = []
    /// The times the sheet shows the window at (evenly through the run, the last at
    /// its end).
    let marks: [TimeInterval]
    /// The window as last presented, and since when: what a person saw until the next
    /// frame.
    private var shown: (time: TimeInterval, image: CGImage)?

    init(duration: TimeInterval) {
        marks = (0..<Self.frameCount).map { duration * Double($0 + 1) / Double(Self.frameCount) }
    }

    /// A frame presented at `time`: each mark passed before it shows what was on the
    /// window then, the frame before this one. `image` is asked for only when a later
    /// mark may show it.
    mutating func framePresented(at time: TimeInterval, image: () -> CGImage) {
        passMarks(before: time)
        guard frames.count < marks.count else { return }
        shown = (time, image())
    }

    /// The run ended: the marks left show the last frame.
    mutating func finish() {
        passMarks(before: .infinity)
    }

    private mutating func passMarks(before time: TimeInterval) {
        while frames.count < marks.count, marks[frames.count] < time, let shown {
            frames.append((marks[frames.count], shown.image))
        }
    }

    /// Writes the sheet as a PNG: `title` above the frames, each frame's time under it.
    func write(to url: URL, title: String) throws {
        guard let first = frames.first?.image else { return }
        let cell = CGSize(width: Self.cellWidth, height: (Self.cellWidth * CGFloat(first.height) / CGFloat(first.width)).rounded())
        let gap: CGFloat = 12, titleHeight: CGFloat = 40, labelHeight: CGFloat = 24
        let rows = (frames.count + Self.columns - 1) / Self.columns
        let sheet = UIView(frame: CGRect(x: 0, y: 0, width: gap + CGFloat(Self.columns) * (cell.width + gap),
                                         height: titleHeight + CGFloat(rows) * (cell.height + labelHeight + gap) + gap))
        sheet.backgroundColor = UIColor(red: 0x1C / 255, green: 0x1C / 255, blue: 0x1E / 255, alpha: 1)
        let heading = UILabel(frame: CGRect(x: gap, y: 8, width: sheet.bounds.width - 2 * gap, height: titleHeight - 12))
        heading.text = title
        heading.font = .boldSystemFont(ofSize: 17)
        heading.textColor = .white
        sheet.addSubview(heading)
        for (index, frame) in frames.enumerated() {
            let x = gap + CGFloat(index % Self.columns) * (cell.width + gap)
            let y = titleHeight + CGFloat(index / Self.columns) * (cell.height + labelHeight + gap)
            let imageView = UIImageView(image: UIImage(cgImage: frame.image))
            imageView.frame = CGRect(x: x, y: y, width: cell.width, height: cell.height)
            imageView.contentMode = .scaleAspectFit
            sheet.addSubview(imageView)
            let label = UILabel(frame: CGRect(x: x, y: y + cell.height + 2, width: cell.width, height: labelHeight - 2))
            label.text = String(format: "%.1f s", frame.time)
            label.font = .systemFont(ofSize: 14)
            label.textColor = UIColor(white: 0.75, alpha: 1)
            label.textAlignment = .center
            sheet.addSubview(label)
        }
        try LayerSnapshot.writePNG(of: sheet.layer, to: url)
    }
}
