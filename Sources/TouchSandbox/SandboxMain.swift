import ArgumentParser
import Foundation
import UIKit
import X11Host

/// The program's entry: parses the command line and runs the sandbox.
///
/// Usage errors print one line with a pointer to `--help` and exit with status 2 (not
/// swift-argument-parser's default 64 and a page of usage); `--help` prints the help
/// and exits 0.
@MainActor
public enum SandboxMain {
    public static func main(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        let command: SandboxCommand
        do {
            command = try SandboxCommand.parse(SandboxCommand.joiningNegativeValues(arguments))
        } catch {
            let status = SandboxCommand.exitCode(for: error)
            if status == .success {
                print(SandboxCommand.fullMessage(for: error))
                exit(0)
            }
            fail(SandboxCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments")
        }
        run(command)
    }

    static func run(_ command: SandboxCommand) -> Never {
        if command.listScenes {
            let width = SceneCatalog.names.map(\.count).max() ?? 0
            for scene in SceneCatalog.all {
                print(scene.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + scene.caption)
            }
            exit(0)
        }
        var sceneType = SceneCatalog.defaultScene
        if let name = command.scene {
            guard let named = SceneCatalog.scene(named: name) else {
                fail("unknown scene '\(name)'; valid scenes: \(SceneCatalog.names.joined(separator: ", "))")
            }
            sceneType = named
        }
        let options = X11Host.Options(
            display: command.display, size: CGSize(width: command.size.width, height: command.size.height),
            scale: CGFloat(command.scale), title: SandboxApp.title(for: sceneType), verbose: command.verbose)
        if command.traceGestures {
            GestureTrace.isEnabled = true
            GestureTrace.echoesToStandardError = true
        }
        let sandbox = SandboxApp(sceneType: sceneType)
        sandbox.showOnly(overlays: command.overlays.actions)
        if command.slowAnimations { sandbox.setSlowAnimations(true) }
        UIApplicationMain(options: options, delegate: SandboxAppDelegate(sceneType: sceneType)) { host, window in
            sandbox.decorate(host, showing: window)
            if let path = command.screenshot {
                let presented = host.onFramePresented
                host.onFramePresented = { report in
                    presented?(report)
                    do {
                        try host.currentFrame.writePNG(to: URL(fileURLWithPath: path))
                        exit(0)
                    } catch {
                        FileHandle.standardError.write(Data("touch-sandbox: \(error)\n".utf8))
                        exit(1)
                    }
                }
            }
        }
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("touch-sandbox: \(message) (see touch-sandbox --help)\n".utf8))
        exit(2)
    }
}
