import Testing
@testable import VoiceGuideCLI
