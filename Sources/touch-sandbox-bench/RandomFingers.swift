import Foundation
import HeadlessXorg

/// Random multitouch for the soak test: up to ten fingers on a rectangle, each put down
/// at a random place (often several at once), moved a random sub-pixel velocity per step
/// for a random number of steps (none: a tap; a few: a short drag; a few fast ones: a
/// swipe; many: a long drag), then lifted. Fingers that would leave the rectangle lift at its edge.
/// One `step` is one frame of the virtual touchscreen: every change in one burst.
struct RandomFingers {
    struct Finger {
        var slot: UInt32
        var location: CGPoint
        /// Points per step.
        var velocity: (dx: Double, dy: Double)
        var stepsLeft: Int
    }

    let stage: CGRect
    static let maximumFingers = 10
    private(set) var fingers: [Finger] = []

    init(stage: CGRect) {
        self.stage = stage
    }

    var live: Int { fingers.count }

    /// One frame: the live fingers move or lift, and sometimes new fingers land.
    mutating func step(_ touchscreen: InputTestDevice, random: inout some RandomNumberGenerator) throws {
        var events: [(id: UInt32, type: InputTestMessage.TouchType, at: CGPoint)] = []
        var staying: [Finger] = []
        for var finger in fingers {
            let next = CGPoint(x: finger.location.x + finger.velocity.dx, y: finger.location.y + finger.velocity.dy)
            if finger.stepsLeft <= 0 || !stage.contains(next) {
                events.append((finger.slot, .end, finger.location))
                continue
            }
            finger.location = next
            finger.stepsLeft -= 1
            events.append((finger.slot, .update, next))
            staying.append(finger)
        }
        fingers = staying
        if fingers.count < Self.maximumFingers, Double.random(in: 0..<1, using: &random) < 0.12 {
            let landing = Int.random(in: 1...4, using: &random)
            // A gesture's fingers land near each other, as a hand's do.
            let center = CGPoint(x: Double.random(in: stage.minX + 80...stage.maxX - 80, using: &random),
                                 y: Double.random(in: stage.minY + 80...stage.maxY - 80, using: &random))
            let kind = Int.random(in: 0..<4, using: &random)
            for _ in 0..<min(landing, Self.maximumFingers - fingers.count) {
                let used = Set(fingers.map(\.slot))
                guard let slot = (1...UInt32(Self.maximumFingers)).first(where: { !used.contains($0) }) else { break }
                let location = CGPoint(x: center.x + Double.random(in: -70...70, using: &random).rounded() + 0.25,
                                       y: center.y + Double.random(in: -70...70, using: &random).rounded() + 0.5)
                let speed = kind == 0 ? 0 : Double.random(in: 0.5...(kind == 2 ? 25 : 6), using: &random)
                let angle = Double.random(in: 0..<(2 * .pi), using: &random)
                let steps = [0, Int.random(in: 1...8, using: &random), Int.random(in: 5...15, using: &random),
                             Int.random(in: 20...120, using: &random)][kind]
                let finger = Finger(slot: slot, location: location,
                                    velocity: (speed * cos(angle), speed * sin(angle)), stepsLeft: steps)
                fingers.append(finger)
                events.append((slot, .begin, location))
            }
        }
        try touchscreen.touches(events)
    }

    /// Lifts every finger that is down.
    mutating func liftAll(_ touchscreen: InputTestDevice) throws {
        try touchscreen.touches(fingers.map { ($0.slot, .end, $0.location) })
        fingers = []
    }
}
