import Foundation

/// Writes a RIFF/WAVE file (PCM, 16-bit, mono) incrementally: memory use stays small for an hour-long
/// timeline. The header's sizes are written on `close`, so the file plays in any player once closed.
/// `append(_:at:)` places audio at a time offset with silence before it: `drive` renders a timeline this way.
public final class WAVFileSink: AudioSink, @unchecked Sendable {
    /// The file path.
    public let path: String
    private struct State {
        var handle: FileHandle?
        var sampleRate = 0
        var frames = 0
        var buffer: [UInt8] = []
    }
    private let state = Locked(State())
    private static let headerSize = 44
    private static let maxDataBytes = Int(UInt32.max) - headerSize

    /// Creates a sink for `path` (the file is created by `open`).
    public init(path: String) { self.path = path }

    /// Frames written so far.
    public var framesWritten: Int { state.withLock { $0.frames } }

    /// Seconds written so far.
    public var secondsWritten: Double {
        state.withLock { $0.sampleRate > 0 ? Double($0.frames) / Double($0.sampleRate) : 0 }
    }

    /// Creates (truncates) the file and writes a provisional header.
    public func open(sampleRate: Int) throws {
        try state.withLock { s in
            guard s.handle == nil else { return }
            guard FileManager.default.createFile(atPath: path, contents: nil),
                  let handle = FileHandle(forWritingAtPath: path) else {
                throw AudioDeviceUnavailable(device: path, reason: "cannot create file: \(String(cString: strerror(errno)))")
            }
            s = State(handle: handle, sampleRate: sampleRate)
            try handle.write(contentsOf: WAVFileSink.header(sampleRate: sampleRate, dataBytes: 0))
        }
    }

    /// Appends samples (buffered; flushed in 64 KiB pieces).
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        try state.withLock { s in
            guard let handle = s.handle else { throw AudioSinkError.notOpen }
            guard (s.frames + samples.count) * 2 <= WAVFileSink.maxDataBytes else {
                throw AudioSinkError.full("a WAV file holds at most 4 GiB of audio")
            }
            #if _endian(little)
            s.buffer.append(contentsOf: UnsafeRawBufferPointer(samples))
            #else
            for sample in samples {
                let v = UInt16(bitPattern: sample)
                s.buffer.append(UInt8(v & 0xff))
                s.buffer.append(UInt8(v >> 8))
            }
            #endif
            s.frames += samples.count
            if s.buffer.count >= 65536 {
                try handle.write(contentsOf: s.buffer)
                s.buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Places `samples` so they start `seconds` from the beginning, with silence before them. An offset
    /// before the end of what is already written starts right at the end (nothing is overwritten).
    public func append(_ samples: [Int16], at seconds: Double) throws {
        let rate = state.withLock { $0.sampleRate }
        let target = Int((seconds * Double(rate)).rounded())
        try writeSilence(frames: target - framesWritten)
        try write(samples)
    }

    /// Flushes buffered bytes to the file.
    public func drain() throws {
        try state.withLock { s in
            guard let handle = s.handle else { throw AudioSinkError.notOpen }
            try WAVFileSink.flush(&s, to: handle)
        }
    }

    /// A file has no playback queue: what was written stays. Only checks the sink is open.
    public func drop() throws {
        try state.withLock { s in
            guard s.handle != nil else { throw AudioSinkError.notOpen }
        }
    }

    /// Flushes, writes the final header sizes, and closes the file.
    public func close() throws {
        try state.withLock { s in
            guard let handle = s.handle else { return }
            s.handle = nil
            defer { try? handle.close() }
            try WAVFileSink.flush(&s, to: handle)
            try handle.seek(toOffset: 0)
            try handle.write(contentsOf: WAVFileSink.header(sampleRate: s.sampleRate, dataBytes: s.frames * 2))
        }
    }

    private static func flush(_ s: inout State, to handle: FileHandle) throws {
        guard !s.buffer.isEmpty else { return }
        try handle.write(contentsOf: s.buffer)
        s.buffer.removeAll(keepingCapacity: true)
    }

    /// The 44-byte canonical header for 16-bit mono PCM.
    static func header(sampleRate: Int, dataBytes: Int) -> Data {
        var d = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: v).littleEndian) { d.append(contentsOf: $0) } }
        d.append(contentsOf: Array("RIFF".utf8)); u32(36 + dataBytes)
        d.append(contentsOf: Array("WAVE".utf8))
        d.append(contentsOf: Array("fmt ".utf8)); u32(16)
        u16(1); u16(1); u32(sampleRate); u32(sampleRate * 2); u16(2); u16(16)
        d.append(contentsOf: Array("data".utf8)); u32(dataBytes)
        return d
    }
}
