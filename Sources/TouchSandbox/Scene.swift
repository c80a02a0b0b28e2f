import Foundation
import UIKit

/// One thing the sandbox can show: a view controller with a name and a caption naming
/// the passage of the specification it demonstrates. Scenes are ordinary UIKit code.
@MainActor
public protocol Scene: UIViewController {
    /// The name used by `--scene` and `--list-scenes` (lowercase, hyphenated).
    static var name: String { get }
    /// One line: what the scene shows and which passage of which source it comes from.
    static var caption: String { get }
    /// What to do, shown in the middle of an empty stage (nil for none).
    static var hint: String? { get }
    init()
}

/// Every scene the sandbox offers, in the order the scene list shows them.
@MainActor
public enum SceneCatalog {
    public static let all: [any Scene.Type] = [
        TouchSpotsScene.self,
        DragScene.self,
        DirectionDragScene.self,
        TapsScene.self,
        TapDoubleTapPanScene.self,
        LongPressPanScene.self,
        GesturesScene.self,
        CheckmarkScene.self,
        CompassScene.self,
        ShapesScene.self,
        HitTestAnimationScene.self,
        WhyThisViewScene.self,
        ResponderChainScene.self,
        RestrictionsScene.self,
        OutsideBoundsScene.self,
        ButtonVersusTapScene.self,
        SwipeVsPanScene.self,
        PinchRotatePanScene.self,
        AnimatorScrubScene.self,
        SwitchesScene.self,
        ScrollScene.self,
        ZoomPagerScene.self,
        ScrollPagesScene.self,
        ScreensScene.self,
    ]

    public static var defaultScene: any Scene.Type { TouchSpotsScene.self }

    public static func scene(named name: String) -> (any Scene.Type)? {
        all.first { $0.name == name }
    }

    public static var names: [String] { all.map { $0.name } }
}
