import Foundation

/// Reads a 16-bit mono PCM WAV file and finds its speech segments.
struct WAVAnalysis {
    let sampleRate: Int
    let samples: [Int16]

    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        func u32(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 }
        guard data.count >= 44, String(decoding: data[0..<4], as: UTF8.self) == "RIFF",
              String(decoding: data[8..<12], as: UTF8.self) == "WAVE" else { throw CocoaError(.fileReadCorruptFile) }
        var offset = 12
        var rate = 0
        var pcm = Data()
        while offset + 8 <= data.count {
            let id = String(decoding: data[offset..<offset + 4], as: UTF8.self)
            let size = u32(offset + 4)
            let body = offset + 8
            if id == "fmt " {
                guard u16(body) == 1, u16(body + 2) == 1, u16(body + 14) == 16 else { throw CocoaError(.fileReadCorruptFile) }
                rate = u32(body + 4)
            } else if id == "data" {
                pcm = data[body..<min(data.count, body + size)]
            }
            offset = body + size + (size & 1)
        }
        sampleRate = rate
        samples = pcm.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// Length in seconds.
    var duration: Double { Double(samples.count) / Double(max(1, sampleRate)) }

    /// Start times (seconds) of runs of sound separated by at least `gap` seconds of exact silence.
    func segmentStarts(gap: Double = 0.5) -> [Double] {
        var starts: [Double] = []
        var last = -Int.max / 2
        let minGap = Int(gap * Double(sampleRate))
        for (i, s) in samples.enumerated() where s != 0 {
            if i - last > minGap { starts.append(Double(i) / Double(sampleRate)) }
            last = i
        }
        return starts
    }
}
