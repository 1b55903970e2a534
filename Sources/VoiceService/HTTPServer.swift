import Foundation
import Network
import Routing
import SafeIO
#if canImport(Glibc)
import Glibc
#endif

/// The limits and timeouts of `HTTPServer`.
public struct HTTPServerLimits: Sendable {
    /// The longest request line (method, target, version), in bytes (longer: 414).
    public var maxRequestLineBytes = 8 << 10
    /// The largest request head (request line and headers), in bytes (larger: 431).
    public var maxHeadBytes = 32 << 10
    /// The most header fields (more: 431).
    public var maxHeaderCount = 100
    /// The largest body, in bytes (larger: 413, refused before it is read).
    public var maxBodyBytes = 32 << 20
    /// Seconds a client has for a whole request head once it started one (slowloris; then 408 and close).
    public var headTimeout = 10.0
    /// Seconds a client has for the body once the head is read (then 408 and close).
    public var bodyTimeout = 30.0
    /// Seconds a kept-alive connection may sit idle between requests.
    public var idleTimeout = 15.0
    /// Seconds for writing one response to a client that does not read.
    public var writeTimeout = 30.0
    /// The most open client connections (idle ones cost a descriptor and a few kB, no thread). Beyond it, a few
    /// more (`probeConnections`) are admitted for `/health` and `/metrics` only; anything else is answered 503.
    public var maxConnections = 16_384
    /// Connections admitted beyond `maxConnections` for one `/health` or `/metrics` request each, so a load
    /// balancer's health check is answered while idle clients hold every regular slot.
    public var probeConnections = 64
    /// Threads that render responses and wait on the upstream router (a slow router holds one each, so there
    /// are more than cores); the event loop never renders.
    public var renderWorkers = max(16, 4 * ProcessInfo.processInfo.activeProcessorCount)
    /// Seconds shutdown waits for in-flight requests before it returns anyway.
    public var drainTimeout = 30.0
    /// Seconds the server goes on accepting and answering after `shutdown()` begins, with `isDraining` true (so
    /// `/health` says 503 "draining" and every response closes its connection), before it stops accepting: the
    /// time a load balancer's health check needs to see the drain and stop sending. 0 stops accepting at once.
    public var drainWindow = 5.0
    /// A body of at least this many bytes is a large request: its render holds about ten times its size while it
    /// runs (the parsed tree, the route, its index), so at most `maxLargeRenders` of them render at once.
    public var largeBodyBytes = 4 << 20
    /// Large requests rendered at once; one more is answered 503 with `Retry-After` (a client or a load balancer
    /// retries it, and three 33 MB routes at once cannot take gigabytes).
    public var maxLargeRenders = 1

    /// The defaults.
    public init() {}
}

/// Why the server could not start.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// One line, e.g. `cannot listen on 127.0.0.1:8080: Address already in use`.
    public var description: String
}

/// A small strict HTTP/1.1 server on one epoll event loop: the loop accepts, reads, parses (`HTTPRequestParser`)
/// and writes for every connection, so an idle or slow client costs a descriptor and a few kB, not a thread;
/// renders go to a small pool of worker threads, while `/health` and `/metrics` are answered on the loop itself
/// (never queued behind renders). Keep-alive and pipelining (responses in request order), bodies by
/// Content-Length or chunked, a JSON error for every request it refuses, and every timeout on the monotonic
/// clock. `shutdown()` drains: in-flight requests finish, idle connections close.
public final class HTTPServer: @unchecked Sendable {  // @unchecked: the flags are read and written under `lock`; `port` is set once by start() before serving
    /// The limits in effect.
    public let limits: HTTPServerLimits
    /// The request handler.
    public let handler: any HTTPServerHandler
    /// What every response gets on the way out (gzip, CORS).
    public let policy: HTTPResponsePolicy
    /// Where a line per request goes, if anywhere.
    public let accessLog: AccessLog?
    /// The counters (shared with the handler for `/metrics`); a request's latency runs from the request being
    /// complete to its response being ready to write.
    public let metrics: ServiceMetrics
    /// The address bound.
    public let host: String
    /// The port bound (the real one when 0 was asked for).
    public private(set) var port: UInt16 = 0

