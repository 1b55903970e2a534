import Foundation
import Glibc

/// A file the tool could not write: which file, what it was doing, and the system's reason. Commands map it to
/// exit 73 (cannot create) or 74 (I/O error); it is never "audio unavailable".
public struct FileWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed.
    public enum Operation: String, Sendable, Equatable {
        /// Creating or opening the file.
        case create
        /// Writing to it (including the final flush, close and rename).
        case write
    }
    /// The path as the user gave it.
    public var path: String
    /// What failed.
    public var operation: Operation
    /// Why, in the system's words ("No space left on device", "is a directory").
    public var reason: String

    /// Creates an error.
    public init(path: String, operation: Operation, reason: String) {
        self.path = path
        self.operation = operation
        self.reason = reason
    }

    init(path: String, operation: Operation, errno code: Int32) {
        self.init(path: path, operation: operation, reason: SystemError.describe(code))
    }

    /// `path: cannot create the file: reason` / `path: cannot write: reason`.
    public var description: String {
        "\(ControlCharacters.escaped(path)): \(operation == .create ? "cannot create the file" : "cannot write"): \(reason)"
    }
}

/// The one way VoiceGuide writes a file (WAV renders, `--record` logs, anything else); docs/ARCHITECTURE.md §3 rule 4.
///
/// - A **regular file** (new or existing) is written to a temporary file beside it and renamed over it by
///   `commit()`, so readers never see half a file; an existing file keeps its permission bits (and owner, when
///   allowed). A **symlink** is written through: the file it points to is replaced, the link stays.
/// - A **special file** (`/dev/null`, `/dev/stdout`, a FIFO, a terminal, anything under `/dev/` or `/proc/`) is
///   opened and written in place: it is never replaced by a regular file.
/// - A **directory** is refused with `FileWriteError`.
///
/// Every failure is a `FileWriteError`. Not committing (an error, `abandon()`, deinit) removes the temporary file
/// and leaves the target untouched.
public final class SafeOutputFile: @unchecked Sendable {  // @unchecked: `fd` and the close state change only under `lock`
    /// The path as the user gave it (used in messages).
    public let path: String
    /// True when writes go straight to the target (a device, FIFO or terminal), false for write-and-rename.
    public let isInPlace: Bool
    /// True when the output can seek (regular files and some devices), so a header can be rewritten at the end.
    public let isSeekable: Bool
    private var fd: Int32
    private let temporaryPath: String?
    private let finalPath: String
    private let lock = NSLock()

    /// Opens `path` for writing as described above.
    public init(path: String) throws(FileWriteError) {
        self.path = path
        guard !path.isEmpty else { throw FileWriteError(path: path, operation: .create, reason: "empty file name") }
        var info = stat()
        let exists = stat(path, &info) == 0
        let kind = info.st_mode & S_IFMT
        if exists && kind == S_IFDIR { throw FileWriteError(path: path, operation: .create, reason: "is a directory") }
        let special = path.hasPrefix("/dev/") || path.hasPrefix("/proc/") || (exists && kind != S_IFREG)
        if special {
            let opened = open(path, O_WRONLY | O_CLOEXEC | (exists && kind == S_IFREG ? O_TRUNC : 0))
            guard opened >= 0 else { throw FileWriteError(path: path, operation: .create, errno: errno) }
            fd = opened
            temporaryPath = nil
            finalPath = path
            isInPlace = true
        } else {
            let target = Self.resolvedTarget(path)
            let directory = (target as NSString).deletingLastPathComponent
            let base = (target as NSString).lastPathComponent
            var template = Array(((directory.isEmpty ? "." : directory) + "/." + base + ".voiceguide-XXXXXX").utf8CString)
            let opened = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
            guard opened >= 0 else { throw FileWriteError(path: path, operation: .create, errno: errno) }
            _ = fcntl(opened, F_SETFD, FD_CLOEXEC)
            let temp = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if exists {
                _ = fchown(opened, info.st_uid, info.st_gid)
                _ = fchmod(opened, info.st_mode & 0o7777)
            } else {
                let mask = umask(0o022)
                umask(mask)
                _ = fchmod(opened, 0o666 & ~mask)
            }
            fd = opened
            temporaryPath = temp
            finalPath = target
            isInPlace = false
        }
        isSeekable = lseek(fd, 0, SEEK_CUR) >= 0
    }

