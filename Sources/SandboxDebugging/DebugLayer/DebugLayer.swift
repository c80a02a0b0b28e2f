import CairoRenderer
import FileSafety
import Foundation
import TouchRecording
import UIKit

/// The sandbox's debugging tools for any UIKit app: the six overlays (touch spots,
/// hit-test views, model and presentation frames, path hit regions, the recognizer HUD,
/// the meter), the Why tool (each new finger's hit-test explained), the Inspect tool
/// (the live hierarchy, a view picked by touch), slow animations, screenshots, the gesture trace and help, worked from a
/// toolbar of finger-sized UIKit buttons in a window of their own above the app's.
///
/// Turn it on without changing code with `TOUCH_DEBUG` (see `DebugLayerConfiguration`),
/// or in code through `UIApplicationMain(options:)`'s `debugLayer` option; the host
/// (`X11Host`) feeds it every batch of input and draws its overlays over every window.
///
/// **Summoning the toolbar** cannot collide with the app's own gestures or keys:
/// - the handle, a 44-point "Debug" button in the screen's bottom-right corner, lives
///   in the layer's window, so a touch on it never reaches the app, and every other
///   touch goes to the app untouched (the window lets touches through where it shows
///   nothing);
/// - F12 on a keyboard: apps here get no key presses (UIKit's `UIPress` handling is not
///   implemented), so the layer's keys take nothing from them. While the toolbar is
///   open, each tool's letter key works too (`DebugTool.key`); Esc closes a panel, then
///   the toolbar.
///
/// The layer's own controls are ordinary views, hit-tested and tracked by the same
/// UIKit as the app, so the layer can be debugged with itself.
@MainActor
public final class DebugLayer {
    /// The overlays drawn over every window; fed by the host.
    public let overlays: DebugOverlays
    /// The layer's window, above the app's (`UIWindow.Level.debugLayer`).
    public let window: DebugWindow
    /// The toolbar and panels, in `window`.
    public let view: DebugLayerView
    /// Where screenshots go; the current folder by default.
    public var screenshotFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    /// The start of a screenshot's file name (then the date and time, then `.png`).
    public var screenshotName = "touch-debug"
    /// Where the last screenshot went, or why it failed.
    public private(set) var lastScreenshot: Result<URL, DebugScreenshotError>?
    /// The recorder the Record tool drives; without one the toolbar has no Record button.
    /// Recordings go beside the screenshots, named like them, ending in `.touches`.
    public var recordingControl: (any DebugRecordingControl)? {
        didSet {
            rebuildToolbar()
            refreshRecordingBadge()
        }
    }
    /// Items an embedding app puts before the tools (the sandbox's scene list).
    public var leadingItems: [DebugToolbar.Item] = [] {
        didSet { rebuildToolbar() }
    }
    /// Whether the toolbar can be hidden (the sandbox keeps it open).
    public var hidesToolbar = true {
        didSet {
            rebuildToolbar()
            if !hidesToolbar { setToolbarVisible(true) }
        }
    }
    /// Room an embedding app's own bars take at the top of the screen (the sandbox's
    /// 44-point caption bar) and at its bottom, above the toolbar while that shows (the
    /// sandbox's hint line): the panels (the HUD, the meter, the notes, the help) stay
    /// clear of them, and the hit-view labels stay below the top one.
    public var topInset: CGFloat = 0 {
        didSet {
            view.topInset = topInset
            overlays.hitTest.topInset = topInset
            overlays.why.topInset = topInset
            overlays.inspect.topInset = topInset
        }
    }
    public var bottomInset: CGFloat = 0 {
        didSet { view.bottomInset = bottomInset }
    }

    /// Asks the host for a frame: the rectangle (screen points) the overlays changed,
    /// or nil for the whole screen.
    public var onNeedsDisplay: (@MainActor (CGRect?) -> Void)?
    /// The renderer screenshots are drawn with.
    private let renderer = LayerRenderer()
    private var statusExpiry: DelayedCall?
    /// How long a status line stays.
    public static let statusDuration: TimeInterval = 4

