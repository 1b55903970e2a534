import Foundation

/// A file written safely: a regular file (or a new one) is written to a temporary file beside it and renamed over
/// it on `commit()`, keeping an existing file's mode and writing through symlinks to their target; special files
/// (/dev/stdout, a FIFO, a terminal) are written in place. Directories are refused. Errors are typed: exit 73 when
/// the file cannot be created, 74 when a write fails; both name the path and the errno.
final class OutputFile {
    /// The path as the user gave it.
    let path: String
    private let fd: Int32
    private let temporary: String?
    private let target: String
    private var buffer: [UInt8] = []
    private var closed = false

    /// Opens `path` for writing.
    init(path: String) throws {
        self.path = path
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        var info = stat()
        let exists = stat(target, &info) == 0
        let type = info.st_mode & S_IFMT
        if exists, type == S_IFDIR { throw Self.error(.cannotCreate, path, "is a directory", EISDIR) }
        self.target = target
        if exists, type != S_IFREG {
            let opened = open(target, O_WRONLY | O_CLOEXEC | (type == S_IFCHR || type == S_IFIFO ? 0 : O_TRUNC))
            guard opened >= 0 else { throw Self.error(.cannotCreate, path, "cannot open", errno) }
            fd = opened
            temporary = nil
            return
        }
        let directory = (target as NSString).deletingLastPathComponent
        let base = (target as NSString).lastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) + "/.\(base).XXXXXX").utf8CString)
        let opened = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard opened >= 0 else { throw Self.error(.cannotCreate, path, "cannot create", errno) }
        let mask = umask(0)
        umask(mask)
        _ = fchmod(opened, exists ? info.st_mode & 0o7777 : 0o666 & ~mask)
        fd = opened
        temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Appends text; it reaches the file in 4 KiB batches and on `commit()`.
    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 4096 { try flush() }
    }

    /// Writes what is buffered.
    func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return Foundation.write(fd, base + offset, bytes.count - offset)
            }
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                buffer.removeAll()
                throw Self.error(.io, path, "write failed", code)
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, closes and, for a regular file, renames the temporary file over the target.
    func commit() throws {
        guard !closed else { return }
        do { try flush() } catch {
            abandon()
            throw error
        }
        closed = true
        if temporary != nil, fsync(fd) != 0 {
            let code = errno
            close(fd)
            removeTemporary()
            throw Self.error(.io, path, "write failed", code)
        }
        guard close(fd) == 0 || temporary == nil else {
            let code = errno
            removeTemporary()
            throw Self.error(.io, path, "write failed", code)
        }
        if let temporary, rename(temporary, target) != 0 {
            let code = errno
            removeTemporary()
            throw Self.error(.cannotCreate, path, "cannot replace", code)
        }
    }

    /// Closes without committing: the temporary file is removed and the target left as it was.
    func abandon() {
        guard !closed else { return }
        closed = true
        close(fd)
        removeTemporary()
    }

    private func removeTemporary() {
        if let temporary { unlink(temporary) }
    }

    private static func error(_ kind: LocationError.Kind, _ path: String, _ what: String, _ code: Int32) -> LocationError {
        LocationError(kind, "\(path): \(what): \(String(cString: strerror(code))) (errno \(code))")
    }

    deinit { abandon() }
}
