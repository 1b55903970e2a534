import Foundation
import Testing
import VoiceGuideTestSupport

/// The shared Valhalla test service: clear failures when setup is missing, private instances side by side.
@Suite struct ValhallaServiceTests {
    @Test func missingSetupNamesTheScript() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("vg-no-setup-\(UUID().uuidString)")
        do {
            _ = try ValhallaService(repository: empty)
            Issue.record("started without a venv")
        } catch {
            #expect("\(error)".contains("run scripts/setup.sh") && "\(error)".contains(".build/venv"), "\(error)")
        }
    }

    @Test func twoInstancesServeSideBySideAndStopCleanly() throws {
        let first = try ValhallaService()
        let second = try ValhallaService()
        #expect(first.port != second.port)
        #expect(FreePort.isAccepting(first.port) && FreePort.isAccepting(second.port))
        let folder = first.runDirectory
        first.stop()
        #expect(!first.isRunning && !FreePort.isAccepting(first.port))
        #expect(!FileManager.default.fileExists(atPath: folder.path), "the private ipc folder is removed")
        #expect(second.isRunning && FreePort.isAccepting(second.port), "stopping one leaves the other serving")
        second.stop()
    }

    @Test func theSharedServiceIsOneForTheProcessAndServes() throws {
        let first = try ValhallaService.shared()
        let again = try ValhallaService.shared()
        #expect(first === again, "one shared service per test process")
        #expect(first.isRunning && FreePort.isAccepting(first.port), "\(first.logTail())")
    }
}