    /// A layer configured as `configuration` says, not yet shown (`attach(to:)`).
    public init(configuration: DebugLayerConfiguration = DebugLayerConfiguration()) {
        overlays = DebugOverlays()
        window = DebugWindow(frame: UIScreen.main.bounds)
        view = DebugLayerView(frame: window.bounds, recognizers: overlays.recognizers, performance: overlays.performance)
        window.addSubview(view)
        overlays.recognizers.onChange = { [weak self] in self?.recognizersChanged() }
        overlays.performance.onChange = { [weak self] in self?.view.meter.setNeedsDisplay() }
        view.onPanelsPlaced = { [weak self] frames in self?.panelsPlaced(frames) }
        view.appContent = { [weak self] in self?.overlays.window.map(AppContentMap.rects(in:)) ?? [] }
        view.handle.addAction({ [weak self] _ in self?.setToolbarVisible(true) }, for: .touchUpInside)
        view.help.closeButton.addAction({ [weak self] _ in self?.setHelpVisible(false) }, for: .touchUpInside)
        view.helpVeil.onDismiss = { [weak self] in self?.setHelpVisible(false) }
        view.help.lines = Self.standardHelpLines
        view.why.onSelect = { [weak self] id in self?.highlightWhy(id) }
        view.why.closeButton.addAction({ [weak self] _ in self?.closeWhy() }, for: .touchUpInside)
        view.inspectCatcher.onPick = { [weak self] point in self?.inspect(at: point) }
        view.inspector.onSelect = { [weak self] id in self?.inspectRow(id) }
        view.inspector.touchAgainClears = false
        view.inspectCatcher.passesThrough = { point in
            // The chrome of an embedding app below the layer (the sandbox's caption bar
            // and scene list, a system window) stays usable while inspecting.
            UIApplication.shared.visibleWindows.contains { window in
                window.isSystemWindow && !(window is DebugWindow)
                    && window.hitTest(window.convertFromScreen(point), with: nil) != nil
            }
        }
        view.inspector.closeButton.addAction({ [weak self] _ in self?.set(.inspect, on: false) }, for: .touchUpInside)
        overlays.why.isVisible = configuration.tools.contains(.why)
        if configuration.tools.contains(.inspect), !overlays.why.isVisible { setInspecting(true) }
        for tool in DebugTool.overlays { overlay(for: tool)?.isVisible = configuration.tools.contains(tool) }
        if configuration.tools.contains(.slow) { inspectedEngine.animationSpeed = 0.1 }
        if configuration.tools.contains(.freeze) { inspectedApplication.freezeTime() }
        isTimelineAsked = configuration.tools.contains(.timeline)
        view.timeStrip.freezeButton.addAction({ [weak self] _ in self?.perform(.freeze) }, for: .touchUpInside)
        view.timeStrip.stepButton.addAction({ [weak self] _ in self?.step() }, for: .touchUpInside)
        view.timeStrip.stepTenButton.addAction({ [weak self] _ in self?.step(frames: 10) }, for: .touchUpInside)
        for (button, speed) in zip(view.timeStrip.speedButtons, DebugTimeStripView.speeds) {
            button.addAction({ [weak self] _ in self?.appSpeed = speed }, for: .touchUpInside)
        }
        refreshTimeStrip()
        wireTimeline()
        if configuration.tools.contains(.trace) { setTrace(true) }
        view.showsHandle = configuration.showsHandle
        // The help is opened from the toolbar and closes with it, so `help` opens both.
        let opensHelp = configuration.tools.contains(.help)
        view.isToolbarVisible = configuration.showsToolbar || opensHelp
        view.isHelpVisible = opensHelp
        rebuildToolbar()
    }

    /// Shows the layer over `appWindow`, whose touches the overlays follow.
    public func attach(to appWindow: UIWindow) {
        overlays.window = appWindow
        window.frame = UIScreen.main.bounds
        isAttached = true
        updateWhyObserver()
        view.appContentMayHaveChanged()
        refreshPanels()
        // Again on the next turn, when the app has laid out what it shows first (a
        // scene built in its first layout has no layers yet).
        panelsNeedRefresh = true
        scheduleInformationRefresh()
    }

    private var isAttached = false

    /// Shows the layer's window only while it has something to show (the handle, the
    /// toolbar, a panel, the status line): a layer that is on but shows nothing then
    /// costs the app's frames nothing at all.
    private func updateWindowVisibility() {
        window.isHidden = !(isAttached && view.showsAnything)
    }

    /// Hides the layer's window (the overlays stay as they are).
    public func detach() {
        isAttached = false
        window.isHidden = true
        clearExplanations()
        updateWhyObserver()
    }

    // MARK: - Tools

    /// The engine of the application the debug layer shows (the one its window was made
    /// in): the slow-animation switch slows that application's animations.
    private var inspectedEngine: CAAnimationEngine { window.layer.animationEngine }
    /// The application the debug layer shows, whose time Freeze, Step and Speed hold.
    private var inspectedApplication: UIApplication { window.application }

    /// Whether a tool is on (for commands, whether its panel is open).
    public func isOn(_ tool: DebugTool) -> Bool {
        switch tool {
        case .spots, .hitViews, .frames, .paths, .gestures, .meter: overlay(for: tool)?.isVisible ?? false
        case .why: overlays.why.isVisible
        case .inspect: view.isInspecting
        case .slow: inspectedEngine.animationSpeed < 1
        case .freeze: inspectedApplication.isTimeFrozen
        case .step, .speed: false
        case .timeline: !view.timeline.isHidden
        case .trace: GestureTrace.isEnabled && GestureTrace.echoesToStandardError
        case .screenshot: false
        case .record: recordingControl?.isRecording ?? false
        case .help: view.isHelpVisible
        }
    }

