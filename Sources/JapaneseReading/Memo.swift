import Foundation

/// A bounded, thread-safe memo of a pure function of a string (emptied when full).
final class Memo<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// The memoized value for `key`, computed outside the lock on a miss.
    func value(for key: String, _ compute: (String) -> Value) -> Value {
        lock.lock()
        if let known = values[key] { lock.unlock(); return known }
        lock.unlock()
        let value = compute(key)
        lock.lock()
        if values.count >= limit { values.removeAll() }
        values[key] = value
        lock.unlock()
        return value
    }
}
