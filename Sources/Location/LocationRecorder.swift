import Foundation
import RouteModel
import SafeIO
import Synchronization

/// Writes the positions a drive used to a GPX 1.1 track or an NMEA log (chosen by the extension), so that the
/// drive can be replayed with `gpx:` or `nmea:` and gives the same positions (to 1e-7 °, 0.01 s; absent speed and
/// course come back derived from successive fixes). The file is written through `SafeOutputFile`, so it appears
/// complete on `finish()` (write and rename) and a failed drive leaves no half file. File errors are
/// `LocationError`s (`.cannotCreate`, `.io`) whose message is the `FileWriteError`'s one line.
public final class LocationRecorder: Sendable {
    /// The file formats.
    public enum Format: Sendable, Equatable {
        /// GPX 1.1 `trkpt` with `time`, `hdop` and Garmin TrackPointExtension speed and course.
        case gpx
        /// RMC + GGA sentences.
        case nmea
    }

    /// Bytes gathered before they are written (so a 10 Hz drive does not write per fix).
    static let batchBytes = 4096

    private struct State: ~Copyable {
        var file: SafeOutputFile
        var buffer: [UInt8] = []
        var count = 0
        var finished = false

        /// Appends `text`, writing once a batch is full.
        mutating func append(_ text: String) throws {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= LocationRecorder.batchBytes { try flush() }
        }

        /// Writes what is gathered.
        mutating func flush() throws {
            defer { buffer.removeAll(keepingCapacity: true) }
            let file = file
            let result: Result<Void, FileWriteError> = buffer.withUnsafeBytes { bytes in
                do throws(FileWriteError) { try file.write(bytes); return .success(()) } catch { return .failure(error) }
            }
            if case .failure(let error) = result { throw LocationRecorder.locationError(error) }
        }
    }

    /// The format written.
    public let format: Format
    /// Seconds since 1970 that a position timestamp of 0 stands for.
    public let epoch: Double
    private let state: Mutex<State>

    /// Creates `path` (.gpx or .nmea; special files such as /dev/stdout need `format`). `epoch` is the UTC time of
    /// timestamp 0, now by default.
    public init(path: String, format: Format? = nil, epoch: Double? = nil) throws {
        let lower = path.lowercased()
        guard let chosen = format ?? (lower.hasSuffix(".gpx") ? .gpx : lower.hasSuffix(".nmea") ? .nmea : nil) else {
            throw LocationError(.usage, field: .record, value: path.quotedForMessage(limit: 200), "expected a file ending in .gpx or .nmea")
        }
        self.format = chosen
        self.epoch = (epoch ?? Sleep.wall()).rounded(.down)
        let file: SafeOutputFile
        do { file = try SafeOutputFile(path: path) } catch { throw Self.locationError(error) }
        var state = State(file: file)
        if chosen == .gpx {
            try state.append("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="VoiceGuide" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
             <trk>
              <name>VoiceGuide drive</name>
              <trkseg>\n
            """)
        }
        self.state = Mutex(state)
    }

    /// A file error as a location error: cannot create (73) or cannot write (74), in the file error's words.
    static func locationError(_ error: FileWriteError) -> LocationError {
        LocationError(error.operation == .create ? .cannotCreate : .io, error.description)
    }

    /// Positions written so far.
    public var count: Int { state.withLock { $0.count } }

    /// Appends one position; positions that cannot be written (invalid coordinate or time) are skipped.
    public func record(_ position: Position) throws {
        let text: String? = switch format {
        case .nmea: NMEAWriter.sentences(for: position, epoch: epoch)
        case .gpx: Self.trackPoint(position, epoch: epoch)
        }
        guard let text else { return }
        try state.withLock { s throws in
            guard !s.finished else { return }
            try s.append(text)
            s.count += 1
        }
    }

    /// Closes the track and puts the file in place.
    public func finish() throws {
        try state.withLock { s throws in
            guard !s.finished else { return }
            s.finished = true
            do {
                if format == .gpx { try s.append("  </trkseg>\n </trk>\n</gpx>\n") }
                try s.flush()
            } catch {
                s.file.abandon()
                throw error
            }
            do throws(FileWriteError) { try s.file.commit() } catch { throw Self.locationError(error) }
        }
    }

    /// Stops without writing the file (a temporary file is removed).
    public func abandon() {
        state.withLock { s in
            s.finished = true
            s.file.abandon()
        }
    }

    /// One `<trkpt>` element.
    static func trackPoint(_ p: Position, epoch: Double) -> String? {
        guard p.coordinate.isValid, let time = UTCTime.iso8601(epoch + p.timestamp) else { return nil }
        func signed(_ v: Double) -> String { (v < 0 ? "-" : "") + NMEAField.fixed(abs(v), decimals: 7) }
        var text = "   <trkpt lat=\"\(signed(p.coordinate.latitude))\" lon=\"\(signed(p.coordinate.longitude))\"><time>\(time)</time>"
        if let a = p.accuracy, a.isFinite, a >= 0 {
            text += "<hdop>\(NMEAField.fixed(min(a / NMEAAssembler.metersPerHDOP, 999), decimals: 3))</hdop>"
        }
        let speed = p.speed.flatMap { $0.isFinite && $0 >= 0 && $0 <= 1000 ? $0 : nil }
        let course = p.heading.flatMap { $0.isFinite ? ($0.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) : nil }
        if speed != nil || course != nil {
            text += "<extensions><gpxtpx:TrackPointExtension>"
            if let speed { text += "<gpxtpx:speed>\(NMEAField.fixed(speed, decimals: 3))</gpxtpx:speed>" }
            if let course { text += "<gpxtpx:course>\(NMEAField.fixed(course, decimals: 2))</gpxtpx:course>" }
            text += "</gpxtpx:TrackPointExtension></extensions>"
        }
        return text + "</trkpt>\n"
    }
}
