import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// One grammar case for a language test: a road (name and/or ref) and the exact display and spoken text
/// expected when it is phrased. Shared by the per-language grammar suites.
struct RoadGrammarCase: Sendable, CustomTestStringConvertible {
    var name: String
    var ref: String?
    var display: String
    var spoken: String
    var testDescription: String { name.isEmpty ? (ref ?? "(no road)") : name }

    /// A case whose spoken text equals its display text unless given.
    init(_ name: String, ref: String? = nil, _ display: String, _ spoken: String? = nil) {
        self.name = name
        self.ref = ref
        self.display = display
        self.spoken = spoken ?? display
    }

    /// Phrases `kind` for the maneuver `make` builds from this road and checks both texts exactly.
    func check(_ tag: String, _ kind: AnnouncementKind, distance: Double? = nil,
               _ make: (_ name: String, _ ref: String?) -> ManeuverDescription) throws {
        let p = try TestData.phrase(tag, kind, make(name, ref), meters: distance)
        #expect(p.display == display)
        #expect(p.spoken == spoken)
        #expect(SSML.wellFormednessProblem(p.ssml) == nil, "\(p.ssml)")
    }
}
