import Foundation

/// The name the host's messages start with: the running program's, so a user's UIKit
/// program started through `UIApplicationMain` speaks as itself, not as the sandbox.
package enum ProgramName {
    package static let current = ProcessInfo.processInfo.processName
}
