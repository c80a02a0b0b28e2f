import UIKit

/// The debug layer's root view, filling its window: the toolbar along the bottom (with
/// its overflow panel above it), the handle that summons the toolbar, the help panel,
/// the status line, and the panels of the overlays that are views: the recognizer HUD,
/// the meter and the paths note. It is transparent to touches itself, so only its
/// controls take them; the HUD, the meter and the note take none (a finger on them
/// reaches the app) and move out of its way instead.
///
/// **Where things go** (`layoutSubviews()`), at every screen size, in points, so the
/// same at `--scale 2`. Nothing covers the app's own bars (`topInset`, `bottomInset`),
/// the toolbar or another panel:
/// - the toolbar fills the bottom `DebugStyle.toolbarHeight` points, its overflow panel
///   just above it; the handle sits in the bottom-right corner, above `bottomInset`;
/// - the panels keep `panelMargin` from the screen's edges and from those bars, in the
///   *content area* left between them; the status line is centred at the top of it and
///   the help panel in the middle, and the others keep clear of both;
/// - the meter, then the paths note, sit at the bottom of the content area on their
///   side (the left to start with), each placed as low as it can go without covering
///   what is already placed (the handle, the help, each other);
/// - the HUD hangs from the top of the content area on its side (the right to start
///   with), as wide as leaves the opposite column to the bottom panels when the screen
///   allows, and as tall as its rows need down to whatever is below it in its column;
///   rows that do not fit are counted ("+2 more");
/// - a panel with no room on its side goes to the other; with no room on either (a
///   640 × 480 screen with the help open) it hides until there is.
///
/// **Out of the fingers' way** (`avoid(fingers:)`, which the debug layer calls on the
/// turn after every batch, not in the frame showing it): when a finger is on a panel or
/// within `fingerClearance` of it, the panel moves to the other side of the screen,
/// unless a finger is as near it there; it stays there until a finger comes near it
/// again. So a panel never sits under a finger that came down on it, and does not flit
/// back and forth while the finger moves beside it.
@MainActor
public final class DebugLayerView: PassThroughView {
    public let toolbar = DebugToolbar(frame: .zero)
    /// The floating button that opens the toolbar.
    public let handle = DebugStyle.makeButton(title: "Debug")
    public let help = DebugHelpView(frame: .zero)
    /// Behind the help while it shows, over everything but the toolbar: touches there
    /// close the help and never reach the app.
    public let helpVeil = DebugVeilView(frame: .zero)
    /// A transient line at the top ("saved …png").
    public let status = DebugStyle.makeLabel()
    /// "● REC", top right, while a recording runs.
    public let recordingBadge = DebugStyle.makeLabel()
    /// The recognizer HUD's panel; shown while its overlay is on and has a sequence.
    public let hud: RecognizerHUDView
    /// The meter's panel; shown while its overlay is on.
    public let meter: PerformanceMeterView
    /// Says why the paths overlay shows nothing, while it is on and has nothing to show.
    public let pathsNote = DebugStyle.makeLabel()

    /// Which side of the screen a panel keeps to.
    public enum Side: Sendable {
        case left, right

        var other: Side { self == .left ? .right : .left }
    }

    /// The panels that move out of the fingers' way.
    public enum Panel: CaseIterable, Sendable {
        case hud, meter, pathsNote
    }

    /// Each panel's side now: the HUD starts on the right, the others on the left.
    public private(set) var sides: [Panel: Side] = [.hud: .right, .meter: .left, .pathsNote: .left]

    /// Whether the toolbar is shown (the handle is hidden meanwhile).
    public var isToolbarVisible = false {
        didSet { setNeedsLayout() }
    }
    /// Whether the handle is shown while the toolbar is not.
    public var showsHandle = true {
        didSet { setNeedsLayout() }
    }
    /// Whether the paths note is due (the paths overlay is on and finds nothing).
    public var showsPathsNote = false {
        didSet { if showsPathsNote != oldValue { setNeedsLayout() } }
    }
    /// Room the app's own bars take at the top of the screen and at the bottom (above the
    /// toolbar while it shows), which the panels stay clear of.
    public var topInset: CGFloat = 0 {
        didSet { setNeedsLayout() }
    }
    public var bottomInset: CGFloat = 0 {
        didSet { setNeedsLayout() }
    }
    /// Told after every layout with the frames of the panels shown (the HUD, the meter,
    /// the note), so the hit-view labels keep clear of them.
    public var onPanelsPlaced: (@MainActor ([CGRect]) -> Void)?

