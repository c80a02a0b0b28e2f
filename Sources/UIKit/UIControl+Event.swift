extension UIControl {
    /// What a control reports to its targets, with UIKit's raw values so that masks
    /// such as `allTouchEvents` cover what they cover in UIKit.
    ///
    /// The touch events are sent by the tracking in `UIControl.swift`; `valueChanged` by
    /// controls whose value the user changes (`UISlider`); `primaryActionTriggered` by a
    /// control's main gesture (a `UIButton`'s touch up inside).
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// A finger went down on the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A finger went down on the control as the second (or later) of quick taps;
        /// sent after `touchDown`.
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// The tracked finger moved within the tracking area.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// The tracked finger moved outside the tracking area.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// The tracked finger came back into the tracking area; sent before `touchDragInside`.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// The tracked finger left the tracking area; sent before `touchDragOutside`.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// The tracked finger lifted within the tracking area.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The tracked finger lifted outside the tracking area.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The system took the tracked finger away (`touchesCancelled`), or the control
        /// was disabled while tracking.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The user changed the control's value.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's main action happened (a button's touch up inside).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// Every touch event (UIKit's mask, which also covers bits reserved for touches).
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Everything.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

        /// The events named one by one, for logs.
        static let namedEvents: [(event: Event, name: String)] = [
            (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
            (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
            (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
            (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
            (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
            (.primaryActionTriggered, "primaryActionTriggered"),
        ]

        /// The names of the single events in this set, or its raw value when none is named.
        var debugName: String {
            let names = Event.namedEvents.filter { contains($0.event) }.map(\.name)
            return names.isEmpty ? "0x\(String(rawValue, radix: 16))" : names.joined(separator: "|")
        }
    }
}
