import CairoRenderer
import Foundation
import QuartzCore

/// One frame of a busy scene through `LayerRenderer`, against raw Cairo calls drawing the
/// same shapes in the same run: 500 rounded, bordered layers at 1280 × 800, 100 of them
/// animating: each has a running `transform` animation (whose value holds still at the
/// tile's rotation and scale, so both sides draw the same picture), so every frame
/// builds their presentation copies as a real animated frame does. Frames alternate in batches between the two
/// so that both see the same machine load; the medians of the batches are compared.
@MainActor
enum RenderBenchmarks {
    static let size = CGSize(width: 1280, height: 800)
    static let columns = 25, rows = 20

    /// One tile of the scene, as both renderers draw it.
    typealias Tile = RawCairoTiles.Tile

    static let cornerRadius: CGFloat = 8
    static let borderWidth: CGFloat = 2

    static func tiles() -> [Tile] {
        let cell = CGSize(width: size.width / CGFloat(columns), height: size.height / CGFloat(rows))
        return (0..<columns * rows).map { index in
            let column = index % columns, row = index / columns
            let animated = index % 5 == 0  // 100 of 500
            let hue = CGFloat(index % 7) / 7
            return Tile(
                position: CGPoint(x: (CGFloat(column) + 0.5) * cell.width, y: (CGFloat(row) + 0.5) * cell.height),
                size: CGSize(width: cell.width - 8, height: cell.height - 8),
                transform: animated ? CGAffineTransform(rotationAngle: 0.3 + hue).scaledBy(x: 1.1, y: 0.9) : .identity,
                fill: CGColor(red: 0.3 + 0.6 * hue, green: 0.5, blue: 0.9 - 0.6 * hue, alpha: 1),
                border: CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1))
        }
    }

    static func layerTree(_ tiles: [Tile]) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = .white
        for tile in tiles {
            let layer = CALayer()
            layer.bounds = CGRect(origin: .zero, size: tile.size)
            layer.position = tile.position
            if !tile.transform.isIdentity {
                let animation = CABasicAnimation(keyPath: "transform")
                animation.fromValue = CATransform3DMakeAffineTransform(tile.transform)
                animation.toValue = CATransform3DMakeAffineTransform(tile.transform)
                animation.duration = 1e9
                layer.add(animation, forKey: "spin")
            }
            layer.backgroundColor = tile.fill
            layer.cornerRadius = cornerRadius
            layer.borderWidth = borderWidth
            layer.borderColor = tile.border
            root.addSublayer(layer)
        }
        return root
    }

    /// The three things timed, each a closure drawing one frame, over one shared scene.
    static func operations() -> [String: () -> Void] {
        let tiles = tiles()
        let root = layerTree(tiles)
        let renderer = LayerRenderer()
        let buffer = FrameBuffer(pointSize: size, scale: 1)
        let rawBuffer = FrameBuffer(pointSize: size, scale: 1)
        let raw = RawCairoTiles(tiles: tiles, cornerRadius: cornerRadius, borderWidth: borderWidth)
        return [
            "renderer": { buffer.draw { canvas in renderer.render(root, in: canvas) } },
            "raw": { raw.draw(into: rawBuffer) },
            "walk": { root.render(in: CGContext(backend: nil)) },
        ]
    }

    /// Prints the table: milliseconds per frame as the median of batches that alternate
    /// between the three, and instructions per frame under callgrind when valgrind is
    /// installed (the difference of a 6-frame and a 1-frame run, over 5).
    static func printTable(executable: URL, batches: Int = 21, framesPerBatch: Int = 5) {
        let operations = operations()
        let keys = ["renderer", "raw", "walk"]
        for key in keys { for _ in 0..<3 { operations[key]!() } }
        var times: [String: [Double]] = [:]
        for _ in 0..<batches {
            for key in keys { times[key, default: []].append(milliseconds(per: framesPerBatch, operations[key]!)) }
        }
        let ms = times.mapValues(median)
        let instructions = Dictionary(uniqueKeysWithValues: keys.map { ($0, instructionsPerFrame($0, executable: executable)) })
        func count(_ key: String) -> String { instructions[key]!.map { String(format: "%.1f M", $0 / 1e6) } ?? "n/a" }
        let r = ms["renderer"]!, c = ms["raw"]!
        print("| one frame: 500 rounded bordered layers, 100 animating, 1280×800 | ms / frame | fps | instructions / frame |")
        print("|---|---|---|---|")
        print(String(format: "| LayerRenderer (CGContext over Cairo) | %.2f | %.0f | %@ |", r, 1000 / r, count("renderer")))
        print(String(format: "| raw Cairo, same shapes | %.2f | %.0f | %@ |", c, 1000 / c, count("raw")))
        let instructionRatio = instructions["renderer"]!.flatMap { i in instructions["raw"]!.map { String(format: "%.3f", i / $0) } }
        print(String(format: "| ratio LayerRenderer / raw Cairo | %.3f | | %@ |", r / c, instructionRatio ?? "n/a"))
        print(String(format: "| presentation walk and reads only (CGContext without backend) | %.3f | | %@ |",
                     ms["walk"]!, count("walk")))
    }

    /// Runs one operation `count` times after building the scene (for callgrind).
    static func runOnly(_ key: String, count: Int) {
        guard let operation = operations()[key] else { fail("unknown render operation \(key)") }
        for _ in 0..<count { operation() }
    }

    private static func instructionsPerFrame(_ key: String, executable: URL) -> Double? {
        callgrindInstructionsPerRun("render-op", key, few: 1, many: 6, executable: executable)
    }

    private static func milliseconds(per count: Int, _ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<count { body() }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(count)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
