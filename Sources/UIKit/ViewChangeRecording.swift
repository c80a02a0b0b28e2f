import Foundation

/// What takes down the view property changes made in a closure instead of animating
/// each one: a keyframe block (`UIViewKeyframeBlock`) or a property animator
/// (`UIViewPropertyAnimator`), which build their own animations from them.
@MainActor
protocol ViewChangeRecorder: AnyObject {
    /// `key` (a layer key views animate in blocks) of `view`'s layer changed from
    /// `previous` to `new`; the model already holds `new`.
    func record(view: UIView, key: String, previous: Any, new: Any)
}

/// The recorder whose closure is running, if any.
@MainActor
enum ViewChangeRecording {
    private(set) static var current: (any ViewChangeRecorder)?
    /// How many animation blocks ran when the recording closure started: a block
    /// started inside it animates its own changes.
    private(set) static var blockDepth = 0

    /// Runs `changes` with `recorder` taking down the view property changes it makes.
    static func record(into recorder: any ViewChangeRecorder, _ changes: () -> Void) {
        let (outer, outerDepth) = (current, blockDepth)
        current = recorder
        blockDepth = UIViewAnimationBlock.depth
        changes()
        (current, blockDepth) = (outer, outerDepth)
    }
}

/// What a view's layer runs (through a `PropertyChangeAction`, like a block's
/// animations) for a property change while a recorder's closure runs.
@MainActor
struct ViewChangeRecordingAction {
    let recorder: any ViewChangeRecorder
    let view: UIView

    func run(_ change: PropertyChange) {
        guard let previous = change.previousValue,
              let new = Self.modelValue(of: change.layer, forKey: change.key) else { return }
        recorder.record(view: view, key: change.key, previous: previous, new: new)
    }

    /// The layer's model value of one of the keys views animate in blocks.
    static func modelValue(of layer: CALayer, forKey key: String) -> Any? {
        switch key {
        case "position": layer.position
        case "bounds": layer.bounds
        case "transform": layer.transform
        case "opacity": layer.opacity
        case "backgroundColor": layer.backgroundColor ?? CGColor.clear
        case "cornerRadius": layer.cornerRadius
        default: nil
        }
    }
}