    /// The handle's distance from the screen's edges.
    public static let handleInset: CGFloat = 12
    /// The panels' distance from the screen's edges, the bars and each other's.
    public static let panelMargin: CGFloat = 12
    /// How near a finger may come to a panel before the panel moves away.
    public static let fingerClearance: CGFloat = 24
    /// The HUD's widest, and its narrowest beside a bottom panel in the other column.
    public static let hudMaximumWidth = RecognizerHUDLayout.maximumWidth
    public static let hudMinimumSideBySideWidth: CGFloat = 280
    /// The paths note's height: one line at 15 points, finger-sized like the toolbar.
    public static let noteHeight: CGFloat = DebugStyle.minimumTarget
    public static let pathsNoteText = "no layer here hit-tests by path"

    public init(frame: CGRect, recognizers: RecognizerHUD, performance: PerformanceOverlay) {
        hud = RecognizerHUDView(hud: recognizers)
        meter = PerformanceMeterView(meter: performance)
        super.init(frame: frame)
        status.backgroundColor = DebugStyle.badge
        status.textColor = UIColor(red: 0x1C / 255, green: 0x1C / 255, blue: 0x1E / 255, alpha: 1)
        status.font = DebugStyle.buttonFont
        status.textAlignment = .center
        status.layer.cornerRadius = 8
        status.isHidden = true
        status.isUserInteractionEnabled = false
        recordingBadge.text = "\u{25CF} REC"
        recordingBadge.font = DebugStyle.buttonFont
        recordingBadge.textColor = .white
        recordingBadge.backgroundColor = DebugStyle.recording
        recordingBadge.textAlignment = .center
        recordingBadge.layer.cornerRadius = 8
        recordingBadge.isHidden = true
        pathsNote.text = Self.pathsNoteText
        pathsNote.textAlignment = .center
        pathsNote.backgroundColor = DebugStyle.panel
        pathsNote.layer.cornerRadius = 8
        pathsNote.isHidden = true
        help.isHidden = true
        helpVeil.isHidden = true
        hud.isHidden = true
        meter.isHidden = true
        handle.backgroundColor = DebugStyle.accent
        // Bottom to top: the panels under the chrome that is worked by hand; the veil
        // under the toolbar, which stays usable while the help shows.
        for view in [hud, meter, pathsNote, helpVeil, toolbar, toolbar.overflowPanel, help, handle, status, recordingBadge] as [UIView] {
            addSubview(view)
        }
    }

    public convenience override init(frame: CGRect) {
        self.init(frame: frame, recognizers: RecognizerHUD(), performance: PerformanceOverlay())
    }

    public required init?(coder: NSCoder) {
        fatalError("DebugLayerView is made in code")
    }

    /// Whether anything the view holds is shown (the debug layer hides its window else).
    public var showsAnything: Bool {
        showsHandle || isToolbarVisible || isHelpVisible || !status.isHidden || !recordingBadge.isHidden || wantsHUD || wantsMeter
            || showsPathsNote
    }

    /// Whether the help panel shows, and its veil with it.
    public var isHelpVisible: Bool {
        get { !help.isHidden }
        set {
            let opening = newValue && help.isHidden
            help.isHidden = !newValue
            helpVeil.isHidden = !newValue
            setNeedsLayout()
            // Opened at its top, its indicator showing a moment when the lines scroll.
            if opening {
                help.scrollView.contentOffset = .zero
                help.scrollView.flashScrollIndicators()
            }
        }
    }

    private var wantsHUD: Bool { hud.hud.isVisible && hud.hud.hasContent }
    private var wantsMeter: Bool { meter.meter.isVisible }

    // MARK: - Layout

