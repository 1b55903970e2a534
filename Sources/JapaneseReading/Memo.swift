import Foundation
import Synchronization

/// A bounded, thread-safe memo of a pure function of a string (emptied when full).
final class Memo<Value: Sendable>: Sendable {
    private let values = Mutex<[String: Value]>([:])
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// The memoized value for `key`, computed outside the lock on a miss.
    func value(for key: String, _ compute: (String) -> Value) -> Value {
        if let known = values.withLock({ $0[key] }) { return known }
        let value = compute(key)
        values.withLock { values in
            if values.count >= limit { values.removeAll() }
            values[key] = value
        }
        return value
    }
}
