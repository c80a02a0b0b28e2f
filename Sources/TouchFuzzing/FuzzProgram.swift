import Foundation
import UIKit

/// Draws a fuzzing sequence's steps from a seed: fingers that begin, wander, lift and are
/// cancelled on three devices, with bad samples mixed in (NaN, infinite and huge
/// coordinates and timestamps, reused IDs, phases that cannot happen, huge batches),
/// clock advances across the recognizers' timers, and tree mutations. The steps do not
/// depend on what UIKit does with them, so a sequence replays the same anywhere.
struct FuzzProgram {
    static let startTime: TimeInterval = 100
    static let devices = [TouchInjector.defaultDevice, 2, 3]

    private var random: SplitMix64
    private var now = FuzzProgram.startTime
    private var live: [TouchSample.ID: CGPoint] = [:]
    private var liveOrder: [TouchSample.ID] = []
    private var nextNumber: UInt32 = 0
    private var ignoring = 0
    private let viewCount: Int
    private let recognizerCount: Int

    init(seed: UInt64, viewCount: Int, recognizerCount: Int) {
        random = SplitMix64(seed: seed).derived(2)
        self.viewCount = viewCount
        self.recognizerCount = recognizerCount
    }

    static func steps(seed: UInt64, count: Int, viewCount: Int, recognizerCount: Int) -> [FuzzStep] {
        var program = FuzzProgram(seed: seed, viewCount: viewCount, recognizerCount: recognizerCount)
        return (0..<count).map { _ in program.nextStep() }
    }

    private mutating func nextStep() -> FuzzStep {
        let roll = Double.random(in: 0..<1, using: &random)
        if roll < 0.55 { return .inject(nextBatch()) }
        if roll < 0.80 {
            let seconds = [0.004, 0.008, 0.016, 0.05, 0.2, 0.35, 0.6, 1.1].randomElement(using: &random)!
            now += seconds
            return .advance(seconds)
        }
        return nextMutation()
    }

    // MARK: - Samples

    private mutating func nextBatch() -> [TouchSample] {
        var batch: [TouchSample] = []
        if live.isEmpty || random.chance(0.35) {
            let count = random.chance(0.02) ? Int.random(in: 50...200, using: &random) : Int.random(in: 1...3, using: &random)
            for _ in 0..<count { batch.append(begin(at: randomPoint())) }
        }
        for id in liveOrder where !batch.contains(where: { $0.id == id }) {
            let roll = Double.random(in: 0..<1, using: &random)
            if roll < 0.6 {
                var point = live[id]!
                point.x += CGFloat.random(in: -40...40, using: &random)
                point.y += CGFloat.random(in: -40...40, using: &random)
                live[id] = point
                batch.append(sample(id, .moved, point))
            } else if roll < 0.7 {
                batch.append(end(id, .ended))
            } else if roll < 0.72 {
                batch.append(end(id, .cancelled))
            }
        }
        if random.chance(0.1) {
            // A quick tap read in one go: its begin and end in one batch.
            let tap = begin(at: randomPoint())
            batch.append(tap)
            batch.append(end(tap.id, .ended))
        }
        if random.chance(0.08) { batch.insert(badSample(), at: Int.random(in: 0...batch.count, using: &random)) }
        return batch
    }

    private mutating func begin(at point: CGPoint) -> TouchSample {
        nextNumber &+= 1
        let id = TouchSample.ID(device: FuzzProgram.devices.randomElement(using: &random)!, number: nextNumber)
        live[id] = point
        liveOrder.append(id)
        return sample(id, .began, point)
    }

    private mutating func end(_ id: TouchSample.ID, _ phase: TouchSample.Phase) -> TouchSample {
        let point = live[id] ?? .zero
        live[id] = nil
        liveOrder.removeAll { $0 == id }
        return sample(id, phase, point)
    }

    private func sample(_ id: TouchSample.ID, _ phase: TouchSample.Phase, _ point: CGPoint) -> TouchSample {
        TouchSample(id: id, phase: phase, location: point, timestamp: now)
    }

    private mutating func randomPoint() -> CGPoint {
        CGPoint(x: CGFloat.random(in: -10...330, using: &random), y: CGFloat.random(in: -10...490, using: &random))
    }

    /// One sample the input sources should never send.
    private mutating func badSample() -> TouchSample {
        let someLive = liveOrder.randomElement(using: &random)
        let unknown = TouchSample.ID(device: 2, number: UInt32.max - UInt32.random(in: 0...10, using: &random))
        let huge: CGFloat = [1e300, -1e300, .greatestFiniteMagnitude, 1e7].randomElement(using: &random)!
        switch Int.random(in: 0..<9, using: &random) {
        case 0: return begin(at: CGPoint(x: CGFloat.nan, y: 10))
        case 1:
            guard let id = someLive else { return sample(unknown, .moved, CGPoint(x: CGFloat.infinity, y: 0)) }
            return sample(id, .moved, CGPoint(x: CGFloat.infinity, y: -CGFloat.infinity))
        case 2:
            guard let id = someLive else { return begin(at: CGPoint(x: huge, y: huge)) }
            let point = CGPoint(x: huge, y: -huge)
            live[id] = CGPoint(x: 160, y: 240)
            return sample(id, .moved, point)
        case 3:
            var bad = begin(at: randomPoint())
            bad.timestamp = .nan
            return bad
        case 4:
            var bad = begin(at: randomPoint())
            bad.timestamp = now + 1e6
            return bad
        case 5:
            var bad = begin(at: randomPoint())
            bad.timestamp = now - 5
            return bad
        case 6:
            // A began for a live ID: its end was lost.
            guard let id = someLive else { return sample(unknown, .ended, .zero) }
            return sample(id, .began, randomPoint())
        case 7: return sample(unknown, .ended, randomPoint())
        default: return sample(unknown, [.moved, .cancelled].randomElement(using: &random)!, randomPoint())
        }
    }

    // MARK: - Mutations

    private mutating func nextMutation() -> FuzzStep {
        let view = Int.random(in: 0..<max(1, viewCount), using: &random)
        let other = Int.random(in: 0..<max(1, viewCount), using: &random)
        let recognizer = Int.random(in: 0..<max(1, recognizerCount), using: &random)
        switch Int.random(in: 0..<17, using: &random) {
        case 0: return .cancelAllTouches
        case 1: return .cancelDevice(FuzzProgram.devices.randomElement(using: &random)!)
        case 2: return .removeView(view)
        case 3: return .moveView(view, under: other)
        case 4: return .setHidden(view, random.chance(0.5))
        case 5: return .setUserInteractionEnabled(view, random.chance(0.5))
        case 6: return .setRecognizerEnabled(recognizer, random.chance(0.5))
        case 7: return .detachRecognizer(recognizer)
        case 8: return .attachRecognizer(recognizer, to: view)
        case 9, 10:
            return .animateView(view, dx: CGFloat.random(in: -100...100, using: &random), dy: CGFloat.random(in: -100...100, using: &random),
                                duration: [0.1, 0.5, 2].randomElement(using: &random)!)
        case 11:
            ignoring += 1
            return .beginIgnoringInteractionEvents
        case 13: return .freezeTime
        case 14: return .resumeTime
        case 15: return .stepTime(frames: Int.random(in: 1...12, using: &random))
        case 16: return .setTimeSpeed([0.1, 0.25, 1].randomElement(using: &random)!)
        default:
            guard ignoring > 0 else { return .cancelAllTouches }
            ignoring -= 1
            return .endIgnoringInteractionEvents
        }
    }
}
