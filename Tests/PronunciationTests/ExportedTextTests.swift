import Foundation
import VoiceGuideTestSupport
import Testing
import JapaneseReading
import Guidance
import Phrasing
import RouteModel
@testable import Pronunciation
import Speech
import VoiceGuideCLI

/// No exported field (transcript text/spoken/ssml, Mapbox announcement/ssmlAnnouncement) of any example or fixture
/// route, in any locale, holds what a voice layer gives its voice: the respellings live in `Voices/` alone.
@Suite struct ExportedTextTests {
    static let data = VoiceGuideData(directory: Repository.root, nameReaders: NameReaders.provider)
    static let locales = data.availableLocales()

    /// Example routes and every fixture route that `transcript` accepts (the fixtures of bad input are skipped by
    /// their exit code; at least 40 routes must remain).
    static let routes: [String] = {
        var paths = ((try? FileManager.default.contentsOfDirectory(atPath: Repository.root.appendingPathComponent("Examples/Routes").path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted().map { Repository.root.appendingPathComponent("Examples/Routes/\($0)").path }
        let fixtures = Repository.root.appendingPathComponent("Tests/Fixtures")
        let walker = FileManager.default.enumerator(atPath: fixtures.path)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            guard path.hasSuffix(".json"), !path.hasPrefix("voice-layer"), !path.hasPrefix("regressions/data") else { continue }
            found.append(fixtures.appendingPathComponent(path).path)
        }
        paths += found.sorted()
        return paths
    }()

    /// What a layer gives its voice, as entries to look for: its `said` text in the entry's own context.
    /// Left out: `said` that is also a word of the language (nb "å", the infinitive marker; uk "і" and "із", the
    /// forms of "й" and "з" that written Ukrainian uses after and between consonants) and deletions.
    static func respellings(of lexicon: VoiceLexicon) -> VoiceLexicon {
        let words: Set<String> = ["nb\u{0}å", "uk\u{0}і", "uk\u{0}із"]
        let entries = lexicon.entries.filter { !$0.said.isEmpty && !words.contains(lexicon.voice + "\u{0}" + $0.said) }
            .map { VoiceLexicon.Entry(written: $0.said, said: $0.written, match: $0.match) }
        return VoiceLexicon(backend: lexicon.backend, voice: lexicon.voice, entries: entries)
    }

    /// Every route, imported once (the fixtures of bad input do not import and are left out).
    static let imported: [(path: String, index: RouteIndex)] = routes.compactMap { path in
        guard let data = FileManager.default.contents(atPath: path),
              let document = try? RouteImporter().read(data, fileName: path) else { return nil }
        return (path, RouteIndex(route: document.route))
    }

    /// The transcript fields (text, spoken, ssml) of a route in a locale, as `transcript` plans and phrases it.
    static func phrased(_ index: RouteIndex, builder: PhraseBuilder) -> [(String, String)] {
        let run = OfflineGuidance.run(index, estimator: PhraseDurationEstimator(builder: builder))
        return run.announcements.map(builder.phrase).flatMap { [("text", $0.display), ("spoken", $0.spoken), ("ssml", $0.ssml)] }
    }

    /// The Mapbox fields (`announcement`, `ssmlAnnouncement`) of `transcript --format mapbox`.
    static func mapbox(route: String, locale: String) -> [(String, String)] {
        let box = OutputBox()
        let io = CommandIO(out: { box.append($0) }, err: { _ in }, stdin: { Data() }, environment: [:])
        guard VoiceGuideTool.main(["transcript", route, "--locale", locale, "--format", "mapbox"], io: io) == 0 else { return [] }
        var fields: [(String, String)] = []
        collect(try? JSONSerialization.jsonObject(with: Data(box.take().utf8)), into: &fields)
        return fields
    }

    private static func collect(_ value: Any?, into fields: inout [(String, String)]) {
        if let object = value as? [String: Any] {
            for (key, v) in object {
                if key == "announcement" || key == "ssmlAnnouncement", let s = v as? String { fields.append((key, s)) } else { collect(v, into: &fields) }
            }
        } else if let array = value as? [Any] {
            for v in array { collect(v, into: &fields) }
        }
    }

    @Test(arguments: locales)
    func noExportedFieldHoldsARespelling(_ locale: String) throws {
        let loaded = try Self.data.loadLocale(tag: locale)
        let voice = loaded.profile.voice
        let layer = Self.respellings(of: try Self.data.voiceLexicon(backend: "espeak", voice: voice))
        let builder = loaded.builder()
        #expect(Self.imported.count >= 40, "only \(Self.imported.count) routes import")
        var hanSpoken = 0, spokenCount = 0, mapboxCount = 0
        for route in Self.imported {
            var fields = Self.phrased(route.index, builder: builder)
            if route.path.contains("/Examples/Routes/") {
                let mapbox = Self.mapbox(route: route.path, locale: locale)
                mapboxCount += mapbox.count
                fields += mapbox
            }
            for (field, text) in fields {
                if let entry = layer.firstEntry(in: SSMLTextForTests.plain(text)) {
                    Issue.record("\(locale) \(URL(fileURLWithPath: route.path).lastPathComponent) \(field): '\(entry.written)' (a respelling of Voices/espeak/\(voice).json) in: \(text)")
                }
                if field == "spoken" {
                    spokenCount += 1
                    if text.unicodeScalars.contains(where: { $0.properties.isIdeographic }) { hanSpoken += 1 }
                }
            }
        }
        #expect(mapboxCount > 0, "\(locale): no Mapbox announcement was checked")
        if locale == "ja-JP" {
            // Normal written Japanese: the spoken text has kanji ("西方向に進んでください。"), never all kana.
            #expect(hanSpoken * 10 >= spokenCount * 9, "ja-JP: \(hanSpoken) of \(spokenCount) spoken texts have kanji")
        }
    }
}

/// SSML reduced to the text an engine reads (markup out, entities decoded), for looking for words in it.
enum SSMLTextForTests {
    static func plain(_ text: String) -> String {
        guard text.contains("<") else { return text }
        var out = ""
        _ = SSMLText.map(text) { out += $0 + " "; return $0 }
        return out
    }
}

/// Captured standard output of an in-process run.
final class OutputBox: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func append(_ s: String) { lock.withLock { text += s } }
    func take() -> String { lock.withLock { defer { text = "" }; return text } }
}
