import Foundation

/// A Piper voice prepared for sherpa-onnx: the model (with the metadata added at install time), its
/// `.onnx.json` beside it, and `tokens.txt` beside it. Loading checks that the three agree; it never changes them.
public struct PiperVoice: Sendable, Hashable {
    /// The voice's name: the model file's name without `.onnx` ("en_US-joe-medium").
    public var name: String
    /// The model file.
    public var modelPath: String
    /// Its configuration (`MODEL.onnx.json`).
    public var configPath: String
    /// `tokens.txt` (symbol and id per line) written from `phoneme_id_map` at install time.
    public var tokensPath: String
    /// Output frames per second.
    public var sampleRate: Int
    /// The eSpeak NG voice whose phonemes the model was trained on ("en-us").
    public var espeakVoice: String
    /// The language code of the voice ("en_US"); its part before `_` is the language ("en").
    public var languageCode: String
    /// The id of each phoneme symbol (a Unicode scalar).
    public var phonemeIDs: [Unicode.Scalar: Int]
    /// VITS inference settings from the configuration.
    public var noiseScale: Float, lengthScale: Float, noiseW: Float

    /// The language alone, lowercased ("en").
    public var language: String {
        (languageCode.split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map(String.init) ?? languageCode).lowercased()
    }

    private struct Config: Decodable {
        struct Audio: Decodable { var sample_rate: Int }
        struct ESpeak: Decodable { var voice: String }
        struct Language: Decodable { var code: String? }
        struct Inference: Decodable { var noise_scale: Float?; var length_scale: Float?; var noise_w: Float? }
        var audio: Audio
        var espeak: ESpeak
        var language: Language?
        var num_speakers: Int?
        var phoneme_id_map: [String: [Int]]
        var inference: Inference?
    }

    /// Loads the voice whose model is `modelPath`. Missing files are `.missingFile` (66); a configuration that is
    /// not a Piper voice's, tokens that differ from its `phoneme_id_map`, or a model without sherpa-onnx's
    /// metadata (or with other values than the configuration) are `.badVoice` (65), naming the file and key.
    public static func load(modelPath: String) throws -> PiperVoice {
        let manager = FileManager.default
        guard manager.fileExists(atPath: modelPath) else { throw PiperError.missingFile(path: modelPath, what: "Piper model") }
        let configPath = modelPath + ".json"
        guard let configData = manager.contents(atPath: configPath) else {
            throw PiperError.missingFile(path: configPath, what: "the model's configuration (.onnx.json)")
        }
        let config: Config
        do { config = try JSONDecoder().decode(Config.self, from: configData) } catch let error as DecodingError {
            throw PiperError.badVoice(path: configPath, key: Self.keyPath(error), reason: Self.reason(error))
        }
        var ids: [Unicode.Scalar: Int] = [:]
        for (symbol, values) in config.phoneme_id_map {
            let scalars = Array(symbol.unicodeScalars)
            guard scalars.count == 1, let id = values.first else {
                throw PiperError.badVoice(path: configPath, key: "phoneme_id_map.\(symbol)", reason: "expected one symbol with an id list")
            }
            ids[scalars[0]] = id
        }
        let folder = (modelPath as NSString).deletingLastPathComponent
        let tokensPath = (folder.isEmpty ? "." : folder) + "/tokens.txt"
        guard let tokens = manager.contents(atPath: tokensPath) else {
            throw PiperError.missingFile(path: tokensPath, what: "tokens.txt (prepare the voice with scripts/piper-setup.sh --voice \(modelPath))")
        }
        let tokenCount = String(decoding: tokens, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).count
        guard tokenCount == ids.count else {
            throw PiperError.badVoice(path: tokensPath, key: "tokens", reason: "\(tokenCount) tokens, but \(configPath) has \(ids.count) in phoneme_id_map (prepared from another voice?)")
        }
        let metadata = try ModelMetadata.read(modelPath)
        guard metadata["sample_rate"] != nil, metadata["model_type"] != nil else {
            throw PiperError.badVoice(path: modelPath, key: "metadata", reason: "no sample_rate/model_type for sherpa-onnx; prepare it with scripts/piper-setup.sh --voice \(modelPath)")
        }
        if let rate = metadata["sample_rate"], Int(rate) != config.audio.sample_rate {
            throw PiperError.badVoice(path: configPath, key: "audio.sample_rate", reason: "\(config.audio.sample_rate), but the model \(modelPath) says \(rate) (a configuration of another voice?)")
        }
        if let speakers = metadata["n_speakers"], Int(speakers) != (config.num_speakers ?? 1) {
            throw PiperError.badVoice(path: configPath, key: "num_speakers", reason: "\(config.num_speakers ?? 1), but the model says \(speakers)")
        }
        if let voice = metadata["voice"], voice != config.espeak.voice {
            throw PiperError.badVoice(path: configPath, key: "espeak.voice", reason: "'\(config.espeak.voice)', but the model says '\(voice)'")
        }
        let name = ((modelPath as NSString).lastPathComponent as NSString).deletingPathExtension
        return PiperVoice(name: name, modelPath: modelPath, configPath: configPath, tokensPath: tokensPath,
                          sampleRate: config.audio.sample_rate, espeakVoice: config.espeak.voice,
                          languageCode: config.language?.code ?? config.espeak.voice, phonemeIDs: ids,
                          noiseScale: config.inference?.noise_scale ?? 0.667,
                          lengthScale: config.inference?.length_scale ?? 1,
                          noiseW: config.inference?.noise_w ?? 0.8)
    }

