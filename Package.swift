// swift-tools-version:6.0
import PackageDescription

/// VoiceGuide: turn-by-turn voice guidance for Linux.
/// Module layout follows shared DESIGN.md §2: only CEspeakNG/CALSA/CMeCab and their wrappers touch C.
let package = Package(
    name: "VoiceGuide",
    products: [
        .library(name: "VoiceGuide", targets: ["RouteModel", "Guidance", "Phrasing", "Speech", "Routing", "Location"]),
        .library(name: "VoiceGuideAudio", targets: ["SpeechESpeakNG", "AudioALSA"]),
        .library(name: "VoiceGuideReading", targets: ["JapaneseReading"]),
        .executable(name: "voiceguide", targets: ["voiceguide"]),
        .executable(name: "voiceguide-bench", targets: ["VoiceGuideBench"]),
    ],
    targets: [
        .target(name: "RouteModel"),
        .target(name: "Guidance", dependencies: ["RouteModel"]),
        .target(name: "Phrasing", dependencies: ["RouteModel", "Guidance"]),
        .target(name: "Speech"),
        .target(name: "Routing", dependencies: ["RouteModel"]),
        .target(name: "Location", dependencies: ["RouteModel", "Guidance"]),
        .systemLibrary(
            name: "CEspeakNG", pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev", "espeak-ng-data"])]),
        .systemLibrary(
            name: "CALSA", pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(
            name: "CMeCab",
            providers: [.apt(["libmecab-dev", "mecab-ipadic-utf8"])]),
        .target(name: "SpeechESpeakNG", dependencies: ["Speech", "CEspeakNG"]),
        .target(name: "JapaneseReading", dependencies: ["Phrasing", "CMeCab"]),
        .target(name: "AudioALSA", dependencies: ["Speech", "CALSA"]),
        .target(
            name: "VoiceGuideCLI",
            dependencies: ["RouteModel", "Guidance", "Phrasing", "Speech", "SpeechESpeakNG", "AudioALSA", "JapaneseReading"]),
        .executableTarget(name: "voiceguide", dependencies: ["VoiceGuideCLI"]),
        .executableTarget(
            name: "VoiceGuideBench",
            dependencies: ["RouteModel", "Guidance", "Phrasing", "Speech", "SpeechESpeakNG", "AudioALSA", "VoiceGuideCLI",
                           "JapaneseReading", "Routing", "Location", "VoiceGuideTestSupport"]),
        .target(name: "VoiceGuideTestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "RouteModelTests", dependencies: ["RouteModel"]),
        .testTarget(name: "GuidanceTests", dependencies: ["Guidance", "RouteModel"]),
        .testTarget(name: "PhrasingTests", dependencies: ["Phrasing", "Guidance", "RouteModel", "JapaneseReading"]),
        .testTarget(name: "JapaneseReadingTests", dependencies: ["JapaneseReading", "Phrasing", "Guidance", "RouteModel"]),
        .testTarget(name: "SpeechTests", dependencies: ["Speech"]),
        .testTarget(name: "SpeechESpeakNGTests", dependencies: ["SpeechESpeakNG", "Speech"]),
        .testTarget(name: "AudioALSATests", dependencies: ["AudioALSA", "Speech", "SpeechESpeakNG"]),
        .testTarget(name: "LocationTests", dependencies: ["Location", "Guidance", "RouteModel", "VoiceGuideTestSupport"]),
        .testTarget(name: "VoiceGuideCLITests", dependencies: ["VoiceGuideCLI"]),
        .testTarget(name: "RoutingTests", dependencies: ["Routing", "RouteModel", "Guidance", "VoiceGuideTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
