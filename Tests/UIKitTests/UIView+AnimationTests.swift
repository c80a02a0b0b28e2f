import UIKit
import XCTest

/// `UIView.animate`: what the layer shows mid-way, options, completions, springs, and
/// touches while views animate.
final class UIViewAnimationTests: UIKitTestCase {
    private var view: UIView!

    override func setUp() async throws {
        try await super.setUp()
        view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
    }

    private func tick(at time: TimeInterval) {
        clock.now = time
        CAAnimationEngine.current.tick()
    }

    private var shown: CALayer { view.layer.presentation()! }

    func testChangesOutsideABlockAreNotAnimated() async {
        view.center = CGPoint(x: 200, y: 200)
        view.alpha = 0.5
        view.backgroundColor = .red
        view.layer.cornerRadius = 4
        XCTAssertNil(view.layer.animationKeys())
        XCTAssertFalse(CAAnimationEngine.current.needsFrames)
    }

    func testTheModelChangesAtOnceAndThePresentationMovesAlongTheDefaultCurve() async {
        UIView.animate(withDuration: 1) {
            self.view.center = CGPoint(x: 250, y: 50)
        }
        XCTAssertEqual(view.center, CGPoint(x: 250, y: 50))
        let curve = CAMediaTimingFunction(name: .easeInEaseOut)
        clock.now = 100.25
        XCTAssertEqual(Double(shown.position.x), 50 + 200 * curve.solve(forInput: 0.25), accuracy: 1e-6)
        clock.now = 100.5
        XCTAssertEqual(Double(shown.position.x), 50 + 200 * curve.solve(forInput: 0.5), accuracy: 1e-6)
        XCTAssertEqual(shown.position.x, 150, accuracy: 1e-5, "the curve's midpoint, but for its Float control points")
    }