    private static func keyPath(_ error: DecodingError) -> String {
        let path: [any CodingKey]
        switch error {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): path = context.codingPath
        @unknown default: path = []
        }
        let joined = path.map(\.stringValue).joined(separator: ".")
        return joined.isEmpty ? "(document)" : joined
    }

    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound: return "missing"
        case .typeMismatch(let type, _): return "expected \(type)"
        case .valueNotFound: return "missing value"
        case .dataCorrupted: return "not valid JSON"
        @unknown default: return "unreadable"
        }
    }
}

/// The string metadata of an ONNX model (`metadata_props`), read from the file's last 256 KiB, where `onnx.save`
/// puts them after the graph. A protobuf scan of `StringStringEntryProto` (field 14: key 1, value 2).
enum ModelMetadata {
    static func read(_ path: String) throws -> [String: String] {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw PiperError.missingFile(path: path, what: "Piper model") }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        let start = size > 262_144 ? size - 262_144 : 0
        try? handle.seek(toOffset: start)
        let bytes = [UInt8]((try? handle.readToEnd()) ?? Data())
        var found: [String: String] = [:]
        var i = 0
        // Each entry: 0x72 (field 14, length-delimited) LEN, 0x0A KLEN KEY, 0x12 VLEN VALUE.
        while i + 4 < bytes.count {
            defer { i += 1 }
            guard bytes[i] == 0x72, let (length, afterLength) = varint(bytes, i + 1), length < 4096,
                  afterLength + length <= bytes.count, bytes[afterLength] == 0x0A,
                  let (keyLength, keyStart) = varint(bytes, afterLength + 1), keyStart + keyLength < afterLength + length,
                  bytes[keyStart + keyLength] == 0x12,
                  let (valueLength, valueStart) = varint(bytes, keyStart + keyLength + 1),
                  valueStart + valueLength == afterLength + length else { continue }
            let key = String(decoding: bytes[keyStart..<keyStart + keyLength], as: UTF8.self)
            found[key] = String(decoding: bytes[valueStart..<valueStart + valueLength], as: UTF8.self)
        }
        return found
    }

    private static func varint(_ bytes: [UInt8], _ start: Int) -> (Int, Int)? {
        var value = 0, shift = 0, i = start
        while i < bytes.count, shift < 28 {
            value |= Int(bytes[i] & 0x7F) << shift
            i += 1
            if bytes[i - 1] & 0x80 == 0 { return (value, i) }
            shift += 7
        }
        return nil
    }
}
