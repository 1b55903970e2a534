import Foundation
import Testing
import RouteModel
import Routing
import Phrasing
import VoiceService

/// Every "no locale given" default is the one `DefaultLocale.tag`: the library's, `--batch`'s, `serve`'s and the
/// language a router is asked for, so they cannot drift apart.
@Suite struct DefaultLocaleTests {
    @Test func everyDefaultIsTheOneTag() {
        let renderer = VoiceRenderer(data: VoiceGuideData(directory: ServeFixtures.repository))
        #expect(VoiceGuideData.defaultLocaleTag == DefaultLocale.tag)
        #expect(BatchTranscriber(renderer: renderer).locale == DefaultLocale.tag)
        #expect(VoiceHTTPService(renderer: renderer, metrics: ServiceMetrics()).defaultLocale == DefaultLocale.tag)
        #expect(RouteRequest(origin: Coordinate(latitude: 0, longitude: 0), destinations: []).language == DefaultLocale.tag)
        #expect(renderer.availableLocales.contains(DefaultLocale.tag))
    }
}
