import Foundation

/// A real TLS terminator (Debian's stunnel4) in front of a plain-HTTP service on 127.0.0.1, with test
/// certificates made by `openssl` for this instance: a private CA, and one listening port per certificate —
/// valid for 127.0.0.1 and localhost, expired, for another host name, and self-signed (an unknown CA). Stopped
/// by `stop()` or on deinit; its folder (keys included) is removed then.
public final class TLSTerminator: @unchecked Sendable {
    /// Which certificate a port presents.
    public enum Certificate: String, CaseIterable, Sendable {
        /// Signed by the test CA, for IP 127.0.0.1 and DNS localhost, valid for two days.
        case valid
        /// Signed by the test CA for 127.0.0.1, but its validity ended before now.
        case expired
        /// Signed by the test CA, valid, but for `router.example` only.
        case wrongHost
        /// Valid for 127.0.0.1, but self-signed: no CA the client trusts signed it.
        case unknownCA
    }

    /// The PEM file of the test CA, for `--router-ca`.
    public let caFile: String
    /// The port of each certificate.
    public let ports: [Certificate: UInt16]
    /// The folder with the keys, certificates and stunnel's configuration.
    public let directory: URL
    private let process: ExternalProcess

    /// `https://127.0.0.1:PORT` for `certificate` (default: the valid one).
    public func baseURL(_ certificate: Certificate = .valid) -> String { "https://127.0.0.1:\(ports[certificate] ?? 0)" }

    /// The stunnel executable, or a clear error naming scripts/setup.sh.
    public static func executable() throws -> String {
        for path in ["/usr/bin/stunnel4", "/usr/bin/stunnel"] where FileManager.default.isExecutableFile(atPath: path) { return path }
        throw TestServiceError.missing("stunnel (Debian stunnel4) is not installed: run scripts/setup.sh (it installs the test tools)")
    }

    /// Makes the certificates and starts stunnel forwarding every port to 127.0.0.1:`targetPort`; waits up to
    /// `timeout` seconds until all ports accept.
    public init(forwardingTo targetPort: UInt16, timeout: Double = 15) throws {
        let stunnel = try Self.executable()
        let openssl = "/usr/bin/openssl"
        guard FileManager.default.isExecutableFile(atPath: openssl) else {
            throw TestServiceError.missing("openssl is not installed: run scripts/setup.sh")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vgtls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        directory = folder
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        func run(_ arguments: [String]) throws {
            let result = try ExternalProcess.run(openssl, arguments, timeout: 30)
            guard result.code == 0 else {
                throw TestServiceError.notReady("openssl \(arguments.prefix(2).joined(separator: " ")) failed (\(result.code)): \(result.output.suffix(600))")
            }
        }
        let ecKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try run(["req", "-x509"] + ecKey + ["-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2",
                                             "-subj", "/CN=VoiceGuide Test CA"])
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\n".write(toFile: path("local.ext"), atomically: true, encoding: .utf8)
        try "subjectAltName=DNS:router.example\n".write(toFile: path("other.ext"), atomically: true, encoding: .utf8)
        try run(["req"] + ecKey + ["-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=127.0.0.1"])
        func sign(_ name: String, days: String, ext: String) throws {
            try run(["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
                     "-CAcreateserial", "-out", path("\(name).pem"), "-days", days, "-extfile", path(ext)])
        }
        try sign("valid", days: "2", ext: "local.ext")
        // Valid until the moment before it was made: expired by the time any client looks at it.
        try sign("expired", days: "-1", ext: "local.ext")
        try sign("wrongHost", days: "2", ext: "other.ext")
        try run(["req", "-x509", "-key", path("server.key"), "-out", path("unknownCA.pem"), "-days", "2",
                 "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"])
        caFile = path("ca.pem")

        var ports: [Certificate: UInt16] = [:]
        var config = "foreground = yes\npid =\ndebug = 5\nsyslog = no\n"
        for certificate in Certificate.allCases {
            let port = try FreePort.tcp()
            ports[certificate] = port
            config += """

                [\(certificate.rawValue)]
                accept = 127.0.0.1:\(port)
                connect = 127.0.0.1:\(targetPort)
                cert = \(path("\(certificate.rawValue).pem"))
                key = \(path("server.key"))

                """
        }
        self.ports = ports
        try config.write(toFile: path("stunnel.conf"), atomically: true, encoding: .utf8)
        let process = try ExternalProcess(stunnel, [path("stunnel.conf")], currentDirectory: folder)
        do {
            for port in ports.values { try process.waitForPort(port, timeout: timeout) }
        } catch {
            process.stop(grace: 0.5)
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        self.process = process
    }

    /// How many client connections on `certificate`'s port completed the TLS handshake and were forwarded to
    /// the service so far (from stunnel's log; the readiness probes never get that far).
    public func forwardedConnections(_ certificate: Certificate = .valid) -> Int {
        let log = (try? String(contentsOf: process.logURL, encoding: .utf8)) ?? ""
        return log.components(separatedBy: "\n").filter { $0.contains("Service [\(certificate.rawValue)] connected remote server") }.count
    }

    /// The last lines of stunnel's log, for failure messages.
    public func logTail(_ limit: Int = 2000) -> String { process.logTail(limit) }

    /// Stops stunnel and removes the folder. Safe to call twice.
    public func stop() {
        process.stop(grace: 0.5)
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { stop() }
}
