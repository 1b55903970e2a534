/// When to warn that the car is too fast: over the limit by more than the tolerance for
/// `overspeedSeconds` of fix time, once; again only after `overspeedRearmSeconds` under the limit, or when the
/// limit changes (a new limit also restarts the count: the driver gets the time to slow down from the sign). A gap in the fixes (no position for more than `maxGapSeconds`: the receiver lost the fix or it
/// went stale, and stale positions never reach guidance) restarts the count, so nothing is said from old speeds.
struct OverspeedTracker: Sendable {
    /// Fix time when the car went over the threshold (nil: not over it).
    private var overSince: Double?
    /// Fix time when the car came under the limit after a warning (nil: not under it).
    private var underSince: Double?
    /// The limit of the last warning; nil when the next one may be said.
    private var warnedLimit: Double?
    /// The time of the previous update.
    private var lastTime: Double?
    /// The limit in force at the last update, km/h.
    private(set) var limitKmh: Double?
    /// True when a warning is due (and not yet said).
    private(set) var isDue = false

    /// Longer than this between fixes, seconds, and the counts restart.
    static let maxGapSeconds = 2.5

    /// Takes one update: fix time, GPS speed and the limit where the car is (nil when unknown or off route).
    mutating func update(time: Double, speedKmh: Double?, limitKmh limit: Double?, configuration: GuidanceConfiguration) {
        if let last = lastTime, time - last > Self.maxGapSeconds { overSince = nil; underSince = nil }
        lastTime = time
        if limit != limitKmh { overSince = nil }
        limitKmh = limit
        guard let limit, let speed = speedKmh else {
            overSince = nil
            isDue = false
            return
        }
        if let warned = warnedLimit, warned != limit { warnedLimit = nil; underSince = nil }
        if speed > configuration.overspeedThresholdKmh(limitKmh: limit) {
            underSince = nil
            let since = overSince ?? time
            overSince = since
            isDue = warnedLimit == nil && time - since >= configuration.overspeedSeconds
            return
        }
        overSince = nil
        isDue = false
        guard warnedLimit != nil else { return }
        if speed <= limit {
            let since = underSince ?? time
            underSince = since
            if time - since >= configuration.overspeedRearmSeconds { warnedLimit = nil; underSince = nil }
        } else {
            underSince = nil
        }
    }

    /// The warning was said: none again until the car was under the limit for a while or the limit changes.
    mutating func said() {
        warnedLimit = limitKmh
        isDue = false
        underSince = nil
    }
}
