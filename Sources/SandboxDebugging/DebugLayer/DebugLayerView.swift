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
/// - the help panel is centred (modal, over a veil); everything else is placed by one
///   rule, `OverlayPlacement`, in the *content area* left between the bars, `panelMargin`
///   in from them: the recording badge (home: top right), the status line (the top's
///   middle), the HUD (top, on its side: the right to start with) and the meter and the
///   paths note (bottom, on their side: the left);
/// - each keeps off what is placed before it, off the fingers, and off the app's text
///   and controls (`appContent`, mapped by `AppContentMap`) wherever the window has
///   room, going no further from home than it must; the HUD narrows before it covers
///   the app, and grows down as far as its rows need;
/// - where no room is left off the app, a panel covers the least of it it can and is
///   drawn opaque (`coveringApp`), so the app's text never shows through the panel's;
///   with no room at all (a 640 × 480 screen with the help open) it hides until there
///   is.
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
    /// The Why tool's panel: the last finger's walk, listed.
    public let why = DebugListPanelView(frame: .zero)
    /// The time strip, while the app's time is frozen or slowed: just above the bars
    /// (the toolbar, its overflow, the embedding app's bottom bar), centred, clear of
    /// the handle; the other panels are placed above it.
    public let timeStrip = DebugTimeStripView(frame: .zero)
    /// The timeline panel, while the Timeline tool is on: where the time strip goes, and
    /// as wide as the screen allows, for the scrubber's sake (the strip hides meanwhile).
    public let timeline = DebugTimelineView(frame: .zero)
    /// The walk the Why panel shows, while the tool is on and a finger has landed: the
    /// panel keeps clear of its finger and of its outlines.
    public var whyWalk: WhyWalk? {
        didSet {
            isPlaced.remove(.why)
            setNeedsLayout()
        }
    }
    /// The Inspect tool's panel: the selected view's details and the hierarchy.
    public let inspector = DebugListPanelView(frame: .zero)
    /// Over the whole screen while the Inspect tool is on: touches pick views there.
    public let inspectCatcher = DebugInspectCatcherView(frame: .zero)
    /// Whether the Inspect tool is on (the catcher takes every touch not on the chrome).
    public var isInspecting = false {
        didSet { setNeedsLayout() }
    }
    /// Where the finger that made the inspector's selection was (the panel keeps clear of
    /// it and of the selection), while the panel shows.
    public var inspectedAt: (finger: CGPoint, selection: CGRect)? {
        didSet {
            if inspectedAt?.finger != oldValue?.finger { isPlaced.remove(.inspector) }
            setNeedsLayout()
        }
    }

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
        why.isHidden = true
        inspector.isHidden = true
        inspectCatcher.isHidden = true
        timeStrip.isHidden = true
        timeline.isHidden = true
        handle.backgroundColor = DebugStyle.accent
        // Bottom to top: the panels under the chrome that is worked by hand; the veil
        // under the toolbar, which stays usable while the help shows.
        for view in [inspectCatcher, hud, meter, pathsNote, why, inspector, timeStrip, timeline, helpVeil, toolbar, toolbar.overflowPanel, help, handle, status,
                     recordingBadge] as [UIView] {
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
            || showsPathsNote || whyWalk != nil || isInspecting || !timeStrip.isHidden || !timeline.isHidden
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
        var bottom = barsTop
        if !timeStrip.isHidden { bottom = timeStripFrame.minY - Self.panelMargin }
        if !timeline.isHidden { bottom = min(bottom, timelineFrame.minY - Self.panelMargin) }
        let top = topInset
        return CGRect(x: 0, y: top, width: bounds.width, height: max(0, bottom - top))
            .insetBy(dx: Self.panelMargin, dy: Self.panelMargin)
    }

    /// The top of the bars at the bottom: the toolbar and its overflow while they show,
    /// and the embedding app's bottom bar.
    private var barsTop: CGFloat {
        var bottom = bounds.height - bottomInset - (isToolbarVisible ? DebugStyle.toolbarHeight : 0)
        if isToolbarVisible, !toolbar.overflowPanel.isHidden, toolbar.overflowPanel.bounds.height > 0 {
            bottom = min(bottom, toolbar.overflowPanel.frame.minY - bottomInset)
        }
        return bottom
    }

    /// Where the time strip goes: centred just above the bars, as wide as its buttons in
    /// one row where the screen allows (they wrap where it does not), and left of the
    /// handle when that shows beside it, or above it when there is no room beside.
    var timeStripFrame: CGRect {
        bottomPanelFrame(preferredWidth: timeStrip.preferredWidth, height: timeStrip.height(forWidth:))
    }

    /// Where the timeline goes: as the time strip, 960 points wide (wider when its
    /// buttons need it), or the screen's width less the margins where that is less.
    var timelineFrame: CGRect {
        bottomPanelFrame(preferredWidth: max(timeline.preferredWidth, 960), height: timeline.height(forWidth:))
    }

    private func bottomPanelFrame(preferredWidth: CGFloat, height heightForWidth: (CGFloat) -> CGFloat) -> CGRect {
        let margin = Self.panelMargin
        let width = min(bounds.width - 2 * margin, preferredWidth)
        let height = heightForWidth(width)
        var frame = CGRect(x: ((bounds.width - width) / 2).rounded(), y: barsTop - margin - height, width: width, height: height)
        if !handle.isHidden, frame.intersects(handle.frame.insetBy(dx: -margin, dy: -margin)) {
            let besideX = handle.frame.minX - margin - width
            if besideX >= margin {
                frame.origin.x = min(frame.minX, besideX)
            } else {
                frame.origin.y = handle.frame.minY - margin - height
            }
        }
        return frame
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

        if !timeStrip.isHidden { timeStrip.frame = timeStripFrame }
        if !timeline.isHidden { timeline.frame = timelineFrame }

        hud.matchScreenScale()
        meter.matchScreenScale()
        let content = contentArea
        // Everything below is placed by one rule (`OverlayPlacement`), each item in turn
        // keeping clear of those placed before it.
        let wantsPanels = !recordingBadge.isHidden || !status.isHidden || wantsMeter || showsPathsNote || wantsHUD
        var placement = OverlayPlacement(area: content, blocked: handle.isHidden ? [] : [handle.frame],
                                         appContent: wantsPanels ? mappedAppContent() : [], fingers: fingers,
                                         margin: Self.panelMargin, fingerClearance: Self.fingerClearance)
        coveringApp.removeAll()
        @discardableResult
        func put(_ item: UIView, _ size: CGSize, home: OverlayPlacement.Home, named name: Item) -> Bool {
            let current = item.isHidden || !isPlaced.contains(name) ? nil : item.frame
            guard let placed = placement.place(size, home: home, current: current) else {
                isPlaced.remove(name)
                return false
            }
            isPlaced.insert(name)
            item.frame = placed.frame
            placement.blocked.append(placed.frame)
            if placed.coversApp { coveringApp.insert(name) }
            return true
        }

        let badgeWidth = recordingBadge.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: 32)).width + 24
        if !recordingBadge.isHidden { put(recordingBadge, CGSize(width: badgeWidth, height: 32), home: .topRight, named: .badge) }

        // The status line: the top's middle, as wide as its text and no wider than the room.
        let statusWidth = min(content.width, status.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: 32)).width + 24)
        if !status.isHidden, !put(status, CGSize(width: statusWidth, height: 32), home: .top, named: .status) {
            status.frame = CGRect(x: (size.width - statusWidth) / 2, y: content.minY, width: statusWidth, height: 32)
        }

        // Two columns of lines where the screen is wide enough, so all show at once.
        let helpWidth = content.width >= DebugHelpView.twoColumnWidth ? min(1040, content.width) : min(640, content.width)
        // Below the status line and the badge where they sit in the top band (placed
        // off the app's text, they may sit lower, and then the help centres regardless).
        let topLines = [status, recordingBadge].filter { !$0.isHidden && $0.frame.minY < content.minY + 32 }.map(\.frame.maxY)
        let helpTop = topLines.max().map { $0 + Self.panelMargin } ?? content.minY
        let helpHeight = max(0, min(help.height(forWidth: helpWidth), content.maxY - helpTop))
        help.frame = CGRect(x: (size.width - helpWidth) / 2,
                           y: max(helpTop, content.minY + (content.height - helpHeight) / 2),
                           width: helpWidth, height: helpHeight)
        if isHelpVisible { placement.blocked.append(help.frame) }
        inspectCatcher.frame = bounds
        inspectCatcher.isHidden = !isInspecting
        placeListPanel(why, as: .why, anchor: whyWalk.map { ($0.location, $0.marks.map { ViewOutline.reach(of: $0.corners) }) },
                       with: &placement, in: content)
        placeListPanel(inspector, as: .inspector,
                       anchor: isInspecting ? inspectedAt.map { ($0.finger, [$0.selection]) } : nil, with: &placement, in: content)
        helpVeil.frame = CGRect(x: 0, y: 0, width: size.width, height: isToolbarVisible ? toolbar.frame.minY : size.height)

        // The panels: each where it covers none of the app if it can; but when that
        // leaves one of them no room at all (a 640 × 480 screen full of text), the bottom
        // panels go to their corners over the app instead, so every panel still shows.
        var arrangement = arrangePanels(from: placement, in: content, hudFirst: false, bottomPanelsReadApp: true)
        if arrangement.frames.count < wantedPanels.count || !arrangement.coveringApp.isEmpty {
            // No room for all of them off the app: the HUD first (the bottom panels off
            // the app, or in their corners), or the bottom panels in their corners first.
            // Whichever shows the most panels wins, then the one whose HUD (the panel a
            // touch is explained by) covers none of the app, then the one covering least.
            func score(_ arrangement: PanelArrangement) -> (Int, Int, CGFloat) {
                (arrangement.frames.count, arrangement.coveringApp.contains(.hud) ? 0 : 1, -arrangement.covered)
            }
            for (hudFirst, readsApp) in [(true, true), (true, false), (false, false)] {
                let other = arrangePanels(from: placement, in: content, hudFirst: hudFirst, bottomPanelsReadApp: readsApp)
                if score(other) > score(arrangement) { arrangement = other }
            }
        }
        var panels: [CGRect] = [why, inspector].filter { !$0.isHidden }.map(\.frame)
        for (panel, view) in [(Panel.meter, meter as UIView), (.pathsNote, pathsNote), (.hud, hud)] {
            guard let frame = arrangement.frames[panel] else {
                view.isHidden = true
                isPlaced.remove(.panel(panel))
                continue
            }
            view.frame = frame
            view.isHidden = false
            isPlaced.insert(.panel(panel))
            if arrangement.coveringApp.contains(panel) { coveringApp.insert(.panel(panel)) }
            noteSide(of: panel, frame, in: content)
            panels.append(frame)
        }
        meter.backgroundColor = (coveringApp.contains(.panel(.meter)) ? DebugPalette.opaquePanel : DebugPalette.panel).uiColor
        hud.backgroundColor = (coveringApp.contains(.panel(.hud)) ? DebugPalette.opaquePanel : DebugPalette.panel).uiColor
        pathsNote.backgroundColor = coveringApp.contains(.panel(.pathsNote)) ? DebugPalette.opaquePanel.uiColor : DebugStyle.panel
        onPanelsPlaced?(panels)
    }

    /// A tool's list panel (the Why walk, the inspector), while it has something to show:
    /// at the bottom, on the side away from the finger that made it, as tall as its rows
    /// need up to `listPanelMaximumHeightShare` of the content area (its rows scroll beyond),
    /// and off what it explains (the walk's outlines, the selection) where there is room
    /// (they count as the app's content here). It takes touches, so it keeps clear of
    /// that finger only: a finger on its rows never moves it.
    private func placeListPanel(_ panel: DebugListPanelView, as item: Item, anchor: (finger: CGPoint, explained: [CGRect])?,
                                with placement: inout OverlayPlacement, in content: CGRect) {
        guard let anchor else {
            panel.isHidden = true
            isPlaced.remove(item)
            return
        }
        let width = min(DebugListPanelView.maximumWidth, content.width, max(DebugListPanelView.minimumWidth, content.width / 2))
        let height = min(panel.height(forWidth: width), max(panel.headerHeight(forWidth: width) + 2 * DebugStyle.minimumTarget,
                                                            (content.height * Self.listPanelMaximumHeightShare).rounded()))
        var rule = placement
        rule.fingers = [anchor.finger]
        rule.appContent += anchor.explained
        let home: OverlayPlacement.Home = anchor.finger.x < content.midX ? .bottomRight : .bottomLeft
        let current = panel.isHidden || !isPlaced.contains(item) ? nil : panel.frame
        guard let placed = rule.place(CGSize(width: width, height: min(height, content.height)), home: home, current: current) else {
            panel.isHidden = true
            isPlaced.remove(item)
            return
        }
        panel.frame = placed.frame
        panel.isHidden = false
        panel.backgroundColor = (placed.coversApp ? DebugPalette.opaquePanel : DebugPalette.panel).uiColor
        isPlaced.insert(item)
        placement.blocked.append(placed.frame)
    }

    /// The most of the content area's height a tool's list panel takes.
    public static let listPanelMaximumHeightShare: CGFloat = 0.6

    /// The panels the overlays want shown now.
    private var wantedPanels: [Panel] {
        [(Panel.meter, wantsMeter), (.pathsNote, showsPathsNote), (.hud, wantsHUD)].filter(\.1).map(\.0)
    }

    /// Where the panels would go: their frames, which of them cover some of the app, and
    /// how much of it in all (square points).
    private struct PanelArrangement {
        var frames: [Panel: CGRect] = [:]
        var coveringApp: Set<Panel> = []
        var covered: CGFloat = 0
    }

    /// The bottom panels (the meter nearest its corner, the note next) and the HUD, in
    /// that order or with the HUD first (the largest, and the one a touch is explained
    /// by), each by `placement`'s rule and clear of those before it; with
    /// `bottomPanelsReadApp` false the bottom panels take no account of the app's content.
    private func arrangePanels(from placement: OverlayPlacement, in content: CGRect, hudFirst: Bool,
                               bottomPanelsReadApp: Bool) -> PanelArrangement {
        var placement = placement
        var result = PanelArrangement()
        func addHUD() {
            guard wantsHUD, let frame = placeHUD(with: placement, in: content) else { return }
            result.frames[.hud] = frame
            placement.blocked.append(frame)
            let covered = placement.coveredAppArea(frame)
            if covered > 0 { result.coveringApp.insert(.hud) }
            result.covered += covered
        }
        if hudFirst { addHUD() }
        let noteWidth = min(content.width, pathsNote.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: Self.noteHeight)).width + 32)
        for (panel, view, wanted, panelSize) in [
            (Panel.meter, meter as UIView, wantsMeter, PerformanceMeterView.size),
            (Panel.pathsNote, pathsNote as UIView, showsPathsNote, CGSize(width: noteWidth, height: Self.noteHeight)),
        ] where wanted {
            var rule = placement
            if !bottomPanelsReadApp { rule.appContent = [] }
            let current = view.isHidden || !isPlaced.contains(.panel(panel)) ? nil : view.frame
            guard let placed = rule.place(panelSize, home: sides[panel] == .left ? .bottomLeft : .bottomRight, current: current)
            else { continue }
            result.frames[panel] = placed.frame
            placement.blocked.append(placed.frame)
            let covered = placement.coveredAppArea(placed.frame)
            if covered > 0 { result.coveringApp.insert(panel) }
            result.covered += covered
        }
        if !hudFirst { addHUD() }
        return result
    }

    /// An item placed by the layout, for `coveringApp`.
    public enum Item: Hashable, Sendable {
        case badge, status, why, inspector
        case panel(Panel)
    }

    /// The items shown at the last layout, which keep their places while those stay good.
    private var isPlaced: Set<Item> = []
    /// The items that had to cover some of the app's text or controls at the last layout
    /// (no free room): they are drawn opaque.
    public private(set) var coveringApp: Set<Item> = []

    /// The app's text and controls, in the view's (the screen's) points, which the panels
    /// keep off where there is room (`AppContentMap`); set by the debug layer. Mapped once
    /// and kept until `appContentMayHaveChanged()`: a layout comes with every change of
    /// the HUD's rows, many a second while a finger moves, and walking the app's tree for
    /// each would cost the frames.
    public var appContent: @MainActor () -> [CGRect] = { [] } {
        didSet { keptAppContent = nil }
    }
    private var keptAppContent: [CGRect]?

    /// The app may have changed what it shows (a touch landed, a scene changed): the next
    /// layout maps its content again.
    public func appContentMayHaveChanged() {
        keptAppContent = nil
    }

    private func mappedAppContent() -> [CGRect] {
        if let keptAppContent { return keptAppContent }
        let mapped = appContent()
        keptAppContent = mapped
        return mapped
    }

    /// The fingers on the screen, which the panels keep clear of (`avoid(fingers:)`).
    public private(set) var fingers: [CGPoint] = []

    /// Remembers which side a panel ended on, so it starts from there next time.
    private func noteSide(of panel: Panel, _ frame: CGRect, in content: CGRect) {
        sides[panel] = frame.midX < content.midX ? .left : .right
    }

    /// The HUD's frame: placed at its smallest by the one rule, from the top of its side,
    /// then grown down as far as its rows need, stopping short of whatever is below it:
    /// anything blocked, and the app's content when it started clear of it. Where it
    /// finds no place clear of the app at its full width, it narrows (to
    /// `hudMinimumSideBySideWidth` at least) before it covers any of the app.
    private func placeHUD(with placement: OverlayPlacement, in content: CGRect) -> CGRect? {
        let widest = min(Self.hudMaximumWidth, content.width)
        let widths = [widest] + stride(from: widest - 40, through: Self.hudMinimumSideBySideWidth, by: -40).filter { $0 < widest }
        var fallback: (width: CGFloat, minimumHeight: CGFloat, placed: OverlayPlacement.Placement)?
        var chosen: (width: CGFloat, minimumHeight: CGFloat, placed: OverlayPlacement.Placement)?
        let home: OverlayPlacement.Home = sides[.hud] == .left ? .topLeft : .topRight
        let current = hud.isHidden || !isPlaced.contains(.panel(.hud)) ? nil : hud.frame
        for width in widths {
            let minimumHeight = hud.minimumHeight(forWidth: width)
            guard let placed = placement.place(CGSize(width: width, height: minimumHeight), home: home,
                                               current: current?.width == width ? current : nil) else { continue }
            if fallback == nil { fallback = (width, minimumHeight, placed) }
            if !placed.coversApp, !placement.isNearFinger(placed.frame) {
                chosen = (width, minimumHeight, placed)
                break
            }
        }
        guard let (width, minimumHeight, smallest) = chosen ?? fallback else { return nil }
        let top = smallest.frame.minY
        let column = { (rect: CGRect) in rect.minX < smallest.frame.maxX && rect.maxX > smallest.frame.minX && rect.minY >= top }
        let stops = placement.blocked.filter(column) + (smallest.coversApp ? [] : placement.appContent.filter(column))
        let limit = min(content.maxY, stops.map { $0.minY - Self.panelMargin }.min() ?? content.maxY)
        let fitted = hud.sizeThatFits(CGSize(width: width, height: max(minimumHeight, limit - top)))
        guard fitted.height > 0 else { return nil }
        return CGRect(x: smallest.frame.minX, y: top, width: width, height: max(minimumHeight, min(fitted.height, limit - top)))
    }

    // MARK: - Fingers

    /// Keeps the panels clear of `fingers` (the view's, the screen's, points): every shown
    /// panel that a finger is on or within `fingerClearance` of moves to the other side,
    /// unless a finger is as near it there (see the type's description), and every item
    /// placed from now on keeps clear of them. Returns whether any panel moved. Fingers
    /// lifting move nothing back: a panel stays where it went until a finger comes near.
    @discardableResult
    public func avoid(fingers: [CGPoint]) -> Bool {
        self.fingers = fingers
        guard !fingers.isEmpty else { return false }
        // Judged where the panels are drawn now, before a layout that knows the fingers.
        var near = false
        for (panel, view) in [(Panel.hud, hud as UIView), (.meter, meter), (.pathsNote, pathsNote)] where !view.isHidden {
            guard Self.isNear(fingers, view.frame) else { continue }
            near = true
            let mirrored = CGRect(x: bounds.width - view.frame.maxX, y: view.frame.minY, width: view.frame.width,
                                  height: view.frame.height)
            guard !Self.isNear(fingers, mirrored) else { continue }
            sides[panel] = sides[panel]!.other
            isPlaced.remove(.panel(panel))
        }
        guard near else { return false }
        let before = [hud.frame, meter.frame, pathsNote.frame]
        setNeedsLayout()
        layoutIfNeeded()
        return [hud.frame, meter.frame, pathsNote.frame] != before
    }

    static func isNear(_ fingers: [CGPoint], _ frame: CGRect) -> Bool {
        let reach = frame.insetBy(dx: -fingerClearance, dy: -fingerClearance)
        return fingers.contains { reach.contains($0) }
    }
}
