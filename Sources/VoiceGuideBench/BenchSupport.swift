import Foundation

/// One figure printed by voiceguide-bench.
struct BenchFigure {
    /// What was measured.
    var name: String
    /// The measured value, already formatted (e.g. "2.1×", "1,234,000/s").
    var value: String
    /// The target from the issues, e.g. "≤ 3×"; nil when informational.
    var target: String?
    /// Whether the target was met (nil when there is no target).
    var met: Bool?
}

/// Monotonic wall-clock seconds.
func benchNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The median of `runs` timings of `body`, in seconds.
func medianSeconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var times = [Double]()
    for _ in 0..<max(1, runs) {
        let start = benchNow()
        try body()
        times.append(benchNow() - start)
    }
    times.sort()
    return times[times.count / 2]
}

/// Formats a number with thousands separators.
func benchFormat(_ value: Double, decimals: Int = 0) -> String {
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.numberStyle = .decimal
    formatter.usesGroupingSeparator = true
    formatter.groupingSeparator = ","
    formatter.minimumFractionDigits = decimals
    formatter.maximumFractionDigits = decimals
    return formatter.string(from: NSNumber(value: value)) ?? String(value)
}
