import Foundation
import Testing
import VoiceGuideTestSupport

/// `voiceguide-bench` answers `--help` with its usage and exits at once, instead of running the whole bench.
@Suite struct BenchHelpTests {
    static let binary = TestPaths.product("voiceguide-bench")

    @Test(arguments: ["--help", "-h"]) func helpPrintsUsageAndExits(flag: String) throws {
        let run = try ExternalProcess.run(Self.binary, [flag], timeout: 60)
        #expect(run.code == 0)
        #expect(run.output.hasPrefix("Usage: voiceguide-bench"), "\(run.output)")
        #expect(!run.output.contains("== "), "a section ran: \(run.output)")
    }

    @Test func unknownArgumentsAreAUsageError() throws {
        let run = try ExternalProcess.run(Self.binary, ["--bogus"], timeout: 60)
        #expect(run.code == 64)
        #expect(run.output.contains("unknown arguments '--bogus'"), "\(run.output)")
    }
}
