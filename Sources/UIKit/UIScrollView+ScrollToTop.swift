// Scroll to top: what a tap on iOS's status bar does, as a call a host or an app makes
// (there is no status bar here). The sandbox's gallery calls it from its caption bar.

extension UIWindow {
    /// Takes this window's one scroll view that `scrollsToTop` to its top, as a tap on
    /// iOS's status bar does: when exactly one shown scroll view in the window has
    /// `scrollsToTop` (none when several have, as on iOS), its delegate is asked
    /// (`scrollViewShouldScrollToTop`), the content animates to `-adjustedContentInset.top`
    /// (keeping its horizontal offset), and `scrollViewDidScrollToTop` follows the
    /// animation. Returns whether a scroll began; content already at its top does not
    /// move.
    @discardableResult
    public func scrollToTop() -> Bool {
        var found: [UIScrollView] = []
        collectScrollsToTop(in: self, into: &found)
        guard found.count == 1, let scrollView = found.first else { return false }
        return scrollView.scrollToTopIfAsked()
    }

    private func collectScrollsToTop(in view: UIView, into found: inout [UIScrollView]) {
        guard !view.isHidden, view.alpha >= 0.01 else { return }
        if let scrollView = view as? UIScrollView, scrollView.scrollsToTop { found.append(scrollView) }
        for subview in view.subviews { collectScrollsToTop(in: subview, into: &found) }
    }
}

extension UIScrollView {
    /// The scroll to top itself, once this scroll view is the one that scrolls.
    func scrollToTopIfAsked() -> Bool {
        guard delegate?.scrollViewShouldScrollToTop(self) ?? true else { return false }
        let top = CGPoint(x: contentOffset.x, y: -adjustedContentInset.top)
        guard contentOffset != top else { return false }
        stopMotion(reportingEnd: true)
        startMotion(ScrollViewMotion(animatingFrom: contentOffset, to: top, of: self, kind: .scrollToTop))
        return true
    }
}
