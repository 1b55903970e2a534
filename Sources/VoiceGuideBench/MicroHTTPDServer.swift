import CMicroHTTPD
import Foundation
import Network
import Phrasing
import VoiceService

/// The bench's one wrapper of Debian's libmicrohttpd (C stays in `CMicroHTTPD` and here): a minimal server in
/// front of `VoiceHTTPService`, the handler `serve` uses, so both servers render the same requests through the same
/// library code. libmicrohttpd's own epoll loop with a thread pool (as many threads as `serve` has render workers;
/// each thread reads, parses, renders and writes the connections it accepted), a connection limit, an idle timeout.
/// Measured against our event loop in `eventLoopBenchmarks` (README, Performance); not used by `voiceguide`.
final class MicroHTTPDServer {
    private let daemon: OpaquePointer
    private let context: Unmanaged<MicroHTTPDContext>

    /// Starts listening on 127.0.0.1:`port`, or nil when libmicrohttpd refuses (the port taken, no memory).
    init?(port: UInt16, threads: Int, connectionLimit: Int, idleTimeoutSeconds: Int, service: VoiceHTTPService) {
        let context = Unmanaged.passRetained(MicroHTTPDContext(service: service))
        guard let daemon = voiceguide_mhd_start(port, UInt32(clamping: threads), UInt32(clamping: connectionLimit),
                                                UInt32(clamping: idleTimeoutSeconds), microHTTPDAccess,
                                                context.toOpaque(), microHTTPDCompleted) else {
            context.release()
            return nil
        }
        self.daemon = daemon
        self.context = context
    }

    deinit {
        MHD_stop_daemon(daemon)
        context.release()
    }
}

/// What every request's callback reaches through libmicrohttpd's `cls`: the service.
private final class MicroHTTPDContext {
    let service: VoiceHTTPService
    init(service: VoiceHTTPService) { self.service = service }
}

/// One request's state between libmicrohttpd's calls (`con_cls`): the body read so far.
private final class MicroHTTPDRequest {
    var body: [UInt8] = []
}

/// Pairs collected by `MHD_get_connection_values`.
private final class MicroHTTPDPairs {
    var pairs: [(name: String, value: String)] = []
}

/// libmicrohttpd's access handler: called once with the head (the request's state is made), then with each piece of
/// the body, then once more with none left, when the request is handed to the service and its answer queued.
private let microHTTPDAccess: MHD_AccessHandlerCallback = { cls, connection, url, method, version, upload, uploadSize, state in
    guard let cls, let connection, let url, let method, let uploadSize, let state else { return .NO }
    guard let saved = state.pointee else {
        state.pointee = Unmanaged.passRetained(MicroHTTPDRequest()).toOpaque()
        return .YES
    }
    let request = Unmanaged<MicroHTTPDRequest>.fromOpaque(saved).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        if let upload { request.body.append(contentsOf: UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee)) }
        uploadSize.pointee = 0
        return .YES
    }
    let service = Unmanaged<MicroHTTPDContext>.fromOpaque(cls).takeUnretainedValue().service
    let headers = microHTTPDValues(connection, .HEADER_KIND)
    let arguments = microHTTPDValues(connection, .GET_ARGUMENT_KIND)
    // libmicrohttpd hands the path and the decoded query apart: the target is put back together for the service.
    var allowed = CharacterSet.urlQueryAllowed
    allowed.remove(charactersIn: "&=+")
    let query = arguments.map { ($0.name.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") + "="
        + ($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") }.joined(separator: "&")
    let path = String(cString: url)
    let answer = service.respond(to: HTTPServerRequest(
        method: String(cString: method), target: query.isEmpty ? path : path + "?" + query,
        version: version.map { String(cString: $0) } ?? "HTTP/1.1", headers: HTTPHeaders(pairs: headers), body: request.body))
    let response = answer.body.withUnsafeBytes {
        MHD_create_response_from_buffer($0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let response else { return .NO }
    for field in answer.headers { _ = MHD_add_response_header(response, field.name, field.value) }
    let queued = MHD_queue_response(connection, UInt32(clamping: answer.status), response)
    MHD_destroy_response(response)
    return queued
}

/// libmicrohttpd's completion callback: the request's state is released.
private let microHTTPDCompleted: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let saved = state.pointee else { return }
    Unmanaged<MicroHTTPDRequest>.fromOpaque(saved).release()
    state.pointee = nil
}

/// The name/value pairs of `kind` (header fields, query arguments) of `connection`, in order.
private func microHTTPDValues(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(name: String, value: String)] {
    let pairs = MicroHTTPDPairs()
    withExtendedLifetime(pairs) {
        _ = MHD_get_connection_values(connection, kind, { cls, _, key, value in
            guard let cls, let key else { return .YES }
            Unmanaged<MicroHTTPDPairs>.fromOpaque(cls).takeUnretainedValue().pairs
                .append((String(cString: key), value.map { String(cString: $0) } ?? ""))
            return .YES
        }, Unmanaged.passUnretained(pairs).toOpaque())
    }
    return pairs.pairs
}

/// `voiceguide-bench --mhd-child PORT CONNECTION-LIMIT IDLE-TIMEOUT`: the libmicrohttpd server in a process of its
/// own (so its memory is measured apart from the clients'), serving until it is signalled.
func microHTTPDChild(_ arguments: [String]) -> Int32 {
    guard arguments.count == 3, let port = UInt16(arguments[0]), let limit = Int(arguments[1]), let timeout = Int(arguments[2]) else {
        FileHandle.standardError.write(Data("voiceguide-bench: --mhd-child PORT CONNECTION-LIMIT IDLE-TIMEOUT\n".utf8))
        return 64
    }
    guard let data = try? VoiceGuideData.discover() else {
        FileHandle.standardError.write(Data("voiceguide-bench: no data directory\n".utf8))
        return 66
    }
    FileDescriptorLimit.raiseToHard()
    // Nothing loaded ahead: like `serve`, the locale is loaded by the first request (the bench warms both alike).
    let service = VoiceHTTPService(renderer: VoiceRenderer(data: data), metrics: ServiceMetrics())
    guard let server = MicroHTTPDServer(port: port, threads: HTTPServerLimits().renderWorkers, connectionLimit: limit,
                                        idleTimeoutSeconds: timeout, service: service) else {
        FileHandle.standardError.write(Data("voiceguide-bench: libmicrohttpd did not start on port \(port)\n".utf8))
        return 69
    }
    withExtendedLifetime(server) {
        while true { pause() }
    }
    return 0
}
