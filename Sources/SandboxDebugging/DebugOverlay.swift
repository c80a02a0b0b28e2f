import CairoRenderer
import Foundation
import UIKit

/// One debugging overlay drawn over a window's scene, and the contract the host keeps
/// with it so that only what changed is redrawn.
///
/// An overlay draws from two kinds of state:
///
/// - **its own**, changed only by `apply(_:)` and `update(in:)`: both return every
///   rectangle (window points) whose pixels the change affects, where the overlay drew
///   before and where it will draw now; `draw` then paints exactly that state, so a
///   frame clipped to any set of rectangles is consistent;
/// - **the window's layers and touches**, read at draw time as the scene renderer reads
///   them: the layers report only their own damage (`DamageTracker`), so an overlay
///   that draws where layers are answers `damageForFrame(in:)` with where it drew and
///   where it will draw when that moved; touches beginning or ending come with a batch,
///   which `apply(_:)` and `update(in:)` answer for.
///
/// Hosts call, in this order: `apply(_:)` with each batch right after the window took it,
/// then `update(in:)`; `update(in:)` again once `nextUpdateTime` has passed (an overlay
/// that changes with time: a trail fading, a panel lingering); and `draw(in:window:)` in
/// every frame, after the scene, with `damageForFrame(in:)` asked at the start of the
/// frame, before it is clipped. After changing `isVisible`, redraw the whole window.
@MainActor
public protocol DebugOverlay: AnyObject {
    /// Whether the overlay draws. Hidden overlays keep following input, cheaply, so they
    /// show the truth the moment they are shown again.
    var isVisible: Bool { get set }

    /// Takes a batch of samples the window has just been given; returns the rectangles
    /// (window points) to redraw for it. Empty while hidden.
    func apply(_ batch: [TouchSample]) -> [CGRect]

    /// Brings the overlay up to the media clock's now (`CACurrentMediaTime()`) and to
    /// the touches of `window`; returns the rectangles to redraw. Empty while hidden.
    func update(in window: UIWindow) -> [CGRect]

    /// When the overlay changes by itself next (seconds on the media clock), so the host
    /// calls `update(in:)` then; nil while nothing will change without input.
    var nextUpdateTime: TimeInterval? { get }

    /// Draws the overlay in window points (the canvas the scene was drawn on).
    func draw(in canvas: Canvas, window: UIWindow)

    /// At the start of a frame, after the layers' damage was taken: the rectangles
    /// (window points) where the overlay drew from the layers last and will draw now,
    /// when those differ. Empty while hidden.
    func damageForFrame(in window: UIWindow) -> [CGRect]

    /// Forgets the fingers it follows: called when input reaches it again after a time
    /// when no overlay was shown and none was fed (`DebugOverlays`), since fingers may
    /// have lifted meanwhile. A finger still down comes back with its next sample.
    func forgetFingers()
}

extension DebugOverlay {
    public func apply(_ batch: [TouchSample]) -> [CGRect] { [] }
    public func update(in window: UIWindow) -> [CGRect] { [] }
    public var nextUpdateTime: TimeInterval? { nil }
    public func damageForFrame(in window: UIWindow) -> [CGRect] { [] }
    public func forgetFingers() {}
}