    private let lock = NSLock()
    /// Set when `shutdown()` begins: requests are still served, each on a closing connection.
    private var draining = false
    /// Set when the drain window has passed: no more connections are accepted.
    private var stopping = false
    /// Set by the loop when it has closed its last connection after `stopping`.
    private var loopDone = false
    private let stopped = DispatchSemaphore(value: 0)
    private let renders = RenderQueue()
    private var epoll: Epoll?

    /// Creates a server; `start()` binds it.
    public init(host: String = "127.0.0.1", port: UInt16 = 8080, limits: HTTPServerLimits = HTTPServerLimits(),
                policy: HTTPResponsePolicy = HTTPResponsePolicy(), metrics: ServiceMetrics = ServiceMetrics(),
                accessLog: AccessLog? = nil, handler: any HTTPServerHandler) {
        self.accessLog = accessLog
        self.host = host
        self.port = port
        self.limits = limits
        self.policy = policy
        self.metrics = metrics
        self.handler = handler
    }

    /// True once `shutdown()` was called: kept-alive connections close after their response; new connections are
    /// still served during `limits.drainWindow`, then refused.
    public var isDraining: Bool { lock.withLock { draining } }

    /// True once the drain window has passed and the listener no longer accepts.
    var isStopping: Bool { lock.withLock { stopping } }

    /// Raises the descriptor limit to the hard limit, binds, listens, and starts the event loop and the render
    /// workers on threads of their own.
    public func start() throws(HTTPServerError) {
        let descriptors = FileDescriptorLimit.raiseToHard()
        let listener: TCPListener
        let poller: Epoll
        do {
            listener = try TCPListener(host: host, port: port)
            poller = try Epoll()
        } catch {
            throw HTTPServerError(description: error.description)
        }
        lock.withLock {
            port = listener.port
            epoll = poller
        }
        for index in 0..<max(1, limits.renderWorkers) {
            let thread = Thread { [self] in renderLoop(poller) }
            thread.name = "voiceguide-render-\(index)"
            thread.start()
        }
        // Room for the listener, the epoll and wake descriptors, logs and upstream sockets.
        let loop = EventLoop(server: self, listener: listener, epoll: poller,
                             maxConnections: max(1, min(limits.maxConnections, descriptors - 64 - limits.probeConnections - limits.renderWorkers)))
        let thread = Thread { loop.run() }
        thread.name = "voiceguide-loop"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Drains: for `limits.drainWindow` it goes on serving with `isDraining` true (health checks see 503), then
    /// stops accepting, waits (at most `limits.drainTimeout`) until every connection has finished its request in
    /// flight and closed, and returns.
    public func shutdown() {
        let wasDraining = lock.withLock { () -> Bool in
            let was = draining
            draining = true
            return was
        }
        guard !wasDraining else { return }
        let poller = lock.withLock { epoll }
        poller?.wake()
        let windowEnd = MonotonicDeadline(secondsFromNow: limits.drainWindow)
        while !isStopping && !windowEnd.hasPassed { usleep(20_000) }
        lock.withLock { stopping = true }
        poller?.wake()
        let end = MonotonicDeadline(secondsFromNow: limits.drainTimeout)
        while !lock.withLock({ loopDone }) && !end.hasPassed { usleep(20_000) }
        stopped.signal()
    }

    /// Blocks until `shutdown()` has finished.
    public func waitUntilStopped() {
        stopped.wait()
        stopped.signal()
    }

    /// Called by the loop when it has closed everything after the drain.
    fileprivate func loopFinished() { lock.withLock { loopDone = true } }

    /// The response to `request` (the CORS preflight, or the handler's, with the response policy applied).
    fileprivate func render(_ request: HTTPServerRequest) -> HTTPServerResponse {
        policy.preflight(request) ?? policy.finish(handler.respond(to: request), for: request)
    }

    fileprivate func enqueue(_ job: RenderJob) { renders.push(job) }

    fileprivate func takeCompleted() -> [RenderJob] { renders.takeCompleted() }

    /// A render worker: takes requests, renders them, hands the responses back to the loop. After a large request
    /// the memory its render freed is given back to the system, so the process does not stay at its peak.
    private func renderLoop(_ poller: Epoll) {
        while true {
            var job = renders.pop()
            job.response = render(job.request)
            let large = job.request.body.count >= limits.largeBodyBytes
            renders.complete(job)
            poller.wake()
            if large { ProcessMemory.giveBackFreed() }
        }
    }
}

/// A request handed to a render worker and back.
private struct RenderJob: Sendable {
    var connection: UInt64
    var request: HTTPServerRequest
    var began: MonotonicInstant
    var response: HTTPServerResponse?
}

/// The requests waiting for a render worker, and the responses waiting for the loop.
private final class RenderQueue: @unchecked Sendable {  // @unchecked: every var is read and written under `lock`
    private let lock = NSLock()
    private let available = DispatchSemaphore(value: 0)
    private var waiting: [RenderJob] = []
    private var head = 0
    private var done: [RenderJob] = []

