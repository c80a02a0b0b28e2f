extension String {
    /// The text as it can be quoted in a one-line message: control characters written
    /// as escapes (`\n`, `\r`, `\t`, `\u{1B}`), and text past `limit` characters cut with
    /// an ellipsis. Words quoted from outside (an environment variable, a file) must not
    /// split an error line or bury it.
    package func shownInOneLine(limit: Int = 60) -> String {
        var shown = ""
        for (index, scalar) in unicodeScalars.enumerated() {
            if index == limit {
                shown += "…"
                break
            }
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            default:
                if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                    || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
        }
        return shown
    }
}
