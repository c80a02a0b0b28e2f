// Colours as paint for UIKit drawing: they set the current context's colours.

extension UIColor {
    /// Later fills in the current context use this colour.
    @MainActor public func setFill() {
        UIGraphicsGetCurrentContext()?.setFillColor(cgColor)
    }

    /// Later strokes in the current context use this colour.
    @MainActor public func setStroke() {
        UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor)
    }

    /// Both `setFill()` and `setStroke()`.
    @MainActor public func set() {
        setFill()
        setStroke()
    }
}
