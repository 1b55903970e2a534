import Foundation
import Testing
import SafeIO
import VoiceGuideTestSupport

/// Every reproducer of a fuzz and fault campaign, run against the real binary and kept as files under
/// `Tests/Fixtures/regressions/`. Each of these crashed, hung or wrote unsafely before the fix.
@Suite struct RegressionTests {
    let dc = CLIFixtures.example("city-dc.json")

    /// Items 1, 2 and 15: data-folder mutations (phrasebook examples, rounding bands, data names). Each runs its
    /// commands on a mutated copy of the data: never a crash; exit 65 with the key named (`phrases` lists the
    /// phrases and leaves invalid examples to `lint`, so it exits 0).
    @Test(arguments: try Regressions.dataCases())
    func dataMutationIsACleanError(_ name: String) throws {
        let spec = try JSONSerialization.jsonObject(with: Data(contentsOf: Regressions.directory.appendingPathComponent("data/\(name)"))) as? [String: Any]
        let file = try #require(spec?["file"] as? String)
        let path = try #require(spec?["path"] as? [Any])
        let runs = try #require(spec?["runs"] as? [[String: Any]])
        let data = try DataCopy()
        defer { data.remove() }
        try data.set(file, path: path, to: try #require(spec?["value"]))
        for run in runs {
            let command = try #require(run["args"] as? [String])
            let expected = try #require(run["exit"] as? Int)
            let arguments = command.map { $0 == "ROUTE" ? dc : $0 } + ["--data-dir", data.root.path]
            let r = try CLIProcess.run(arguments)
            #expect(!r.crashed && !r.timedOut, "\(name) \(command): \(r.summary)")
            #expect(r.code == Int32(expected), "\(name) \(command): \(r.summary)")
            guard expected != 0 else { continue }
            let key = path.compactMap { $0 as? String }.last ?? ""
            #expect((r.err + r.out).contains(key), "\(name) \(command) does not name '\(key)': \(r.summary)")
            if command.first != "lint" { #expect(r.errLines.count == 1, "\(name) \(command): \(r.summary)") }
        }
    }

    /// Item 15: a missing phrasebook and a missing base are the same clear error, naming who refers to it.
    @Test func missingPhrasebookAndMissingBaseReadAlike() throws {
        var messages: [String] = []
        for (file, key) in [("Locales/en-GB.json", "phrasebook"), ("Phrasebooks/en-GB.json", "base")] {
            let data = try DataCopy()
            defer { data.remove() }
            try data.set(file, path: [key], to: "nosuchbook")
            let r = try CLIProcess.run(["transcript", dc, "--locale", "en-GB", "--data-dir", data.root.path])
            expectCleanFailure(r, code: 65, mentioning: [file, key, "no phrasebook 'nosuchbook'"])
            messages.append((r.err.components(separatedBy: ": \(key): ").last ?? "").replacingOccurrences(of: data.root.path, with: "DATA"))
        }
        #expect(messages[0] == messages[1])
    }

    /// Item 5: a 311 m step with `duration: 1e9` used to take about 100 minutes; now a warning with the JSON path,
    /// planned at 50 km/h, and the transcript is immediate.
    @Test func absurdDurationIsAWarningAndPlannedAtASaneSpeed() throws {
        let r = try CLIProcess.run(["transcript", Regressions.route("duration-1e9.json"), "--format", "json"], timeout: 30)
        #expect(r.code == 0 && !r.timedOut, "\(r.summary)")
        #expect(r.err.contains("routes[0].legs[0].steps[2].duration") && r.err.contains("planned at 50 km/h"), "\(r.err)")
        #expect(r.errLines.count == 1, "\(r.err)")
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let seconds = try #require((json?["route"] as? [String: Any])?["durationSeconds"] as? Double)
        #expect(seconds < 3600, "route duration \(seconds) s still holds the 1e9")
    }

    /// Item 6: steps that do not follow each other, and 51 copies of one leg, make an unusable route: exit 65.
    @Test(arguments: ["shuffled-steps.json", "repeated-legs.json"])
    func disjointStepsAreRejected(_ name: String) throws {
        let r = try CLIProcess.run(["transcript", Regressions.route(name)])
        expectCleanFailure(r, code: 65, mentioning: [name, "legs", "do not follow each other"])
    }

    /// Item 6: a single step that starts away from where the previous ended is a warning with its path.
    @Test func oneGapIsAWarning() throws {
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dc))) as? [String: Any])
        var routes = try #require(json["routes"] as? [[String: Any]])
        var legs = try #require(routes[0]["legs"] as? [[String: Any]])
        var steps = try #require(legs[0]["steps"] as? [[String: Any]])
        var maneuver = try #require(steps[3]["maneuver"] as? [String: Any])
        let location = try #require(maneuver["location"] as? [Double])
        maneuver["location"] = [location[0] + 0.002, location[1]]  // about 170 m east
        steps[3]["maneuver"] = maneuver
        steps[3]["geometry"] = nil
        legs[0]["steps"] = steps
        routes[0]["legs"] = legs
        json["routes"] = routes
        let path = try CLIFixtures.temporaryFile(try JSONSerialization.data(withJSONObject: json))
        let r = try CLIProcess.run(["inspect", path])
        #expect(r.code == 0, "\(r.summary)")
        #expect(r.out.contains("routes[0].legs[0].steps[3].maneuver.location: starts 0.2 km from where routes[0].legs[0].steps[2] ended"), "\(r.out)")
    }

    /// Item 7: the size limit holds while reading a device and a pipe: exit 65 quickly, memory bounded.
    @Test func endlessStreamsStopAtTheLimit() throws {
        let file = try CLIProcess.run(["transcript", "/dev/zero"], timeout: 60)
        expectCleanFailure(file, code: 65, mentioning: ["/dev/zero", "too big"])
        let stdin = try CLIProcess.run(["inspect", "-"], stdin: "/dev/zero", timeout: 60)
        expectCleanFailure(stdin, code: 65, mentioning: ["<stdin>", "too big"])
    }

    /// Item 12: control characters in route text reach no output: not stderr warnings, not text, not SSML (which
    /// Python's expat must accept).
    @Test func controlCharactersReachNoOutput() throws {
        let route = Regressions.route("control-characters.json")
        for format in ["text", "json", "srt", "vtt", "mapbox"] {
            let r = try CLIProcess.run(["transcript", route, "--format", format])
            #expect(r.code == 0, "\(format): \(r.summary)")
            let controls = (r.out + r.err).unicodeScalars.filter { ControlCharacters.isControl($0) && $0 != "\n" && $0 != "\r" }
            #expect(controls.isEmpty, "\(format): raw control characters \(controls.map(\.value))")
            #expect(!r.err.contains("\nwarning: forged line"))
        }
        let inspect = try CLIProcess.run(["inspect", route])
        #expect(!inspect.out.unicodeScalars.contains { ControlCharacters.isControl($0) && $0 != "\n" }, "\(inspect.out)")
        let json = try CLIProcess.run(["transcript", route, "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        let ssml = (object?["announcements"] as? [[String: Any]] ?? []).compactMap { $0["ssml"] as? String }
        #expect(!ssml.isEmpty)
        try expectWellFormedXML(ssml)
    }

    /// Item 13: a 1,200-character pronunciation is dropped with a warning; the name is spoken as written.
    @Test func overlongPronunciationFallsBackToTheName() throws {
        let r = try CLIProcess.run(["transcript", Regressions.route("pronunciation-1200.json"), "--format", "json"])
        #expect(r.code == 0, "\(r.summary)")
        #expect(r.err.contains("steps[2].pronunciation: 1200 characters"), "\(r.err)")
        #expect(!r.out.contains("<phoneme"), "the overlong pronunciation still reached the SSML")
        let say = try CLIProcess.run(["say", "<speak><phoneme alphabet=\"ipa\" ph=\"\(String(repeating: "a", count: 1200))\">now</phoneme></speak>",
                                      "--ssml", "--output", "text"])
        expectCleanFailure(say, code: 65, mentioning: ["more than 400"])
    }

    /// Item 17: a UTF-8 byte-order mark at the start of a route is accepted, from a file and from stdin.
    @Test func byteOrderMarkIsAccepted() throws {
        let file = try CLIProcess.run(["inspect", Regressions.route("bom.json")])
        #expect(file.code == 0, "\(file.summary)")
        let stdin = try CLIProcess.run(["transcript", "-"], stdin: Regressions.route("bom.json"))
        #expect(stdin.code == 0, "\(stdin.summary)")
    }

    /// Item 10: WAV output to /dev/null is written in place (the node stays a character device), through a
    /// symlink (the link stays a link), never into a directory, and a regular file keeps its mode.
    @Test func wavOutputRespectsWhatIsThere() throws {
        let dir = try CLIFixtures.temporaryFile(Data(), name: "x")
        let base = (dir as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: base) }
        // A null device node of our own (as root), so nothing else on the machine can disturb the check, and a FIFO.
        let device = base + "/null"
        if mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 {
            let null = try CLIProcess.run(["say", "Turn left.", "--output", "wav:\(device)"])
            #expect(null.code == 0, "\(null.summary)")
            var info = stat()
            #expect(stat(device, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR, "the device node was replaced")
        }
        let fifo = base + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let drained = TestBox(0)
        let reader = Thread {
            if let h = FileHandle(forReadingAtPath: fifo) { drained.set(h.readDataToEndOfFile().count) }
        }
        reader.start()
        let viaFIFO = try CLIProcess.run(["say", "Turn left.", "--output", "wav:\(fifo)"])
        #expect(viaFIFO.code == 0, "\(viaFIFO.summary)")
        var fifoInfo = stat()
        #expect(stat(fifo, &fifoInfo) == 0 && (fifoInfo.st_mode & S_IFMT) == S_IFIFO, "the FIFO was replaced")
        for _ in 0..<200 where drained.get() == 0 { usleep(10_000) }
        #expect(drained.get() > 1000, "nothing came through the FIFO")

        let target = base + "/target.wav", link = base + "/link.wav"
        _ = FileManager.default.createFile(atPath: target, contents: Data("old".utf8), attributes: [.posixPermissions: 0o640])
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.wav")
        let viaLink = try CLIProcess.run(["say", "Turn left.", "--output", "wav:\(link)"])
        #expect(viaLink.code == 0, "\(viaLink.summary)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "target.wav")
        let written = try Data(contentsOf: URL(fileURLWithPath: target))
        #expect(written.count > 1000 && written.prefix(4) == Data("RIFF".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: base).filter { $0.contains(".voiceguide-") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")

        let intoDirectory = try CLIProcess.run(["say", "Turn left.", "--output", "wav:\(base)"])
        #expect(!intoDirectory.crashed && intoDirectory.code != 0 && intoDirectory.err.contains("is a directory"), "\(intoDirectory.summary)")
        #expect(intoDirectory.errLines.count == 1)
    }

    /// Item 11: SIGTERM in the middle of a WAV render leaves a finalized header: its sizes match the file.
    @Test func signalDuringRenderFinalizesTheHeader() throws {
        let dir = (try CLIFixtures.temporaryFile(Data(), name: "x") as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let wav = dir + "/drive.wav"
        // 4.9 km at 1 km/h, at a quarter speed: about 20 hours of audio, written progressively and interrupted early.
        let process = try ExternalProcess(CLIProcess.binary, ["drive", dc, "--speed", "1", "--speedup", "0.25", "--output", "wav:\(wav)"])
        // Wait for the render to be under way (the temporary file grows), then interrupt it.
        func renderBytes() -> Int {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            return names.compactMap { try? FileManager.default.attributesOfItem(atPath: dir + "/" + $0)[.size] as? Int }.max() ?? 0
        }
        _ = Waiting.until(timeout: 30, interval: 0.02) { renderBytes() >= 2_000_000 || !process.isRunning }
        #expect(process.isRunning, "the render ended before it could be interrupted: \(process.logTail())")
        process.signal(SIGTERM)
        #expect(process.waitForExit(timeout: 30), "the render did not end on SIGTERM")
        let data = try Data(contentsOf: URL(fileURLWithPath: wav))
        func u32(_ o: Int) -> Int { Int(data[o]) | Int(data[o + 1]) << 8 | Int(data[o + 2]) << 16 | Int(data[o + 3]) << 24 }
        #expect(data.count > 1_000_000)
        #expect(u32(4) == data.count - 8 && u32(76) == data.count - 80, "header not finalized: \(u32(76)) data bytes in a \(data.count)-byte file")
    }
}

/// Parses each document with Python's expat (the system `python3` standard library; `.build/venv` when present).
func expectWellFormedXML(_ documents: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let venv = CLIFixtures.repository.appendingPathComponent(".build/venv/bin/python3").path
    let python = FileManager.default.isExecutableFile(atPath: venv) ? venv : "/usr/bin/python3"
    guard FileManager.default.isExecutableFile(atPath: python) else {
        Issue.record("python3 is missing: run scripts/setup.sh", sourceLocation: sourceLocation)
        return
    }
    let script = """
    import sys, json, xml.parsers.expat
    bad = []
    for i, doc in enumerate(json.load(sys.stdin)):
        p = xml.parsers.expat.ParserCreate()
        try:
            p.Parse(doc, True)
        except xml.parsers.expat.ExpatError as e:
            bad.append("%d: %s: %r" % (i, e, doc[:200]))
    print("\\n".join(bad))
    sys.exit(1 if bad else 0)
    """
    let run = try ExternalProcess.run(python, ["-c", script], stdin: .data(try JSONSerialization.data(withJSONObject: documents)),
                                      separateStandardError: true, timeout: 120)
    #expect(run.code == 0, "expat rejects: \(run.out) \(run.err)", sourceLocation: sourceLocation)
}
