import RouteModel

/// How well the announcements of one simulated drive serve the driver (`transcript --stats`).
public struct GuidanceQualityReport: Sendable, Hashable, Codable {
    /// Maneuvers that need announcing (every step but departs and notifications; arrivals included).
    public var maneuvers: Int
    /// Maneuvers named by at least one announcement (on their own or chained with "then").
    public var announced: Int
    /// Maneuvers named as the "then" part (or in the run after it) of another announcement.
    public var chained: Int
    /// Shortest time between the end of a maneuver's last own announcement and reaching it, seconds.
    public var shortestLeadSeconds: Double?
    /// Announcements that start before the previous one has finished.
    public var overlaps: Int
    /// Announcements repeating a (maneuver, kind) already said.
    public var duplicates: Int
    /// Announcements that come too late: a `now` not finished 1 s before its maneuver, any other cue
    /// (arrivals included) starting after its maneuver or stop was reached.
    public var late: Int
    /// Maneuvers never named.
    public var missed: [StepID]
    /// The maneuvers that need announcing, in route order (`maneuvers` of them).
    public var announceable: [StepID]
    /// One line per problem found, for people.
    public var warnings: [String]

    /// Checks `announcements` (in time order) against the times each maneuver was reached (by flat index;
    /// nil when never reached).
    init(catalog: ManeuverCatalog, announcements: [Announcement], reached: [Double?],
         configuration: GuidanceConfiguration) {
        var warnings = [String]()
        var seen = Set<String>()
        var duplicates = 0, overlaps = 0, late = 0
        var previousEnd = -Double.infinity
        var named = Set<StepID>(), chainedIDs = Set<StepID>()
        var lastEnd = [StepID: Double]()
        for a in announcements {
            if a.triggerSeconds < previousEnd - 1e-9 {
                overlaps += 1
                warnings.append("overlap: \(a.kind.rawValue) at \(Self.seconds(a.triggerSeconds)) starts before the previous one ends")
            }
            previousEnd = a.triggerSeconds + a.durationSeconds
            guard let m = a.maneuver, ![.offRoute, .reroute, .backOnRoute, .continue, .depart].contains(a.kind) else {
                chainedIDs.formUnion(Self.chained(in: a))
                continue
            }
            if !seen.insert("\(m.id) \(a.kind.rawValue)").inserted {
                duplicates += 1
                warnings.append("duplicate: \(a.kind.rawValue) for step \(m.id)")
            }
            named.insert(m.id)
            chainedIDs.formUnion(Self.chained(in: a))
            lastEnd[m.id] = previousEnd
            guard let flat = catalog.flatIndex(of: m.id), let reach = reached[flat] else { continue }
            let isLate: Bool
            switch a.kind {
            case .now: isLate = previousEnd > reach - configuration.nowFinishMarginSeconds + 1e-9
            default: isLate = a.triggerSeconds > reach
            }
            if isLate {
                late += 1
                warnings.append("late: \(a.kind.rawValue) for step \(m.id) at \(Self.seconds(a.triggerSeconds)), maneuver at \(Self.seconds(reach))")
            }
        }
        var missed = [StepID](), leads = [Double](), announceable = [StepID]()
        var maneuvers = 0
        for (flat, role) in catalog.roles.enumerated() where role.isAnnounceable {
            maneuvers += 1
            let id = catalog.descriptions[flat].id
            announceable.append(id)
            if !named.contains(id) && !chainedIDs.contains(id) {
                missed.append(id)
                warnings.append("missed: step \(id) is never announced")
            }
            if let end = lastEnd[id], let reach = reached[flat], role == .maneuver { leads.append(reach - end) }
        }
        self.maneuvers = maneuvers
        self.announced = maneuvers - missed.count
        self.chained = chainedIDs.count
        self.shortestLeadSeconds = leads.min()
        self.overlaps = overlaps
        self.duplicates = duplicates
        self.late = late
        self.missed = missed
        self.announceable = announceable
        self.warnings = warnings
    }

    /// The maneuvers `a` names after its own: its "then" and the run after it.
    private static func chained(in a: Announcement) -> [StepID] {
        (a.then.map { [$0.maneuver.id] } ?? []) + a.thenMore.map(\.maneuver.id)
    }

    /// `12.0 s`.
    private static func seconds(_ value: Double) -> String { "\((value * 10).rounded() / 10) s" }
}
