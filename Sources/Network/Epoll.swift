import CEpoll
#if canImport(Glibc)
import Glibc
#endif

/// Readiness notification for many descriptors at once (Linux epoll, level-triggered), with a wake-up counter
/// (eventfd) that another thread signals to interrupt a wait.
public final class Epoll: @unchecked Sendable {  // @unchecked: `events` is used only by the one thread that waits; add, remove and wake are thread-safe epoll calls
    /// What a descriptor is watched for.
    public struct Interest: OptionSet, Sendable {
        /// The raw event bits.
        public let rawValue: UInt32
        /// Creates an interest from event bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Readable (or end of stream).
        public static let read = Interest(rawValue: EPOLLIN.rawValue | EPOLLRDHUP.rawValue)
        /// Writable.
        public static let write = Interest(rawValue: EPOLLOUT.rawValue)
    }

    /// One ready descriptor.
    public struct Event: Sendable {
        /// The descriptor.
        public var fd: Int32
        /// Readable, or the peer closed (read to find out which).
        public var readable: Bool
        /// Writable.
        public var writable: Bool
        /// An error or hang-up on the descriptor.
        public var failed: Bool
    }

    private let fd: Int32
    private let wakeFD: Int32
    private var events: [epoll_event]

    /// Creates an epoll instance reporting at most `batch` events per wait.
    public init(batch: Int = 256) throws(TCPListener.ListenError) {
        fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        guard fd >= 0, wakeFD >= 0 else { throw TCPListener.ListenError(description: "cannot create an epoll instance: \(String(cString: strerror(errno)))") }
        events = Array(repeating: epoll_event(), count: max(1, batch))
        add(wakeFD, .read)
    }

    deinit {
        Glibc.close(fd)
        Glibc.close(wakeFD)
    }

    /// Starts watching `descriptor`.
    public func add(_ descriptor: Int32, _ interest: Interest) { control(EPOLL_CTL_ADD, descriptor, interest) }

    /// Changes what `descriptor` is watched for.
    public func modify(_ descriptor: Int32, _ interest: Interest) { control(EPOLL_CTL_MOD, descriptor, interest) }

    /// Stops watching `descriptor` (before closing it, or while its connection is busy).
    public func remove(_ descriptor: Int32) {
        var event = epoll_event()
        _ = epoll_ctl(fd, EPOLL_CTL_DEL, descriptor, &event)
    }

    private func control(_ operation: Int32, _ descriptor: Int32, _ interest: Interest) {
        var event = epoll_event()
        event.events = interest.rawValue
        event.data.fd = descriptor
        _ = epoll_ctl(fd, operation, descriptor, &event)
    }

    /// Interrupts a `wait` in progress (or the next one); safe from any thread.
    public func wake() {
        var one: UInt64 = 1
        _ = Glibc.write(wakeFD, &one, 8)
    }

    /// Waits up to `milliseconds` for ready descriptors (wake-ups are consumed, not reported).
    public func wait(milliseconds: Int32) -> [Event] {
        let count = events.withUnsafeMutableBufferPointer { epoll_wait(fd, $0.baseAddress, Int32($0.count), milliseconds) }
        guard count > 0 else { return [] }
        var ready: [Event] = []
        ready.reserveCapacity(Int(count))
        for event in events[0..<Int(count)] {
            let descriptor = event.data.fd
            if descriptor == wakeFD {
                var value: UInt64 = 0
                _ = Glibc.read(wakeFD, &value, 8)
                continue
            }
            let bits = event.events
            ready.append(Event(fd: descriptor,
                               readable: bits & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue) != 0,
                               writable: bits & EPOLLOUT.rawValue != 0,
                               failed: bits & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0))
        }
        return ready
    }
}