    /// Switches a toggle on or off; for `.screenshot`, `true` takes one.
    public func set(_ tool: DebugTool, on: Bool) {
        if timeline != nil, [.freeze, .step, .speed].contains(tool) {
            return showStatus(Self.timelineHoldsTime)
        }
        switch tool {
        case .spots, .hitViews, .frames, .paths, .gestures, .meter:
            overlay(for: tool)?.isVisible = on
        case .why:
            if on { setInspecting(false) }
            setWhy(on)
        case .inspect:
            if on { setWhy(false) }
            setInspecting(on)
        case .slow:
            inspectedEngine.animationSpeed = on ? 0.1 : 1
        case .freeze:
            if on { inspectedApplication.freezeTime() } else { inspectedApplication.resumeTime() }
        case .step:
            if on { inspectedApplication.stepTime() }
        case .speed:
            if on { appSpeed = Self.nextSpeed(after: appSpeed) }
        case .timeline:
            setTimelineChooser(on)
        case .trace:
            setTrace(on)
        case .screenshot:
            if on { takeScreenshot() }
        case .record:
            setRecording(on)
        case .help:
            setHelpVisible(on)
        }
        if tool == .meter, on { view.meter.setNeedsDisplay() }
        view.toolbar.refreshStates()
        refreshTimeStrip()
        refreshPanels()
        onNeedsDisplay?(nil)
    }

    /// What a tap on the tool's button does: toggles it, or runs the command.
    public func perform(_ tool: DebugTool) {
        set(tool, on: tool.isToggle ? !isOn(tool) : true)
    }

    /// The overlay a tool shows; nil for tools that are not overlays.
    public func overlay(for tool: DebugTool) -> (any DebugOverlay)? {
        switch tool {
        case .spots: overlays.spots
        case .hitViews: overlays.hitTest
        case .frames: overlays.animationFrames
        case .paths: overlays.pathRegions
        case .gestures: overlays.recognizers
        case .meter: overlays.performance
        default: nil
        }
    }

    // MARK: - Time

    /// Whether the app's time is frozen (`UIApplication.isTimeFrozen`).
    public var isFrozen: Bool { inspectedApplication.isTimeFrozen }

    /// Freezes the app's time (`UIApplication.freezeTime()`): what the Freeze button does.
    public func freeze() {
        set(.freeze, on: true)
    }

    /// Lets the app's time run again from where it stood.
    public func resume() {
        set(.freeze, on: false)
    }

    /// Steps the app `frames` frames (freezing it first if it runs), and draws the last:
    /// the Step buttons and the N key.
    public func step(frames: Int = 1) {
        guard timeline == nil else { return showStatus(Self.timelineHoldsTime) }
        inspectedApplication.stepTime(frames: frames)
        refreshTimeStrip()
        view.toolbar.refreshStates()
        onNeedsDisplay?(nil)
    }

    /// The app's speed (`UIApplication.timeSpeed`): the time strip's ×1, ×0.25 and ×0.1.
    public var appSpeed: Double {
        get { inspectedApplication.timeSpeed }
        set {
            guard timeline == nil else { return showStatus(Self.timelineHoldsTime) }
            inspectedApplication.timeSpeed = newValue
            refreshTimeStrip()
            onNeedsDisplay?(nil)
        }
    }

    /// The speed after `speed` in the Speed key's cycle (×1, ×0.25, ×0.1, ×1 …); from a
    /// speed not in it, ×1.
    static func nextSpeed(after speed: Double) -> Double {
        let speeds = DebugTimeStripView.speeds
        guard let index = speeds.firstIndex(of: speed) else { return 1 }
        return speeds[(index + 1) % speeds.count]
    }

    // MARK: - Timeline

    /// What Freeze, Step and Speed say while the timeline holds the app's time.
    static let timelineHoldsTime = "The timeline holds the app's time: close it to freeze, step or change the speed"

    /// Makes the app anew for the timeline's runs, in the application given (its old
    /// windows already hidden), and returns its window: the host sets it
    /// (`UIApplicationMain` launches its delegate again; the sandbox opens its scene
    /// again). Without it the Timeline tool says so and opens nothing.
    public var timelineRelaunch: (@MainActor (UIApplication, TouchRecording) -> UIWindow)?
    /// The folder whose `.touches` recordings the Timeline tool offers: the current
    /// folder unless set.
    public var recordingsFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    /// The recording open on the app, while one is.
    public private(set) var timeline: RecordingTimeline?
    /// Whether `TOUCH_DEBUG` named `timeline`: the host opens the chooser, or
    /// `TOUCH_REPLAY`'s file, once it can make the app anew (`timelineRelaunch`).
    public private(set) var isTimelineAsked = false
    /// The files the chooser offers, in its buttons' order.
    private var offeredRecordings: [URL] = []