    func push(_ job: RenderJob) {
        lock.withLock { waiting.append(job) }
        available.signal()
    }

    func pop() -> RenderJob {
        available.wait()
        return lock.withLock {
            let job = waiting[head]
            head += 1
            if head == waiting.count { waiting.removeAll(keepingCapacity: true); head = 0 }
            return job
        }
    }

    func complete(_ job: RenderJob) { lock.withLock { done.append(job) } }

    func takeCompleted() -> [RenderJob] {
        lock.withLock {
            defer { done.removeAll(keepingCapacity: true) }
            return done
        }
    }
}

/// One client connection; owned by the loop thread.
private final class ClientConnection {
    let id: UInt64
    let socket: TCPSocket
    var parser: HTTPRequestParser
    /// Admitted beyond the connection limit: one `/health` or `/metrics` request, then closed.
    let probeOnly: Bool
    var served = 0
    /// A request of this connection is with a render worker.
    var busy = false
    /// The peer has closed its sending side.
    var readClosed = false
    /// Bytes to write, from `outAt`.
    var out: [UInt8] = []
    var outAt = 0
    /// Close once `out` is written.
    var closeAfterWrite = false
    /// After a refusal: end the sending side once `out` is written and read what the client still sends for a
    /// moment, so it reads the answer before the close resets the connection.
    var lingerAfterWrite = false
    var lingering = false
    var lingerUntil = MonotonicInstant(nanoseconds: 0)
    /// When the current write began waiting for the client.
    var writeSince: MonotonicInstant?
    var phase = HTTPRequestParser.Phase.idle
    var phaseSince: MonotonicInstant
    var registered: Epoll.Interest?

    init(id: UInt64, socket: TCPSocket, limits: HTTPServerLimits, probeOnly: Bool, now: MonotonicInstant) {
        self.id = id
        self.socket = socket
        self.probeOnly = probeOnly
        parser = HTTPRequestParser(limits: limits)
        phaseSince = now
    }

    var writing: Bool { outAt < out.count }
}

/// The event loop: one thread, every connection's I/O and parsing.
private final class EventLoop: @unchecked Sendable {  // @unchecked: its vars are used only by the event loop thread
    let server: HTTPServer
    let limits: HTTPServerLimits
    let listener: TCPListener
    let epoll: Epoll
    let maxConnections: Int
    var connections: [Int32: ClientConnection] = [:]
    var byID: [UInt64: Int32] = [:]
    var regular = 0
    var probes = 0
    var nextID: UInt64 = 1
    var listening = true
    var acceptPausedUntil: MonotonicInstant?
    var scratch: [UInt8] = []
    var drainSeen = false
    /// Large requests (`limits.largeBodyBytes`) with a render worker now.
    var largeRenders = 0

    init(server: HTTPServer, listener: TCPListener, epoll: Epoll, maxConnections: Int) {
        self.server = server
        self.limits = server.limits
        self.listener = listener
        self.epoll = epoll
        self.maxConnections = maxConnections
        scratch.reserveCapacity(16_384)
    }

