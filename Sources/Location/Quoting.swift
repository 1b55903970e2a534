extension String {
    /// The text as it may appear inside a one-line message: control characters (C0, DEL, C1) written as `\u{…}`
    /// and anything past `limit` characters cut with an ellipsis, so input cannot forge log lines or escape codes.
    func quotedForMessage(limit: Int = 60) -> String {
        var out = ""
        for (count, scalar) in unicodeScalars.enumerated() {
            if count >= limit {
                out += "…"
                break
            }
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 {
                out += "\\u{\(String(v, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
