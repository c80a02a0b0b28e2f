import CairoRenderer
import Foundation
import UIKit

/// One thing the sandbox can show: a named scene with a caption naming the passage of
/// the specification it demonstrates.
@MainActor
public protocol Scene: AnyObject {
    /// The name used by `--scene` and `--list-scenes` (lowercase, hyphenated).
    static var name: String { get }
    /// One line: what the scene shows and which seed passage it comes from.
    static var caption: String { get }
    init()
    /// Draws the scene's content in points.
    func draw(in canvas: Canvas, size: CGSize)
}

/// Every scene the sandbox offers, in the order the scene list shows them.
@MainActor
public enum SceneCatalog {
    public static let all: [any Scene.Type] = [
        TouchSpotsScene.self,
    ]

    public static var defaultScene: any Scene.Type { TouchSpotsScene.self }

    public static func scene(named name: String) -> (any Scene.Type)? {
        all.first { $0.name == name }
    }

    public static var names: [String] { all.map { $0.name } }
}
