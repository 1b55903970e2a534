import Foundation
import SafeIO

/// `--rate` and `--pitch`, the one parser of both (`drive`, `say`): their options, bounds and defaults.
struct VoiceTuning: Equatable {
    /// Words per minute, 80–450.
    var rate = VoiceTuning.defaultRate
    /// Base pitch, 0–100.
    var pitch = VoiceTuning.defaultPitch

    /// The rate a voice speaks at without `--rate`.
    static let defaultRate = 175
    /// The pitch without `--pitch`.
    static let defaultPitch = 50
    /// `--rate`'s bounds.
    static let rates = 80.0...450.0
    /// `--pitch`'s bounds.
    static let pitches = 0.0...100.0

    /// The two options, for the commands that speak.
    static let optionSpecs: [OptionSpec] = [
        OptionSpec("rate", value: "WPM", help: "Speaking rate in words per minute, \(Int(rates.lowerBound)) to \(Int(rates.upperBound)) (default \(defaultRate))."),
        OptionSpec("pitch", value: "P", help: "Voice pitch, \(Int(pitches.lowerBound)) to \(Int(pitches.upperBound)) (default \(defaultPitch))."),
    ]

    /// Reads `--rate` and `--pitch` (rounded to whole numbers); a value out of bounds is a usage error of `command`.
    init(_ arguments: ParsedArguments, command: String) throws {
        if let rate = try arguments.number("rate", in: Self.rates, command: command) { self.rate = Int(saturatingRounded: rate) }
        if let pitch = try arguments.number("pitch", in: Self.pitches, command: command) { self.pitch = Int(saturatingRounded: pitch) }
    }

    /// The defaults.
    init() {}
}