    func testFrameAlphaColorTransformAndCornerRadiusAnimate() async {
        view.backgroundColor = .black
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: {
            self.view.frame = CGRect(x: 100, y: 0, width: 300, height: 100)
            self.view.alpha = 0
            self.view.backgroundColor = .white
            self.view.transform = CGAffineTransform(scaleX: 3, y: 3)
            self.view.layer.cornerRadius = 20
            self.view.layer.borderWidth = 5  // not animated by UIKit blocks
        })
        XCTAssertEqual(view.layer.animationKeys(), ["bounds", "position", "opacity", "backgroundColor", "transform", "cornerRadius"])
        clock.now = 100.5
        let p = shown
        XCTAssertEqual(p.bounds.size, CGSize(width: 150, height: 100))
        XCTAssertEqual(p.position, CGPoint(x: 100, y: 50))
        XCTAssertEqual(p.opacity, 0.75, accuracy: 1e-6)
        XCTAssertEqual(p.backgroundColor?.red ?? -1, 0.25, accuracy: 1e-9)
        XCTAssertEqual(p.backgroundColor?.alpha, 1)
        XCTAssertEqual(p.affineTransform().a, 1.5, accuracy: 1e-6)
        XCTAssertEqual(p.cornerRadius, 5, accuracy: 1e-6)
        XCTAssertEqual(p.borderWidth, 5)
    }

    func testCurveOptions() async {
        let cases: [(UIView.AnimationOptions, CAMediaTimingFunctionName)] = [
            (.curveEaseIn, .easeIn), (.curveEaseOut, .easeOut), (.curveLinear, .linear), ([], .easeInEaseOut),
        ]
        for (option, name) in cases {
            clock.now = 100
            view.alpha = 1
            UIView.animate(withDuration: 1, delay: 0, options: option, animations: { self.view.alpha = 0 })
            clock.now = 100.3
            let expected = 1 - CAMediaTimingFunction(name: name).solve(forInput: 0.3)
            XCTAssertEqual(Double(shown.opacity), expected, accuracy: 1e-6, name.rawValue)
        }
    }

    func testCompletionRunsOnTheTickAfterAllAnimationsFinished() async {
        let other = UIView(frame: .zero)
        window.addSubview(other)
        UIView.animate(withDuration: 1, animations: {
            self.view.alpha = 0
            other.center = CGPoint(x: 5, y: 5)
        }, completion: { self.trace.note("done(\($0))") })
        UIView.animate(withDuration: 0.5, animations: { other.alpha = 0.5 }, completion: { self.trace.note("short(\($0))") })
        tick(at: 100.5)
        XCTAssertEqual(trace.flush(), ["short(true)"])
        clock.now = 101
        _ = view.layer.presentation()
        XCTAssertEqual(trace.flush(), [], "reads finish nothing")
        tick(at: 101)
        XCTAssertEqual(trace.flush(), ["done(true)"])
        XCTAssertNil(view.layer.animationKeys())
        XCTAssertFalse(CAAnimationEngine.current.needsFrames)
    }

    /// Since iOS 8 a view's position, bounds and transform animate additively
    /// (WWDC 2014, session 236, "Building Interruptible and Responsive Interactions"):
    /// a second animation of the same property continues from where the view appears,
    /// and the first still runs out and completes finished.
    func testAnInterruptedMoveGoesOnFromWhereTheViewAppearsAndBothFinish() async {
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear,
                       animations: { self.view.center.x = 250 }, completion: { self.trace.note("first(\($0))") })
        tick(at: 100.5)  // appears at x 150
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear,
                       animations: { self.view.center.x = 50 }, completion: { self.trace.note("second(\($0))") })
        XCTAssertEqual(view.layer.animationKeys(), ["position", "position-2"])
        XCTAssertEqual(shown.position.x, 150, accuracy: 1e-9, "no jump")
        // Model 50; the first difference runs −200 → 0, the second +200 → 0.
        clock.now = 100.75
        XCTAssertEqual(shown.position.x, 50 - 50 + 150, accuracy: 1e-9)
        tick(at: 101)
        XCTAssertEqual(trace.flush(), ["first(true)"])
        XCTAssertEqual(shown.position.x, 50 + 100, accuracy: 1e-9)
        tick(at: 101.5)
        XCTAssertEqual(trace.flush(), ["second(true)"])
        XCTAssertEqual(shown.position.x, 50)
        XCTAssertNil(view.layer.animationKeys())
    }

    func testAnInterruptedBoundsAndTransformGoOnWithoutAJump() async {
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            self.view.bounds.size = CGSize(width: 300, height: 100)
            self.view.transform = CGAffineTransform(scaleX: 3, y: 3)
        })
        clock.now = 100.5
        XCTAssertEqual(shown.bounds.size, CGSize(width: 200, height: 100))
        XCTAssertEqual(shown.affineTransform().a, 2, accuracy: 1e-9)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            self.view.bounds.size = CGSize(width: 100, height: 100)
            self.view.transform = .identity
        })
        XCTAssertEqual(shown.bounds.size, CGSize(width: 200, height: 100), "no jump")
        XCTAssertEqual(shown.affineTransform().a, 2, accuracy: 1e-9, "no jump")
        clock.now = 101
        // First: −200 → 0 over 1 s, now done; second: +200 → 0, half-way.
        XCTAssertEqual(shown.bounds.size.width, 100 + 0 + 100, accuracy: 1e-9)
        // First: scale ⅓ → 1 (of its model 3) done; second: scale 3 → 1, half-way: 2.
        XCTAssertEqual(shown.affineTransform().a, 2, accuracy: 1e-9)
        clock.now = 101.5
        XCTAssertEqual(shown.bounds.size.width, 100, accuracy: 1e-9)
        XCTAssertEqual(shown.affineTransform().a, 1, accuracy: 1e-9)
    }

    /// `.beginFromCurrentState` keeps its documented meaning: the new animation starts
    /// from where the view appears and the property's animations in flight end there,
    /// unfinished; so do removed ones and replaced non-additive ones (`alpha`).
    func testBeginFromCurrentStateReplacedAndRemovedAnimationsCompleteUnfinished() async {
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear,
                       animations: { self.view.center.x = 250 }, completion: { self.trace.note("first(\($0))") })
        clock.now = 100.25
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear,
                       animations: { self.view.center.x = 450 }, completion: { self.trace.note("second(\($0))") })
        // Model 450; the first difference (−200 → 0) is half run, the second (−200 → 0)
        // a quarter: 450 − 100 − 150.
        clock.now = 100.5
        XCTAssertEqual(shown.position.x, 200, accuracy: 1e-9)
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState],
                       animations: { self.view.center.x = 250 }, completion: { self.trace.note("third(\($0))") })
        XCTAssertEqual(Set(trace.flush()), ["first(false)", "second(false)"])
        XCTAssertEqual(view.layer.animationKeys(), ["position"])
        XCTAssertEqual(shown.position.x, 200, accuracy: 1e-9, "from where it appears")
        clock.now = 101
        XCTAssertEqual(shown.position.x, 225, accuracy: 1e-9)

        UIView.animate(withDuration: 1, animations: { self.view.alpha = 0 }, completion: { self.trace.note("alpha(\($0))") })
        UIView.animate(withDuration: 1, animations: { self.view.alpha = 0.5 }, completion: { self.trace.note("alpha2(\($0))") })
        XCTAssertEqual(trace.flush(), ["alpha(false)"])
        view.layer.removeAllAnimations()
        XCTAssertEqual(trace.flush(), ["third(false)", "alpha2(false)"])
    }

    func testSettingAPropertyTwiceInOneBlockStillFinishes() async {
        UIView.animate(withDuration: 1, animations: {
            self.view.center = CGPoint(x: 300, y: 50)
            self.view.center = CGPoint(x: 200, y: 50)
        }, completion: { self.trace.note("done(\($0))") })
        XCTAssertEqual(shown.position, CGPoint(x: 50, y: 50), "starts where it was")
        tick(at: 101)
        XCTAssertEqual(trace.flush(), ["done(true)"])
    }

    // MARK: - Nested blocks

    /// Apple's UIView.AnimationOptions reference: a block nested in another's
    /// animations inherits its duration and curve unless `.overrideInheritedDuration`
    /// or `.overrideInheritedCurve` says otherwise.
    func testANestedBlockInheritsTheOuterDurationAndCurve() async {
        let other = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(other)
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: {
            self.view.alpha = 0
            UIView.animate(withDuration: 0.5, delay: 0, options: .curveEaseIn, animations: { other.alpha = 0 },
                           completion: { self.trace.note("inner(\($0))") })
        }, completion: { self.trace.note("outer(\($0))") })
        clock.now = 101
        XCTAssertEqual(other.layer.presentation()!.opacity, 0.5, accuracy: 1e-6, "2 s, linear, as the outer block")
        tick(at: 102)
        XCTAssertEqual(trace.flush(), ["outer(true)", "inner(true)"])
    }

    func testOverrideOptionsKeepANestedBlocksOwnDurationAndCurve() async {
        let other = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(other)
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: {
            UIView.animate(withDuration: 0.5, delay: 0, options: [.curveEaseIn, .overrideInheritedDuration],
                           animations: { other.alpha = 0 })
            UIView.animate(withDuration: 0.5, delay: 0, options: [.curveEaseIn, .overrideInheritedCurve],
                           animations: { self.view.alpha = 0 })
        })
        clock.now = 100.25
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        XCTAssertEqual(Double(other.layer.presentation()!.opacity), 0.5, accuracy: 1e-6, "0.5 s, still linear")
        XCTAssertEqual(Double(shown.opacity), 1 - easeIn.solve(forInput: 0.125), accuracy: 1e-6, "2 s, ease-in")
    }

    /// The outer block's other options (here `.repeat` and `.autoreverse`) and its kind
    /// (a spring) pass on, unless `.overrideInheritedOptions`.
    func testANestedBlockInheritsOptionsAndTheSpringUnlessTold() async {
        let other = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(other)
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                       options: [.repeat, .autoreverse], animations: {
            UIView.animate(withDuration: 1, animations: { self.view.alpha = 0 })
            UIView.animate(withDuration: 1, delay: 0, options: .overrideInheritedOptions,
                           animations: { other.alpha = 0 })
        })
        let inherited = view.layer.animation(forKey: "opacity")
        XCTAssertTrue(inherited is CASpringAnimation)
        XCTAssertEqual(inherited?.repeatCount, .infinity)
        XCTAssertEqual(inherited?.autoreverses, true)
        let own = other.layer.animation(forKey: "opacity")
        XCTAssertFalse(own is CASpringAnimation)
        XCTAssertEqual(own?.repeatCount, 0)
        XCTAssertEqual(own?.autoreverses, false)
    }

    func testDelayShowsTheOldValueUntilTheAnimationBegins() async {
        UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { self.view.alpha = 0 })
        XCTAssertEqual(view.alpha, 0)
        clock.now = 100.25
        XCTAssertEqual(shown.opacity, 1)
        clock.now = 101
        XCTAssertEqual(shown.opacity, 0.5, accuracy: 1e-6)
    }

    /// Source: CAMediaTiming — Apple Developer Documentation (a layer's `speed` scales
    /// its time and so its animations'); UIView.animate(withDuration:delay:options:
    /// animations:completion:) — Apple Developer Documentation for the delay.
    func testADelayAndADurationRunInTheLayersTime() async {
        window.layer.timeOffset = 40
        window.layer.speed = 2
        UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { self.view.alpha = 0 },
                       completion: { self.trace.note("done(\($0))") })
        XCTAssertEqual(view.layer.animation(forKey: "opacity")?.beginTime, view.layer.convertTime(100, from: nil) + 0.5)
        clock.now = 100.2
        XCTAssertEqual(shown.opacity, 1, "still in its delay")
        clock.now = 100.5
        XCTAssertEqual(shown.opacity, 0.5, accuracy: 1e-6, "half a second of media time is a second of the layer's")
        tick(at: 100.74)
        XCTAssertEqual(trace.flush(), [])
        tick(at: 100.75)
        XCTAssertEqual(trace.flush(), ["done(true)"])
    }

    func testRepeatAndAutoreverse() async {
        UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear], animations: {
            self.view.alpha = 0
        }, completion: { self.trace.note("done(\($0))") })
        let animation = view.layer.animation(forKey: "opacity")!
        XCTAssertEqual(animation.repeatCount, .infinity)
        XCTAssertTrue(animation.autoreverses)
        clock.now = 100.25
        XCTAssertEqual(shown.opacity, 0.75, accuracy: 1e-6)
        clock.now = 1001.25
        XCTAssertEqual(shown.opacity, 0.25, accuracy: 1e-6, "on its way back")
        tick(at: 1001.25)
        XCTAssertEqual(trace.flush(), [], "never completes by itself")
        view.layer.removeAnimation(forKey: "opacity")
        XCTAssertEqual(trace.flush(), ["done(false)"])
    }

    /// A view's action in a block, run by hand through `CAAction`'s dictionary form,
    /// animates from the values the dictionary gives: the previous model value, or with
    /// `.beginFromCurrentState` the previous presentation value.
    func testABlocksActionRunWithAnArgumentsDictionaryStartsFromItsValues() async {
        UIView.animate(withDuration: 1) {
            let action = self.view.action(for: self.view.layer, forKey: "opacity")
            action?.run(forKey: "opacity", object: self.view.layer,
                        arguments: [CAActionArgument.previousValue: Float(0.2),
                                    CAActionArgument.previousPresentationValue: Float(0.4)])
        }
        XCTAssertEqual((view.layer.animation(forKey: "opacity") as? CABasicAnimation)?.fromValue as? Float, 0.2)
        UIView.animate(withDuration: 1, delay: 0, options: .beginFromCurrentState, animations: {
            let action = self.view.action(for: self.view.layer, forKey: "opacity")
            action?.run(forKey: "opacity", object: self.view.layer,
                        arguments: [CAActionArgument.previousValue: Float(0.2),
                                    CAActionArgument.previousPresentationValue: Float(0.4)])
        })
        XCTAssertEqual((view.layer.animation(forKey: "opacity") as? CABasicAnimation)?.fromValue as? Float, 0.4)
    }

    func testSpringSettlesAtTheEndOfItsDuration() async {
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [],
                       animations: { self.view.center.x = 250 }, completion: { self.trace.note("done(\($0))") })
        let spring = view.layer.animation(forKey: "position") as! CASpringAnimation
        XCTAssertEqual(spring.duration, 0.5)
        XCTAssertEqual(spring.settlingDuration, 0.5, accuracy: 1e-6)
        XCTAssertEqual(spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot()), 0.5, accuracy: 1e-9)
        let solver = CASpringSolver(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
        clock.now = 100.1
        XCTAssertEqual(Double(shown.position.x), 50 + 200 * solver.progress(at: 0.1), accuracy: 1e-6)
        clock.now = 100.2
        XCTAssertGreaterThan(shown.position.x, 250, "under-damped: overshoots")
        tick(at: 100.5)
        XCTAssertEqual(trace.flush(), ["done(true)"])
    }

    func testSpringWithInitialVelocityStillSettlesAtItsDuration() async {
        UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 3, options: [],
                       animations: { self.view.alpha = 0 })
        let spring = view.layer.animation(forKey: "opacity") as! CASpringAnimation
        XCTAssertEqual(spring.initialVelocity, 3)
        XCTAssertEqual(spring.settlingDuration, 0.8, accuracy: 1e-3)
    }

    func testZeroDurationChangesAtOnceAndCompletesOnTheNextTick() async {
        UIView.animate(withDuration: 0, animations: { self.view.alpha = 0 }, completion: { self.trace.note("done(\($0))") })
        XCTAssertNil(view.layer.animationKeys())
        XCTAssertEqual(shown.opacity, 0)
        XCTAssertEqual(trace.flush(), [])
        XCTAssertTrue(CAAnimationEngine.current.needsFrames)
        tick(at: 100)
        XCTAssertEqual(trace.flush(), ["done(true)"])
    }

    func testABlockThatAnimatesNothingCompletesOnTheNextTick() async {
        UIView.animate(withDuration: 1, animations: { self.view.tag = 3 }, completion: { self.trace.note("done(\($0))") })
        XCTAssertEqual(trace.flush(), [])
        tick(at: 100)
        XCTAssertEqual(trace.flush(), ["done(true)"])
    }

    func testPerformWithoutAnimationAndDisabledAnimations() async {
        UIView.animate(withDuration: 1) {
            UIView.performWithoutAnimation { self.view.alpha = 0.5 }
            self.view.center.x = 10
        }
        XCTAssertEqual(view.layer.animationKeys(), ["position"])
        XCTAssertTrue(UIView.areAnimationsEnabled)
        UIView.setAnimationsEnabled(false)
        UIView.animate(withDuration: 1) { self.view.alpha = 0 }
        XCTAssertEqual(view.layer.animationKeys(), ["position"])
        UIView.setAnimationsEnabled(true)
    }

    func testAViewNotYetInATreeDoesNotAnimate() async {
        var spot: UIView!
        UIView.animate(withDuration: 1) {
            spot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            spot.alpha = 0.5
        }
        XCTAssertNil(spot.layer.animationKeys())
    }

    /// Apple, "Handling Touches in Your View", listings 9-2 and 9-3: a spot grows from
    /// 1 to 100 points in 0.2 s and stays round. Repairs: the listings' line numbers
    /// and lost braces; `class I` is `TouchSpotView`.
    func testGrowingTouchSpot() async {
        final class TouchSpotView: UIView {
            override init(frame: CGRect) {
                super.init(frame: frame)
                backgroundColor = UIColor.lightGray
            }

            required init?(coder: NSCoder) {
                fatalError("not used")
            }

            // Update the corner radius when the bounds change.
            override var bounds: CGRect {
                get { return super.bounds }
                set(newBounds) {
                    super.bounds = newBounds
                    layer.cornerRadius = newBounds.size.width / 2.0
                }
            }
        }
        let newView = TouchSpotView()
        newView.bounds = CGRect(x: 0, y: 0, width: 1, height: 1)
        newView.center = CGPoint(x: 160, y: 240)
        window.addSubview(newView)
        UIView.animate(withDuration: 0.2) {
            newView.bounds.size = CGSize(width: 100, height: 100)
        }
        XCTAssertEqual(newView.bounds.size, CGSize(width: 100, height: 100))
        let curve = CAMediaTimingFunction(name: .easeInEaseOut)
        clock.now = 100.05
        let fraction = CGFloat(curve.solve(forInput: 0.25))
        let p = newView.layer.presentation()!
        XCTAssertEqual(p.bounds.width, 1 + 99 * fraction, accuracy: 1e-6)
        XCTAssertEqual(p.cornerRadius, 0.5 + 49.5 * fraction, accuracy: 1e-6, "round all the way")
        tick(at: 100.2)
        XCTAssertNil(newView.layer.animationKeys())
        XCTAssertEqual(newView.layer.cornerRadius, 50)
    }

    // MARK: - Touches while animating

    func testAnAnimatingViewIgnoresTouchesUnlessAllowed() async {
        let target = addTraceView("target", CGRect(x: 0, y: 200, width: 100, height: 100))
        let child = addTraceView("child", CGRect(x: 0, y: 0, width: 50, height: 50), to: target)
        UIView.animate(withDuration: 1, animations: { target.alpha = 0.5 }, completion: { self.trace.note("done(\($0))") })
        injector.tap(at: CGPoint(x: 10, y: 210))  // child, inside the ignoring subtree
        injector.tap(at: CGPoint(x: 80, y: 280))  // target
        XCTAssertEqual(trace.flush(), [])
        XCTAssertTrue(window.hitTest(CGPoint(x: 80, y: 280), with: nil) === window)
        tick(at: 101)
        XCTAssertEqual(trace.flush(), ["done(true)"])
        injector.tap(at: CGPoint(x: 10, y: 210))
        XCTAssertEqual(trace.flush(), ["child.began(3)", "child.ended(3)"])
        _ = child
        // With .allowUserInteraction, touches go to the model geometry, as in UIKit.
        UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: {
            target.center = CGPoint(x: 250, y: 250)
        })
        injector.tap(at: CGPoint(x: 280, y: 280))
        injector.tap(at: CGPoint(x: 80, y: 280))
        XCTAssertEqual(trace.flush(), ["target.began(4)", "target.ended(4)"])
    }

    func testTouchesComeBackWhenTheAnimationIsRemovedOrReplaced() async {
        let target = addTraceView("target", CGRect(x: 0, y: 200, width: 100, height: 100))
        UIView.animate(withDuration: 1) { target.alpha = 0.5 }
        UIView.animate(withDuration: 1) { target.alpha = 0.6 }  // replaces: still one running
        injector.tap(at: CGPoint(x: 50, y: 250))
        target.layer.removeAllAnimations()
        injector.tap(at: CGPoint(x: 50, y: 250))
        XCTAssertEqual(trace.flush(), ["target.began(2)", "target.ended(2)"])
    }
}
