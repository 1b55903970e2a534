/// Word wrapping for help texts (80 columns, hanging indents).
public enum HelpFormatting {
    /// `text` wrapped at spaces into lines of at most `width` characters: the first line starts with
    /// `firstPrefix`, the others with `prefix`. A bracketed group such as "[--mute-from S --mute-until S]" or
    /// "[--output auto|alsa[:DEVICE]|wav:FILE|text]" is kept on one line.
    public static func wrap(_ text: String, width: Int, firstPrefix: String = "", prefix: String = "") -> [String] {
        var lines: [String] = []
        var line = firstPrefix
        var lineHasWord = false
        for word in groups(text) {
            let candidate = lineHasWord ? line + " " + word : line + word
            if lineHasWord, candidate.count > width {
                lines.append(line)
                line = prefix + word
            } else {
                line = candidate
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }

    /// Splits at spaces outside brackets.
    static func groups(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var depth = 0
        for c in text {
            if c == "[" { depth += 1 }
            if c == "]" { depth = max(0, depth - 1) }
            if c == " ", depth == 0 {
                if !current.isEmpty { result.append(current) }
                current = ""
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Two aligned columns ("  left   right"), the right one wrapped to `width` under itself.
    public static func columns(_ rows: [(String, String)], width: Int, indent: Int = 2) -> [String] {
        let left = (rows.map(\.0.count).max() ?? 0) + indent + 2
        var lines: [String] = []
        for (l, r) in rows {
            let head = String(repeating: " ", count: indent) + l
            if head.count + 2 > left || left + 20 > width {
                lines.append(head)
                lines += wrap(r, width: width, firstPrefix: String(repeating: " ", count: left), prefix: String(repeating: " ", count: left))
            } else {
                lines += wrap(r, width: width, firstPrefix: head.padding(toLength: left, withPad: " ", startingAt: 0),
                              prefix: String(repeating: " ", count: left))
            }
        }
        return lines
    }
}
