import CSherpaOnnx
import Foundation
import Speech

/// The sherpa-onnx C API, opened at run time with `dlopen` so that building VoiceGuide never depends on the
/// Python venv that ships it. Found at `$VOICEGUIDE_SHERPA_LIB` (the .so or its folder), else in a checkout's
/// `.build/venv` (above the executable or the working directory), else on the system's library path.
struct SherpaLibrary: @unchecked Sendable {  // @unchecked: immutable C function pointers of a library that stays loaded
    /// The file that was opened.
    let path: String
    let create: vg_tts_create_fn
    let destroy: vg_tts_destroy_fn
    let sampleRate: vg_tts_sample_rate_fn
    let generate: vg_tts_generate_fn
    let freeAudio: vg_tts_free_audio_fn

    static let fileName = "libsherpa-onnx-c-api.so"
    private static let loaded = Locked<Result<SherpaLibrary, PiperError>?>(nil)

    /// The library, opened once per process.
    static func shared(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SherpaLibrary {
        try loaded.withLock { cached in
            if let cached, case .success(let library) = cached { return library }
            let result = Result { try open(candidates(environment: environment)) }.mapError {
                $0 as? PiperError ?? .libraryUnavailable(String(describing: $0))
            }
            cached = result
            return try result.get()
        }
    }

    /// Where to look, in order.
    static func candidates(environment: [String: String]) -> [String] {
        if let explicit = environment["VOICEGUIDE_SHERPA_LIB"], !explicit.isEmpty {
            var isDirectory: ObjCBool = false
            let isFolder = FileManager.default.fileExists(atPath: explicit, isDirectory: &isDirectory) && isDirectory.boolValue
            return [isFolder ? explicit + "/" + fileName : explicit]
        }
        var found: [String] = []
        var starts = [FileManager.default.currentDirectoryPath]
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path {
            starts.insert(executable, at: 0)
        }
        for start in starts {
            var folder = URL(fileURLWithPath: start)
            for _ in 0..<8 {
                let site = folder.appendingPathComponent(".build/venv/lib")
                if let pythons = try? FileManager.default.contentsOfDirectory(atPath: site.path) {
                    for python in pythons.sorted() where python.hasPrefix("python3") {
                        let candidate = site.path + "/" + python + "/site-packages/sherpa_onnx/lib/" + fileName
                        if FileManager.default.fileExists(atPath: candidate), !found.contains(candidate) { found.append(candidate) }
                    }
                }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        return found + [fileName]
    }

    static func open(_ candidates: [String]) throws -> SherpaLibrary {
        var reasons: [String] = []
        for candidate in candidates {
            guard let handle = dlopen(candidate, RTLD_NOW | RTLD_LOCAL) else {
                reasons.append(dlerror().map { String(cString: $0) } ?? candidate)
                continue
            }
            func symbol<T>(_ name: String, _ type: T.Type) throws -> T {
                guard let pointer = dlsym(handle, name) else {
                    throw PiperError.libraryUnavailable("\(candidate) has no \(name) (sherpa-onnx-core 2.x is needed)")
                }
                return unsafeBitCast(pointer, to: type)
            }
            return SherpaLibrary(
                path: candidate,
                create: try symbol("SherpaOnnxCreateOfflineTts", vg_tts_create_fn.self),
                destroy: try symbol("SherpaOnnxDestroyOfflineTts", vg_tts_destroy_fn.self),
                sampleRate: try symbol("SherpaOnnxOfflineTtsSampleRate", vg_tts_sample_rate_fn.self),
                generate: try symbol("SherpaOnnxOfflineTtsGenerateWithConfig", vg_tts_generate_fn.self),
                freeAudio: try symbol("SherpaOnnxDestroyOfflineTtsGeneratedAudio", vg_tts_free_audio_fn.self))
        }
        throw PiperError.libraryUnavailable("\(fileName) not found (\(reasons.joined(separator: "; "))); "
            + "run scripts/piper-setup.sh, or set VOICEGUIDE_SHERPA_LIB to the library")
    }
}