    func run() {
        epoll.add(listener.fd, .read)
        var nextSweep = MonotonicInstant.now()
        while true {
            let events = epoll.wait(milliseconds: 100)
            for event in events {
                if event.fd == listener.fd {
                    acceptAll()
                    continue
                }
                guard let connection = connections[event.fd] else { continue }
                if event.readable || event.failed { readable(connection) }
                if connections[event.fd] === connection, event.writable || event.failed {
                    flush(connection)
                    if connections[event.fd] === connection, !connection.writing, !connection.busy { advance(connection) }
                }
            }
            for job in server.takeCompleted() {
                if job.request.body.count >= limits.largeBodyBytes { largeRenders -= 1 }
                guard let response = job.response else { continue }
                guard let fd = byID[job.connection], let connection = connections[fd] else {
                    // The client went away meanwhile: still counted, so requests in flight go back to zero.
                    server.metrics.end(endpoint: response.endpoint, status: response.status, seconds: MonotonicInstant.now().seconds(since: job.began))
                    continue
                }
                finish(connection, job.request, response, began: job.began)
                if connections[fd] === connection { advance(connection) }
            }
            let now = MonotonicInstant.now()
            if now >= nextSweep {
                nextSweep = now.adding(seconds: 0.1)
                sweep(now)
            }
            if server.isStopping {
                if listening {
                    epoll.remove(listener.fd)
                    listener.close()
                    listening = false
                }
                if connections.isEmpty {
                    server.loopFinished()
                    return
                }
            }
        }
    }

    // MARK: Accepting

    func acceptAll() {
        while listening, let socket = listener.accept() {
            let now = MonotonicInstant.now()
            let probe = regular >= maxConnections
            guard !server.isStopping, !probe || probes < limits.probeConnections else {
                server.metrics.refusedConnection()
                server.metrics.rejected(status: 503)
                let message = server.isStopping ? "the server is shutting down"
                    : "too many connections (--max-connections \(limits.maxConnections)); retry later"
                _ = socket.writeAvailable(Self.serialize(.error(503, message), keepAlive: false, head: false), from: 0)
                socket.close()
                continue
            }
            if probe { probes += 1 } else { regular += 1 }
            let connection = ClientConnection(id: nextID, socket: socket, limits: limits, probeOnly: probe, now: now)
            nextID += 1
            connections[socket.fd] = connection
            byID[connection.id] = socket.fd
            server.metrics.connection(opened: true)
            updateInterest(connection)
        }
        if listening, errno == EMFILE || errno == ENFILE {
            // Out of descriptors: stop accepting for a moment instead of spinning on the ready listener.
            epoll.remove(listener.fd)
            acceptPausedUntil = MonotonicInstant.now().adding(seconds: 0.1)
        }
    }

    // MARK: Reading and parsing

    func readable(_ connection: ClientConnection) {
        var budget = 256 << 10
        while budget > 0 {
            scratch.removeAll(keepingCapacity: true)
            let result = connection.socket.readAvailable(into: &scratch)
            switch result {
            case .data(let count):
                budget -= count
                if !connection.lingering { connection.parser.append(scratch) }
                continue
            case .wouldBlock:
                break
            case .end:
                connection.readClosed = true
            case .failed:
                close(connection)
                return
            }
            break
        }
        if connection.lingering {
            if connection.readClosed { close(connection) }
            return
        }
        advance(connection)
    }

