import Foundation
import Phrasing

extension VoiceGuideData {
    /// The file of a voice's pronunciation layer: `Voices/<backend>/<voice>.json` (voice lower-cased).
    public func voiceLexiconURL(backend: String, voice: String) -> URL {
        directory.appendingPathComponent("Voices/\(backend)/\(voice.lowercased()).json")
    }

    /// Every layer file as (backend, voice), sorted.
    public func availableVoiceLexicons() -> [(backend: String, voice: String)] {
        let root = directory.appendingPathComponent("Voices")
        let fm = FileManager.default
        var out: [(String, String)] = []
        for backend in ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).sorted() where !backend.hasPrefix(".") {
            let files = (try? fm.contentsOfDirectory(atPath: root.appendingPathComponent(backend).path)) ?? []
            for file in files.sorted() where file.hasSuffix(".json") { out.append((backend, String(file.dropLast(5)))) }
        }
        return out
    }

    /// The layer of `voice` on `backend`, or an empty layer when the voice needs none. A layer whose file
    /// names another backend or voice than its path is bad data.
    public func voiceLexicon(backend: String, voice: String) throws(PhrasingError) -> VoiceLexicon {
        let url = voiceLexiconURL(backend: backend, voice: voice)
        guard FileManager.default.fileExists(atPath: url.path) else { return VoiceLexicon(backend: backend, voice: voice) }
        let lexicon = try VoiceLexicon.parse(try Self.readJSON(at: url), file: url.path)
        guard lexicon.backend == backend else {
            throw .invalidData(file: url.path, key: "backend", message: "is '\(lexicon.backend)' but the file is under Voices/\(backend)/")
        }
        guard lexicon.voice.lowercased() == voice.lowercased() else {
            throw .invalidData(file: url.path, key: "voice", message: "is '\(lexicon.voice)' but the file is named \(voice.lowercased()).json")
        }
        return lexicon
    }

    /// The whole layer of `voice` on `backend`: its lexicon and the reader it names (from `nameReaders`).
    /// This is the one call a synthesizer factory makes: `PronouncingSynthesizer(base, pronunciation: …)`.
    public func voicePronunciation(backend: String, voice: String) throws(PhrasingError) -> VoicePronunciation {
        let lexicon = try voiceLexicon(backend: backend, voice: voice)
        let reader = lexicon.reader.flatMap { nameReaders?($0) }
        return VoicePronunciation(lexicon: lexicon, reader: reader)
    }
}
