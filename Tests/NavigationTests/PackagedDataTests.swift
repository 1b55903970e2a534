import Foundation
import Testing
import Phrasing
import VoiceGuideResources

/// The data ships with the library as SwiftPM resources and is found without configuration.
@Suite struct PackagedDataTests {
    @Test func theResourceBundleIsFoundBesideTheTestRunnerAndHoldsTheData() throws {
        let directory = try PackagedData.directory()
        #expect(directory.lastPathComponent.hasSuffix("_VoiceGuideResources.resources"), "found \(directory.path)")
        for folder in ["Locales", "Phrasebooks", "Routes"] {
            let bundled = directory.appendingPathComponent(folder)
            let source = NavigationFixtures.repository.appendingPathComponent(folder == "Routes" ? "Examples/Routes" : folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: source.path).filter { $0.hasSuffix(".json") }
            #expect(names.count >= 5)
            for name in names {
                // The bundle is a copy made by the build: byte for byte what the checkout has.
                let copy = try Data(contentsOf: bundled.appendingPathComponent(name))
                #expect(copy == (try Data(contentsOf: source.appendingPathComponent(name))), "\(folder)/\(name)")
            }
        }
    }

    @Test func everyLocaleLoadsFromThePackagedData() throws {
        let data = try VoiceGuideData.packaged()
        #expect(data.availableLocales().count >= 12)
        for tag in data.availableLocales() {
            let locale = try data.loadLocale(tag: tag)
            #expect(locale.profile.tag == tag)
        }
        #expect(FileManager.default.fileExists(atPath: try PackagedData.exampleRoute("city-dc.json").path))
        #expect(throws: PhrasingError.self) { try PackagedData.exampleRoute("no-such-route.json") }
    }
}
