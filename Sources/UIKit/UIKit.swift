// `import UIKit` brings the geometry and the layer engine along, as it does on iOS.
@_exported import CoreGraphics
@_exported import QuartzCore
