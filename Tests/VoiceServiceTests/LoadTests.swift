import Foundation
import Testing
import VoiceGuideTestSupport

/// A bounded load test on localhost: Apache Bench (`ab`, Debian apache2-utils), 64 concurrent keep-alive
/// connections for 10 s posting a city route, zero errors.
@Suite(.serialized) struct LoadTests {
    static let ab = "/usr/bin/ab"

    @Test func sixtyFourConnectionsForTenSecondsWithoutAnError() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.ab),
                     "\(Self.ab) is missing: run scripts/setup.sh (it installs Debian's apache2-utils)")
        let server = try ServeProcess()
        let run = try ExternalProcess.run(Self.ab, ["-q", "-k", "-c", "64", "-t", "10", "-n", "1000000", "-s", "60",
                                                   "-p", ServeFixtures.example("city-dc.json"), "-T", "application/json",
                                                   "http://127.0.0.1:\(server.port)/v1/voice?locale=en-US&format=mapbox"],
                                          timeout: 120)
        let text = run.output
        #expect(run.code == 0, "ab failed:\n\(text)")
        func figure(_ label: String) -> Int? {
            text.split(separator: "\n").first { $0.hasPrefix(label) }
                .flatMap { $0.split(separator: " ").last.flatMap { Int($0) } }
        }
        let complete = try #require(figure("Complete requests:"), "\(text)")
        // Throughput is the bench's business (release build); a debug build on a shared machine completes few.
        #expect(complete > 0, "ab completed no request:\n\(text)")
        #expect(figure("Failed requests:") == 0, "\(text)")
        #expect(!text.contains("Non-2xx responses"), "\(text)")
        #expect(try server.request("GET", "/health").status == 200)
    }
}
