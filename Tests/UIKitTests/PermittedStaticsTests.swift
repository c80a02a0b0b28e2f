import Foundation
import XCTest

/// Per-application state belongs to an application (`UIApplication`: its windows, touch
/// routing, gesture arena, timers, animation engine, display links, clock and screen).
/// What the core still keeps in statics is listed here, each with the reason it may;
/// a new stored static in UIKit, QuartzCore or CoreGraphics fails this test until it is
/// moved to its owner or given a reason here.
final class PermittedStaticsTests: XCTestCase {
    /// "Module/File.swift: name" → why it may be process-wide.
    private static let permitted: [String: String] = [
        // The current application, and what resolves through it.
        "UIKit/UIApplication.swift: currentInstance": "the one main-actor current application",
        "QuartzCore/CAAnimationEngine.swift: installedCurrent": "the current application's engine, which UIKit sets with it",
        "QuartzCore/MediaClock.swift: published": "the current engine's clock, for CACurrentMediaTime() off the main actor",
        // Nested-block stacks: a block opens and closes within one call on the main actor.
        "QuartzCore/CATransaction.swift: scopes": "nested CATransaction scopes",
        "UIKit/UIViewAnimationBlock.swift: stack": "nested UIView animation blocks",
        "UIKit/ViewChangeRecording.swift: current": "the animation or keyframe block recording view changes now",
        "UIKit/ViewChangeRecording.swift: blockDepth": "how deep the recording blocks are nested",
        "UIKit/UIView+PresentationHitTesting.swift: hitTestWalkFlags": "set for the length of one hit-test walk",
        // UIKit's own class-level switch.
        "UIKit/UIViewAnimationBlock.swift: animationsEnabled": "UIView.setAnimationsEnabled(_:) is a class method in UIKit",
        // Identifiers and generations: only ever counted up, never compared across processes.
        "UIKit/UIControl.swift: nextActionIdentifier": "id counter",
        "UIKit/UIGestureRecognizer.swift: nextSerialNumber": "id counter",
        "UIKit/UIGestureRecognizer.swift: nextActionIdentifier": "id counter",
        "UIKit/UIViewPropertyAnimator+Motion.swift: lastIdentifier": "id counter",
        "UIKit/UIView+SafeArea.swift: safeAreaGeneration": "generation counter: a change anywhere invalidates kept safe areas",
        "QuartzCore/CALayer.swift: geometryGeneration": "generation counter: a change anywhere invalidates kept geometry",
        // Caches of facts about the program, the same in every application.
        "UIKit/UIView+Drawing.swift: drawingClasses": "which view classes override draw(_:)",
        "QuartzCore/SublayerFootprintIndex.swift: minimumCount": "a tuning constant the tests lower to index every layer",
        // Logs, traces and debugging hooks.
        "UIKit/UIKitDebug.swift: store": "the UIKit log",
        "UIKit/GestureTrace.swift: store": "the gesture trace, a log",
        "UIKit/UIKitDebug+TouchMessages.swift: touchMessageObserver": "a debugging hook on every touch message",
        "QuartzCore/QuartzCoreDebug.swift: store": "the layer engine's log",
        "CoreGraphics/DrawingDebug.swift: store": "the drawing log",
        "CoreGraphics/TouchLogging.swift: state": "the log levels",
        "CoreGraphics/TouchLogging.swift: environmentLevels": "the log levels read from the environment once",
        // The drawing backend.
        "CoreGraphics/CGContext+Bitmap.swift: drawingEngine": "the installed drawing backend (Cairo), one per process",
    ]

    /// Classes whose instances never change after they are made: a static instance of
    /// one is a constant, like a value (`UIColor.red`, an easing curve).
    private static let immutableClasses: Set<String> = ["UIColor", "CAMediaTimingFunction"]

    func testEveryStoredStaticInTheCoreIsListedWithItsReason() throws {
        let found = try Self.storedStatics(in: ["UIKit", "QuartzCore", "CoreGraphics"])
        let unlisted = found.filter { Self.permitted[$0] == nil }
        XCTAssertEqual(unlisted, [], "move this state to its owner (the application, its engine, a window), or list it here with why it may be process-wide")
        let gone = Self.permitted.keys.filter { !found.contains($0) }.sorted()
        XCTAssertEqual(gone, [], "listed but no longer there: remove them from the list")
        XCTAssertGreaterThan(found.count, 20, "the scan finds the statics")
    }

    /// "Module/File.swift: name" for every stored `static var`, and every `static let`
    /// holding a lock, made by a closure, or holding an instance of one of the modules'
    /// classes that can change (a shared object), in the modules' sources.
    private static func storedStatics(in modules: [String]) throws -> [String] {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let variable = try NSRegularExpression(pattern: #"\bstatic\s+(?:weak\s+)?var\s+(\w+)(.*)$"#)
        let constant = try NSRegularExpression(pattern: #"\bstatic\s+let\s+(\w+)(?:\s*:[^=]*)?\s*=\s*(?:\{|Mutex)"#)
        let instance = try NSRegularExpression(pattern: #"\bstatic\s+let\s+(\w+)\s*(?::\s*(\w+))?\s*=\s*(\w+)\s*\("#)
        let classDeclaration = try NSRegularExpression(pattern: #"\bclass\s+(\w+)"#)
        var files: [(module: String, url: URL)] = []
        for module in modules {
            let folder = sources.appendingPathComponent(module)
            for url in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
                .compactMap({ $0 as? URL }).filter({ $0.pathExtension == "swift" }) ?? [] {
                files.append((module, url))
            }
        }
        var classes: Set<String> = []
        for (_, file) in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in classDeclaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { classes.insert(String(text[range])) }
            }
        }
        let sharedObjectClasses = classes.subtracting(immutableClasses)
        var found: [String] = []
        for (module, file) in files {
            do {
                let text = try String(contentsOf: file, encoding: .utf8)
                for line in text.split(separator: "\n").map(String.init) {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    guard !trimmed.hasPrefix("//") else { continue }
                    let range = NSRange(trimmed.startIndex..., in: trimmed)
                    var name: String?
                    if let match = variable.firstMatch(in: trimmed, range: range),
                       let nameRange = Range(match.range(at: 1), in: trimmed),
                       let restRange = Range(match.range(at: 2), in: trimmed) {
                        // Computed when a brace opens before any initializer.
                        let rest = trimmed[restRange]
                        let brace = rest.firstIndex(of: "{")
                        let equals = rest.firstIndex(of: "=")
                        if brace == nil || (equals != nil && equals! < brace!) { name = String(trimmed[nameRange]) }
                    } else if let match = constant.firstMatch(in: trimmed, range: range),
                              let nameRange = Range(match.range(at: 1), in: trimmed) {
                        name = String(trimmed[nameRange])
                    } else if let match = instance.firstMatch(in: trimmed, range: range),
                              let nameRange = Range(match.range(at: 1), in: trimmed),
                              let typeRange = Range(match.range(at: 3), in: trimmed),
                              sharedObjectClasses.contains(String(trimmed[typeRange])) {
                        name = String(trimmed[nameRange])
                    }
                    if let name { found.append("\(module)/\(file.lastPathComponent): \(name)") }
                }
            }
        }
        return found.sorted()
    }
}
