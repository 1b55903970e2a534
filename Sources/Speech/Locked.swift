import Foundation

/// A value guarded by a lock, for state shared between threads under strict concurrency.
public final class Locked<Value>: @unchecked Sendable {  // @unchecked: `value` is reached only inside withLock, under `lock`
    private let lock = NSLock()
    private var value: Value

    /// Wraps `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the current value.
    public var snapshot: Value { withLock { $0 } }
}