    /// The `.touches` files in `recordingsFolder`, by name.
    public func recordingsInFolder() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: recordingsFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".touches") }.sorted().map { recordingsFolder.appendingPathComponent($0) }
    }

    /// Opens the chooser of the folder's recordings (on), or closes the timeline (off).
    private func setTimelineChooser(_ on: Bool) {
        guard on else { return closeTimeline() }
        guard timelineRelaunch != nil else {
            showStatus("The timeline makes the app anew for every step back: start it through UIApplicationMain")
            return
        }
        offeredRecordings = recordingsInFolder()
        view.timeline.recordings = offeredRecordings.map(\.lastPathComponent)
        view.timeline.state = timeline.map(Self.timelineState)
        view.timeline.isHidden = false
        panelsOfTimeChanged()
    }

    /// Reads the recording at `url` and opens it on the app; a file that cannot be read
    /// is one line in the status and opens nothing. Returns whether it opened.
    @discardableResult
    public func openTimeline(contentsOf url: URL) -> Bool {
        do {
            let result = try TouchRecordingReader.read(contentsOf: url)
            return openTimeline(result.recording, name: url.lastPathComponent)
        } catch {
            showStatus("\(error)")
            return false
        }
    }

    /// Opens `recording` on the app: the app is made anew at its time 0 and frozen there,
    /// and the timeline panel shows; the recording's touches are fed to the overlays as
    /// they replay. Returns false (and says why) without a way to make the app anew.
    @discardableResult
    public func openTimeline(_ recording: TouchRecording, name: String? = nil) -> Bool {
        guard let relaunch = timelineRelaunch else {
            showStatus("The timeline makes the app anew for every step back: start it through UIApplicationMain")
            return false
        }
        timeline?.close()
        overlays.forgetAllFingers()
        // Each run makes the app anew from the start: the overlays follow its fingers anew.
        let stage = LiveReexecutionStage(application: inspectedApplication) { [weak self] application in
            self?.overlays.forgetAllFingers()
            return relaunch(application, recording)
        }
        let opened = RecordingTimeline(recording: recording, name: name, stage: stage) { [weak self] batch in
            guard let self else { return }
            // The overlays keep the host's time (a trail fades in real time): the batch is
            // theirs as if it came now.
            let now = inspectedApplication.clock.now
            let restamped = batch.map { sample in
                var sample = sample
                sample.timestamp = now
                return sample
            }
            for rect in apply(restamped) { onNeedsDisplay?(rect) }
        }
        opened.onChange = { [weak self] in self?.timelineChanged() }
        timeline = opened
        view.timeline.isHidden = false
        timelineChanged()
        return true
    }

    /// Closes the timeline: the app stays at the instant shown, frozen (the time strip
    /// resumes it from there).
    public func closeTimeline() {
        timeline?.close()
        timeline = nil
        view.timeline.state = nil
        view.timeline.isHidden = true
        panelsOfTimeChanged()
    }

    private func wireTimeline() {
        let panel = view.timeline
        panel.track.onScrub = { [weak self] instant in self?.timeline?.scrub(to: instant) }
        panel.previousTouchButton.addAction({ [weak self] _ in self?.timeline?.jumpToPreviousTouchEvent() }, for: .touchUpInside)
        panel.frameBackButton.addAction({ [weak self] _ in self?.timeline?.step(frames: -1) }, for: .touchUpInside)
        panel.playButton.addAction({ [weak self] _ in
            guard let timeline = self?.timeline else { return }
            if timeline.isPlaying { timeline.pause() } else { timeline.play() }
        }, for: .touchUpInside)
        panel.frameOnButton.addAction({ [weak self] _ in self?.timeline?.step(frames: 1) }, for: .touchUpInside)
        panel.nextTouchButton.addAction({ [weak self] _ in self?.timeline?.jumpToNextTouchEvent() }, for: .touchUpInside)
        panel.closeButton.addAction({ [weak self] _ in self?.closeTimeline() }, for: .touchUpInside)
        panel.onChooseRecording = { [weak self] index in
            guard let self, offeredRecordings.indices.contains(index) else { return }
            openTimeline(contentsOf: offeredRecordings[index])
        }
    }

    private static func timelineState(_ timeline: RecordingTimeline) -> DebugTimelineView.State {
        DebugTimelineView.State(title: timeline.name ?? "Recording", time: timeline.time, duration: timeline.duration,
                                marks: timeline.marks.map { ($0.time, $0.isBegin) }, isPlaying: timeline.isPlaying,
                                canGoBackwards: timeline.canGoBackwards, message: timeline.message)
    }

    /// A scrub, a step, play or pause: the overlays follow the app's window (a new one
    /// after a step back), and the panel and the screen show the instant.
    private func timelineChanged() {
        guard let timeline else { return }
        let appWindow = timeline.reexecution.window
        if overlays.window !== appWindow { attach(to: appWindow) }
        view.timeline.state = Self.timelineState(timeline)
        panelsOfTimeChanged()
        onNeedsDisplay?(nil)
    }

    private func panelsOfTimeChanged() {
        view.toolbar.refreshStates()
        refreshTimeStrip()
        view.setNeedsLayout()
        updateWindowVisibility()
    }

    /// Shows the time strip while the app is frozen or slowed, with where time stands.
    public func refreshTimeStrip() {
        let application = inspectedApplication
        let clock = application.appClock
        let frames = clock.frozenAt.map { Int(((clock.now - $0) / application.animationEngine.frameInterval).rounded()) } ?? 0
        let state = DebugTimeStripView.State(isFrozen: clock.isFrozen, steppedFrames: frames, speed: clock.speed)
        view.timeStrip.state = state
        // The timeline, while open, says where time stands itself.
        let shows = (state.isFrozen || state.speed != 1) && view.timeline.isHidden
        if view.timeStrip.isHidden == shows {
            view.timeStrip.isHidden = !shows
            view.setNeedsLayout()
            updateWindowVisibility()
        }
    }

    // MARK: - Why

    /// Switches the Why tool: while it is on, the app's touch routing explains every new
    /// finger's hit-test (`UIKitDebug.setHitTestObserver(_:in:)`, so the app's overrides
    /// still run once per touch) and the layer shows the walk; off, the walk and its panel
    /// go.
    private func setWhy(_ on: Bool) {
        overlays.why.isVisible = on
        if !on { closeWhy() }
        updateWhyObserver()
    }

    /// The application whose routing is observed, so the observer is removed from it.
    private weak var observedApplication: UIApplication?

    private func updateWhyObserver() {
        let application = overlays.window?.application
        if let observed = observedApplication, observed !== application || !overlays.why.isVisible || !isAttached {
            UIKitDebug.setHitTestObserver(nil, in: observed)
            observedApplication = nil
        }
        guard overlays.why.isVisible, isAttached, let application else { return }
        UIKitDebug.setHitTestObserver({ [weak self, weak application] explanation, sample in
            // A layer released without `detach()` takes its observer with it, so the
            // routing stops paying for explained walks.
            guard let self else {
                if let application { UIKitDebug.setHitTestObserver(nil, in: application) }
                return
            }
            explained(explanation, for: sample)
        }, in: application)
        observedApplication = application
    }

    /// A new finger's walk: shown over the app and in the panel, unless the finger landed
    /// on the tools (the layer's controls, an embedding sandbox's chrome: a system
    /// window), whose walk explains the tools, not the app.
    private func explained(_ explanation: HitTestExplanation, for sample: TouchSample) {
        guard let appWindow = overlays.window, !(explanation.hitWindow?.isSystemWindow ?? false) else { return }
        let walk = WhyWalk(explanation, touchID: sample.id, over: appWindow)
        overlays.why.show(walk)
        view.why.show(title: walk.title, subtitle: walk.subtitle, rows: walk.rows)
        view.whyWalk = walk
        panelsChanged()
    }

    /// Puts the last walk away (its outlines and the panel) until the next finger.
    public func closeWhy() {
        for rect in overlays.why.show(nil) { onNeedsDisplay?(rect) }
        view.why.show(title: nil, subtitle: nil, rows: [])
        view.whyWalk = nil
        panelsChanged()
    }

    /// Puts away the Why walk and the inspection (the tools stay on): for an app that
    /// replaced what it shows (the sandbox's next scene), whose views they name.
    public func clearExplanations() {
        closeWhy()
        showInspection(of: nil, finger: nil)
    }

    /// A row of the panel touched: its view highlighted over the app.
    private func highlightWhy(_ id: ObjectIdentifier?) {
        for rect in overlays.why.highlight(id) { onNeedsDisplay?(rect) }
    }

    // MARK: - Inspect

    /// The view the inspector shows, if any.
    public private(set) var inspection: ViewInspection?

    /// Switches the Inspect tool: on, touches that do not land on the layer's chrome
    /// pick views (`ViewInspection.pick`) instead of reaching the app; off, the
    /// selection and its panel go.
    private func setInspecting(_ on: Bool) {
        view.isInspecting = on
        overlays.inspect.isVisible = on
        if !on { showInspection(of: nil, finger: nil) }
        updateWindowVisibility()
    }

    /// Selects the view drawn under `screenPoint` (a finger on the catcher).
    public func inspect(at screenPoint: CGPoint) {
        guard let appWindow = overlays.window else { return }
        let picked = ViewInspection.pick(at: screenPoint, in: appWindow.application.visibleWindows)
        guard picked !== inspection?.view || inspection == nil else { return }
        showInspection(of: picked, finger: screenPoint)
    }

    /// A row of the hierarchy touched: that view selected (the lit row stays lit when
    /// touched again: `DebugListPanelView.touchAgainClears` is off for the inspector).
    private func inspectRow(_ id: ObjectIdentifier?) {
        guard let id, let current = inspection?.view, let window = current.window else { return }
        guard let found = Self.view(withID: id, in: window.application.visibleWindows) else { return }
        showInspection(of: found, finger: view.inspectedAt?.finger)
    }

    private static func view(withID id: ObjectIdentifier, in windows: [UIWindow]) -> UIView? {
        func search(_ view: UIView) -> UIView? {
            if ObjectIdentifier(view) == id { return view }
            for subview in view.subviews { if let found = search(subview) { return found } }
            return nil
        }
        return windows.lazy.compactMap(search).first
    }

    private func showInspection(of picked: UIView?, finger: CGPoint?) {
        inspectionRefresh?.cancel()
        inspectionRefresh = nil
        for rect in overlays.inspect.select(picked) { onNeedsDisplay?(rect) }
        guard let picked, let finger else {
            inspection = nil
            view.inspector.show(title: nil, subtitle: nil, rows: [])
            view.inspectedAt = nil
            return
        }
        let made = ViewInspection(of: picked)
        inspection = made
        view.inspector.show(title: made.title, subtitle: made.subtitle, rows: made.rows, selected: ObjectIdentifier(picked))
        // The panel keeps off where the selection is drawn and where it is modelled.
        view.inspectedAt = (finger, ViewOutline.boundingBox(of: ViewOutline.corners(of: picked, presentation: true))
            .union(ViewOutline.boundingBox(of: ViewOutline.corners(of: picked, presentation: false))))
        scheduleInspectionRefresh()
    }

    /// While the selection animates, its details (model against presentation values,
    /// progress) are read again four times a second.
    private func scheduleInspectionRefresh() {
        guard let picked = inspection?.view, picked.layer.hasAnimations else { return }
        inspectionRefresh = UIApplication.shared.scheduleInHostTime(afterDelay: 0.25) { [weak self] in
            guard let self, let picked = inspection?.view else { return }
            inspectionRefresh = nil
            let made = ViewInspection(of: picked)
            inspection = made
            view.inspector.update(rows: made.rows)
            scheduleInspectionRefresh()
        }
    }

    private var inspectionRefresh: DelayedCall?

    private func setTrace(_ on: Bool) {
        GestureTrace.isEnabled = on
        GestureTrace.echoesToStandardError = on
    }

    // MARK: - Toolbar and panels

    /// The help panel's lines (H): a key, or none, and what it does. An app that owns the
    /// keyboard and keeps the toolbar open (the sandbox) gives its own.
    public var helpLines: [(key: String?, text: String)] {
        get { view.help.lines }
        set { view.help.lines = newValue }
    }

    /// The help of an app of one's own: every tool, then how to summon the toolbar.
    public static let standardHelpLines: [(key: String?, text: String)] = DebugTool.allCases.map { ($0.key, "\($0.title): \($0.helpText)") }
        + [("F12", "show or hide the toolbar (or tap the Debug handle, bottom right); Esc, or a tap beside the help, closes it")]

    public var isToolbarVisible: Bool { view.isToolbarVisible }

    public func setToolbarVisible(_ visible: Bool) {
        view.isToolbarVisible = visible || !hidesToolbar
        if !view.isToolbarVisible {
            view.isHelpVisible = false
            // The overflow closes with the bar, so the bar comes back as it started
            // (More unlit), not with a panel left open behind it.
            view.toolbar.setOverflowOpen(false)
        }
        view.toolbar.refreshStates()
        updateWindowVisibility()
    }

    public func setHelpVisible(_ visible: Bool) {
        view.isHelpVisible = visible
        view.toolbar.refreshStates()
        panelsChanged()
    }

    private func rebuildToolbar() {
        var items = leadingItems
        for tool in DebugTool.allCases where tool.isOnToolbar && (tool != .record || recordingControl != nil) {
            items.append(DebugToolbar.Item(title: tool.title, key: tool.key, isOn: { [weak self] in
                tool.isToggle && (self?.isOn(tool) ?? false)
            }, action: { [weak self] in self?.perform(tool) }))
        }
        if hidesToolbar {
            items.append(DebugToolbar.Item(title: "Hide", key: "F12", action: { [weak self] in self?.setToolbarVisible(false) }))
        }
        view.toolbar.items = items
    }

    // MARK: - Keys

    /// Handles a key press: F12 shows or hides the toolbar; with the toolbar open (or
    /// when `ownsKeyboard`), a tool's letter runs it and Esc closes the help, then the
    /// toolbar. Returns whether the key was the layer's.
    @discardableResult
    public func handleKey(keysym: UInt, text: String, ownsKeyboard: Bool = false) -> Bool {
        if keysym == Self.f12Keysym {
            setToolbarVisible(!isToolbarVisible)
            return true
        }
        guard isToolbarVisible || ownsKeyboard else { return false }
        if keysym == Self.escapeKeysym {
            if isOn(.help) {
                setHelpVisible(false)
                return true
            }
            guard hidesToolbar, isToolbarVisible else { return false }
            setToolbarVisible(false)
            return true
        }
        guard let tool = DebugTool.tool(forKey: text) else { return false }
        if tool == .step, text == tool.key {
            // Shift: the capital letter.
            step(frames: 10)
        } else {
            perform(tool)
        }
        return true
    }

    public static let f12Keysym: UInt = 0xFFC9
    public static let escapeKeysym: UInt = 0xFF1B

    // MARK: - Input

    /// Whether a point (screen points) is on the layer's own controls: its window's
    /// hit-test finds a view there (a tool's button, More, a panel, the handle) that is
    /// not one of an embedding app's `leadingItems`. A touch beginning there works the
    /// debugger, not the app: recordings leave it out and replays never make one.
    public func isOnOwnControls(_ point: CGPoint) -> Bool {
        guard !window.isHidden, let hit = window.hitTest(window.convertFromScreen(point), with: nil) else { return false }
        let appItems = view.toolbar.buttons.prefix(leadingItems.count)
        return !appItems.contains { hit.isDescendant(of: $0) }
    }

    /// Marks the touches another client's grab still owns (the host's
    /// `touchesPendingOwnership`); returns the rectangles the spots overlay changed.
    public func setTouchesPendingOwnership(_ pending: Set<TouchSample.ID>) -> [CGRect] {
        overlays.isDormant ? [] : overlays.spots.setOwnershipPending(pending)
    }

    /// Feeds a batch (screen points) the app has just taken to the overlays; returns
    /// the rectangles they changed.
    public func apply(_ batch: [TouchSample]) -> [CGRect] {
        guard let appWindow = overlays.window else { return [] }
        // A new touch's label keeps off the app's text and controls where it can: they
        // are mapped when a touch lands, not on every move.
        if batch.contains(where: { $0.phase == .began }) {
            // What the app shows may have changed since the last touch: the panels map it
            // again when next placed.
            view.appContentMayHaveChanged()
            if overlays.hitTest.isVisible { overlays.hitTest.appContent = AppContentMap.rects(in: appWindow) }
        }
        let dirty = overlays.apply(batch, in: appWindow)
        // Asked once per batch on the quiet path: a layer that shows nothing costs the
        // app's moves as little as can be.
        guard !overlays.wasDormantAtLastBatch else {
            if !fingers.isEmpty {
                fingers.removeAll()
                view.avoid(fingers: [])
            }
            return dirty
        }
        for sample in batch {
            switch sample.phase {
            case .began, .moved: fingers[sample.id] = sample.location
            case .ended, .cancelled: fingers[sample.id] = nil
            }
        }
        // The paths note and the panels' places follow on the next turn, with the HUD:
        // the note walks the layer tree, a panel moving from a finger redraws two panels'
        // worth of pixels, and both are information, not the touch's feedback (the spots
        // and outlines are drawn over the panels anyway).
        if overlays.pathRegions.isVisible { panelsNeedRefresh = true }
        // Also when the last finger lifts, so the panels stop keeping clear of it.
        if !fingers.isEmpty || !view.fingers.isEmpty { fingersNeedAvoiding = true }
        if panelsNeedRefresh || fingersNeedAvoiding { scheduleInformationRefresh() }
        return dirty
    }

    /// Where each finger on the screen is, while an overlay shows: the panels move out of
    /// their way (`DebugLayerView.avoid(fingers:)`) on the turn after each batch.
    private var fingers: [TouchSample.ID: CGPoint] = [:]

    // MARK: - Panels

    /// Brings the panels up to the overlays and the app: the paths note shows while the
    /// paths overlay is on and no layer of the app's window hit-tests by path. Called
    /// on the turn after a batch while the paths overlay is on, and when a tool is
    /// switched; an app that changes its layers without input (a new scene from a key)
    /// calls it too.
    public func refreshPanels() {
        let pathsNote = overlays.pathRegions.isVisible && (overlays.window.map { window in
            // The app's layers as they will be drawn: laid out first.
            window.layoutIfNeeded()
            return overlays.pathRegions.regions(in: window).isEmpty
        } ?? false)
        view.showsPathsNote = pathsNote
        panelsChanged()
    }

    /// The HUD's sequence changed. Its panel is redrawn on the next turn of the run loop
    /// (at most a frame later), not in the frame that shows the touch: the spots and
    /// outlines are the touch's feedback and are drawn first; the HUD is information,
    /// and redrawing its panel cost a new touch's frame about a third of its time.
    private func recognizersChanged() {
        hudContentChanged = true
        panelsNeedRefresh = true
        scheduleInformationRefresh()
    }

    /// Brings the HUD, the paths note and the panels' places up to date on the next
    /// turn, once however many batches asked.
    private func scheduleInformationRefresh() {
        guard informationRefresh == nil else { return }
        informationRefresh = UIApplication.shared.scheduleInHostTime(afterDelay: 0) { [weak self] in
            guard let self else { return }
            informationRefresh = nil
            if hudContentChanged {
                hudContentChanged = false
                view.hud.contentChanged()
            }
            if panelsNeedRefresh {
                panelsNeedRefresh = false
                refreshPanels()
            }
            if fingersNeedAvoiding {
                fingersNeedAvoiding = false
                view.avoid(fingers: Array(fingers.values))
            }
        }
    }

    private var informationRefresh: DelayedCall?
    private var hudContentChanged = false
    private var panelsNeedRefresh = false
    private var fingersNeedAvoiding = false

    private func panelsChanged() {
        view.setNeedsLayout()
        updateWindowVisibility()
    }

    /// The panels were placed: the hit-view labels keep clear of them, and the meter
    /// knows which frames redraw only itself.
    private func panelsPlaced(_ frames: [CGRect]) {
        overlays.hitTest.avoidedRects = frames
        overlays.why.avoidedRects = frames
        overlays.inspect.avoidedRects = frames
        overlays.performance.panelFrame = view.meter.isHidden ? .zero : view.meter.frame
    }

    // MARK: - Status line

    /// Shows a line at the top of the screen for `statusDuration` seconds.
    public func showStatus(_ text: String) {
        view.status.text = text
        view.status.isHidden = false
        panelsChanged()
        statusExpiry?.cancel()
        statusExpiry = UIApplication.shared.scheduleInHostTime(afterDelay: Self.statusDuration) { [weak self] in
            self?.view.status.isHidden = true
            self?.panelsChanged()
        }
    }

    // MARK: - Screenshots

    /// The screen as it is now: every visible window by level, then the overlays, at
    /// `scale` device pixels per point; the spots of fingers on the layer's own controls
    /// (the one pressing the Shot button) are left out.
    public func snapshot(scale: CGFloat = UIScreen.main.scale) -> FrameBuffer {
        let size = UIScreen.main.bounds.size
        let frame = FrameBuffer(pointSize: size, scale: scale)
        // A finger on the layer's controls is one the window's hit-test finds a view for.
        let onLayer = Set(overlays.spots.spots.filter { spot in
            !window.isHidden && window.hitTest(window.convertFromScreen(spot.location), with: nil) != nil
        }.map(\.id))
        frame.draw { canvas in
            for shown in ScreenTouchRouting.frontToBack(UIApplication.shared.visibleWindows).reversed() {
                renderer.render(shown.layer, in: canvas)
            }
            if let appWindow = overlays.window {
                for overlay in overlays.all {
                    if overlay === overlays.spots {
                        overlays.spots.draw(in: canvas, excluding: onLayer)
                    } else {
                        overlay.draw(in: canvas, window: appWindow)
                    }
                }
            }
        }
        return frame
    }

    /// Saves `snapshot()` as a PNG named `screenshotName`, the date and the time, in
    /// `screenshotFolder`, and says where in the status line (or why it could not).
    @discardableResult
    public func takeScreenshot() -> Result<URL, DebugScreenshotError> {
        let stamp = Self.fileStamp.string(from: Date())
        let url = screenshotFolder.appendingPathComponent("\(screenshotName)-\(stamp).png")
        let result: Result<URL, DebugScreenshotError>
        do {
            try snapshot().writePNG(to: url)
            result = .success(url)
            showStatus("saved \(url.lastPathComponent)")
        } catch {
            let failure = DebugScreenshotError(description: "cannot save a screenshot: \(error)")
            StandardError.writeLine("\(failure)")
            result = .failure(failure)
            showStatus("screenshot failed: folder not writable")
        }
        lastScreenshot = result
        return result
    }

    // MARK: - Recording

    /// Starts or stops recording through `recordingControl`, and says so in the status
    /// line; the badge shows while a recording runs.
    private func setRecording(_ on: Bool) {
        guard let control = recordingControl, on != control.isRecording else { return }
        if on {
            let url = screenshotFolder.appendingPathComponent("\(screenshotName)-\(Self.fileStamp.string(from: Date())).touches")
            do {
                try control.startRecording(to: url)
                showStatus("recording to \(url.lastPathComponent)")
            } catch {
                StandardError.writeLine("cannot record: \(error)")
                showStatus("recording failed: folder not writable")
            }
        } else if let written = control.stopRecording() {
            showStatus("saved \(written.url.lastPathComponent) (\(written.samples) samples)")
        }
        refreshRecordingBadge()
    }

    /// Shows the badge while a recording runs, however it was started.
    public func refreshRecordingBadge() {
        let recording = recordingControl?.isRecording ?? false
        guard view.recordingBadge.isHidden == recording else { return }
        view.recordingBadge.isHidden = !recording
        view.toolbar.refreshStates()
        panelsChanged()
    }

    private static let fileStamp: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter
    }()
}

/// Why a screenshot was not saved.
public struct DebugScreenshotError: Error, Equatable, CustomStringConvertible {
    public var description: String
}
