/// Splits a byte stream into lines of at most `limit` bytes. A longer line is cut at the limit and marked
/// truncated (the rest, up to its newline, is dropped), so memory stays bounded whatever the input.
struct LineSplitter: Sendable {
    /// One line without its terminator.
    struct Line: Sendable, Equatable {
        /// The bytes (CR and LF removed).
        var bytes: [UInt8]
        /// True when the line was longer than the limit, or the stream ended without a newline.
        var truncated: Bool
        /// The line as text (invalid UTF-8 repaired).
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The longest line kept, bytes.
    let limit: Int
    private var pending: [UInt8] = []
    private var overflowing = false
    private var ready: [Line] = []
    private var readIndex = 0

    /// Creates a splitter.
    init(limit: Int) { self.limit = max(1, limit) }

    /// Adds bytes read from the stream.
    mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                finishLine(truncated: overflowing)
                overflowing = false
            } else if overflowing {
                continue
            } else if pending.count >= limit {
                overflowing = true
            } else {
                pending.append(byte)
            }
        }
    }

    /// Marks the end of the stream: a last line without a newline is returned as truncated.
    mutating func finish() {
        if !pending.isEmpty || overflowing { finishLine(truncated: true) }
        overflowing = false
    }

    /// The next complete line, if any.
    mutating func next() -> Line? {
        guard readIndex < ready.count else { return nil }
        let line = ready[readIndex]
        readIndex += 1
        if readIndex == ready.count {
            ready.removeAll(keepingCapacity: true)
            readIndex = 0
        }
        return line
    }

    private mutating func finishLine(truncated: Bool) {
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        ready.append(Line(bytes: pending, truncated: truncated))
        pending.removeAll(keepingCapacity: true)
    }
}
