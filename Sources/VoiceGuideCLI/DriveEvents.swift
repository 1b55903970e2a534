import Foundation
import RouteModel

/// One thing that happened during a drive, for `drive --events FILE|-`: a JSON object per line so other programs
/// can follow a drive. Every event has `event` (its name) and `t` (simulated seconds); the rest depends on it:
///
/// - `start` (`route`, `locale`, `output`, `speedup`), `end` (the summary counts and `reason`);
/// - `announcement` (`id`, `kind`, `leg`, `step`, `text`, `spoken`, `durationSeconds`) when guidance triggers one;
/// - `started`, `finished`, `interrupted`, `dropped`, `muted`, `failed` (`id`, `kind`, `heardSeconds`,
///   `reason`) for what became of it;
/// - `mute` / `unmute` (`source`: `key` or `window`), `pause` / `resume`, `speedup` (`speedup`, `limit` when at
///   the limit), `suspend` / `continue`, `key` (`key`, for keys with no action), `offRoute` / `reroute` (the
///   announcement's `id`).
struct DriveEvent: Sendable {
    /// The event name.
    var name: String
    /// Simulated seconds.
    var time: Double
    /// Further members in order.
    var fields: [(String, JSONValue)] = []

    /// Creates an event.
    init(_ name: String, at time: Double, _ fields: [(String, JSONValue)] = []) {
        self.name = name
        self.time = time
        self.fields = fields
    }

    /// The event as one line of compact JSON (no newline).
    var jsonLine: String {
        let members = [JSONMember(key: "event", value: .string(name)),
                       JSONMember(key: "t", value: .number((time * 1000).rounded() / 1000))]
            + fields.map { JSONMember(key: $0.0, value: $0.1) }
        return JSONValue.object(members).serialized(pretty: false)
    }
}

/// Writes drive events as JSON lines to a file or to stdout (`-`), one complete line per write so a reader
/// following the file never sees half an event. Thread-safe.
final class DriveEventWriter: @unchecked Sendable {  // @unchecked: lets only; every write goes through `lock`
    private let lock = NSLock()
    private let sink: @Sendable (String) -> Void
    private let handle: FileHandle?

    /// Writes through `sink` (stdout's writer for `-`).
    init(sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
        handle = nil
    }

    /// Creates (truncates) `path` for writing. A path that cannot be created is exit 73 naming it and errno.
    init(path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CLIError(.cannotCreate, "\(path): cannot create the events file: \(StandardStreams.describe(errno))")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        self.handle = handle
        sink = { line in try? handle.write(contentsOf: Data(line.utf8)) }
    }

    /// Writes one event.
    func write(_ event: DriveEvent) {
        let line = event.jsonLine + "\n"
        lock.withLock { sink(line) }
    }
}
