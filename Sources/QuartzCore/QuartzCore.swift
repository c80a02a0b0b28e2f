// The layer engine keeps QuartzCore's names and builds on the geometry module.
@_exported import CoreGraphics