    /// Serves what the parser has, in order, until it needs more bytes or a request is being rendered.
    func advance(_ connection: ClientConnection) {
        while connections[connection.socket.fd] === connection, !connection.busy, !connection.closeAfterWrite,
              connection.out.count - connection.outAt < 1 << 20 {
            switch connection.parser.next() {
            case .needMore:
                notePhase(connection)
                if connection.readClosed {
                    if let refusal = connection.parser.refusalAtEnd() {
                        refuse(connection, refusal)
                    } else if connection.writing {
                        connection.closeAfterWrite = true
                    } else {
                        close(connection)
                        return
                    }
                }
                updateInterest(connection)
                return
            case .sendContinue:
                write(connection, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            case .request(let request):
                dispatch(connection, request)
            case .refuse(let refusal):
                refuse(connection, refusal)
            }
        }
        if connections[connection.socket.fd] === connection {
            notePhase(connection)
            updateInterest(connection)
        }
    }

    func notePhase(_ connection: ClientConnection) {
        let phase = connection.parser.phase
        if phase != connection.phase {
            connection.phase = phase
            connection.phaseSince = .now()
        }
    }

    /// Renders `request`: `/health` and `/metrics` here and now, everything else on a render worker.
    func dispatch(_ connection: ClientConnection, _ request: HTTPServerRequest) {
        let began = MonotonicInstant.now()
        server.metrics.begin()
        let cheap = (request.method == "GET" || request.method == "HEAD") && (request.path == "/health" || request.path == "/metrics")
        if connection.probeOnly && !cheap {
            finish(connection, request, .error(503, "too many connections (--max-connections \(limits.maxConnections)); retry later"), began: began)
            return
        }
        if cheap {
            finish(connection, request, server.render(request), began: began)
            return
        }
        let large = request.body.count >= limits.largeBodyBytes
        if large, largeRenders >= limits.maxLargeRenders {
            var busy = HTTPServerResponse.error(503, "\(largeRenders) large request\(largeRenders == 1 ? " is" : "s are") rendering "
                                                + "(a body of \(limits.largeBodyBytes >> 20) MiB or more); retry later")
            busy.headers.append(name: "Retry-After", value: "1")
            finish(connection, request, busy, began: began)
            return
        }
        if large { largeRenders += 1 }
        connection.busy = true
        server.enqueue(RenderJob(connection: connection.id, request: request, began: began, response: nil))
    }

    /// Writes a rendered response (the caller goes on with the connection's next request).
    func finish(_ connection: ClientConnection, _ request: HTTPServerRequest, _ response: HTTPServerResponse, began: MonotonicInstant) {
        connection.busy = false
        connection.served += 1
        let connectionHeader = request.header("Connection")?.lowercased() ?? ""
        var keepAlive = request.version == "HTTP/1.1" ? !connectionHeader.contains("close") : connectionHeader.contains("keep-alive")
        if server.isDraining || connection.probeOnly { keepAlive = false }
        // Counted before the write, so a client that has its answer also sees it in /metrics.
        let seconds = MonotonicInstant.now().seconds(since: began)
        server.metrics.end(endpoint: response.endpoint, status: response.status, seconds: seconds)
        let head = request.method == "HEAD"
        server.accessLog?.record(AccessLog.Entry(method: request.method, path: request.path, status: response.status,
                                                 bytes: head ? 0 : response.body.count, seconds: seconds,
                                                 upstreamSeconds: response.upstreamSeconds, error: AccessLog.reason(response)))
        if !keepAlive { connection.closeAfterWrite = true }
        write(connection, Self.serialize(response, keepAlive: keepAlive, head: head))
        connection.phaseSince = .now()
    }

    /// Answers with an error and closes: the connection cannot be trusted to continue.
    func refuse(_ connection: ClientConnection, _ refusal: HTTPRequestParser.Refusal) {
        server.metrics.rejected(status: refusal.status)
        server.accessLog?.record(AccessLog.Entry(method: "-", path: "-", status: refusal.status, bytes: 0, seconds: 0, error: refusal.message))
        connection.closeAfterWrite = true
        connection.lingerAfterWrite = true
        write(connection, Self.serialize(.error(refusal.status, refusal.message), keepAlive: false, head: false))
    }

    // MARK: Writing

    func write(_ connection: ClientConnection, _ bytes: [UInt8]) {
        if connection.writing {
            connection.out.append(contentsOf: bytes)
        } else {
            connection.out = bytes
            connection.outAt = 0
        }
        flush(connection)
    }

    func flush(_ connection: ClientConnection) {
        if connection.writing {
            guard let sent = connection.socket.writeAvailable(connection.out, from: connection.outAt) else {
                close(connection)
                return
            }
            connection.outAt += sent
        }
        if connection.writing {
            if connection.writeSince == nil { connection.writeSince = .now() }
            updateInterest(connection)
            return
        }
        connection.writeSince = nil
        connection.out = []
        connection.outAt = 0
        if connection.closeAfterWrite {
            if connection.lingerAfterWrite && !connection.readClosed {
                connection.socket.shutdownWrite()
                connection.lingering = true
                connection.lingerUntil = MonotonicInstant.now().adding(seconds: 0.5)
                updateInterest(connection)
            } else {
                close(connection)
            }
            return
        }
        updateInterest(connection)
    }

    static func serialize(_ response: HTTPServerResponse, keepAlive: Bool, head: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status) \(HTTPServerResponse.reason(response.status))\r\n"
        for header in response.headers { text += "\(header.name): \(header.value)\r\n" }
        text += "Content-Length: \(response.body.count)\r\n"
        text += keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n"
        text += "Server: voiceguide\r\n\r\n"
        var bytes = Array(text.utf8)
        if !head { bytes.append(contentsOf: response.body) }
        return bytes
    }

