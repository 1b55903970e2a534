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

/// The `q` quantile (0…1) of `values`, the sample nearest to it in sorted order; NaN when there is none.
func percentile(_ values: [Double], _ q: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int(saturatingRounded: Double(sorted.count - 1) * q))]
}

/// Formats a number with thousands separators ("1,234,567.8"). (NumberFormatter on this Foundation ignores
/// the fraction-digit settings, so the digits are laid out by hand.)
func benchFormat(_ value: Double, decimals: Int = 0) -> String {
    let fixed = String(format: "%.\(max(0, decimals))f", value)
    let parts = fixed.split(separator: ".", maxSplits: 1)
    var integer = String(parts[0])
    let negative = integer.hasPrefix("-")
    if negative { integer.removeFirst() }
    var grouped = ""
    for (i, ch) in integer.reversed().enumerated() {
        if i > 0 && i % 3 == 0 { grouped.append(",") }
        grouped.append(ch)
    }
    let head = (negative ? "-" : "") + String(grouped.reversed())
    return parts.count > 1 ? head + "." + parts[1] : head
}
