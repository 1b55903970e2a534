import Foundation
import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Findings of the native review of hu-HU, el-GR and fr-FR, in each locale's words: a road's direction and a
/// signpost said with one "felé", "προς" + accusative only on the head noun phrase, the back harmony of "Allee" and
/// "-straße", and the article of a named bridge in a French signpost.
@Suite struct NativeReviewHuElFrTests {
    /// The steps of the real Bay Bridge route (Examples/Routes/motorway-bay-bridge.json).
    static func bayBridgeSteps() throws -> [Step] {
        let name = "motorway-bay-bridge"
        let data = try Data(contentsOf: TestData.directory.appendingPathComponent("Examples/Routes/\(name).json"))
        return try RouteImporter().read(data, fileName: name).route.legs.flatMap(\.steps)
    }

    // MARK: hu-HU

    /// The real route's signposted ramp and fork, each onto the road its signpost names with its direction
    /// ("I 80 East", "I 580 East"): the road's direction is "keleti irányban", the places alone take "felé" (the signpost's ref, the road itself, is not said twice).
    @Test(arguments: [
        ("I 80 East", "A bal oldali felhajtón hajtson fel az I 80-as útra keleti irányban Bay Bridge és Oakland felé."),
        ("I 580 East", "A MacArthur Maze csomópontnál tartson jobbra az I 580-as útra keleti irányban Hayward és Stockton felé."),
    ])
    func hungarianRoadDirectionAndSignpostSayFeléOnce(ref: String, spoken: String) throws {
        let steps = try Self.bayBridgeSteps()
        let signpost = try #require(steps.first { $0.destinations?.hasPrefix(ref + ":") == true })
        var step = signpost
        step.name = ""
        step.ref = ref
        let m = ManeuverDescription(id: StepID(leg: 0, step: 1), step: step, lanes: nil, arrivalSide: nil, departBearing: nil)
        let p = try TestData.phrase("hu-HU", .now, m)
        #expect(p.spoken == spoken)
        #expect(p.spoken.components(separatedBy: "felé").count == 2, "one felé: \(p.spoken)")
    }

    /// The same with places only on the sign, and along the road ("úton keleti irányban").
    @Test func hungarianRoadDirectionBeforePlaces() throws {
        let fork = TestData.maneuver(.fork, .right, ref: "I 580 East", destinations: "Hayward, Stockton")
        #expect(try TestData.phrase("hu-HU", .now, fork).spoken
                == "Az elágazásnál tartson jobbra az I 580-as útra keleti irányban Hayward és Stockton felé.")
        let turn = TestData.maneuver(.turn, .left, ref: "I 80 East", destinations: "Oakland")
        #expect(try TestData.phrase("hu-HU", .now, turn).spoken == "Forduljon balra az I 80-as útra keleti irányban Oakland felé.")
        let along = TestData.maneuver(.continue, .slightRight, ref: "I 80 West", destinations: "San Francisco")
        #expect(try TestData.phrase("hu-HU", .now, along).spoken
                == "Tartson jobbra, és maradjon az I 80-as úton nyugati irányban San Francisco felé.")
    }

    /// "Allee" is said allé, "-straße" and "-gasse" have a back a before the final e: back harmony, as "alléra".
    @Test(arguments: [
        RoadGrammarCase("Große Allee", "Forduljon balra a Große Allee-ra."),
        RoadGrammarCase("Kastanienallee", "Forduljon balra a Kastanienallee-ra."),
        RoadGrammarCase("Hauptstraße", "Forduljon balra a Hauptstraßéra."),
        RoadGrammarCase("Mariahilfer Straße", "Forduljon balra a Mariahilfer Straßéra."),
        RoadGrammarCase("Herrengasse", "Forduljon balra a Herrengasséra."),
        RoadGrammarCase("Pile Allé", "Forduljon balra a Pile Alléra."),
    ])
    func hungarianBackHarmonyOfGermanNames(_ c: RoadGrammarCase) throws {
        try c.check("hu-HU", .now) { TestData.maneuver(.turn, .left, name: $0, ref: $1) }
    }

    // MARK: el-GR

    /// "προς" + accusative: only the head noun phrase of each signposted place agrees; a genitive attribute stays,
    /// and a neuter name in -ος keeps its form.
    @Test(arguments: [
        ("Κέντρο Πόλης, Άργος", "Πάρτε την έξοδο προς Κέντρο Πόλης, Άργος.", "Πάρτε την έξοδο προς Κέντρο Πόλης και Άργος."),
        ("Σταθμός Λαρίσης, Λιμάνι Ραφήνας", "Πάρτε την έξοδο προς Σταθμό Λαρίσης, Λιμάνι Ραφήνας.",
         "Πάρτε την έξοδο προς Σταθμό Λαρίσης και Λιμάνι Ραφήνας."),
        ("Άστρος, Άγιον Όρος", "Πάρτε την έξοδο προς Άστρος, Άγιον Όρος.", "Πάρτε την έξοδο προς Άστρος και Άγιον Όρος."),
        ("Άγιος Νικόλαος, Πειραιάς", "Πάρτε την έξοδο προς Άγιο Νικόλαο, Πειραιά.", "Πάρτε την έξοδο προς Άγιο Νικόλαο και Πειραιά."),
        ("Α8: Κόρινθος, Πάτρα", "Πάρτε την έξοδο προς Α8 – Κόρινθο, Πάτρα.", "Πάρτε την έξοδο προς Α 8, Κόρινθο και Πάτρα."),
        ("Κέντρο Αθήνας", "Πάρτε την έξοδο προς Κέντρο Αθήνας.", "Πάρτε την έξοδο προς Κέντρο Αθήνας."),
    ])
    func greekAccusativeOnlyOnTheHead(destinations: String, display: String, spoken: String) throws {
        let p = try TestData.phrase("el-GR", .now, TestData.maneuver(.offRamp, nil, destinations: destinations))
        #expect(p.display == display)
        #expect(p.spoken == spoken)
    }

    // MARK: fr-FR

    /// A named bridge is masculine in French (le pont): "du Bay Bridge" in a signpost list, as on the real route;
    /// a town whose name only ends in "bridge" keeps "de".
    @Test func frenchNamedBridgeTakesItsArticle() throws {
        let spoken = try NativeReviewPhrasingTests.example("motorway-bay-bridge", "fr-FR").map(\.spoken)
        #expect(spoken.contains { $0.contains("en direction de l'I 80 est, du Bay Bridge et d'Oakland") }, "\(spoken)")
        let town = TestData.maneuver(.offRamp, nil, destinations: "Oxford, Cambridge")
        #expect(try TestData.phrase("fr-FR", .now, town).spoken == "Prenez la sortie en direction d'Oxford et de Cambridge.")
    }
}
