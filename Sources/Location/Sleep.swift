import Foundation
import Network
import SafeIO

/// Sleeping and monotonic time without Foundation's run loop.
enum Sleep {
    /// Sleeps for `seconds` (nothing for zero or less).
    static func seconds(_ seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        let clamped = min(seconds, 3600)
        var request = timespec(tv_sec: Int(saturating: clamped), tv_nsec: Int(saturating: (clamped - clamped.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }

    /// Seconds on the monotonic clock.
    static func monotonic() -> Double { Double(MonotonicInstant.now().nanoseconds) / 1e9 }

    /// Seconds since 1970 on the real-time clock.
    static func wall() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