    /// The area the panels may use: the screen less the app's bars, the toolbar (and its
    /// open overflow panel) and `panelMargin` all round.
    public var contentArea: CGRect {
        var bottom = bounds.height - bottomInset - (isToolbarVisible ? DebugStyle.toolbarHeight : 0)
        if isToolbarVisible, !toolbar.overflowPanel.isHidden, toolbar.overflowPanel.bounds.height > 0 {
            bottom = min(bottom, toolbar.overflowPanel.frame.minY - bottomInset)
        }
        let top = topInset
        return CGRect(x: 0, y: top, width: bounds.width, height: max(0, bottom - top))
            .insetBy(dx: Self.panelMargin, dy: Self.panelMargin)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let size = bounds.size
        toolbar.isHidden = !isToolbarVisible
        if !isToolbarVisible { toolbar.overflowPanel.isHidden = true }
        toolbar.frame = CGRect(x: 0, y: size.height - DebugStyle.toolbarHeight, width: size.width, height: DebugStyle.toolbarHeight)
        toolbar.layoutIfNeeded()

        handle.isHidden = isToolbarVisible || !showsHandle
        let handleWidth = DebugStyle.width(of: handle)
        handle.frame = CGRect(x: size.width - Self.handleInset - handleWidth,
                             y: size.height - bottomInset - Self.handleInset - DebugStyle.minimumTarget,
                             width: handleWidth, height: DebugStyle.minimumTarget)

        hud.matchScreenScale()
        meter.matchScreenScale()
        let content = contentArea
        var placed: [CGRect] = handle.isHidden ? [] : [handle.frame]

        let badgeWidth = recordingBadge.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: 32)).width + 24
        recordingBadge.frame = CGRect(x: content.maxX - badgeWidth, y: content.minY, width: badgeWidth, height: 32)
        if !recordingBadge.isHidden { placed.append(recordingBadge.frame) }

        // Centred, and narrower than the gap the badge leaves on the right.
        let statusRoom = recordingBadge.isHidden ? content.width : content.width - 2 * (badgeWidth + Self.panelMargin)
        let statusWidth = min(max(0, statusRoom), status.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: 32)).width + 24)
        status.frame = CGRect(x: (size.width - statusWidth) / 2, y: content.minY, width: statusWidth, height: 32)
        if !status.isHidden { placed.append(status.frame) }

        // Two columns of lines where the screen is wide enough, so all show at once.
        let helpWidth = content.width >= DebugHelpView.twoColumnWidth ? min(1040, content.width) : min(640, content.width)
        let topLines = [status, recordingBadge].filter { !$0.isHidden }.map(\.frame.maxY)
        let helpTop = topLines.max().map { $0 + Self.panelMargin } ?? content.minY
        let helpHeight = max(0, min(help.height(forWidth: helpWidth), content.maxY - helpTop))
        help.frame = CGRect(x: (size.width - helpWidth) / 2,
                           y: max(helpTop, content.minY + (content.height - helpHeight) / 2),
                           width: helpWidth, height: helpHeight)
        if isHelpVisible { placed.append(help.frame) }
        helpVeil.frame = CGRect(x: 0, y: 0, width: size.width, height: isToolbarVisible ? toolbar.frame.minY : size.height)

        var panels: [CGRect] = []
        // The bottom panels: the meter nearest the bottom, the note above it.
        let noteWidth = min(content.width, pathsNote.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: Self.noteHeight)).width + 32)
        for (panel, view, wanted, panelSize) in [
            (Panel.meter, meter as UIView, wantsMeter, PerformanceMeterView.size),
            (Panel.pathsNote, pathsNote as UIView, showsPathsNote, CGSize(width: noteWidth, height: Self.noteHeight)),
        ] {
            guard wanted, let frame = placeAtBottom(panel, size: panelSize, in: content, avoiding: placed) else {
                view.isHidden = true
                continue
            }
            view.frame = frame
            view.isHidden = false
            placed.append(frame)
            panels.append(frame)
        }
        // The HUD, from the top of its column.
        if wantsHUD, let frame = placeHUD(in: content, avoiding: placed, besides: panels) {
            hud.frame = frame
            hud.isHidden = false
            panels.append(frame)
        } else {
            hud.isHidden = true
        }
        onPanelsPlaced?(panels)
    }

    /// The lowest frame of `size` on the panel's side (else the other, which it then
    /// keeps) inside `content` that covers nothing in `placed`; nil where none is.
    private func placeAtBottom(_ panel: Panel, size: CGSize, in content: CGRect, avoiding placed: [CGRect]) -> CGRect? {
        for side in [sides[panel]!, sides[panel]!.other] {
            let x = side == .left ? content.minX : content.maxX - size.width
            var frame = CGRect(x: x, y: content.maxY - size.height, width: size.width, height: size.height)
            // Up past whatever it would cover, until it is clear or out of room.
            while frame.minY >= content.minY,
                  let below = placed.first(where: { $0.intersects(frame.insetBy(dx: -Self.panelMargin / 2, dy: -Self.panelMargin / 2)) }) {
                frame.origin.y = below.minY - Self.panelMargin - size.height
            }
            if frame.minY >= content.minY, frame.width <= content.width {
                sides[panel] = side
                return frame
            }
        }
        return nil
    }

    /// The HUD's frame: hanging from the top of `content` on its side (else the other),
    /// below whatever is placed there, and down to whatever is below it in its column.
    private func placeHUD(in content: CGRect, avoiding placed: [CGRect], besides bottomPanels: [CGRect]) -> CGRect? {
        var width = min(Self.hudMaximumWidth, content.width)
        let widest = bottomPanels.map(\.width).max() ?? 0
        if widest > 0, content.width - widest - Self.panelMargin < width {
            // Side by side with the bottom panels when there is room for a readable HUD.
            let beside = content.width - widest - Self.panelMargin
            if beside >= Self.hudMinimumSideBySideWidth { width = beside }
        }
        let minimumHeight = hud.minimumHeight(forWidth: width)
        for side in [sides[.hud]!, sides[.hud]!.other] {
            let x = side == .left ? content.minX : content.maxX - width
            var top = content.minY
            let column = { (top: CGFloat, height: CGFloat) in CGRect(x: x, y: top, width: width, height: height) }
            // Down past whatever it would cover at its smallest.
            while top + minimumHeight <= content.maxY, let lowest = placed
                .filter({ $0.intersects(column(top, minimumHeight).insetBy(dx: -Self.panelMargin / 2, dy: -Self.panelMargin / 2)) })
                .map(\.maxY).max() {
                top = max(top + 1, lowest + Self.panelMargin)
            }
            let limit = placed.filter { $0.minX < x + width && $0.maxX > x && $0.minY >= top }.map { $0.minY - Self.panelMargin }
                .min() ?? content.maxY
            let room = min(limit, content.maxY) - top
            guard room >= minimumHeight else { continue }
            let fitted = hud.sizeThatFits(CGSize(width: width, height: room))
            guard fitted.height > 0 else { continue }
            sides[.hud] = side
            return column(top, min(fitted.height, room))
        }
        return nil
    }

    // MARK: - Fingers

    /// Moves every shown panel that a finger is on or within `fingerClearance` of to the
    /// other side, unless a finger is as near it there (see the type's description);
    /// returns whether any moved. `fingers` are in the view's (the screen's) points.
    @discardableResult
    public func avoid(fingers: [CGPoint]) -> Bool {
        guard !fingers.isEmpty else { return false }
        layoutIfNeeded()
        var moved = false
        for (panel, view) in [(Panel.hud, hud as UIView), (.meter, meter), (.pathsNote, pathsNote)] where !view.isHidden {
            guard Self.isNear(fingers, view.frame) else { continue }
            let mirrored = CGRect(x: bounds.width - view.frame.maxX, y: view.frame.minY, width: view.frame.width,
                                  height: view.frame.height)
            guard !Self.isNear(fingers, mirrored) else { continue }
            sides[panel] = sides[panel]!.other
            moved = true
        }
        if moved {
            setNeedsLayout()
            layoutIfNeeded()
        }
        return moved
    }

    static func isNear(_ fingers: [CGPoint], _ frame: CGRect) -> Bool {
        let reach = frame.insetBy(dx: -fingerClearance, dy: -fingerClearance)
        return fingers.contains { reach.contains($0) }
    }
}
