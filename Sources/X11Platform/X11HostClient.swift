import CairoRenderer
import UIKit

/// What an `X11Host` runs (the application runner, a test): told of the input that
/// passed the host's input filters, of resizes and of the window closing. One object,
/// set once, instead of closures that each composer overwrote and wrapped; what others
/// add goes in the host's explicit chains, `inputFilters` and `frameStages`.
@MainActor
public protocol X11HostClient: AnyObject {
    /// A batch of samples, one per turn of draining the connection, with each finger's
    /// moves collapsed (`MoveCoalescer`), after every input filter.
    func host(_ host: X11Host, didReceive batch: [TouchSample])
    /// A key press no input filter consumed.
    func host(_ host: X11Host, didReceive key: KeyInput)
    /// A mouse wheel's or touchpad's scroll (in window points) no input filter consumed.
    func host(_ host: X11Host, didReceive scroll: ScrollSample)
    /// The window's size in points changed (the frame stages redraw it whole).
    func host(_ host: X11Host, didResizeTo size: CGSize)
    /// The window manager closed the window; its live touches were cancelled first.
    func hostDidClose(_ host: X11Host)
}

public extension X11HostClient {
    func host(_ host: X11Host, didReceive key: KeyInput) {}
    func host(_ host: X11Host, didReceive scroll: ScrollSample) {}
    func host(_ host: X11Host, didResizeTo size: CGSize) {}
    /// By default the program exits with status 0.
    func hostDidClose(_ host: X11Host) {
        exit(0)
    }
}

/// Sees a host's raw input before its client does. The host runs its filters in the
/// order of their `stage` (then the order added), each passing on what the next sees:
/// the order is written once, in `InputFilterStage`, not implied by who wrapped whom.
@MainActor
public protocol InputFilter: AnyObject {
    var stage: InputFilterStage { get }
    /// The samples that go on down the chain: all of them to watch, fewer to consume.
    func filter(_ batch: [TouchSample], in host: X11Host) -> [TouchSample]
    /// Whether the key goes on down the chain (false: consumed here).
    func filter(_ key: KeyInput, in host: X11Host) -> Bool
    /// Whether the wheel's or touchpad's scroll goes on down the chain (false: consumed
    /// here). Recorders do not keep scrolls: a recording holds touches.
    func filter(_ scroll: ScrollSample, in host: X11Host) -> Bool
    /// After the client handled what the chain passed on: `batch` is what this filter
    /// was given. Filters are told in reverse order, innermost first (debugging tools
    /// read here what UIKit made of the batch: which view each new touch hit).
    func host(_ host: X11Host, didHandle batch: [TouchSample])
    /// The live touches another client's grab still owns changed (after the batch of
    /// the same read was handled): a touch the app has but may yet lose as cancelled
    /// (`X11Host.touchesPendingOwnership`).
    func host(_ host: X11Host, didChangeTouchesPendingOwnership pending: Set<TouchSample.ID>)
}

public extension InputFilter {
    func filter(_ key: KeyInput, in host: X11Host) -> Bool { true }
    func filter(_ scroll: ScrollSample, in host: X11Host) -> Bool { true }
    func host(_ host: X11Host, didHandle batch: [TouchSample]) {}
    func host(_ host: X11Host, didChangeTouchesPendingOwnership pending: Set<TouchSample.ID>) {}
}

/// Where an input filter stands in the chain, first to last.
public enum InputFilterStage: Int, Comparable, Sendable, CaseIterable {
    /// A kiosk's guarded exit gesture, which may consume the gesture it watches for (and
    /// every key: a kiosk has no keyboard to offer).
    case exitGesture
    /// Debugging tools that watch every sample (touch spots show the chrome's touches),
    /// and consume the keys that work them.
    case debugging
    /// A recorder: it keeps what the debugging tools left, so a file holds the app's
    /// input and not the debugger's (the key that stopped the recording, a tap on the
    /// Record button), and a replay drives the app, never the tools.
    case recording
    /// An app's own chrome around the UIKit windows (the sandbox's toolbar), which
    /// consumes the touches that begin on it.
    case chrome

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// One layer of a host's frame, drawn over the layers before it: an application
/// window's layer tree, debugging overlays, an app's chrome. The host takes every
/// stage's damage at the start of a frame (inside the engine's `holdingTime(_:)`,
/// so damage and pixels see one instant), draws the stages in `order`, then tells each
/// that the frame was presented.
@MainActor
public protocol FrameStage: AnyObject {
    var order: FrameStageOrder { get }
    /// Whether the stage has damage it would give now without having asked for a frame
    /// (`X11Host.setNeedsFrame()`): a window's layer tree. The run loop presents then.
    var hasDamage: Bool { get }
    /// Rectangles (in points) this stage's pixels changed in since the last frame.
    func takeDamage(in host: X11Host) -> [CGRect]
    /// Draws the stage; the canvas is clipped to the frame's damage.
    func draw(in canvas: Canvas, size: CGSize)
    /// The frame reached the window.
    func framePresented(_ report: X11Host.FrameReport, by host: X11Host)
}

public extension FrameStage {
    var hasDamage: Bool { false }
    func takeDamage(in host: X11Host) -> [CGRect] { [] }
    func framePresented(_ report: X11Host.FrameReport, by host: X11Host) {}
}

/// Where a frame stage is drawn, bottom to top: UIKit windows by `UIWindow.Level`, then
/// debugging overlays above every window. Between the named places there is room for an
/// app's own stages (`above(_:by:)`).
public struct FrameStageOrder: Comparable, Sendable {
    public let rawValue: Double

    public init(rawValue: Double) {
        self.rawValue = rawValue
    }

    /// A UIKit window at its level (normal 0, status bar 1,000, alert 2,000).
    public static func window(level: UIWindow.Level) -> FrameStageOrder {
        FrameStageOrder(rawValue: Double(level.rawValue))
    }

    /// Debugging overlays: above every window.
    public static let debugOverlays = FrameStageOrder(rawValue: 1_000_000)

    /// A place `steps` hundredths of a level above `base`, for an app's own stages.
    public static func above(_ base: FrameStageOrder, by steps: Int) -> FrameStageOrder {
        FrameStageOrder(rawValue: base.rawValue + Double(steps) / 100)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
