// swift-tools-version:6.0
import PackageDescription

/// VoiceGuide: turn-by-turn voice guidance for Linux.
/// Module layout follows shared DESIGN.md §2: only CEspeakNG/CALSA and their wrappers touch C.
let package = Package(
    name: "VoiceGuide",
    products: [
        .library(name: "VoiceGuide", targets: ["SafeIO", "RouteModel", "Guidance", "Phrasing", "Speech"]),
        .library(name: "VoiceGuideAudio", targets: ["SpeechESpeakNG", "AudioALSA"]),
        .executable(name: "voiceguide", targets: ["voiceguide"]),
        .executable(name: "voiceguide-bench", targets: ["VoiceGuideBench"]),
    ],
    targets: [
        .target(name: "SafeIO"),
        .target(name: "RouteModel", dependencies: ["SafeIO"]),
        .target(name: "Guidance", dependencies: ["SafeIO", "RouteModel"]),
        .target(name: "Phrasing", dependencies: ["SafeIO", "RouteModel", "Guidance"]),
        .target(name: "Speech", dependencies: ["SafeIO"]),
        .systemLibrary(
            name: "CEspeakNG", pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev", "espeak-ng-data"])]),
        .systemLibrary(
            name: "CALSA", pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]),
        .target(name: "SpeechESpeakNG", dependencies: ["SafeIO", "Speech", "CEspeakNG"]),
        .target(name: "AudioALSA", dependencies: ["Speech", "CALSA"]),
        .target(
            name: "VoiceGuideCLI",
            dependencies: ["SafeIO", "RouteModel", "Guidance", "Phrasing", "Speech", "SpeechESpeakNG", "AudioALSA"]),
        .executableTarget(name: "voiceguide", dependencies: ["VoiceGuideCLI"]),
        .executableTarget(
            name: "VoiceGuideBench",
            dependencies: ["SafeIO", "RouteModel", "Guidance", "Phrasing", "Speech", "SpeechESpeakNG", "AudioALSA", "VoiceGuideCLI"]),
        .target(name: "VoiceGuideTestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "RouteModelTests", dependencies: ["RouteModel", "SafeIO"]),
        .testTarget(name: "GuidanceTests", dependencies: ["Guidance", "RouteModel"]),
        .testTarget(name: "PhrasingTests", dependencies: ["Phrasing", "Guidance", "RouteModel"]),
        .testTarget(name: "SpeechTests", dependencies: ["Speech"]),
        .testTarget(name: "SpeechESpeakNGTests", dependencies: ["SpeechESpeakNG", "Speech"]),
        .testTarget(name: "AudioALSATests", dependencies: ["AudioALSA", "Speech", "SpeechESpeakNG"]),
        .testTarget(name: "VoiceGuideCLITests", dependencies: ["VoiceGuideCLI", "SafeIO"]),
    ],
    swiftLanguageModes: [.v6]
)
