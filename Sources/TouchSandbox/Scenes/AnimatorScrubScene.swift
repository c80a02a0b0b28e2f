import UIKit

/// The interactive-transition pattern every iOS developer knows: a pan drives a
/// `UIViewPropertyAnimator`. Dragging the card pauses the animator and scrubs its
/// `fractionComplete` with the finger; letting go continues it to the far side when the
/// card is past halfway or flung that way, and reverses it otherwise. A tap runs it
/// through. The line under the track says what the animator is doing.
@MainActor
public final class AnimatorScrubScene: UIViewController, Scene {
    public static let name = "animator-scrub"
    public static let caption = "A pan scrubs a property animator: pause, fractionComplete, continue or reverse (UIViewPropertyAnimator)"
    public static let hint: String? = "Drag the card sideways and let go: past halfway it goes on, before it goes back; tap it to run"

    static let cardSide: CGFloat = 120
    /// A release faster than this, in points per second, decides the direction.
    static let flingSpeed: CGFloat = 300

    private(set) var card: UIView!
    private(set) var status: UILabel!
    private(set) var track: UIView!
    /// The animator while the card is between its places.
    private(set) var animator: UIViewPropertyAnimator?
    /// Whether the card rests on the right.
    private(set) var isOnTheRight = false
    private var safeArea = SafeAreaTracker()
    private var area = CGRect.zero
    private var fractionAtGrab: CGFloat = 0

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        let track = UIView()
        track.backgroundColor = UIColor(white: 1, alpha: 0.08)
        track.layer.cornerRadius = 12
        stage.addSubview(track)
        let card = UIView(frame: CGRect(x: 0, y: 0, width: Self.cardSide, height: Self.cardSide))
        card.backgroundColor = Self.leftColor
        card.layer.cornerRadius = 20
        let pan = UIPanGestureRecognizer()
        pan.addTarget(self, action: AnimatorScrubScene.drag)
        card.addGestureRecognizer(pan)
        let tap = UITapGestureRecognizer()
        tap.addTarget(self, action: AnimatorScrubScene.tap)
        card.addGestureRecognizer(tap)
        track.addSubview(card)
        let status = UILabel()
        status.textColor = UIColor(white: 1, alpha: 0.85)
        status.font = UIFont.systemFont(ofSize: 17)
        status.textAlignment = .center
        stage.addSubview(status)
        (self.track, self.card, self.status) = (track, card, status)
        view = stage
        show("on the left")
    }

    static let leftColor = UIColor(red: 0.04, green: 0.52, blue: 1, alpha: 1)
    static let rightColor = UIColor(red: 0.2, green: 0.78, blue: 0.35, alpha: 1)

    /// The track across the safe area, the card on its side, the line below.
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let area = safeArea.newArea(of: view) else { return }
        self.area = area
        let margin: CGFloat = 24
        let trackFrame = CGRect(x: area.minX + margin, y: area.midY - Self.cardSide / 2 - 12,
                                width: area.width - 2 * margin, height: Self.cardSide + 24)
        track.frame = trackFrame
        status.frame = CGRect(x: area.minX + margin, y: trackFrame.maxY + 16, width: area.width - 2 * margin, height: 24)
        // A resize mid-way ends the animator where the card is, then places it anew.
        if let animator {
            animator.stopAnimation(true)
            self.animator = nil
        }
        UIView.performWithoutAnimation { card.center = center(onTheRight: isOnTheRight) }
        card.backgroundColor = isOnTheRight ? Self.rightColor : Self.leftColor
    }

    /// Where the card rests on either side of the track, in the track's coordinates.
    func center(onTheRight: Bool) -> CGPoint {
        let inset = 12 + Self.cardSide / 2
        return CGPoint(x: onTheRight ? track.bounds.maxX - inset : track.bounds.minX + inset, y: track.bounds.midY)
    }

    /// How far the card travels between its places.
    var travel: CGFloat {
        center(onTheRight: true).x - center(onTheRight: false).x
    }

    /// The animator across the track, from the side the card is on; made paused.
    private func makeAnimator() -> UIViewPropertyAnimator {
        let toRight = !isOnTheRight
        let animator = UIViewPropertyAnimator(duration: 0.6, curve: .easeInOut) { [unowned self] in
            card.center = center(onTheRight: toRight)
            card.backgroundColor = toRight ? Self.rightColor : Self.leftColor
            card.transform = .identity
        }
        animator.addAnimations({ [unowned self] in card.layer.cornerRadius = toRight ? 60 : 20 }, delayFactor: 0.2)
        animator.addCompletion { [unowned self] position in
            if position == .end { isOnTheRight = toRight }
            self.animator = nil
            show(isOnTheRight ? "on the right" : "on the left")
        }
        animator.pauseAnimation()
        return animator
    }

    func drag(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            let animator = self.animator ?? makeAnimator()
            self.animator = animator
            animator.pauseAnimation()
            fractionAtGrab = animator.isReversed ? 1 - animator.fractionComplete : animator.fractionComplete
            animator.isReversed = false
            scrub(pan)
        case .changed:
            scrub(pan)
        case .ended, .cancelled:
            guard let animator else { return }
            let toward = isOnTheRight ? -1.0 : 1.0
            let speed = pan.velocity(in: view).x * toward
            let goesOn = pan.state == .ended && (speed > Self.flingSpeed || (speed > -Self.flingSpeed && animator.fractionComplete >= 0.5))
            animator.isReversed = !goesOn
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            show(goesOn ? "going on" : "going back")
        default:
            break
        }
    }

    /// The finger's travel towards the far side, as the animator's fraction.
    private func scrub(_ pan: UIPanGestureRecognizer) {
        guard let animator, travel > 0 else { return }
        let toward: CGFloat = isOnTheRight ? -1 : 1
        let fraction = min(max(fractionAtGrab + pan.translation(in: view).x * toward / travel, 0), 1)
        animator.fractionComplete = fraction
        show("scrubbing: fractionComplete \(Int((fraction * 100).rounded())) %")
    }

    func tap(_ tap: UITapGestureRecognizer) {
        guard animator == nil else { return }
        let animator = makeAnimator()
        self.animator = animator
        animator.startAnimation()
        show("running")
    }

    private func show(_ text: String) {
        status.text = text
    }
}
