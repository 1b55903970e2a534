import Dispatch
import Foundation
import Glibc

/// Runs registered clean-up (finalizing a WAV header, committing a file) when SIGINT, SIGTERM, SIGHUP or SIGQUIT
/// arrives while it is registered, prints one line saying what it finalized, then lets the signal take its
/// default effect, so the shell sees 128 + N.
///
/// It only takes over a signal whose disposition is the default (which would kill the process without clean-up);
/// a program that handles the signal itself (the live drive's `SignalTrap`) or ignores it (a background job's
/// SIGINT) keeps it. When the last registration is removed, the default dispositions are restored. While the
/// clean-up runs, other threads that find their file closed call `parkIfStopping()` instead of reporting an
/// error: the process is about to end by the signal, and a "cannot write" error or exit code would be false.
public enum SignalFinalizer {
    private struct State {
        var next = 0
        var bodies: [Int: @Sendable () -> String?] = [:]
        var stopping = false
        var delivery: Int?
    }
    nonisolated(unsafe) private static var state = State()
    private static let lock = NSLock()
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Registers `body`, which finalizes something and says what ("/tmp/x.wav finalized (12.0 s of audio)"), or
    /// nil to say nothing; returns a token for `unregister`.
    public static func register(_ body: @escaping @Sendable () -> String?) -> Int {
        lock.withLock {
            state.next += 1
            state.bodies[state.next] = body
            if state.delivery == nil {
                let taken = signals.filter(SignalDelivery.isDefault)
                if !taken.isEmpty { state.delivery = SignalDelivery.install(taken) { fire($0) } }
            }
            return state.next
        }
    }

    /// Removes a registration (the body will not run).
    public static func unregister(_ token: Int) {
        lock.withLock {
            state.bodies[token] = nil
            guard state.bodies.isEmpty, let delivery = state.delivery else { return }
            SignalDelivery.remove(delivery)
            state.delivery = nil
        }
    }

    /// True from the moment a signal's clean-up starts: the process is ending by that signal.
    public static var isStopping: Bool { lock.withLock { state.stopping } }

    /// Blocks the calling thread for good while a signal's clean-up runs (the signal then ends the process);
    /// returns at once otherwise.
    public static func parkIfStopping() {
        guard isStopping else { return }
        while true { pause() }
    }

    /// The signal's name, as `kill -l` gives it.
    static func name(_ sig: Int32) -> String {
        switch sig {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        case SIGQUIT: return "SIGQUIT"
        default: return "signal \(sig)"
        }
    }

    private static func fire(_ sig: Int32) {
        let bodies = lock.withLock {
            state.stopping = true
            return state.bodies.sorted { $0.key < $1.key }.map(\.value)
        }
        let done = bodies.compactMap { $0() }
        if !done.isEmpty {
            let line = "voiceguide: stopped by \(name(sig)); " + done.joined(separator: "; ") + "\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        }
        signal(sig, SIG_DFL)
        // The delivery thread may have been started from a thread with the signal blocked (Dispatch's threads
        // block them all): unblock it in this one, so that raising it takes its default effect here and now.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, sig)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(sig)
    }
}
