import CairoRenderer
import CoreGraphics
import Foundation
import UIKit

/// A picture of a run at a glance: key frames in two columns, each labelled with its
/// time, made of UIKit views and drawn by the renderer.
///
/// **Which frames.** The frames that show the run's changes, not its clock: each frame
/// the window presented is compared with the one before on a coarse grid of samples,
/// frames that changed nothing are the frame before, and the sheet shows the first
/// frame, the last, and between them the frames where the run's accumulated change
/// crosses each equal share of the whole. So a run that ends with two idle seconds
/// shows its last change once, not three times, and a run whose action is a burst shows
/// the burst frame by frame. A run that never changes shows its one frame.
///
/// **How large.** Each frame at `cellScale` of the window (640 pixels across for a
/// 1024-point window), so a scene's 15-point status lines are 9 pixels high and read.
/// At most `keptLimit` candidates are kept while the run plays, scaled to the cell's
/// size: where more come, the two that differ least are merged.
@MainActor
struct ContactSheet {
    /// How many frames a sheet shows, at most, in `columns` columns.
    static let frameCount = 8
    static let columns = 2
    /// A frame's size on the sheet against the window's.
    static let cellScale: CGFloat = 0.625
    /// The most candidate frames kept while a run plays.
    static let keptLimit = 40
    /// The grid of samples a frame is compared on.
    static let signatureSize = (columns: 64, rows: 48)

    /// A candidate: when it was presented, the window scaled to the cell, its samples,
    /// and how much it changed from the candidate before.
    struct Candidate {
        var time: TimeInterval
        var image: CGImage
        var signature: [UInt8]
        var change: Int
    }

    /// The candidates kept so far, in time order.
    private(set) var candidates: [Candidate] = []

    /// A frame presented at `time` (seconds from the start); kept, scaled, when it
    /// changed something.
    mutating func framePresented(at time: TimeInterval, image: () -> CGImage) {
        let full = image()
        let signature = Self.signature(of: full)
        let change = candidates.last.map { Self.difference($0.signature, signature) } ?? 0
        guard candidates.isEmpty || change > 0 else { return }
        candidates.append(Candidate(time: time, image: Self.scaled(full), signature: signature, change: change))
        if candidates.count > Self.keptLimit { mergeLeastChange() }
    }

    /// Drops the candidate (not the first) that changed least from the one before; its
    /// change goes to the one after, so the accumulated change is kept.
    private mutating func mergeLeastChange() {
        guard candidates.count > 2 else { return }
        let index = (1..<candidates.count - 1).min { candidates[$0].change < candidates[$1].change } ?? 1
        candidates[index + 1].change += candidates[index].change
        candidates.remove(at: index)
    }

    /// The frames the sheet shows: the first, the last, and those where the accumulated
    /// change crosses each share of the whole, each once.
    var frames: [(time: TimeInterval, image: CGImage)] {
        guard let first = candidates.first else { return [] }
        let total = candidates.reduce(0) { $0 + $1.change }
        guard total > 0, candidates.count > 1 else { return [(first.time, first.image)] }
        var chosen: [Int] = [0]
        var accumulated = 0, next = 1
        for (index, candidate) in candidates.enumerated().dropFirst() {
            accumulated += candidate.change
            while next < Self.frameCount - 1, accumulated * (Self.frameCount - 1) >= total * next {
                if chosen.last != index { chosen.append(index) }
                next += 1
            }
        }
        if chosen.last != candidates.count - 1 { chosen.append(candidates.count - 1) }
        return chosen.prefix(Self.frameCount).map { (candidates[$0].time, candidates[$0].image) }
    }

    // MARK: - Comparing and scaling

    /// The frame's samples: the red, green and blue of a grid of pixels.
    static func signature(of image: CGImage) -> [UInt8] {
        var samples: [UInt8] = []
        samples.reserveCapacity(signatureSize.columns * signatureSize.rows * 3)
        for row in 0..<signatureSize.rows {
            let y = (2 * row + 1) * image.height / (2 * signatureSize.rows)
            for column in 0..<signatureSize.columns {
                let pixel = image.pixel(x: (2 * column + 1) * image.width / (2 * signatureSize.columns), y: y)
                samples += [pixel.red, pixel.green, pixel.blue]
            }
        }
        return samples
    }

    /// How far apart two frames' samples are: the sum of the channels' differences.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return Int.max / 4 }
        return zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
    }

    /// The window at `cellScale`.
    static func scaled(_ image: CGImage) -> CGImage {
        let width = max(1, Int((CGFloat(image.width) * cellScale).rounded()))
        let height = max(1, Int((CGFloat(image.height) * cellScale).rounded()))
        let bitmapInfo = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: bitmapInfo) else { return image }
        context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
        return context.makeImage() ?? image
    }

    // MARK: - Writing

    /// Writes the sheet as a PNG: `title` above the frames, each frame's time under it.
    func write(to url: URL, title: String) throws {
        let frames = frames
        guard let first = frames.first?.image else { return }
        let cell = CGSize(width: CGFloat(first.width), height: CGFloat(first.height))
        let gap: CGFloat = 12, titleHeight: CGFloat = 40, labelHeight: CGFloat = 24
        let rows = (frames.count + Self.columns - 1) / Self.columns
        let columns = min(Self.columns, frames.count)
        let sheet = UIView(frame: CGRect(x: 0, y: 0, width: gap + CGFloat(columns) * (cell.width + gap),
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
