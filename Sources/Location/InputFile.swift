import Foundation

/// A file or standard input opened for reading with plain POSIX calls, with typed errors that name it.
final class InputFile {
    /// How the input is named to the user ("drive.nmea", "<stdin>").
    let name: String
    private let fd: Int32
    private let owned: Bool

    /// Opens `path` ("-" is standard input). Missing or unreadable inputs and directories are `.missingInput`.
    init(path: String, kind: String) throws {
        if path == "-" {
            name = "<stdin>"
            fd = 0
            owned = false
        } else {
            name = path
            let opened = open(path, O_RDONLY | O_CLOEXEC)
            guard opened >= 0 else {
                let code = errno
                let kindOfError: LocationError.Kind = code == ENOENT || code == EACCES || code == ENOTDIR ? .missingInput : .io
                throw LocationError(kindOfError, "\(kind):\(path): cannot open: \(String(cString: strerror(code))) (errno \(code))")
            }
            fd = opened
            owned = true
        }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            if owned { close(fd) }
            throw LocationError(.missingInput, "\(kind):\(path): is a directory, not a file")
        }
    }

    /// Reads up to `count` bytes; empty at the end of the input.
    func read(upTo count: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, count) }
            if n >= 0 { return Array(buffer.prefix(n)) }
            let code = errno
            if code == EINTR { continue }
            throw LocationError(.io, "\(name): read failed: \(String(cString: strerror(code))) (errno \(code))")
        }
    }

    /// Reads everything, refusing more than `limit` bytes while reading.
    func readAll(limit: Int) throws -> [UInt8] {
        var data = [UInt8]()
        while true {
            let chunk = try read(upTo: 65_536)
            if chunk.isEmpty { return data }
            data.append(contentsOf: chunk)
            guard data.count <= limit else {
                throw LocationError(.badData, "\(name): larger than \(limit >> 20) MiB")
            }
        }
    }

    deinit { if owned { close(fd) } }
}
