import Foundation
import Testing
import Phrasing
@testable import VoiceGuideCLI

/// Which locale a command speaks: `--locale` in any common form, else the POSIX environment, else en-US.
@Suite struct LocaleChoiceTests {
    private static let available = ["de-DE", "en-GB", "en-US", "fr-CA", "fr-FR", "pt-BR", "pt-PT"]

    @Test(arguments: [("de", "de-DE"), ("de_DE", "de-DE"), ("de-de", "de-DE"), ("de_DE.UTF-8", "de-DE"),
                      ("fr", "fr-CA"), ("pt_PT", "pt-PT"), ("en-GB", "en-GB")])
    func requestedFormsResolve(requested: String, tag: String) {
        #expect(VoiceGuideData.resolveLocaleTag(requested, in: Self.available) == tag)
    }

    @Test func unknownFormsDoNotResolve() {
        for requested in ["xx", "de-AT", "", "C", "e"] {
            #expect(VoiceGuideData.resolveLocaleTag(requested, in: Self.available) == nil, "\(requested)")
        }
    }

    @Test func environmentFollowsPOSIXPrecedence() {
        func tag(_ environment: [String: String]) -> String? { VoiceGuideData.environmentLocaleTag(environment, in: Self.available) }
        #expect(tag(["LANG": "de_DE.UTF-8"]) == "de-DE")
        #expect(tag(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == "fr-FR")
        #expect(tag(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LC_ALL": "pt_BR.UTF-8"]) == "pt-BR")
        #expect(tag(["LANG": "de_DE.UTF-8", "LC_ALL": ""]) == "de-DE")  // empty is unset
        #expect(tag(["LANG": "de_AT.UTF-8"]) == "de-DE")  // a region we lack: the language's locale
        #expect(tag(["LANG": "C.UTF-8"]) == nil)
        #expect(tag(["LANG": "POSIX"]) == nil)
        #expect(tag(["LANG": "xx_YY.UTF-8"]) == nil)
        #expect(tag([:]) == nil)
    }

    /// The first announcement of city-dc's transcript with `arguments` and `environment`.
    private func firstLine(_ arguments: [String], environment: [String: String] = [:]) -> (Int32, String) {
        let run = ToolRun(["transcript", CLIFixtures.example("city-dc.json")] + arguments,
                          environment: environment.merging(["VOICEGUIDE_DATA": CLIFixtures.repository.path]) { a, _ in a })
        return (run.code, run.out.split(separator: "\n").first.map(String.init) ?? run.err)
    }

    @Test func theCommandLineTakesLanguageAndPOSIXForms() {
        for form in ["de", "de_DE", "de-de"] {
            let (code, header) = firstLine(["--locale", form])
            #expect(code == 0)
            #expect(header.contains("de-DE"), "\(form): \(header)")
        }
    }

    @Test func theEnvironmentChoosesWhenNoLocaleIsGiven() {
        #expect(firstLine([], environment: ["LANG": "fr_FR.UTF-8"]).1.contains("fr-FR"))
        #expect(firstLine([], environment: ["LANG": "C.UTF-8"]).1.contains("en-US"))
        #expect(firstLine([], environment: ["LANG": "xx_YY.UTF-8"]).1.contains("en-US"))
        // --locale wins over the environment.
        #expect(firstLine(["--locale", "ja-JP"], environment: ["LC_ALL": "fr_FR.UTF-8"]).1.contains("ja-JP"))
    }
}
