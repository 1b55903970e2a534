import Foundation
import VoiceGuideTestSupport

/// Phonemes without stress, length, pause and tie marks, so assertions name sounds ("jouCaku" for よんひゃく).
func plainPhonemes(_ text: String, voice: String) throws -> String {
    try ESpeakPhonemes.raw(text, voice: voice).filter { !"',_!~:;| \n".contains($0) }
}
