import CairoRenderer
import CX11
import Foundation
import X11Platform

/// The window the desktop's spots are drawn in: over the whole root window (every
/// monitor), override-redirect (no window manager frames or moves it), and transparent
/// to input: its input shape is empty (`XFixesSetWindowShapeRegion(…, ShapeInput, …)`),
/// so every touch and click goes to the window below, whoever it belongs to.
///
/// Two ways to draw, chosen by whether a compositing manager runs (`Mode`):
/// - **composited**: a 32-bit ARGB window, cleared to transparent, with the spots drawn
///   translucent as the sandbox draws them; the compositor blends them over the desktop;
/// - **shaped**: without a compositor an ARGB window would show black where it is
///   transparent, so a plain window whose bounding shape is the spots' pixels (each run
///   of pixels the spots cover at least half their fill's opacity, up to a quarter):
///   opaque discs and a trail, with no fading.
///   Each change of shape exposes what it uncovers to the program beneath, which repaints
///   it.
@MainActor
final class DesktopSpotsWindow {
    enum Mode: String, Equatable {
        case composited, shaped
    }

    let mode: Mode
    let id: Window
    private let connection: X11Connection
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32
    private let graphicsContext: GC
    /// The ARGB visual's colormap (composited mode), freed with the window.
    private let colormap: Colormap?
    /// The least alpha (of 255) a pixel needs to be in the shape (shaped mode).
    private let shapeThreshold: UInt32
    /// The drawing, root-sized, in device pixels.
    let frame: FrameBuffer
    private var isClosed = false
    /// Shaped mode: the window's bounding shape, kept here to be set whole.
    private var shape: Region?

    /// Makes the window over the root of `connection`'s default screen, `size` pixels,
    /// mapped and raised. Composited mode falls back to shaped where the screen has no
    /// 32-bit visual (an ARGB window is then impossible, and an opaque one would hide
    /// the desktop). `fillAlpha` is the spots' fill, which the shape keeps whole.
    init(connection: X11Connection, mode requested: Mode, size: CGSize, fillAlpha: Double) throws(X11HostError) {
        self.connection = connection
        let display = connection.display
        let screen = XDefaultScreen(display)
        let root = XRootWindow(display, screen)
        // The frame first: nothing of the server's is made if it cannot be.
        do {
            frame = try FrameBuffer(validatingPointSize: size, scale: 1)
        } catch {
            throw .cannotCreateFrameBuffer(error)
        }
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        // No background: the server paints nothing where the shape grows (no black
        // flash); the window's own pixels follow at once.
        attributes.background_pixmap = 0
        attributes.border_pixel = 0
        var valueMask = UInt(CWOverrideRedirect | CWBackPixmap | CWBorderPixel)
        var info = XVisualInfo()
        if requested == .composited, XMatchVisualInfo(display, screen, 32, TrueColor, &info) != 0, let argb = info.visual {
            mode = .composited
            visual = argb
            depth = 32
            let map = XCreateColormap(display, root, argb, AllocNone)
            colormap = map
            attributes.colormap = map
            valueMask |= UInt(CWColormap)
        } else {
            guard let plain = XDefaultVisual(display, screen) else {
                throw .unsupportedVisual(connection.name, depth: 0, bitsPerPixel: 0)
            }
            mode = .shaped
            visual = plain
            depth = XDefaultDepth(display, screen)
            colormap = nil
            // The frame's pixels are 32 bits; a screen of another depth cannot take them.
            guard depth == 24 || depth == 32 else { throw .unsupportedVisual(connection.name, depth: depth, bitsPerPixel: 0) }
        }
        // Half the fill, at most a quarter: a faint fill (`--spot-opacity 0.1`) still
        // keeps its disc whole in the shape.
        shapeThreshold = UInt32(max(8, min(64, fillAlpha * 255 / 2)))
        id = XCreateWindow(display, root, 0, 0, UInt32(size.width), UInt32(size.height), 0, depth, UInt32(InputOutput), visual,
                           valueMask, &attributes)
        graphicsContext = XCreateGC(display, id, 0, nil)
        XStoreName(display, id, "touch-sandbox --show-touches")
        // No input anywhere: the empty region as the input shape.
        let empty = XFixesCreateRegion(display, nil, 0)
        XFixesSetWindowShapeRegion(display, id, ShapeInput, 0, 0, empty)
        XFixesDestroyRegion(display, empty)
        if mode == .shaped {
            shape = XCreateRegion()
            setBoundingShape([])
        }
        // Exposed parts are copied again from the frame (`repaint(_:)`).
        XSelectInput(display, id, ExposureMask)
        XMapRaised(display, id)
        connection.flush()
    }

    /// Draws `draw` in `rects` (root pixels), cleared first, and shows them: copied to the
    /// window, and in shaped mode the window's shape follows the spots.
    func redraw(_ rects: [CGRect], _ draw: (Canvas) -> Void) {
        guard !isClosed else { return }
        let bounds = CGRect(x: 0, y: 0, width: frame.pixelWidth, height: frame.pixelHeight)
        let clipped = rects.map { $0.intersection(bounds).integral }.filter { !$0.isNull && !$0.isEmpty }
        guard !clipped.isEmpty else { return }
        frame.draw(clippedTo: clipped) { canvas in
            canvas.clear()
            draw(canvas)
        }
        if mode == .shaped {
            makeOpaque(clipped)
            reshape(clipped)
        }
        put(clipped)
    }

