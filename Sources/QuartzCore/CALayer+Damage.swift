import CoreGraphics
import Foundation

// Marking changes for damage tracking (see `DamageTracker`, where the damage path is
// described from end to end).

extension CALayer {
    /// Makes this layer the root of a tracked tree: changes anywhere in it are collected
    /// by the returned tracker (also `damageTracker`) as window-space damage.
    /// `bounds` is the area drawn, in this layer's superlayer space (a window's points);
    /// `scale` the device pixels per point. The first frame damages everything.
    @discardableResult
    public func startTrackingDamage(bounds: CGRect, scale: CGFloat) -> DamageTracker {
        if let tracker = damageState.tracker {
            tracker.resize(bounds: bounds, scale: scale)
            return tracker
        }
        let tracker = DamageTracker(root: self, bounds: bounds, scale: scale)
        damageState.tracker = tracker
        noteVisualChange()
        return tracker
    }

    /// Stops tracking this tree's damage.
    public func stopTrackingDamage() {
        damageState.tracker = nil
    }

    /// The tracker of the tree this layer is the root of, if it is tracked.
    public var damageTracker: DamageTracker? {
        damageState.tracker
    }

    /// The tracker of the tracked tree this layer lies in, if any.
    var rootDamageTracker: DamageTracker? {
        var layer = self
        while let parent = layer.superlayer { layer = parent }
        return layer.damageState.tracker
    }

    /// Records that something this layer draws changed: its subtree's old and new
    /// footprints are damaged at the next frame. Marks each ancestor up to the first
    /// one already marked.
    final func noteVisualChange() {
        guard !damageState.isDue else { return }
        let wasClean = !damageState.isDueBelow
        damageState.isDue = true
        if let superlayer {
            if wasClean { superlayer.damageState.dueSublayers.append(DueSublayer(layer: self)) }
            superlayer.noteDamageBelow()
        } else if !damageState.isDueBelow {
            damageState.tracker?.noteFirstDamage()
        }
    }

    /// Marks this layer and its ancestors as having a changed layer below them. The
    /// walk stops at the first ancestor already marked; one that reaches the root
    /// marked the tree for the first time since its last frame, which its tracker
    /// hears (`DamageTracker.onDamage`).
    final func noteDamageBelow() {
        var current: CALayer? = self
        while let layer = current, !layer.damageState.isDueBelow {
            let wasClean = !layer.damageState.isDue
            layer.damageState.isDueBelow = true
            guard let superlayer = layer.superlayer else {
                if wasClean { layer.damageState.tracker?.noteFirstDamage() }
                return
            }
            // Its superlayer's collection visits it (`SublayerFootprintIndex`).
            if wasClean { superlayer.damageState.dueSublayers.append(DueSublayer(layer: layer)) }
            current = superlayer
        }
    }

    /// Called as `self` joins a tree under `superlayer`: it is new there.
    final func noteInserted() {
        damageState.footprint = .null
        damageState.isDue = true
        superlayer?.noteDamageBelow()
    }

    /// Called as `self` leaves `parent`'s tree: where it was drawn is damaged.
    final func noteRemoved(from parent: CALayer) {
        let footprint = damageState.footprint
        guard !footprint.isNull, let tracker = parent.rootDamageTracker else { return }
        tracker.noteRemoved(footprint: footprint)
    }

    /// Runs `body`, which changes this layer's contents as the renderer draws it, without
    /// marking the layer: the change is drawn in the very frame that makes it.
    final func withoutNotingVisualChanges(_ body: () -> Void) {
        let wasDue = damageState.isDue
        let wasDueBelow = damageState.isDueBelow
        damageState.isDue = true
        body()
        damageState.isDue = wasDue
        // A sublayer the drawing changed marked this layer below, while it looked marked
        // itself: its superlayer must still hear of it, or a collection through the
        // superlayer's index would never visit it (`SublayerFootprintIndex`).
        if !wasDue, !wasDueBelow, damageState.isDueBelow, let superlayer {
            superlayer.damageState.dueSublayers.append(DueSublayer(layer: self))
        }
    }
}
