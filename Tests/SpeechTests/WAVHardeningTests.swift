import Foundation
import Testing
@testable import Speech
import SafeIO
import VoiceGuideTestSupport

/// Safe file writes and control characters for the WAV sink and the SSML validator.
@Suite struct WAVHardeningTests {
    /// Past 4 GiB the header becomes RF64 (EBU Tech 3306) and sox reads its length: a sparse 5 GiB file.
    @Test func rf64HeaderPastFourGiBIsReadBySox() throws {
        let path = temporaryPath(".wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let dataBytes = 5 << 30
        let header = WAVFileSink.header(sampleRate: 22050, dataBytes: dataBytes)
        #expect(header.count == WAVFileSink.headerSize)
        #expect(header.prefix(4) == Data("RF64".utf8) && header[12..<16] == Data("ds64".utf8))
        _ = FileManager.default.createFile(atPath: path, contents: header)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(WAVFileSink.headerSize + dataBytes))
        try handle.close()
        #expect(try soxiSampleCount(path) == String(dataBytes / 2))
    }

    /// A write error is a `FileWriteError` naming the file, not "audio unavailable".
    @Test func ioFailureIsAFileError() throws {
        let sink = WAVFileSink(path: "/dev/full")
        #expect(throws: FileWriteError.self) {
            try sink.open(sampleRate: 22050)
            try sink.writeSilence(frames: 100_000)
            try sink.close()
        }
    }

    /// Closing twice, or dropping the sink without closing, still leaves a finalized header.
    @Test func deinitFinalizesTheHeader() throws {
        let path = temporaryPath(".wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let sink = WAVFileSink(path: path)
            try sink.open(sampleRate: 22050)
            try sink.writeSilence(frames: 22050)
        }
        let (rate, samples) = try readWAV(path)
        #expect(rate == 22050 && samples.count == 22050)
    }

    @Test func validatorRejectsControlsAndOverlongAttributes() {
        #expect(throws: SSMLError.self) { try SSMLValidator.validate("<speak>a\u{1B}[2Jb</speak>") }
        #expect(throws: SSMLError.self) { try SSMLValidator.validate("<speak>a&#x1B;b</speak>") }
        #expect(throws: SSMLError.self) { try SSMLValidator.validate("<speak>\u{85}</speak>") }
        let long = "<speak><phoneme alphabet=\"ipa\" ph=\"\(String(repeating: "ə", count: 401))\">x</phoneme></speak>"
        #expect(throws: SSMLError.self) { try SSMLValidator.validate(long) }
        #expect(throws: Never.self) { try SSMLValidator.validate("<speak>tab\tand\nnewline &#10;</speak>") }
    }
}

/// What `soxi -s` (sox) says the file's sample count is.
func soxiSampleCount(_ path: String) throws -> String {
    try ExternalProcess.run("/usr/bin/soxi", ["-s", path], separateStandardError: true, timeout: 300).out
        .trimmingCharacters(in: .whitespacesAndNewlines)
}
