import Foundation
import Glibc

/// The write end of the signal pipe, read by the C-level handler (set once, before any handler is installed).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The C-level handler: async-signal-safe, it only writes the signal's number into the pipe.
private let signalPipeHandler: @convention(c) (Int32) -> Void = { sig in
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: sig)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = saved
}

/// Hands signals to Swift code on one dedicated thread, with no window in which a signal is lost: `install`
/// puts a C-level handler in place at once (`sigaction`, `SA_RESTART`) that only writes the signal's number into
/// a pipe, and the thread runs the handlers. (A Dispatch signal source arms itself later, on Dispatch's own
/// thread: a signal that came in between was dropped.) The one way the code takes over a signal.
public enum SignalDelivery {
    /// What runs, on the delivery thread, when a signal arrives.
    public typealias Handler = @Sendable (Int32) -> Void

    private struct Registration {
        var signals: Set<Int32>
        var handler: Handler
    }

    private struct State {
        var next = 0
        var registrations: [Int: Registration] = [:]
        var readEnd: Int32 = -1
    }

    nonisolated(unsafe) private static var state = State()
    private static let lock = NSLock()

    /// Takes over `signals` (their previous actions are replaced) and runs `handler` for each one that arrives;
    /// returns a token for `remove`.
    public static func install(_ signals: [Int32], handler: @escaping Handler) -> Int {
        lock.withLock {
            startIfNeeded()
            state.next += 1
            state.registrations[state.next] = Registration(signals: Set(signals), handler: handler)
            for sig in signals {
                var action = sigaction()
                action.__sigaction_handler.sa_handler = signalPipeHandler
                action.sa_flags = SA_RESTART
                sigemptyset(&action.sa_mask)
                sigaction(sig, &action, nil)
            }
            return state.next
        }
    }

    /// Removes a registration; a signal that no registration takes any more gets its default action back.
    public static func remove(_ token: Int) {
        lock.withLock {
            guard let gone = state.registrations.removeValue(forKey: token) else { return }
            let stillTaken = state.registrations.values.reduce(into: Set<Int32>()) { $0.formUnion($1.signals) }
            for sig in gone.signals where !stillTaken.contains(sig) { signal(sig, SIG_DFL) }
        }
    }

    /// True when `sig` has its default action (no handler, not ignored).
    public static func isDefault(_ sig: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(sig, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 0
    }

    /// Creates the pipe and the delivery thread once (called with the lock held).
    private static func startIfNeeded() {
        guard state.readEnd < 0 else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // A full pipe (signals arriving faster than they are handled) must never block the handler.
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        signalPipeWriteEnd = fds[1]
        state.readEnd = fds[0]
        let readEnd = fds[0]
        let thread = Thread { deliver(from: readEnd) }
        thread.name = "voiceguide.signals"
        thread.start()
    }

    /// The delivery thread: reads signal numbers and runs the handlers that take each.
    private static func deliver(from readEnd: Int32) {
        while true {
            var byte: UInt8 = 0
            let n = read(readEnd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            guard n == 1 else { return }
            let sig = Int32(byte)
            let handlers = lock.withLock {
                state.registrations.sorted { $0.key < $1.key }.filter { $0.value.signals.contains(sig) }.map(\.value.handler)
            }
            guard !handlers.isEmpty else {
                // Taken when it arrived, released before it was handled (a WAV file closed at that moment): it
                // gets the action it has now, the default ending the process, and is never lost. This thread may
                // have been started with the signal blocked, so it is unblocked here first.
                var set = sigset_t()
                sigemptyset(&set)
                sigaddset(&set, sig)
                pthread_sigmask(SIG_UNBLOCK, &set, nil)
                raise(sig)
                continue
            }
            for handler in handlers { handler(sig) }
        }
    }
}
