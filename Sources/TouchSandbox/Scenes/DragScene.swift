import FileSafety
import Foundation
import UIKit

/// Sadun's two ways to drag a view (Dr. Dobb's), side by side, with the same four tiles
/// (images from `assets/`): on the left Recipe 1's `DragView`, moved by its touch
/// handlers and following the finger at once with the offset where it was touched; on
/// the right Recipe 2's `PanDragView`, moved by its pan recognizer's translation,
/// staying put for the pan's first 10 points and then catching up with the finger.
/// Either kind pops to the front when touched. A title over each half says which recipe
/// it is.
///
/// All eight tiles share one superview (the stage), so a tile dragged into the other
/// half stays touchable there and still pops in front of every other tile. Several
/// fingers drag several tiles at once: each tile has its own touch.
@MainActor
public final class DragScene: RebuildingSceneController, Scene {
    public static let name = "drag"
    public static let caption = "Drag views: by touch handlers (left) and by a pan recognizer (right) (Sadun, Dr. Dobb's: Recipes 1 and 2)"
    public static let hint: String? = "Drag the tiles: the left ones follow at once, the right ones after 10 points"

    /// The tiles' image names in `assets/`.
    static let imageNames = ["drag-tile-1", "drag-tile-2", "drag-tile-3", "drag-tile-4"]
    /// The widest step between neighbouring tiles' centres: less than a tile's width, so
    /// the tiles overlap and bringing one to the front shows.
    static let tileSpacing: CGFloat = 70
    /// How far alternate tiles sit above and below the row's middle.
    static let tileStagger: CGFloat = 30
    static let titleHeight: CGFloat = 24

    /// Recipe 1's tiles, back to front as laid out.
    private(set) var touchTiles: [DragView] = []
    /// Recipe 2's tiles, back to front as laid out.
    private(set) var panTiles: [PanDragView] = []
    /// The titles over the left and the right half.
    private(set) var titles: [UILabel] = []


    override func build(in area: CGRect) {
        stage.isMultipleTouchEnabled = true
        (touchTiles, panTiles, titles) = ([], [], [])
        let half = area.width / 2
        let leftCenter = area.minX + half / 2, rightCenter = area.minX + half * 1.5

        let titleTop = area.minY + 12
        titles = [
            makeTitle("Recipe 1: DragView, touch handlers", centerX: leftCenter, top: titleTop, width: half),
            makeTitle("Recipe 2: PanDragView, pan recognizer", centerX: rightCenter, top: titleTop, width: half),
        ]
        for title in titles { stage.addSubview(title) }
        let rowTop = titleTop + Self.titleHeight
        let divider = UIView(frame: CGRect(x: area.midX.rounded(), y: rowTop, width: 1, height: max(0, area.maxY - rowTop)))
        divider.backgroundColor = SandboxStyle.secondaryLabel.withAlphaComponent(0.4)
        divider.isUserInteractionEnabled = false  // a touch on the line belongs to the stage, like the space around it
        stage.addSubview(divider)

        // Added after the titles and the divider, so a dragged tile passes over them.
        let rowMiddle = (rowTop + area.maxY) / 2
        let images = Self.loadImages()
        let spacing = Self.spacing(inWidth: half, tileWidth: images.map(\.size.width).max() ?? 0)
        touchTiles = images.enumerated().map { index, image in
            let tile = DragView(image: image)
            tile.center = Self.tileCenter(index, rowCenterX: leftCenter, rowMiddle: rowMiddle, spacing: spacing)
            stage.addSubview(tile)
            return tile
        }
        panTiles = images.enumerated().map { index, image in
            let tile = PanDragView(image: image)
            tile.center = Self.tileCenter(index, rowCenterX: rightCenter, rowMiddle: rowMiddle, spacing: spacing)
            stage.addSubview(tile)
            return tile
        }
    }

    /// The images of `imageNames` that load; a missing one is reported, once per process
    /// (the fuzzer builds the scene hundreds of times), and its tile left out of both
    /// halves, so the scene still runs with what it has.
    private static func loadImages() -> [UIImage] {
        imageNames.compactMap { name in
            if let image = UIImage(named: name) { return image }
            if reportedMissing.insert(name).inserted {
                StandardError.writeLine("touch-sandbox: image \(name).png not found in an assets/ folder beside "
                    + "the executable, above it or in the current directory; the drag scene leaves that tile out (copy "
                    + "the package's assets/ beside the executable)")
            }
            return nil
        }
    }

    /// The images already reported missing.
    private static var reportedMissing: Set<String> = []

    /// The step between tiles' centres: `tileSpacing`, narrowed when a row of four
    /// would not fit in `width` with a margin on either side.
    private static func spacing(inWidth width: CGFloat, tileWidth: CGFloat) -> CGFloat {
        let margin: CGFloat = 20
        return max(0, min(tileSpacing, (width - tileWidth - 2 * margin) / 3))
    }

    /// Where tile `index` of a staggered, overlapping row of four sits.
    private static func tileCenter(_ index: Int, rowCenterX: CGFloat, rowMiddle: CGFloat, spacing: CGFloat) -> CGPoint {
        CGPoint(x: rowCenterX + (CGFloat(index) - 1.5) * spacing,
                y: rowMiddle + (index % 2 == 0 ? -tileStagger : tileStagger))
    }

    private func makeTitle(_ text: String, centerX: CGFloat, top: CGFloat, width: CGFloat) -> UILabel {
        let title = UILabel(frame: CGRect(x: centerX - width / 2, y: top, width: width, height: Self.titleHeight))
        title.text = text
        title.textAlignment = .center
        title.font = .systemFont(ofSize: 15)
        title.textColor = SandboxStyle.secondaryLabel
        return title
    }
}
