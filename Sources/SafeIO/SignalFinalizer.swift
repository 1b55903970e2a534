import Dispatch
import Foundation
import Glibc

/// Runs registered clean-up (finalizing a WAV header, committing a file) when SIGINT, SIGTERM or SIGHUP arrives
/// while it is registered, then lets the signal take its default effect (issue 14 item 11).
///
/// It only takes over a signal whose disposition is the default (which would kill the process without clean-up);
/// a program that handles the signal itself (the live drive's `SignalTrap`) keeps it. When the last registration is
/// removed, the default dispositions are restored.
public enum SignalFinalizer {
    private struct State {
        var next = 0
        var bodies: [Int: @Sendable () -> Void] = [:]
        var sources: [DispatchSourceSignal] = []
    }
    nonisolated(unsafe) private static var state = State()
    private static let lock = NSLock()
    private static let queue = DispatchQueue(label: "voiceguide.signal-finalizer")
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Registers `body`; returns a token for `unregister`.
    public static func register(_ body: @escaping @Sendable () -> Void) -> Int {
        lock.withLock {
            state.next += 1
            state.bodies[state.next] = body
            if state.sources.isEmpty {
                for sig in signals where isDefault(sig) {
                    signal(sig, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
                    source.setEventHandler { fire(sig) }
                    source.resume()
                    state.sources.append(source)
                }
            }
            return state.next
        }
    }

    /// Removes a registration (the body will not run).
    public static func unregister(_ token: Int) {
        lock.withLock {
            state.bodies[token] = nil
            guard state.bodies.isEmpty else { return }
            for source in state.sources {
                source.cancel()
                signal(Int32(source.handle), SIG_DFL)
            }
            state.sources.removeAll()
        }
    }

    private static func isDefault(_ sig: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(sig, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 0
    }

    private static func fire(_ sig: Int32) {
        let bodies = lock.withLock { state.bodies.sorted { $0.key < $1.key }.map(\.value) }
        for body in bodies { body() }
        signal(sig, SIG_DFL)
        raise(sig)
    }
}
