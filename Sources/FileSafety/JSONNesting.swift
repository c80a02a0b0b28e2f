/// How deeply JSON text nests its arrays and objects, counted without parsing it.
///
/// swift-corelibs-foundation's `JSONDecoder` traps (SIGILL, in
/// `JSONError.SourceLocation`) on text whose 513th level of nesting opens at its very
/// last byte, where it should throw: the fuzzer found it in a kiosk state file of 513
/// `[`. Text read from outside is measured first and refused when it nests deeper than
/// its format ever does.
public enum JSONNesting {
    /// The deepest level of `[` and `{` in `bytes`, outside strings.
    public static func depth<Bytes: Sequence>(of bytes: Bytes) -> Int where Bytes.Element == UInt8 {
        var depth = 0, deepest = 0
        var inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
            default: break
            }
        }
        return deepest
    }
}
