/// Control characters in text that came from input (route names, data files, file names): C0 (U+0000–U+001F),
/// DEL, C1 (U+0080–U+009F) and the Unicode line/paragraph separators. Written raw, they forge log lines on stderr,
/// inject terminal escapes into text output and make XML ill-formed.
public enum ControlCharacters {
    /// True for a control scalar as defined above.
    @inline(__always) public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (v >= 0x7F && v <= 0x9F) || v == 0x2028 || v == 0x2029
    }

    /// True when `text` has any control scalar (fast byte scan first).
    public static func contains(_ text: String) -> Bool {
        var maybe = false
        for b in text.utf8 where b < 0x20 || b == 0x7F || b == 0xC2 || b == 0xE2 { maybe = true; break }
        return maybe && text.unicodeScalars.contains(where: isControl)
    }

    /// `text` for speech and display: every run of control scalars becomes one space (tab, newline, ESC…), then
    /// leading and trailing spaces that this produced are dropped. Text without controls is returned as is.
    public static func stripped(_ text: String) -> String {
        guard contains(text) else { return text }
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for s in text.unicodeScalars {
            if isControl(s) { pendingSpace = !out.isEmpty; continue }
            if pendingSpace { out.append(" "); pendingSpace = false }
            out.append(s)
        }
        return String(out)
    }

    /// `text` for one-line messages (stderr, logs): each control scalar is written visibly as `\u{1B}`, so nothing in
    /// the input can end a line or drive the terminal. Text without controls is returned as is.
    public static func escaped(_ text: String) -> String {
        guard contains(text) else { return text }
        var out = ""
        for s in text.unicodeScalars {
            if isControl(s) { out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}" } else { out.unicodeScalars.append(s) }
        }
        return out
    }
}
