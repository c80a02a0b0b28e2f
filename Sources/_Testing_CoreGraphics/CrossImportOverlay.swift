// The module Swift Testing's cross-import overlay names for CoreGraphics.
//
// The toolchain's `Testing` module declares `_Testing_CoreGraphics` as its overlay for a
// module named `CoreGraphics` (`Testing.swiftcrossimport/CoreGraphics.swiftoverlay`),
// so a file importing `Testing` beside this package's `CoreGraphics` (which `UIKit`
// re-exports) needs a module of that name. CoreGraphics depends on this target so it is
// always built first.
//
// It is deliberately empty and does not import `Testing`, for the reason given in
// `_Testing_UIKit`: apps link it, and apps must not load Swift Testing's runtime.
