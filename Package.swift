// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The data (`Locales/`, `Phrasebooks/`, `Examples/Routes/`) ships as resources of `VoiceGuideResources`. SwiftPM
/// wants resources inside the target's folder and copies symlinks as they are (broken in the bundle), so that
/// target's folder is the package root, with everything that is not its source or its data excluded (listed
/// here, so a new folder is excluded without editing this file; SwiftPM caches the evaluated manifest by its
/// text, so an incremental build may warn about a new folder's files until Package.swift next changes).
let root = Context.packageDirectory
func entries(_ folder: String) -> [String] {
    let path = folder.isEmpty ? root : root + "/" + folder
    return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
}
let notData = entries("").filter { !["Locales", "Phrasebooks", "Voices", "Examples", "Sources"].contains($0) }
    + entries("Sources").filter { $0 != "VoiceGuideResources" }.map { "Sources/" + $0 }
    + entries("Examples").filter { $0 != "Routes" }.map { "Examples/" + $0 }
    + entries("Examples/Routes").filter { !$0.hasSuffix(".json") }.map { "Examples/Routes/" + $0 }

/// VoiceGuide: turn-by-turn voice guidance for Linux.
/// Module layout: docs/ARCHITECTURE.md. Only the C targets (CEspeakNG, CALSA, CMeCab, CZlib, CCurl, CEpoll; CMicroHTTPD for the bench) and their wrappers touch C.
/// `VoiceService` (transcript rendering, batch, the HTTP server of `serve`) is in the `VoiceGuide` product for embedders.
let package = Package(
    name: "VoiceGuide",
    products: [
        .library(name: "VoiceGuide", targets: ["SafeIO", "RouteModel", "Guidance", "Phrasing", "Speech", "Pronunciation", "Location", "Routing", "Navigation", "VoiceService", "RouteMap", "VoiceGuideResources", "Network"]),
        .library(name: "VoiceGuideAudio", targets: ["SpeechESpeakNG", "AudioALSA", "SpeechPiper", "SpeechBackends"]),
        .library(name: "VoiceGuideReading", targets: ["JapaneseReading"]),
        .executable(name: "voiceguide", targets: ["voiceguide"]),
        .executable(name: "voiceguide-bench", targets: ["VoiceGuideBench"]),
    ],
    targets: [
        .target(name: "SafeIO"),
        .target(name: "RouteModel", dependencies: ["SafeIO"]),
        .target(name: "Guidance", dependencies: ["SafeIO", "RouteModel"]),
        .target(name: "Phrasing", dependencies: ["SafeIO", "RouteModel", "Guidance"]),
        .target(name: "Speech", dependencies: ["SafeIO"]),
        .target(
            name: "VoiceGuideResources", dependencies: ["Phrasing"], path: ".", exclude: notData,
            sources: ["Sources/VoiceGuideResources"],
            resources: [.copy("Locales"), .copy("Phrasebooks"), .copy("Voices"), .copy("Examples/Routes")],
            publicHeadersPath: "Sources/VoiceGuideResources"),
        .target(name: "Pronunciation", dependencies: ["RouteModel", "Phrasing", "Speech"]),
        .systemLibrary(name: "CEpoll"),
        .target(name: "Network", dependencies: ["SafeIO", "CEpoll"]),
        .target(name: "Location", dependencies: ["SafeIO", "RouteModel", "Network"]),
        .target(name: "Routing", dependencies: ["SafeIO", "RouteModel", "Network", "CCurl"]),
        .target(name: "Navigation", dependencies: ["SafeIO", "RouteModel", "Guidance", "Phrasing", "Speech", "Location", "Routing"]),
        .target(name: "VoiceService", dependencies: ["SafeIO", "RouteModel", "Guidance", "Phrasing", "Routing", "Network", "CZlib"]),
        .target(name: "RouteMap", dependencies: ["SafeIO", "RouteModel", "Guidance", "Phrasing"]),
        .systemLibrary(
            name: "CEspeakNG", pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev", "espeak-ng-data"])]),
        .systemLibrary(
            name: "CALSA", pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        // Debian's libmicrohttpd, linked by voiceguide-bench only: the server `serve`'s event loop is measured against.
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(
            name: "CMeCab",
            providers: [.apt(["libmecab-dev", "mecab-ipadic-utf8"])]),
        .target(name: "SpeechESpeakNG", dependencies: ["SafeIO", "Speech", "CEspeakNG"]),
        // The neural voice: sherpa-onnx's C API declared by us (header only) and opened at run time (dlopen).
        .systemLibrary(name: "CSherpaOnnx"),
        .target(name: "SpeechPiper", dependencies: ["SafeIO", "Speech", "SpeechESpeakNG", "CSherpaOnnx"]),
        .target(name: "SpeechBackends", dependencies: ["Speech", "SpeechESpeakNG", "SpeechPiper"]),
        .testTarget(name: "SpeechPiperTests", dependencies: ["SpeechPiper", "SpeechBackends", "SpeechESpeakNG", "Speech", "AudioALSA", "VoiceGuideTestSupport"]),
        .target(name: "JapaneseReading", dependencies: ["Phrasing", "CMeCab"]),
        .target(name: "AudioALSA", dependencies: ["Speech", "CALSA"]),
        .target(
            name: "VoiceGuideCLI",
            dependencies: ["SafeIO", "RouteModel", "Guidance", "Phrasing", "Speech", "Pronunciation", "Navigation", "SpeechESpeakNG", "AudioALSA", "JapaneseReading", "SpeechBackends",
                           "Routing", "VoiceService", "RouteMap"]),
        .executableTarget(name: "voiceguide", dependencies: ["VoiceGuideCLI"]),
        .executableTarget(
            name: "VoiceGuideExample",
            dependencies: ["RouteModel", "Guidance", "Phrasing", "Speech", "Pronunciation", "Navigation", "VoiceGuideResources", "SpeechESpeakNG"],
            path: "Examples/LibraryUsage"),
        .executableTarget(
            name: "VoiceGuideBench",
            dependencies: ["SafeIO", "RouteModel", "Guidance", "Phrasing", "Speech", "SpeechESpeakNG", "AudioALSA", "VoiceGuideCLI", "SpeechPiper", "SpeechBackends",
                           "JapaneseReading", "Location", "Routing", "Navigation", "VoiceService", "Network", "VoiceGuideTestSupport", "CMicroHTTPD"]),
        .target(name: "VoiceGuideTestSupport", dependencies: ["SafeIO", "RouteModel", "Guidance", "Location"], path: "Tests/TestSupport"),
        .testTarget(name: "RouteModelTests", dependencies: ["RouteModel", "SafeIO", "VoiceGuideTestSupport"]),
        .testTarget(name: "GuidanceTests", dependencies: ["Guidance", "RouteModel", "VoiceGuideTestSupport"]),
        .testTarget(name: "PhrasingTests", dependencies: ["Phrasing", "VoiceGuideCLI", "Guidance", "RouteModel", "JapaneseReading", "Pronunciation", "VoiceGuideTestSupport"]),
        .testTarget(name: "JapaneseReadingTests", dependencies: ["JapaneseReading", "Phrasing", "Pronunciation", "Guidance", "RouteModel", "VoiceGuideTestSupport"]),
        .testTarget(name: "SpeechTests", dependencies: ["Speech", "VoiceGuideTestSupport"]),
        .testTarget(name: "PronunciationTests", dependencies: ["Pronunciation", "Phrasing", "Speech", "SpeechESpeakNG", "JapaneseReading", "VoiceGuideCLI", "VoiceService", "RouteModel", "Guidance", "VoiceGuideTestSupport"]),
        .testTarget(name: "SpeechESpeakNGTests", dependencies: ["SpeechESpeakNG", "Speech", "RouteModel", "VoiceGuideTestSupport"]),
        .testTarget(name: "AudioALSATests", dependencies: ["AudioALSA", "Speech", "SpeechESpeakNG", "VoiceGuideTestSupport"]),
        .testTarget(name: "LocationTests", dependencies: ["Location", "Guidance", "RouteModel", "Network", "VoiceGuideTestSupport"]),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "Location", "Speech", "Phrasing", "Guidance", "RouteModel", "SpeechESpeakNG", "SpeechBackends", "Pronunciation", "VoiceGuideResources", "VoiceGuideTestSupport"]),
        .testTarget(name: "VoiceGuideCLITests", dependencies: ["VoiceGuideCLI", "SafeIO", "Routing", "RouteModel", "RouteMap", "VoiceGuideTestSupport"]),
        .testTarget(name: "VoiceServiceTests", dependencies: ["VoiceService", "Network", "Guidance", "VoiceGuideCLI", "Routing", "RouteModel", "Phrasing", "VoiceGuideTestSupport"]),
        .testTarget(name: "RoutingTests", dependencies: ["Routing", "RouteModel", "Guidance", "VoiceGuideTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
