import Foundation

/// One `UIView.animateKeyframes` call: while its closure runs, the view property
/// changes made in each keyframe are written down per property (`ViewChangeRecorder`);
/// when the closure returns, each property gets one `CAKeyframeAnimation`, counted by
/// an animation block that calls the completion.
@MainActor
final class UIViewKeyframeBlock: ViewChangeRecorder {
    /// The keyframe block whose closure is running.
    static var current: UIViewKeyframeBlock? { ViewChangeRecording.current as? UIViewKeyframeBlock }

    /// One animated property of one view: its value before the block and what each
    /// keyframe made it, in the order the keyframes were added.
    struct Track {
        let view: UIView
        let key: String
        let original: Any
        var steps: [(start: Double, end: Double, value: Any)] = []
    }

    private let block: UIViewAnimationBlock
    private let calculationMode: CAAnimationCalculationMode
    /// The keyframe being added: its relative start and end. Outside a keyframe,
    /// changes span the whole duration.
    private var span: (start: Double, end: Double) = (0, 1)
    private(set) var tracks: [Track] = []

    init(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
         calculationMode: CAAnimationCalculationMode, completion: (@MainActor (Bool) -> Void)?) {
        block = UIViewAnimationBlock(duration: duration, delay: delay, options: options, spring: nil, completion: completion)
        self.calculationMode = calculationMode
    }

    /// Runs `animations` recording, then adds the animations.
    func run(_ animations: () -> Void) {
        ViewChangeRecording.record(into: self, animations)
        block.run { [self] in
            for track in tracks { add(track) }
        }
    }

    func addKeyframe(start: Double, duration: Double, _ animations: () -> Void) {
        let start = min(max(start, 0), 1)
        let saved = span
        span = (start, min(max(start + max(duration, 0), start), 1))
        animations()
        span = saved
    }

    /// Writes down a change of `key` on `view`'s layer in the current keyframe.
    func record(view: UIView, key: String, previous: Any, new: Any) {
        if let index = tracks.firstIndex(where: { $0.view === view && $0.key == key }) {
            tracks[index].steps.append((span.start, span.end, new))
        } else {
            var track = Track(view: view, key: key, original: previous)
            track.steps.append((span.start, span.end, new))
            tracks.append(track)
        }
    }

    // MARK: - The animation of one property

    /// Values and key times for a track: the old value until the first keyframe
    /// starts, each keyframe's value reached at its end and held until the next
    /// starts; with `.discrete`, each value shown from its keyframe's start (Core
    /// Animation's discrete key times have one entry more than the values).
    static func keyframes(of track: Track, mode: CAAnimationCalculationMode) -> (values: [Any], keyTimes: [Double]) {
        let steps = track.steps.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element)
        if mode == .discrete {
            return ([track.original] + steps.map(\.value), [0] + steps.map(\.start) + [1])
        }
        var values: [Any] = [track.original]
        var times: [Double] = [0]
        var current = track.original
        for step in steps {
            let start = max(step.start, times.last ?? 0)
            if start > (times.last ?? 0) {
                values.append(current)
                times.append(start)
            }
            values.append(step.value)
            times.append(max(step.end, start))
            current = step.value
        }
        if (times.last ?? 0) < 1 {
            values.append(current)
            times.append(1)
        }
        return (values, times)
    }

    private func add(_ track: Track) {
        let layer = track.view.layer
        let (values, keyTimes) = Self.keyframes(of: track, mode: calculationMode)
        let animation = CAKeyframeAnimation(keyPath: track.key)
        animation.values = values
        animation.keyTimes = keyTimes.map { NSNumber(value: $0) }
        animation.calculationMode = calculationMode
        animation.timingFunction = block.options.timingFunction
        animation.duration = block.duration
        if block.delay > 0 {
            animation.beginTime = layer.currentLocalTime + block.delay
            animation.fillMode = .backwards
        }
        if block.options.contains(.repeat) { animation.repeatCount = .infinity }
        animation.autoreverses = block.options.contains(.autoreverse)
        // Absolute, as a keyframe animation is: it replaces what animates the property.
        for other in layer.animationKeys() ?? [] where ViewPropertyAnimationAction.isKey(other, for: track.key) {
            layer.removeAnimation(forKey: other)
        }
        block.add(animation, forKey: track.key, to: layer, of: track.view)
    }
}
