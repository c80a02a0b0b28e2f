import Foundation

/// libxcb's and libxcb-present's entry points, loaded when first needed, not linked: only
/// `PresentVblankClock` uses them, so neither building the package nor an app needs the
/// libraries (a machine without them paces frames on RandR's rate alone).
///
/// The Present extension's requests and events, as the protocol defines them (Present
/// 1.0): `PresentSelectInput(eid, window, mask)`, `PresentNotifyMSC(window, serial,
/// target_msc, divisor, remainder)`, and the generic event `PresentCompleteNotify`.
/// Sendable by hand: every field is immutable, and `presentExtension` points at the
/// library's own static, which libxcb guards with its lock.
struct PresentLibrary: @unchecked Sendable {
    typealias Connect = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?) -> OpaquePointer?
    typealias HasError = @convention(c) (OpaquePointer?) -> Int32
    typealias Disconnect = @convention(c) (OpaquePointer?) -> Void
    typealias GenerateID = @convention(c) (OpaquePointer?) -> UInt32
    typealias Flush = @convention(c) (OpaquePointer?) -> Int32
    typealias PollForEvent = @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?
    typealias GetExtensionData = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> UnsafeRawPointer?
    /// Requests return a cookie, a struct of one `unsigned int`: returned, and passed, as
    /// that integer.
    typealias QueryVersion = @convention(c) (OpaquePointer?, UInt32, UInt32) -> UInt32
    typealias QueryVersionReply = @convention(c) (OpaquePointer?, UInt32, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> UnsafeMutableRawPointer?
    typealias SelectInput = @convention(c) (OpaquePointer?, UInt32, UInt32, UInt32) -> UInt32
    typealias NotifyMSC = @convention(c) (OpaquePointer?, UInt32, UInt32, UInt64, UInt64, UInt64) -> UInt32

    let connect: Connect
    let hasError: HasError
    let disconnect: Disconnect
    let generateID: GenerateID
    let flush: Flush
    let pollForEvent: PollForEvent
    let getExtensionData: GetExtensionData
    /// libxcb-present's `xcb_present_id`, the extension's handle for `getExtensionData`.
    let presentExtension: UnsafeMutableRawPointer
    let queryVersion: QueryVersion
    let queryVersionReply: QueryVersionReply
    let selectInput: SelectInput
    let notifyMSC: NotifyMSC

    /// `PresentEventMask.CompleteNotify`.
    static let completeNotifyMask: UInt32 = 2
    /// `PresentEvent.CompleteNotify`, the generic event's type.
    static let completeNotifyEvent: UInt16 = 1
    /// `PresentCompleteKind.NotifyMSC`.
    static let notifyMSCKind: UInt8 = 1
    /// The core protocol's `GenericEvent`, which carries every Present event.
    static let genericEvent: UInt8 = 35

    /// Loaded once and kept for the process; nil when either library is missing.
    static let shared: PresentLibrary? = {
        guard let xcb = dlopen("libxcb.so.1", RTLD_NOW),
              let present = dlopen("libxcb-present.so.0", RTLD_NOW) else { return nil }
        func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let connect = symbol(xcb, "xcb_connect", as: Connect.self),
              let hasError = symbol(xcb, "xcb_connection_has_error", as: HasError.self),
              let disconnect = symbol(xcb, "xcb_disconnect", as: Disconnect.self),
              let generateID = symbol(xcb, "xcb_generate_id", as: GenerateID.self),
              let flush = symbol(xcb, "xcb_flush", as: Flush.self),
              let pollForEvent = symbol(xcb, "xcb_poll_for_event", as: PollForEvent.self),
              let getExtensionData = symbol(xcb, "xcb_get_extension_data", as: GetExtensionData.self),
              let presentExtension = dlsym(present, "xcb_present_id"),
              let queryVersion = symbol(present, "xcb_present_query_version", as: QueryVersion.self),
              let queryVersionReply = symbol(present, "xcb_present_query_version_reply", as: QueryVersionReply.self),
              let selectInput = symbol(present, "xcb_present_select_input", as: SelectInput.self),
              let notifyMSC = symbol(present, "xcb_present_notify_msc", as: NotifyMSC.self) else { return nil }
        return PresentLibrary(connect: connect, hasError: hasError, disconnect: disconnect, generateID: generateID,
                              flush: flush, pollForEvent: pollForEvent, getExtensionData: getExtensionData,
                              presentExtension: presentExtension, queryVersion: queryVersion,
                              queryVersionReply: queryVersionReply, selectInput: selectInput, notifyMSC: notifyMSC)
    }()
}
