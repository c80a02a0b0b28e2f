// The module Swift Testing's cross-import overlay names for UIKit.
//
// The toolchain's `Testing` module declares `_Testing_UIKit` as its overlay for a module
// named `UIKit` (`Testing.swiftcrossimport/UIKit.swiftoverlay`, written for Apple's
// UIKit), so every file that imports both `Testing` and this package's `UIKit` makes the
// compiler load a module of that name, and fails with "no such module" where none
// exists. UIKit depends on this target so that the module is always built before any
// code that imports UIKit, with no flag in the user's package.
//
// It is deliberately empty and does not import `Testing`: it is linked into every app,
// and an app that does not test must not load Swift Testing's runtime. What a test can
// attach (images, views, windows) lives in the `UIKitTesting` library, which a test
// target adds.
