import Foundation

/// A scroll view's two scroll indicators: thin rounded bars along the right and bottom
/// edges whose length is the part of the content shown and whose place is where it is.
/// They show while a finger scrolls, while the content moves by itself and after
/// `flashScrollIndicators()`, and fade `fadeDelay` after the scrolling stops, as on iOS.
///
/// They are layers of the scroll view's own layer, kept above the content's layers and
/// placed in its bounds (so they stay still while the content moves); they are not views,
/// so they never take a touch.
@MainActor
final class ScrollViewIndicators {
    /// How thick a bar is, how far it keeps from the edges, and its shortest length.
    static let thickness: CGFloat = 3
    static let inset: CGFloat = 3
    static let minimumLength: CGFloat = 36
    /// Shown this long after scrolling stops, then faded over `fadeDuration`.
    static let fadeDelay: TimeInterval = 0.5
    static let fadeDuration: CFTimeInterval = 0.3
    /// Dark grey, half see-through: visible on light content, and on dark content by its
    /// light rim.
    static let color = CGColor(red: 0, green: 0, blue: 0, alpha: 0.45)
    static let rimColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.4)

    let vertical = CALayer()
    let horizontal = CALayer()

    init() {
        for bar in [vertical, horizontal] {
            bar.cornerRadius = Self.thickness / 2
            bar.opacity = 0
        }
        apply(.default)
    }

    /// The bars' colours for a style: dark with a light rim, black alone, or white alone.
    func apply(_ style: UIScrollView.IndicatorStyle) {
        for bar in [vertical, horizontal] {
            switch style {
            case .default:
                bar.backgroundColor = Self.color
                bar.borderColor = Self.rimColor
                bar.borderWidth = 0.5
            case .black:
                bar.backgroundColor = Self.color
                bar.borderWidth = 0
            case .white:
                bar.backgroundColor = Self.whiteColor
                bar.borderWidth = 0
            }
        }
    }

    static let whiteColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.55)

    /// Shows the bars of the axes `scrollView` scrolls on (and shows indicators for),
    /// placed for its offset now, and cancels a pending fade.
    func show(in scrollView: UIScrollView) {
        UIResponder.cancelPreviousPerformRequests(withTarget: scrollView, selector: Self.fadeSelector)
        place(in: scrollView, showing: true)
    }

    /// Places the bars for the offset now, shown or not as they are.
    func update(in scrollView: UIScrollView) {
        guard vertical.opacity > 0 || horizontal.opacity > 0 else { return }
        place(in: scrollView, showing: nil)
    }

    /// Fades the bars after `fadeDelay`, unless shown again meanwhile.
    func fadeSoon(in scrollView: UIScrollView) {
        UIResponder.cancelPreviousPerformRequests(withTarget: scrollView, selector: Self.fadeSelector)
        scrollView.perform(Self.fadeSelector, afterDelay: Self.fadeDelay) { [weak self] in
            guard let self else { return }
            CATransaction.begin()
            CATransaction.setAnimationDuration(Self.fadeDuration)
            vertical.opacity = 0
            horizontal.opacity = 0
            CATransaction.commit()
        }
    }

    // MARK: - Private

    private static let fadeSelector = "fadeScrollIndicators"

    private func place(in scrollView: UIScrollView, showing: Bool?) {
        let layer = scrollView.layer
        // Above the content, whatever was added since.
        if layer.sublayers?.last !== vertical || layer.sublayers?.dropLast().last !== horizontal {
            horizontal.removeFromSuperlayer()
            vertical.removeFromSuperlayer()
            layer.addSublayer(horizontal)
            layer.addSublayer(vertical)
        }
        let bounds = scrollView.bounds
        let inset = scrollView.adjustedContentInset
        let showsVertical = scrollView.showsVerticalScrollIndicator && scrollView.dragsOnAxis(horizontal: false)
        let showsHorizontal = scrollView.showsHorizontalScrollIndicator && scrollView.dragsOnAxis(horizontal: true)
        // Each bar leaves the corner to the other when both show.
        let corner = showsVertical && showsHorizontal ? Self.thickness + Self.inset : 0
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if showsVertical {
            let insets = scrollView.verticalScrollIndicatorInsets
            let track = max(0, bounds.height - 2 * Self.inset - corner - insets.top - insets.bottom)
            let (start, length) = Self.bar(track: track, offset: bounds.minY, visible: bounds.height,
                                           content: scrollView.contentSize.height + inset.top + inset.bottom,
                                           minimumOffset: scrollView.minimumContentOffset.y,
                                           maximumOffset: scrollView.maximumContentOffset.y)
            vertical.frame = CGRect(x: bounds.maxX - Self.inset - Self.thickness - insets.right,
                                    y: bounds.minY + insets.top + Self.inset + start, width: Self.thickness, height: length)
        }
        if showsHorizontal {
            let insets = scrollView.horizontalScrollIndicatorInsets
            let track = max(0, bounds.width - 2 * Self.inset - corner - insets.left - insets.right)
            let (start, length) = Self.bar(track: track, offset: bounds.minX, visible: bounds.width,
                                           content: scrollView.contentSize.width + inset.left + inset.right,
                                           minimumOffset: scrollView.minimumContentOffset.x,
                                           maximumOffset: scrollView.maximumContentOffset.x)
            horizontal.frame = CGRect(x: bounds.minX + insets.left + Self.inset + start,
                                      y: bounds.maxY - Self.inset - Self.thickness - insets.bottom, width: length, height: Self.thickness)
        }
        if let showing {
            vertical.opacity = showing && showsVertical ? 1 : 0
            horizontal.opacity = showing && showsHorizontal ? 1 : 0
        }
        CATransaction.commit()
    }

    /// Where a bar starts along its track and how long it is: the shown fraction of the
    /// content, at least `minimumLength`, shortened by how far the content is pulled
    /// past an edge (down to a dot the bar's thickness long).
    static func bar(track: CGFloat, offset: CGFloat, visible: CGFloat, content: CGFloat,
                    minimumOffset: CGFloat, maximumOffset: CGFloat) -> (start: CGFloat, length: CGFloat) {
        guard track > 0, content > 0 else { return (0, 0) }
        var length = min(max(track * visible / content, minimumLength), track)
        let overshoot = offset < minimumOffset ? minimumOffset - offset : (offset > maximumOffset ? offset - maximumOffset : 0)
        length = max(length - overshoot, thickness)
        let range = maximumOffset - minimumOffset
        let fraction = range > 0 ? min(max((offset - minimumOffset) / range, 0), 1) : 0
        return (fraction * (track - length), length)
    }
}