    deinit { abandon() }

    private func locked<T>(_ body: () throws(FileWriteError) -> T) throws(FileWriteError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The target a symlink chain ends at (relative links resolved against their directory); `path` itself when it
    /// is not a symlink. A dangling link resolves to the file it names, which is then created.
    static func resolvedTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/") ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }

    /// Writes all of `bytes` at the current position.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
        try locked { () throws(FileWriteError) in
            guard fd >= 0 else { throw FileWriteError(path: path, operation: .write, reason: "the file is closed") }
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, base + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw FileWriteError(path: path, operation: .write, errno: errno)
                }
                offset += n
            }
        }
    }

    /// Writes all of `data` at the current position.
    public func write(_ data: Data) throws(FileWriteError) {
        let result: Result<Void, FileWriteError> = data.withUnsafeBytes { raw in
            do throws(FileWriteError) { try write(raw); return .success(()) } catch { return .failure(error) }
        }
        try result.get()
    }

    /// Writes `data` at byte `offset` without moving the current position (a header rewritten at the end).
    /// Only for seekable outputs.
    public func write(_ data: Data, at offset: Int) throws(FileWriteError) {
        try locked { () throws(FileWriteError) in
            guard fd >= 0, isSeekable else { throw FileWriteError(path: path, operation: .write, reason: "the output cannot seek") }
            let written = data.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
            guard written == data.count else { throw FileWriteError(path: path, operation: .write, errno: written < 0 ? errno : EIO) }
        }
    }

    /// Closes the file and, for a regular file, moves it into place. Idempotent.
    public func commit() throws(FileWriteError) {
        try locked { () throws(FileWriteError) in
            guard fd >= 0 else { return }
            let handle = fd
            fd = -1
            if let temporaryPath {
                guard fsync(handle) == 0 || errno == EINVAL else {
                    let code = errno
                    close(handle)
                    unlink(temporaryPath)
                    throw FileWriteError(path: path, operation: .write, errno: code)
                }
            }
            guard close(handle) == 0 || errno == EINTR else {
                let code = errno
                if let temporaryPath { unlink(temporaryPath) }
                throw FileWriteError(path: path, operation: .write, errno: code)
            }
            if let temporaryPath, rename(temporaryPath, finalPath) != 0 {
                let code = errno
                unlink(temporaryPath)
                throw FileWriteError(path: path, operation: .write, errno: code)
            }
        }
    }

    /// Closes without committing: a temporary file is removed, the target stays as it was. Idempotent.
    public func abandon() {
        lock.withLock {
            guard fd >= 0 else { return }
            close(fd)
            fd = -1
            if let temporaryPath { unlink(temporaryPath) }
        }
    }
}

/// The system's words for an errno value.
public enum SystemError {
    /// "No space left on device (ENOSPC)": strerror with the symbolic name, so a message can be searched for.
    public static func describe(_ code: Int32) -> String {
        let names: [Int32: String] = [EBADF: "EBADF", EISDIR: "EISDIR", ENOSPC: "ENOSPC", EIO: "EIO", EPIPE: "EPIPE",
                                      EACCES: "EACCES", ENOENT: "ENOENT", EROFS: "EROFS", EDQUOT: "EDQUOT",
                                      EFBIG: "EFBIG", EPERM: "EPERM", ENOTDIR: "ENOTDIR", EINVAL: "EINVAL"]
        return String(cString: strerror(code)) + " (" + (names[code] ?? "errno \(code)") + ")"
    }
}
