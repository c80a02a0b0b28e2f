import Foundation

/// Where a drag started, to move the content with the finger from there.
struct ScrollViewDrag {
    /// The offset the finger took hold of, with any rubber band undone: the finger moves
    /// this "raw" offset one for one, and what shows past an edge is its rubber band.
    var rawOffsetAtStart: CGPoint
    /// The part of the pan's translation at its start that the content does not follow:
    /// the hysteresis, along the way the finger went (on the axes the content moves on).
    var translationAtStart: CGPoint
    /// The axes the content follows the finger on.
    var movesHorizontally: Bool
    var movesVertically: Bool
    /// The top the content rests at as the drag began: a refresh that starts under the
    /// finger grows the adjusted inset, but the content follows the finger as it did
    /// (no jump), and settles at the new top when released.
    var minimumYAtStart: CGFloat = 0
}

extension UIScrollView {
    // MARK: - The pan's action

    /// Follows the finger: begins a drag, moves the content, releases it.
    func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            beginDrag(pan)
        case .changed:
            moveWithFinger(pan)
        case .ended:
            moveWithFinger(pan)
            release(velocity: pan.velocity(in: self))
        case .cancelled:
            release(velocity: .zero)
        default:
            break
        }
    }

    private func beginDrag(_ pan: UIPanGestureRecognizer) {
        stopMotion(reportingEnd: true)
        let offset = contentOffset
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        var raw = offset
        raw.x = unbanded(offset.x, minimum: minimum.x, maximum: maximum.x, dimension: bounds.width)
        raw.y = unbanded(offset.y, minimum: minimum.y, maximum: maximum.y, dimension: bounds.height)
        let translation = pan.translation(in: self)
        var horizontally = dragsOnAxis(horizontal: true)
        var vertically = dragsOnAxis(horizontal: false)
        if isDirectionalLockEnabled, horizontally, vertically {
            let ratio = ScrollViewMeasurements.directionalLockRatio
            if abs(translation.x) >= abs(translation.y) * ratio { vertically = false }
            if abs(translation.y) >= abs(translation.x) * ratio { horizontally = false }
        }
        // The content follows the finger from the point where it crossed the
        // hysteresis: whatever the first move went beyond it counts.
        var along = CGPoint(x: horizontally ? translation.x : 0, y: vertically ? translation.y : 0)
        let length = (along.x * along.x + along.y * along.y).squareRoot()
        if length > GestureThresholds.panHysteresis {
            along = CGPoint(x: along.x * GestureThresholds.panHysteresis / length,
                            y: along.y * GestureThresholds.panHysteresis / length)
        }
        drag = ScrollViewDrag(rawOffsetAtStart: raw, translationAtStart: along,
                              movesHorizontally: horizontally, movesVertically: vertically, minimumYAtStart: minimum.y)
        isDragging = true
        indicators.show(in: self)
        UIKitDebug.log(.gestures, "UIScrollView: begins dragging at \(offset)")
        delegate?.scrollViewWillBeginDragging(self)
    }

    /// The offset the finger has taken the content to: the raw offset within the range,
    /// its rubber band past an edge (or the edge, without `bounces`).
    private func moveWithFinger(_ pan: UIPanGestureRecognizer) {
        guard let drag else { return }
        let translation = pan.translation(in: self)
        var offset = contentOffset
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        if drag.movesHorizontally {
            let raw = drag.rawOffsetAtStart.x - (translation.x - drag.translationAtStart.x)
            offset.x = banded(raw, minimum: minimum.x, maximum: maximum.x, dimension: bounds.width, bounces: bouncesHorizontally)
        }
        if drag.movesVertically {
            let raw = drag.rawOffsetAtStart.y - (translation.y - drag.translationAtStart.y)
            offset.y = banded(raw, minimum: max(minimum.y, drag.minimumYAtStart), maximum: maximum.y,
                              dimension: bounds.height, bounces: bouncesVertically)
        }
        applyContentOffset(offset)
        notePull()
    }

    /// The finger lifted (or the drag was cancelled, at no velocity): asks the delegate
    /// where the content will rest, and starts the motion that takes it there.
    private func release(velocity fingerVelocity: CGPoint) {
        guard let drag else { return }
        self.drag = nil
        isDragging = false
        refreshControl?.dragEnded()
        // The offset moves against the finger.
        let velocity = CGPoint(x: drag.movesHorizontally ? -fingerVelocity.x : 0,
                               y: drag.movesVertically ? -fingerVelocity.y : 0)
        let now = layer.animationEngine.currentTime
        let rate = decelerationRate.rawValue
        let offset = contentOffset
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        let pageOffsets = isPagingEnabled ? pageTargets(from: drag.rawOffsetAtStart, velocity: velocity) : nil
        func trajectory(_ position: CGFloat, _ speed: CGFloat, _ low: CGFloat, _ high: CGFloat, page: CGFloat?,
                        bounces: Bool) -> ScrollViewMotion.Trajectory {
            if let page {
                return .springing(to: page, displacement: position - page, velocity: speed, start: now)
            }
            if position < low || position > high {
                let edge = position < low ? low : high
                return .springing(to: edge, displacement: position - edge, velocity: speed, start: now)
            }
            return .decelerating(from: position, velocity: speed, start: now, minimum: low, maximum: high, bounces: bounces)
        }
        var motion = ScrollViewMotion(
            x: trajectory(offset.x, velocity.x, minimum.x, maximum.x, page: pageOffsets?.x, bounces: bouncesHorizontally),
            y: trajectory(offset.y, velocity.y, minimum.y, maximum.y, page: pageOffsets?.y, bounces: bouncesVertically),
            rate: rate)
        // The delegate may move the target; the motion then ends there.
        let natural = motion.restingOffset
        var target = natural
        delegate?.scrollViewWillEndDragging(self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000),
                                            targetContentOffset: &target)
        if target != natural {
            func retargeted(_ position: CGFloat, _ goal: CGFloat, _ low: CGFloat, _ high: CGFloat,
                            bounces: Bool) -> ScrollViewMotion.Trajectory {
                if position < low || position > high || goal < low || goal > high {
                    return .springing(to: goal, displacement: position - goal, velocity: 0, start: now)
                }
                let speed = ScrollViewPhysics.velocity(toTravel: goal - position, rate: rate)
                // Bounds wide enough that the deceleration rests on the goal itself.
                return .decelerating(from: position, velocity: speed, start: now, minimum: min(low, goal),
                                     maximum: max(high, goal), bounces: bounces)
            }
            motion = ScrollViewMotion(x: retargeted(offset.x, target.x, minimum.x, maximum.x, bounces: bouncesHorizontally),
                                      y: retargeted(offset.y, target.y, minimum.y, maximum.y, bounces: bouncesVertically),
                                      rate: rate)
        }
        // A motion that would rest within a quarter point is none.
        let stepped = motion.step(to: now)
        let decelerates = !stepped.isFinished
        UIKitDebug.log(.gestures, "UIScrollView: ends dragging at \(offset), velocity \(velocity) pt/s, "
            + "rests at \(motion.restingOffset)\(decelerates ? "" : " (no deceleration)")")
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
        guard decelerates else {
            applyContentOffset(stepped.offset)
            indicators.fadeSoon(in: self)
            return
        }
        delegate?.scrollViewWillBeginDecelerating(self)
        startMotion(motion)
    }

    /// The page offsets a paging release goes to: on each paged axis the page the
    /// velocity points to from the page the drag started on, or the nearest page for a
    /// slow release; within the content.
    func pageTargets(from start: CGPoint, velocity: CGPoint) -> CGPoint {
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        func page(_ position: CGFloat, _ startPosition: CGFloat, _ speed: CGFloat, size: CGFloat,
                  _ low: CGFloat, _ high: CGFloat) -> CGFloat {
            guard size > 0 else { return position }
            let startPage = ((startPosition - low) / size).rounded()
            var index = ((position - low) / size).rounded()
            if abs(speed) >= ScrollViewMeasurements.pagingFlickSpeed {
                index = speed > 0 ? max(index, startPage + 1) : min(index, startPage - 1)
                index = min(max(index, startPage - 1), startPage + 1)
            }
            let lastPage = ((high - low) / size).rounded(.up)
            index = min(max(index, 0), lastPage)
            return min(low + index * size, high)
        }
        let offset = contentOffset
        return CGPoint(x: page(offset.x, start.x, velocity.x, size: bounds.width, minimum.x, maximum.x),
                       y: page(offset.y, start.y, velocity.y, size: bounds.height, minimum.y, maximum.y))
    }

    // MARK: - Rubber band

    /// What shows for a raw offset: itself within the range, its rubber band past an
    /// edge, or the edge where the axis does not bounce.
    private func banded(_ raw: CGFloat, minimum: CGFloat, maximum: CGFloat, dimension: CGFloat, bounces: Bool) -> CGFloat {
        if raw < minimum {
            return bounces ? minimum + ScrollViewPhysics.rubberBand(raw - minimum, dimension: dimension) : minimum
        }
        if raw > maximum {
            return bounces ? maximum + ScrollViewPhysics.rubberBand(raw - maximum, dimension: dimension) : maximum
        }
        return raw
    }

    /// The raw offset whose rubber band shows at `shown`: a finger catching content past
    /// an edge drags on from where it is, with no jump.
    private func unbanded(_ shown: CGFloat, minimum: CGFloat, maximum: CGFloat, dimension: CGFloat) -> CGFloat {
        if shown < minimum { return minimum + ScrollViewPhysics.overshoot(showing: shown - minimum, dimension: dimension) }
        if shown > maximum { return maximum + ScrollViewPhysics.overshoot(showing: shown - maximum, dimension: dimension) }
        return shown
    }

    // MARK: - Motion

    /// Runs `motion` from now, one step per frame.
    func startMotion(_ motion: ScrollViewMotion) {
        self.motion = motion
        indicators.show(in: self)
        if motionLink == nil {
            // A scroll view let go mid-motion stops its link at the next frame, so the
            // frames do not keep coming for nobody.
            let link = CADisplayLink { [weak self] link in
                guard let self else { return link.invalidate() }
                stepMotion()
            }
            // Its steps read this layer's engine's time: that engine fires it.
            link.add(to: layer.animationEngine)
            motionLink = link
        }
    }

    /// One frame of the motion under way.
    private func stepMotion() {
        guard let motion else {
            stopLink()
            return
        }
        let step = motion.step(to: layer.animationEngine.currentTime)
        if let scale = step.scale {
            applyZoomScale(scale)
        }
        applyContentOffset(step.offset)
        if step.isFinished {
            finishMotion(motion)
        }
    }

    /// Ends the motion, if any, where it is now; says so to the delegate when asked.
    func stopMotion(reportingEnd: Bool) {
        guard let motion else { return }
        self.motion = nil
        stopLink()
        if reportingEnd { reportEnd(of: motion) }
    }

    /// A touch came down: a motion after a release stops where it is, and the touch
    /// took hold of it (true). Animations started in code are not stopped by touches.
    func catchMotion() -> Bool {
        guard let motion, motion.kind == .deceleration || motion.kind == .zoomBounce else { return false }
        UIKitDebug.log(.gestures, "UIScrollView: a touch stops the motion at \(contentOffset)")
        stopMotion(reportingEnd: true)
        return true
    }

    private func finishMotion(_ motion: ScrollViewMotion) {
        guard self.motion === motion else { return }
        self.motion = nil
        stopLink()
        reportEnd(of: motion, reachedItsEnd: true)
    }

    /// Tells the delegate a motion ended. A scroll to top says it reached the top only
    /// when it did (`reachedItsEnd`); interrupted, it ends as any animation does.
    func reportEnd(of motion: ScrollViewMotion, reachedItsEnd: Bool = false) {
        indicators.fadeSoon(in: self)
        switch motion.kind {
        case .deceleration:
            delegate?.scrollViewDidEndDecelerating(self)
        case .scrollToTop where reachedItsEnd:
            delegate?.scrollViewDidScrollToTop(self)
        case .animation, .scrollToTop:
            delegate?.scrollViewDidEndScrollingAnimation(self)
        case .zoomBounce, .zoomAnimation:
            isZooming = false
            delegate?.scrollViewDidEndZooming(self, with: zoomView, atScale: zoomScale)
        }
    }

    private func stopLink() {
        motionLink?.invalidate()
        motionLink = nil
    }
}
