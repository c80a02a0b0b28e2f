// Layers whose own timing can take them out of the presentation (`LayerTiming`: a
// layer outside its active period that its `fillMode` does not fill). Nothing else
// tells the frame loop when such a layer appears or goes, since no animation need be
// attached: the engine keeps them here, redraws each at the tick where it enters or
// leaves the presentation, and asks for frames while one of them is still going to.

extension CAAnimationEngine {
    /// A layer with a timing of its own, and whether it was in the presentation when
    /// last looked at.
    @MainActor
    final class TimedLayer {
        weak var layer: CALayer?
        var wasPresented: Bool

        init(_ layer: CALayer) {
            self.layer = layer
            wasPresented = layer.isPresentedByItsTiming
        }
    }

    /// Every layer whose timing has been set to something other than the default, held
    /// weakly; one goes when it is gone or its timing is the default again.

    /// Notes that `layer`'s timing changed: its presence now is the one drawn next (the
    /// change itself redraws the subtree), and a layer with a timing of its own is
    /// watched from here on.
    func noteTimingChange(of layer: CALayer) {
        if let entry = timedLayers.first(where: { $0.layer === layer }) {
            entry.wasPresented = layer.isPresentedByItsTiming
        } else if !layer.mediaTiming.isIdentity {
            timedLayers.append(TimedLayer(layer))
        }
    }

    /// Redraws every watched layer that entered or left the presentation since it was
    /// last looked at; drops the ones that are gone or back to the default timing.
    func redrawTimedLayersWhosePresenceChanged() {
        timedLayers.removeAll { entry in
            guard let layer = entry.layer, !layer.mediaTiming.isIdentity else { return true }
            let isPresented = layer.isPresentedByItsTiming
            if isPresented != entry.wasPresented {
                entry.wasPresented = isPresented
                layer.noteVisualChange()
            }
            return false
        }
    }

    /// Whether a watched layer will enter or leave the presentation as time runs on.
    var hasTimedLayerAboutToChange: Bool {
        timedLayers.contains { entry in
            guard let layer = entry.layer else { return false }
            let timing = layer.mediaTiming
            return timing.presenceWillChange(from: timing.phase(atParentTime: layer.parentTimeNow),
                                             parentDirection: layer.parentTimeDirection)
        }
    }
}
