import Foundation

extension PCMBuffer {
    /// The samples as a complete WAV file in memory (16-bit mono PCM, the same header as `WAVFileSink` writes),
    /// e.g. to embed a phrase's audio in a web page.
    public var wavData: Data {
        var data = WAVFileSink.header(sampleRate: sampleRate, dataBytes: samples.count * 2)
        samples.withUnsafeBufferPointer { buffer in
            for sample in buffer {
                withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) }
            }
        }
        return data
    }
}