    /// Raises the window above every other (once per stacking change: the caller keeps
    /// count, so two always-on-top programs never raise each other in a loop).
    func raise() {
        XRaiseWindow(connection.display, id)
        connection.flush()
    }

    /// Copies `rects` of the frame to the window again (an Expose).
    func repaint(_ rects: [CGRect]) {
        put(rects.map(\.integral))
    }

    /// Destroys the window; a second call does nothing.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        XDestroyWindow(connection.display, id)
        XFreeGC(connection.display, graphicsContext)
        if let colormap { XFreeColormap(connection.display, colormap) }
        if let shape { XDestroyRegion(shape) }
        connection.flush()
    }

    // MARK: - Pixels

    private func put(_ rects: [CGRect]) {
        let display = connection.display
        guard let image = XCreateImage(display, visual, UInt32(depth), ZPixmap, 0,
                                       frame.pixels.assumingMemoryBound(to: CChar.self),
                                       UInt32(frame.pixelWidth), UInt32(frame.pixelHeight), 32,
                                       Int32(frame.stride)) else { return }
        for rect in rects {
            XPutImage(display, id, graphicsContext, image, Int32(rect.minX), Int32(rect.minY), Int32(rect.minX),
                      Int32(rect.minY), UInt32(rect.width), UInt32(rect.height))
        }
        // The pixels belong to the frame buffer: free only the XImage structure.
        image.pointee.data = nil
        XFree(image)
        connection.flush()
    }

    /// Shaped mode: every pixel the spots cover at least `shapeThreshold` takes its
    /// colour unblended (an opaque disc, whatever the fill's opacity), so the shape shows
    /// the spots' colours, not their blend with black; fainter pixels (a fading trail's
    /// tail, antialiasing) are left out.
    private func makeOpaque(_ rects: [CGRect]) {
        let stride = frame.stride
        let pixels = frame.pixels
        for rect in rects {
            for y in Int(rect.minY)..<Int(rect.maxY) {
                let row = pixels.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                for x in Int(rect.minX)..<Int(rect.maxX) {
                    let pixel = row[x]
                    let alpha = pixel >> 24
                    guard alpha > 0, alpha < 255 else { continue }
                    guard alpha >= shapeThreshold else {
                        row[x] = 0
                        continue
                    }
                    func channel(_ shift: UInt32) -> UInt32 { min(255, ((pixel >> shift) & 0xFF) * 255 / alpha) << shift }
                    row[x] = 0xFF00_0000 | channel(16) | channel(8) | channel(0)
                }
            }
        }
    }

    /// Shaped mode: the bounding shape within `rects` becomes the covered pixels there,
    /// row by row in runs; the shape elsewhere stays as it was. The shape is kept here
    /// too, so that each change sends only its difference: first the runs now covered
    /// are added (which exposes nothing), then, rectangle by rectangle (finger by
    /// finger), what is no longer covered is taken out. The server exposes that to the
    /// program beneath, and merges a region of more than 25 rectangles into its bounding
    /// box: taken out in one request for ten fingers, the box around all of them would be
    /// exposed and repainted; taken out whole before the runs went back, every rectangle.
    private func reshape(_ rects: [CGRect]) {
        guard let shape else { return }
        let display = connection.display
        let stride = frame.stride
        let covered = XCreateRegion()
        defer { XDestroyRegion(covered) }
        var uncovered: [Region?] = []
        for rect in rects {
            let inRect = XCreateRegion()
            for y in Int(rect.minY)..<Int(rect.maxY) {
                let row = frame.pixels.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                var start: Int?
                for x in Int(rect.minX)...Int(rect.maxX) {
                    let isCovered = x < Int(rect.maxX) && row[x] >> 24 != 0
                    if isCovered, start == nil { start = x }
                    if !isCovered, let begin = start {
                        var run = XRectangle(x: Int16(begin), y: Int16(y), width: UInt16(x - begin), height: 1)
                        XUnionRectWithRegion(&run, inRect, inRect)
                        start = nil
                    }
                }
            }
            // What the shape had in the rectangle and no longer covers.
            let box = XCreateRegion()
            var boxRect = XRectangle(x: Int16(rect.minX), y: Int16(rect.minY), width: UInt16(rect.width), height: UInt16(rect.height))
            XUnionRectWithRegion(&boxRect, box, box)
            let gone = XCreateRegion()
            XIntersectRegion(shape, box, gone)
            XSubtractRegion(gone, inRect, gone)
            uncovered.append(gone)
            // The shape as it now is.
            XSubtractRegion(shape, box, shape)
            XUnionRegion(shape, inRect, shape)
            XUnionRegion(covered, inRect, covered)
            XDestroyRegion(box)
            XDestroyRegion(inRect)
        }
        XShapeCombineRegion(display, id, ShapeBounding, 0, 0, covered, ShapeUnion)
        for case let gone? in uncovered {
            if XEmptyRegion(gone) == 0 { XShapeCombineRegion(display, id, ShapeBounding, 0, 0, gone, ShapeSubtract) }
            XDestroyRegion(gone)
        }
    }

    private func setBoundingShape(_ runs: [XRectangle]) {
        var runs = runs
        XShapeCombineRectangles(connection.display, id, ShapeBounding, 0, 0, &runs, Int32(runs.count), ShapeSet, Unsorted)
    }
}
