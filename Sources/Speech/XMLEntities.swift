/// Character data and attribute values of XML (SSML) as text: the one place their entities are decoded.
public enum XMLEntities {
    /// `text` with the five XML entities and numeric character references decoded; an unknown entity is dropped,
    /// an `&` without its `;` ends the decoding (the rest is kept as it is).
    public static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = "", rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { break }
            let name = rest[rest.index(after: amp)..<semi]
            switch name {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let hex = name.hasPrefix("#x") || name.hasPrefix("#X")
                let digits = name.dropFirst(hex ? 2 : 1)
                if name.hasPrefix("#"), let value = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(value) {
                    out.unicodeScalars.append(scalar)
                }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
