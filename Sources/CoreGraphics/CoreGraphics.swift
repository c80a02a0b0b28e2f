// The geometry module keeps CoreGraphics' names. `CGFloat`, `CGPoint`, `CGSize` and
// `CGRect` are Foundation's on Linux and are re-exported, never redefined.
@_exported import Foundation
