import Foundation

/// What a test needs to know about a rendered picture (a browser screenshot, an SVG rendered by rsvg-convert)
/// to say it is not blank: its size, how many colours it has, and how much of it differs from its background.
/// Decoded by a short Python program (standard library only: zlib and the PNG filters), so no image library is needed.
public struct PNGSummary: Sendable {
    /// Width and height in pixels.
    public var width: Int
    public var height: Int
    /// Distinct colours (after dropping the two low bits of each channel, so anti-aliasing does not count much).
    public var colors: Int
    /// The fraction of pixels whose colour differs from the most common one (the background).
    public var inkFraction: Double

    private static let script = """
        import sys, zlib, struct, collections
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'not a PNG'
        pos, idat, ihdr = 8, b'', None
        while pos < len(data):
            n, kind = struct.unpack('>I4s', data[pos:pos + 8]); body = data[pos + 8:pos + 8 + n]; pos += 12 + n
            if kind == b'IHDR': ihdr = struct.unpack('>IIBBBBB', body)
            elif kind == b'IDAT': idat += body
        w, h, depth, ctype, _, _, interlace = ihdr
        assert depth == 8 and interlace == 0 and ctype in (0, 2, 4, 6), 'unsupported PNG %r' % (ihdr,)
        bpp = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
        raw, stride, prev, rows = zlib.decompress(idat), w * bpp, bytearray(w * bpp), []
        for y in range(h):
            f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0; b = prev[i]; c = prev[i - bpp] if i >= bpp else 0
                if f == 1: line[i] = (line[i] + a) & 255
                elif f == 2: line[i] = (line[i] + b) & 255
                elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            rows.append(bytes(line)); prev = line
        counts = collections.Counter()
        for row in rows:
            for x in range(0, stride, bpp * 2):
                counts[tuple(v & 0xFC for v in row[x:x + min(bpp, 3)])] += 1
        total = sum(counts.values()); background = counts.most_common(1)[0][1]
        print(w, h, len(counts), (total - background) / total)
        """

    /// Decodes the PNG at `path`; throws when it is not a readable 8-bit PNG.
    public init(path: String) throws {
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        let finished = try ExternalProcess.run(python, ["-c", Self.script, path], timeout: 120)
        let (status, output) = (finished.code, finished.output)
        let fields = output.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard status == 0, fields.count == 4, let w = Int(fields[0]), let h = Int(fields[1]), let c = Int(fields[2]),
              let ink = Double(fields[3]) else {
            throw TestServiceError.notReady("cannot read the PNG \(path): \(output)")
        }
        width = w
        height = h
        colors = c
        inkFraction = ink
    }
}
