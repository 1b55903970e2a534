import Foundation
import Testing
import RouteModel
@testable import Phrasing

/// A locale's `piperVoice`: Piper's naming, checked at load; its language checked by lint.
@Suite struct PiperVoiceNameTests {
    @Test func namesFollowPipersScheme() {
        #expect(LocaleProfile.isPiperVoiceName("en_US-joe-medium"))
        #expect(LocaleProfile.isPiperVoiceName("de_DE-thorsten-medium"))
        #expect(!LocaleProfile.isPiperVoiceName("en-us"))
        #expect(!LocaleProfile.isPiperVoiceName("../x-y-z"))
        #expect(LocaleProfile.piperVoiceLanguage("en_US-joe-medium") == "en")
    }

    @Test func enUSNamesTheJoeVoiceAndABadNameIsBadData() throws {
        let url = TestData.data.localeURL("en-US")
        let json = try VoiceGuideData.readJSON(at: url)
        #expect(try LocaleProfile.parse(json, file: "en-US.json").piperVoice == "en_US-joe-medium")
        guard case .object(var members) = json else { Issue.record("en-US.json is not an object"); return }
        members.removeAll { $0.key == "piperVoice" }
        members.append(JSONMember(key: "piperVoice", value: .string("joe")))
        #expect(throws: PhrasingError.invalidData(file: "en-US.json", key: "piperVoice", message: "must be " + LocaleProfile.piperVoiceRule)) {
            try LocaleProfile.parse(.object(members), file: "en-US.json")
        }
    }
}
