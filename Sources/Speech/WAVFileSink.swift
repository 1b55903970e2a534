import Foundation
import SafeIO

/// Writes a WAVE file (PCM, 16-bit, mono) incrementally: memory use stays small for an hour-long timeline.
/// `append(_:at:)` places audio at a time offset with silence before it: `drive` renders a timeline this way.
///
/// The file is opened with `SafeOutputFile` (special files written in place, symlinks written through,
/// directories refused, regular files written and renamed keeping their mode). The header reserves a `JUNK`
/// chunk, so a render past 4 GiB becomes an RF64 file (EBU Tech 3306) when it is closed; a stream that cannot seek
/// (a pipe, `/dev/stdout`) gets the usual "unknown length" sizes. The header is finalized on every way out:
/// `close()`, deinit, and SIGINT/SIGTERM/SIGHUP while the file is open (`SignalFinalizer`). Failures are
/// `FileWriteError`s.
public final class WAVFileSink: AudioSink, @unchecked Sendable {  // @unchecked: lets only; its state is a Locked
    /// The file path.
    public let path: String
    private struct State {
        var file: SafeOutputFile?
        var sampleRate = 0
        var frames = 0
        var buffer: [UInt8] = []
        var signalToken: Int?
    }
    private let state = Locked(State())
    /// Size of the header written before the samples (RIFF + JUNK/ds64 + fmt + data chunk header).
    public static let headerSize = 80

    /// Creates a sink for `path` (the file is created by `open`).
    public init(path: String) { self.path = path }

    deinit { _ = try? finish() }

    /// Frames written so far.
    public var framesWritten: Int { state.withLock { $0.frames } }

    /// Seconds written so far.
    public var secondsWritten: Double {
        state.withLock { $0.sampleRate > 0 ? Double($0.frames) / Double($0.sampleRate) : 0 }
    }

    /// Opens the output (see the type's notes) and writes a provisional header.
    public func open(sampleRate: Int) throws {
        try state.withLock { s in
            guard s.file == nil else { return }
            // Registered before the file is created: a signal from the moment its temporary exists finalizes it
            // (the clean-up waits for this lock, so it finds the file with its header).
            let token = SignalFinalizer.register { [weak self] in
                guard let self else { return nil }
                let seconds = self.secondsWritten
                do {
                    // Closed already (the render's own close won the race): nothing to say, no second line.
                    guard try self.finish() else { return nil }
                    return "\(self.path) finalized (\(String(format: "%.1f", seconds)) s of audio)"
                } catch {
                    return "\(self.path) could not be finalized: \(error)"
                }
            }
            let file: SafeOutputFile
            do {
                file = try SafeOutputFile(path: path)
            } catch {
                SignalFinalizer.unregister(token)
                throw error
            }
            s = State(file: file, sampleRate: sampleRate, signalToken: token)
            try file.write(WAVFileSink.header(sampleRate: sampleRate, dataBytes: nil))
        }
    }

    /// Appends samples (buffered; flushed in 64 KiB pieces).
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        try state.withLock { s in
            guard let file = s.file else { throw WAVFileSink.closed() }
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
            if s.buffer.count >= 65536 { try WAVFileSink.flush(&s, to: file) }
        }
    }

    /// Places `samples` so they start `seconds` from the beginning, with silence before them. An offset
    /// before the end of what is already written starts right at the end (nothing is overwritten).
    public func append(_ samples: [Int16], at seconds: Double) throws {
        let rate = state.withLock { $0.sampleRate }
        let target = Int(saturating: (seconds * Double(rate)).rounded())
        try writeSilence(frames: target - framesWritten)
        try write(samples)
    }

    /// Flushes buffered bytes to the file.
    public func drain() throws {
        try state.withLock { s in
            guard let file = s.file else { throw WAVFileSink.closed() }
            try WAVFileSink.flush(&s, to: file)
        }
    }

    /// A file has no playback queue: what was written stays. Only checks the sink is open.
    public func drop() throws {
        try state.withLock { s in
            guard s.file != nil else { throw WAVFileSink.closed() }
        }
    }

    /// Flushes, writes the final header (RF64 past 4 GiB), and closes the file (moving it into place). Idempotent;
    /// when a signal's clean-up closed the file, the caller waits for the signal to end the process instead of
    /// going on as if it had finished the file itself.
    public func close() throws {
        if try !finish() { SignalFinalizer.parkIfStopping() }
    }

    /// Closes the file if it is open; true when this call closed it.
    private func finish() throws -> Bool {
        let token: Int?? = try state.withLock { s in
            guard let file = s.file else { return nil }
            s.file = nil
            let token = s.signalToken
            s.signalToken = nil
            do {
                try WAVFileSink.flush(&s, to: file)
                if file.isSeekable { try file.write(WAVFileSink.header(sampleRate: s.sampleRate, dataBytes: s.frames * 2), at: 0) }
                try file.commit()
            } catch {
                file.abandon()
                if let token { SignalFinalizer.unregister(token) }
                throw error
            }
            return .some(token)
        }
        guard let token else { return false }
        if let token { SignalFinalizer.unregister(token) }
        return true
    }

    /// The error for a write to a closed file, unless a signal closed it: then the process is ending by that
    /// signal, and the writer waits for it rather than report a false "not open".
    private static func closed() -> AudioSinkError {
        SignalFinalizer.parkIfStopping()
        return .notOpen
    }

    private static func flush(_ s: inout State, to file: SafeOutputFile) throws(FileWriteError) {
        guard !s.buffer.isEmpty else { return }
        let result: Result<Void, FileWriteError> = s.buffer.withUnsafeBytes { raw in
            do throws(FileWriteError) { try file.write(raw); return .success(()) } catch { return .failure(error) }
        }
        s.buffer.removeAll(keepingCapacity: true)
        try result.get()
    }

    /// The 80-byte header for 16-bit mono PCM: `RIFF` with a 28-byte `JUNK` chunk reserved for the RF64 `ds64`
    /// chunk, or `RF64` with `ds64` when the sizes do not fit 32 bits. `dataBytes` nil: a stream of unknown length.
    static func header(sampleRate: Int, dataBytes: Int?) -> Data {
        var d = Data()
        func u64(_ v: Int) { withUnsafeBytes(of: UInt64(truncatingIfNeeded: v).littleEndian) { d.append(contentsOf: $0) } }
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: v).littleEndian) { d.append(contentsOf: $0) } }
        let unknown = 0xFFFF_FFFF
        let riffBytes = dataBytes.map { headerSize - 8 + $0 }
        let rf64 = (riffBytes ?? 0) > unknown
        d.append(contentsOf: Array((rf64 ? "RF64" : "RIFF").utf8)); u32(rf64 ? unknown : riffBytes ?? unknown)
        d.append(contentsOf: Array("WAVE".utf8))
        d.append(contentsOf: Array((rf64 ? "ds64" : "JUNK").utf8)); u32(28)
        if rf64, let riffBytes, let dataBytes {
            u64(riffBytes); u64(dataBytes); u64(dataBytes / 2); u32(0)
        } else {
            d.append(contentsOf: [UInt8](repeating: 0, count: 28))
        }
        d.append(contentsOf: Array("fmt ".utf8)); u32(16)
        u16(1); u16(1); u32(sampleRate); u32(sampleRate * 2); u16(2); u16(16)
        d.append(contentsOf: Array("data".utf8)); u32(rf64 ? unknown : dataBytes ?? unknown)
        return d
    }
}
