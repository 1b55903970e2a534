import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal whose slave side plays a serial GPS receiver (`nmea:/dev/pts/N`): the test writes sentences
/// to the master side, and closing it is the receiver being unplugged.
public final class PseudoTerminal: @unchecked Sendable {
    /// The slave's path, what `--location nmea:PATH` is given.
    public let path: String
    private let lock = NSLock()
    private var master: Int32

    /// Opens a new pseudo-terminal; throws with the system's reason when there is none.
    public init() throws {
        let fd = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK and TIOCGPTN (Linux): unlock the slave and get its number (glibc's unlockpt and ptsname).
        guard fd >= 0, ioctl(fd, 0x4004_5431, &unlock) == 0, ioctl(fd, 0x8004_5430, &number) == 0 else {
            let reason = String(cString: strerror(errno))
            if fd >= 0 { Glibc.close(fd) }
            throw TestServiceError.missing("no pseudo-terminal (/dev/ptmx): \(reason)")
        }
        master = fd
        path = "/dev/pts/\(number)"
    }

    /// Writes `text` to the master side (what the receiver sends); false once closed or when the write fails.
    @discardableResult
    public func write(_ text: String) -> Bool {
        lock.withLock {
            guard master >= 0 else { return false }
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) } == bytes.count
        }
    }

    /// True once process `pid` has the slave side open (so what is written now is read in its mode, not before).
    public func isOpen(byProcess pid: Int32) -> Bool {
        let folder = "/proc/\(pid)/fd"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return entries.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == path }
    }

    /// Closes the master side: the slave's reader sees the receiver go away. Safe to call more than once.
    public func close() {
        lock.withLock {
            guard master >= 0 else { return }
            Glibc.close(master)
            master = -1
        }
    }

    deinit { close() }
}
