import Glibc
import Foundation

/// Why a bounded read failed.
/// Frozen: the cases are API that callers switch over exhaustively; a new case is a breaking change,
/// made only with a new major version (docs/ARCHITECTURE.md §3 rule 12).
public enum BoundedReadError: Error, Sendable, Equatable {
    /// The path does not exist.
    case missing
    /// The path is a directory.
    case isDirectory
    /// More than `limit` bytes: reading stopped there.
    case tooBig(limit: Int)
    /// open(2) or read(2) failed with `errno`.
    case failed(errno: Int32)

    /// The reason in words ("is a directory", "more than 268435456 bytes", the system's message).
    public var reason: String {
        switch self {
        case .missing: "no such file"
        case .isDirectory: "is a directory"
        case .tooBig(let limit): "more than \(limit) bytes"
        case .failed(let code): String(cString: strerror(code))
        }
    }
}

/// Reads files and streams with a size limit enforced while reading: `/dev/zero`, a pipe from
/// `cat /dev/zero` or a FIFO stop at `limit + 1` bytes instead of filling memory.
public enum BoundedReader {
    /// The default limit on input: 256 MiB.
    public static let defaultLimit = 256 << 20

    /// Reads the file at `path` (any kind: regular, device, FIFO); throws `.tooBig` as soon as it passes `limit`.
    public static func read(path: String, limit: Int = defaultLimit) throws(BoundedReadError) -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw errno == ENOENT ? .missing : errno == EISDIR ? .isDirectory : .failed(errno: errno) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw .isDirectory }
            if (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) > limit { throw .tooBig(limit: limit) }
        }
        return try read(fileDescriptor: fd, limit: limit)
    }

    /// Reads `fileDescriptor` to its end; throws `.tooBig` as soon as more than `limit` bytes arrived.
    public static func read(fileDescriptor fd: Int32, limit: Int = defaultLimit) throws(BoundedReadError) -> Data {
        var data = Data()
        let chunk = 1 << 20
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, chunk) }
            if n < 0 {
                if errno == EINTR { continue }
                throw errno == EISDIR ? .isDirectory : .failed(errno: errno)
            }
            if n == 0 { return data }
            data.append(contentsOf: buffer[0..<n])
            if data.count > limit { throw .tooBig(limit: limit) }
        }
    }
}
