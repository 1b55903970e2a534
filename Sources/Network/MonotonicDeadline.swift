#if canImport(Glibc)
import Glibc
import SafeIO
#endif

/// A point on the monotonic clock (CLOCK_MONOTONIC), in nanoseconds: it never jumps when the wall clock is set,
/// so every timeout of the network layer is measured on it.
public struct MonotonicInstant: Sendable, Comparable, Hashable {
    /// Nanoseconds since an arbitrary origin (boot).
    public var nanoseconds: UInt64

    /// Creates an instant from nanoseconds on the monotonic clock.
    public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    /// Now.
    public static func now() -> MonotonicInstant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return MonotonicInstant(nanoseconds: UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec))
    }

    /// Seconds from `earlier` to this instant (negative when `earlier` is later).
    public func seconds(since earlier: MonotonicInstant) -> Double {
        nanoseconds >= earlier.nanoseconds ? Double(nanoseconds - earlier.nanoseconds) / 1e9
            : -Double(earlier.nanoseconds - nanoseconds) / 1e9
    }

    /// This instant moved `seconds` later (clamped at the clock's range).
    public func adding(seconds: Double) -> MonotonicInstant {
        let delta = seconds * 1e9
        guard delta.isFinite else { return MonotonicInstant(nanoseconds: delta > 0 ? UInt64.max : nanoseconds) }
        if delta >= 0 {
            let step = delta >= Double(UInt64.max) ? UInt64.max : UInt64(delta)
            return MonotonicInstant(nanoseconds: nanoseconds.addingReportingOverflow(step).overflow ? UInt64.max : nanoseconds + step)
        }
        let step = -delta >= Double(nanoseconds) ? nanoseconds : UInt64(-delta)
        return MonotonicInstant(nanoseconds: nanoseconds - step)
    }

    /// Compares two instants.
    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}

/// A moment by which something must have happened, on the monotonic clock.
public struct MonotonicDeadline: Sendable, Comparable, Hashable {
    /// The instant it expires.
    public var instant: MonotonicInstant

    /// A deadline `seconds` from now.
    public init(secondsFromNow seconds: Double) { instant = MonotonicInstant.now().adding(seconds: seconds) }

    /// A deadline at `instant`.
    public init(at instant: MonotonicInstant) { self.instant = instant }

    /// Seconds left (0 once it has passed).
    public var secondsLeft: Double { max(0, instant.seconds(since: .now())) }

    /// True once it has passed.
    public var hasPassed: Bool { MonotonicInstant.now() >= instant }

    /// The time left as a poll(2)/epoll_wait(2) timeout in milliseconds, rounded up, at most `cap` seconds.
    public func pollMilliseconds(cap: Double = 3600) -> Int32 {
        Int32(clamping: Int(saturating: (min(secondsLeft, cap) * 1000).rounded(.up)))
    }

    /// Compares two deadlines.
    public static func < (lhs: MonotonicDeadline, rhs: MonotonicDeadline) -> Bool { lhs.instant < rhs.instant }
}