    // MARK: Bookkeeping

    /// Watches what the connection can make progress on: reads unless it is rendering or the client has closed
    /// (or while lingering), writes while bytes are waiting.
    func updateInterest(_ connection: ClientConnection) {
        var interest: Epoll.Interest = []
        if connection.lingering || (!connection.busy && !connection.readClosed && !connection.closeAfterWrite) { interest.insert(.read) }
        if connection.writing { interest.insert(.write) }
        let fd = connection.socket.fd
        switch (connection.registered, interest.isEmpty) {
        case (nil, true): return
        case (nil, false): epoll.add(fd, interest)
        case (.some, true): epoll.remove(fd)
        case (.some(let old), false): if old != interest { epoll.modify(fd, interest) }
        }
        connection.registered = interest.isEmpty ? nil : interest
    }

    func close(_ connection: ClientConnection) {
        let fd = connection.socket.fd
        guard connections[fd] === connection else { return }
        if connection.registered != nil { epoll.remove(fd) }
        connections[fd] = nil
        byID[connection.id] = nil
        if connection.probeOnly { probes -= 1 } else { regular -= 1 }
        connection.socket.close()
        server.metrics.connection(opened: false)
    }

    /// Times out slow and idle connections (on the monotonic clock), closes idle kept-alive ones once the drain
    /// starts, and resumes accepting after running out of descriptors.
    func sweep(_ now: MonotonicInstant) {
        if let until = acceptPausedUntil, now >= until, listening {
            acceptPausedUntil = nil
            epoll.add(listener.fd, .read)
        }
        let draining = server.isDraining
        for connection in Array(connections.values) {
            if connection.lingering {
                if now >= connection.lingerUntil { close(connection) }
                continue
            }
            if let since = connection.writeSince {
                if now.seconds(since: since) > limits.writeTimeout {
                    server.metrics.timedOut()
                    close(connection)
                }
                continue
            }
            guard !connection.busy, !connection.closeAfterWrite else { continue }
            let waited = now.seconds(since: connection.phaseSince)
            switch connection.phase {
            case .idle:
                // A kept-alive connection waiting for its next request closes when the drain starts; a new one
                // (accepted during the drain window) is served its first request.
                if draining && connection.served > 0 { close(connection); continue }
                if waited > (connection.served == 0 ? limits.headTimeout : limits.idleTimeout) { close(connection) }
            case .head:
                if waited > limits.headTimeout {
                    server.metrics.timedOut()
                    refuse(connection, .init(status: 408, message: "the request head did not arrive within \(Self.seconds(limits.headTimeout)) s"))
                }
            case .body:
                if waited > limits.bodyTimeout {
                    server.metrics.timedOut()
                    refuse(connection, .init(status: 408, message: "the body did not arrive within \(Self.seconds(limits.bodyTimeout)) s"))
                }
            }
        }
    }

    static func seconds(_ value: Double) -> String { value == value.rounded() ? String(Int(saturating: value)) : String(value) }
}
