import Foundation
import RouteModel
import Guidance
import Phrasing
import SafeIO

/// What a voice request asks for: the transcript JSON or the input response with our voice instructions.
public enum VoiceFormat: String, Sendable, CaseIterable {
    /// The input response with `voiceInstructions` (and `ssmlAnnouncement`) on every step.
    case mapbox
    /// The transcript JSON (docs/transcript.schema.json).
    case json
}

/// Why one voice request (an HTTP request or a batch line) could not be answered: one line, with the HTTP status
/// and the process exit code it maps to.
public struct VoiceRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status (400, 404, 405, 413, 422, 502, 503, 504…).
    public var status: Int
    /// The exit-code class: 64 usage (bad parameter), 65 bad data, 69 unavailable.
    public var code: Int
    /// One line naming the parameter, the JSON path or the key.
    public var message: String

    /// Creates an error.
    public init(status: Int, code: Int, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// A bad parameter (400, exit 64).
    public static func badParameter(_ message: String) -> VoiceRequestError { .init(status: 400, code: 64, message: message) }

    /// The message.
    public var description: String { message }
}

/// Turns route responses into voice guidance, caching each loaded locale (loading one reads and checks its
/// phrasebooks, which costs far more than planning a city route). Safe to share between threads.
public final class VoiceRenderer: @unchecked Sendable {  // @unchecked: the caches are read and written under `lock`; the rest is immutable
    /// Where locales and phrasebooks come from.
    public let data: VoiceGuideData
    /// The largest route response accepted, in bytes.
    public let maxBytes: Int
    /// The locale tags available in `data`.
    public let availableLocales: [String]
    /// Where speaking times come from (see `Durations`); nil: the locale's words-per-second model.
    public let durations: Durations?
    private let lock = NSLock()
    private var cache: [String: LoadedLocale] = [:]
    /// Builders by locale tag and units: each keeps its render cache (names, distances, speaking times) across
    /// requests.
    private var builders: [String: PhraseBuilder] = [:]
    /// The word before an exit number on banners, by locale tag (`words.exit` of the locale's phrasebook).
    private var exitWords: [String: String] = [:]

    /// Speaking times for one request: the estimator the planner uses for a request in `locale` phrased by
    /// `builder`, by the `voice` the request names (nil: the server's; a name not on its allow-list is a 400)
    /// (called once per request, on a render worker, so it may synthesize: `serve --durations speech` passes a
    /// `SynthesizedDurationEstimator` over the server's voice); nil: the words-per-second model.
    public typealias Durations = @Sendable (_ locale: LoadedLocale, _ builder: PhraseBuilder, _ voice: String?) throws(VoiceRequestError) -> (any DurationEstimator)?

    /// Creates a renderer over `data` accepting responses of at most `maxBytes`, timing speech by `durations`.
    public init(data: VoiceGuideData, maxBytes: Int = 32 << 20, durations: Durations? = nil) {
        self.data = data
        self.maxBytes = maxBytes
        self.durations = durations
        availableLocales = data.availableLocales()
    }

    /// The tag for `requested`: an exact tag, a case-insensitive one (`de-de`), an underscore form (`de_DE`), or a
    /// bare language (`de` → the first `de-…` locale, as OSRM clients send `language=de`).
    public func resolveTag(_ requested: String) throws(VoiceRequestError) -> String {
        if let tag = VoiceGuideData.resolveLocaleTag(requested, in: availableLocales) { return tag }
        let suggestion = VoiceGuideData.closest(requested, in: availableLocales).map { " (did you mean '\($0)'?)" } ?? ""
        throw .badParameter("locale: unknown locale '\(ControlCharacters.escapedForMessage(requested))'\(suggestion); "
                            + "available: \(availableLocales.joined(separator: ", "))")
    }

    /// The loaded locale for `tag` (resolved as `resolveTag` does), loaded once.
    public func locale(_ tag: String) throws(VoiceRequestError) -> LoadedLocale {
        let resolved = try resolveTag(tag)
        if let cached = lock.withLock({ cache[resolved] }) { return cached }
        do {
            let loaded = try data.loadLocale(tag: resolved)
            lock.withLock { cache[resolved] = loaded }
            return loaded
        } catch {
            throw VoiceRequestError(status: 503, code: 69, message: "locale \(resolved) cannot be loaded: \(error)")
        }
    }

    /// The builder of `loaded` in `units`, made once: its render cache is shared by every request that uses it.
    public func builder(_ loaded: LoadedLocale, units: UnitsSystem?) -> PhraseBuilder {
        let key = loaded.profile.tag + "|" + (units?.rawValue ?? "")
        if let cached = lock.withLock({ builders[key] }) { return cached }
        let made = loaded.builder(units: units)
        lock.withLock { builders[key] = made }
        return made
    }

    /// The word a banner shows before an exit number in `loaded`'s language ("Ausfahrt"): `words.exit` of its
    /// phrasebook chain (a regional book inherits its base's), read once; "Exit" when the book has none.
    public func exitWord(_ loaded: LoadedLocale) -> String {
        let tag = loaded.profile.tag
        if let cached = lock.withLock({ exitWords[tag] }) { return cached }
        let word = (try? data.ownChain(loaded.profile.phrasebook).json)?["words"]?["exit"]?.stringValue ?? "Exit"
        lock.withLock { exitWords[tag] = word }
        return word
    }

    /// The units system for a parameter value (nil: the locale's own).
    public static func units(_ value: String?) throws(VoiceRequestError) -> UnitsSystem? {
        guard let value, !value.isEmpty else { return nil }
        guard let units = UnitsSystem(rawValue: value.lowercased()) else {
            throw .badParameter("units: '\(ControlCharacters.escapedForMessage(value))' is not one of metric, imperial, uk")
        }
        return units
    }

