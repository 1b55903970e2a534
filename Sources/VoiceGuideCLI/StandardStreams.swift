import Foundation
import Speech
import SafeIO

/// The process's standard streams at the POSIX level: reads and writes that report errors instead of trapping
/// (Foundation's `readDataToEndOfFile` traps on a closed or directory stdin), a closed stdout pipe that ends
/// the process at once as Unix tools do, and other write failures remembered for exit 74.
public enum StandardStreams {
    /// Which of fds 0, 1, 2 were closed when the process started (`<&-`, `>&-`), before `secure()` parked
    /// /dev/null on them so that no file the tool opens later can take their number.
    private static let closedAtStart = Locked<Set<Int32>>([])

    /// Puts /dev/null on any of fds 0–2 that is closed, remembering which, so a later `open` of a WAV file
    /// cannot land on fd 1 and receive the log. Call first thing in `main`.
    public static func secure() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0, null != fd {
                dup2(null, fd)
                close(null)
            }
            closedAtStart.withLock { _ = $0.insert(fd) }
        }
    }

    /// An error reading or writing a standard stream, with the C errno.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The errno value.
        public var code: Int32
        /// "Bad file descriptor (EBADF)"-style text.
        public var description: String { StandardStreams.describe(code) }
    }

    /// Reads all of standard input; throws on a closed stdin, a directory, or a read error.
    public static func readAll(limit: Int = Int.max) throws(Failure) -> Data {
        if closedAtStart.withLock({ $0.contains(STDIN_FILENO) }) { throw Failure(code: EBADF) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n > 0 {
                data.append(contentsOf: buffer[0..<n])
                if data.count > limit { return data.prefix(limit + 1) }  // enough for the reader to say "too big"
                continue
            }
            if n == 0 { return data }
            if errno == EINTR { continue }
            throw Failure(code: errno)
        }
    }

    /// Reads what standard input has next, up to 1 MiB, waiting for it; empty at the end of the input.
    public static func readChunk() throws(Failure) -> [UInt8] {
        if closedAtStart.withLock({ $0.contains(STDIN_FILENO) }) { throw Failure(code: EBADF) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n >= 0 { return Array(buffer[0..<n]) }
            if errno == EINTR { continue }
            throw Failure(code: errno)
        }
    }

    /// Writes all of `text` to `fd`. EPIPE on stdout ends the process as SIGPIPE would (after restoring the
    /// terminal); other failures are thrown.
    static func write(_ text: String, to fd: Int32) throws(Failure) {
        if closedAtStart.withLock({ $0.contains(fd) }) { throw Failure(code: EBADF) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n >= 0 { bytes = bytes.dropFirst(n); continue }
            if errno == EINTR || errno == EAGAIN { continue }
            if errno == EPIPE && fd == STDOUT_FILENO { brokenPipe() }
            throw Failure(code: errno)
        }
    }

    /// The reader of stdout went away (`voiceguide drive | head -1`): stop at once and quietly, the way Unix
    /// tools do — the terminal is restored and the process ends by SIGPIPE (the shell shows 141).
    public static func brokenPipe() -> Never {
        Terminal.shared.restore()
        signal(SIGPIPE, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGPIPE)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(SIGPIPE)
        exit(141)
    }

    /// True when the reader of the pipe on stdout has gone away (POLLERR on the write end), without writing.
    public static func stdoutReaderGone() -> Bool {
        var pfd = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
        return poll(&pfd, 1, 0) == 1 && pfd.revents & Int16(POLLERR) != 0
    }

    /// The system's reason inside an error from Foundation or the audio sinks, as "File too large (EFBIG)" when
    /// there is a POSIX error code in it (also in a message that already went through `String(describing:)`).
    public static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return describe(Int32(truncatingIfNeeded: ns.code)) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return describe(Int32(truncatingIfNeeded: underlying.code))
        }
        return reason("\(error)")
    }

    /// `text` with a Foundation error dump ("Error Domain=… NSPOSIXErrorDomain Code=27 …") replaced by the
    /// system's words.
    public static func reason(_ text: String) -> String {
        // A file error already names its path, which the caller's message names too: keep only the reason.
        for marker in [": cannot write: ", ": cannot create the file: "] {
            if let range = text.range(of: marker, options: .backwards) { return String(text[range.upperBound...]) }
        }
        guard let range = text.range(of: "NSPOSIXErrorDomain Code=") else { return text }
        let digits = text[range.upperBound...].prefix { $0.isNumber }
        guard let code = Int32(digits), let start = text.range(of: "Error Domain=") else { return text }
        return String(text[..<start.lowerBound]) + describe(code)
    }

    /// "No space left on device (ENOSPC)".
    static func describe(_ code: Int32) -> String { SystemError.describe(code) }
}
