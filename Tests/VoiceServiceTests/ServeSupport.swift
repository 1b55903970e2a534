import Foundation
import Testing
import RouteModel
import VoiceGuideTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Paths the serve tests use.
enum ServeFixtures {
    static let repository = Repository.root
    static let binary = TestPaths.product("voiceguide")

    static func example(_ name: String) -> String { repository.appendingPathComponent("Examples/Routes/\(name)").path }

    static func exampleData(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: example(name))) }

    /// Parses JSON text (the way both sides of a comparison are read).
    static func json(_ data: Data) throws -> JSONValue { try JSONParser().parse(data) }

    /// Runs the real `voiceguide` with `arguments` and `stdin`; returns status, stdout, stderr.
    static func run(_ arguments: [String], stdin: Data = Data(), timeout: Double = 120,
                    environment: [String: String]? = nil) throws -> (code: Int32, out: Data, err: String) {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build voiceguide first (swift build --build-tests)")
        let run = try ExternalProcess.capture(binary, arguments, environment: environment.map(ExternalProcess.inheriting),
                                              stdin: .data(stdin), separateStandardError: true, timeout: timeout)
        return (run.code, run.stdout, run.err)
    }

    /// `voiceguide transcript --format FORMAT` of `body` in `locale`, parsed.
    static func directTranscript(_ body: Data, locale: String, units: String? = nil, format: String = "mapbox") throws -> JSONValue {
        var arguments = ["transcript", "-", "--format", format, "--locale", locale]
        if let units { arguments += ["--units", units] }
        let run = try run(arguments, stdin: body)
        try #require(run.code == 0, "transcript failed: \(run.err)")
        return try json(run.out)
    }
}

/// A real `voiceguide serve` on a free loopback port, stopped (SIGTERM) on deinit.
final class ServeProcess: @unchecked Sendable {
    let port: UInt16
    let process: ExternalProcess

    init(_ arguments: [String] = [], port chosen: UInt16? = nil) throws {
        port = try chosen ?? FreePort.tcp()
        process = try ExternalProcess(ServeFixtures.binary, ["serve", "--port", String(port)] + arguments)
        try process.waitForPort(port, timeout: 30)
    }

    deinit { process.stop(grace: 10) }

    /// A raw connection to the server.
    func connect() throws -> RawConnection { try RawConnection(port: port) }

    /// One request on a fresh connection; the response.
    func request(_ method: String, _ target: String, body: Data? = nil, headers: [String] = []) throws -> RawResponse {
        let connection = try connect()
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for header in headers { head += header + "\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        var bytes = Array((head + "\r\n").utf8)
        if let body { bytes += Array(body) }
        try connection.send(bytes)
        return try #require(try connection.readResponse(timeout: 120), "no response to \(method) \(target): \(process.logTail())")
    }
}

/// A parsed response.
struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: Data

    var json: JSONValue? { try? JSONParser().parse(body) }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A plain client socket for writing exactly the bytes a test wants (malformed or slow requests).
final class RawConnection {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: UInt16) throws {
        fd = FreePort.connect(port)
        guard fd >= 0 else { throw TestServiceError.system("connect", errno) }
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw TestServiceError.system("send", errno) }
            offset += sent
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Closes the sending side (a half-closed socket).
    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Reads until the peer closes or `timeout` passes; what arrived.
    func readToEnd(timeout: Double) -> (bytes: [UInt8], closed: Bool) {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            switch readSome(until: end) {
            case .some(true): continue
            case .some(false): return (buffer, true)
            case .none: return (buffer, false)
            }
        }
        return (buffer, false)
    }

    /// true: more bytes; false: the peer closed (or reset); nil: timed out.
    private func readSome(until end: Date) -> Bool? {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let left = Int32(max(0, end.timeIntervalSinceNow) * 1000)
        guard poll(&pfd, 1, left) > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[0..<count]
        return true
    }

    /// Reads one response (Content-Length framed); nil when the peer closed or time ran out first.
    func readResponse(timeout: Double) throws -> RawResponse? {
        let end = Date().addingTimeInterval(timeout)
        while true {
            if let headEnd = Self.find(buffer) {
                let head = String(decoding: buffer[0..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
                let status = Int(head[0].split(separator: " ").dropFirst().first ?? "") ?? 0
                var headers: [String: String] = [:]
                for line in head.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                let length = Int(headers["content-length"] ?? "0") ?? 0
                if buffer.count >= headEnd + 4 + length {
                    let body = Data(buffer[(headEnd + 4)..<(headEnd + 4 + length)])
                    buffer.removeFirst(headEnd + 4 + length)
                    if status == 100 { continue }
                    return RawResponse(status: status, headers: headers, body: body)
                }
            }
            guard readSome(until: end) == true else { return nil }
        }
    }

    private static func find(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 { return i }
        return nil
    }
}