    /// The output format for a parameter value (nil: `fallback`).
    public static func format(_ value: String?, fallback: VoiceFormat) throws(VoiceRequestError) -> VoiceFormat {
        guard let value, !value.isEmpty else { return fallback }
        guard let format = VoiceFormat(rawValue: value.lowercased()) else {
            throw .badParameter("format: '\(ControlCharacters.escapedForMessage(value))' is not one of mapbox, json")
        }
        return format
    }

    /// Imports a route response body; `name` names it in errors (`body`, `<stdin> line 3`).
    public func importRoute(_ body: Data, name: String, routeIndex: Int = 0) throws(VoiceRequestError) -> RouteDocument {
        var options = RouteImporter.Options(routeIndex: routeIndex, maxBytes: maxBytes)
        options.retainsJSON = true
        do {
            return try RouteImporter(options: options).read(body, fileName: name)
        } catch {
            throw Self.importError(error)
        }
    }

    /// Imports an already parsed route response.
    public func importRoute(_ json: JSONValue, name: String, routeIndex: Int = 0) throws(VoiceRequestError) -> RouteDocument {
        do {
            return try RouteImporter(options: .init(routeIndex: routeIndex, maxBytes: maxBytes)).read(json, fileName: name)
        } catch {
            throw Self.importError(error)
        }
    }

    /// The locale to speak `document` in: `requested` when a request names one; otherwise the route's own
    /// `voiceLocale` when we have that locale, so that the text and the label a client picks its voice by agree;
    /// otherwise `fallback`, with a warning saying so.
    public func chooseLocale(requested: String?, document: RouteDocument, fallback: String) throws(VoiceRequestError) -> (tag: String, warning: String?) {
        if let requested, !requested.isEmpty { return (try resolveTag(requested), nil) }
        guard let own = VoiceTranscript.routerVoiceLocale(of: document) else {
            return (try resolveTag(fallback), "no locale asked for and the route has no voiceLocale: spoke \(try resolveTag(fallback))")
        }
        if let tag = VoiceGuideData.resolveLocaleTag(own, in: availableLocales) { return (tag, nil) }
        let tag = try resolveTag(fallback)
        return (tag, "the route's voiceLocale '\(ControlCharacters.escapedForMessage(own))' is not available: spoke \(tag)")
    }

    /// Plans and renders `document` in `localeTag` and `units` (`keepBanners`: leave the router's banners; `voice`:
    /// the voice a request names for its speaking times, see `Durations`).
    public func render(_ document: RouteDocument, locale localeTag: String, units: UnitsSystem?,
                       format: VoiceFormat, keepBanners: Bool = false, voice: String? = nil) throws(VoiceRequestError) -> JSONValue {
        let transcript = try plan(document, locale: localeTag, units: units, format: format, keepBanners: keepBanners, voice: voice)
        return format == .mapbox ? transcript.mapbox() : transcript.json()
    }

    /// The transcript of `document` in `localeTag` and `units`: the Mapbox form is planned at free-flow speeds.
    public func plan(_ document: RouteDocument, locale localeTag: String, units: UnitsSystem?, format: VoiceFormat,
                     keepBanners: Bool = false, voice asked: String? = nil) throws(VoiceRequestError) -> VoiceTranscript {
        let voice = asked?.isEmpty == true ? nil : asked
        if let voice, durations == nil {
            throw .badParameter("voice: '\(ControlCharacters.escapedForMessage(voice))': this server times speech by words per second (start it with --durations speech --voice …)")
        }
        let loaded = try locale(localeTag)
        let phrasing = builder(loaded, units: units)
        var transcript = VoiceTranscript(planning: document, localeTag: loaded.profile.tag, builder: phrasing,
                                         estimator: try durations?(loaded, phrasing, voice), freeFlow: format == .mapbox)
        transcript.keepsBanners = keepBanners
        transcript.exitWord = exitWord(loaded)
        return transcript
    }

    /// `render` written as JSON text: the Mapbox form is spliced into `original`, the bytes `document` was parsed
    /// from (see `VoiceTranscript.mapboxBytes`), so the router's own bytes are kept and not printed again.
    public func renderBytes(_ document: RouteDocument, original: [UInt8], locale localeTag: String, units: UnitsSystem?,
                            format: VoiceFormat, keepBanners: Bool = false, voice: String? = nil) throws(VoiceRequestError) -> [UInt8] {
        let transcript = try plan(document, locale: localeTag, units: units, format: format, keepBanners: keepBanners, voice: voice)
        guard format == .mapbox else { return transcript.json().serializedBytes() }
        return transcript.mapboxBytes(original: original) ?? transcript.mapbox().serializedBytes()
    }

    /// An import error as a request error: not JSON → 400, too big → 413, not a usable route → 422 (all exit 65).
    static func importError(_ error: RouteImportError) -> VoiceRequestError {
        switch error.kind {
        case .notJSON, .binary, .tooDeep: return VoiceRequestError(status: 400, code: 65, message: error.description)
        case .tooBig, .streamTooBig: return VoiceRequestError(status: 413, code: 65, message: error.description)
        default: return VoiceRequestError(status: 422, code: 65, message: error.description)
        }
    }
}

extension ControlCharacters {
    /// `text` with control characters escaped and cut to 200 characters, for quoting client input in a message.
    static func escapedForMessage(_ text: String) -> String {
        let cut = text.count > 200 ? String(text.prefix(200)) + "…" : text
        return escaped(cut)
    }
}
