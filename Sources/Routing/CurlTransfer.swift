import CCurl
import Foundation
import Network
import SafeIO
import Synchronization

/// One HTTP exchange over libcurl (the only file of Routing that touches C): HTTP or HTTPS with the system CAs
/// or a private CA file, connect and total timeouts, proxies from the usual environment variables (libcurl reads
/// `http_proxy`, `https_proxy`, `all_proxy`, `no_proxy`), and the head and body limits enforced while receiving.
/// Easy handles are kept in a small thread-safe pool, so a later exchange with the same server reuses the open
/// (keep-alive) connection of an earlier one; all handles share one cache of DNS answers and TLS sessions (a
/// libcurl share), so a new connection to a known server can resume its TLS session. Blocking: call it on an I/O thread.
enum CurlTransfer {
    /// What to send and the limits of the exchange.
    struct Exchange {
        var url: String
        /// The server's host name or address, as TLS messages name it.
        var host: String
        /// `host:port`, as connection messages name it.
        var peer: String
        var method: String
        var headers: HTTPHeaders
        var body: Data?
        var userAgent: String
        var caFile: String?
        var connectTimeout: Double
        var timeout: Double
        var maxHeadBytes: Int
        var maxBodyBytes: Int
    }

    /// Performs `exchange` on the calling thread and returns the complete response (any status).
    static func perform(_ exchange: Exchange) throws(HTTPClientError) -> HTTPResponse {
        guard globalInit == CURLE_OK else { throw .unreachable("libcurl could not be initialised (code \(globalInit.rawValue))") }
        guard let handle = pool.take() else { throw .unreachable("libcurl could not create a transfer") }
        var reusable = true
        defer { pool.give(back: handle, reusable: reusable) }
        let reception = Reception(maxHeadBytes: exchange.maxHeadBytes, maxBodyBytes: exchange.maxBodyBytes)
        let context = Unmanaged.passRetained(reception)
        defer { context.release() }
        let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorText.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorText.deallocate() }
        var lines: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(lines) }
        // Without these two, libcurl would add an Expect: 100-continue wait before a body, and send its own Accept.
        for line in ["Accept: application/json", "Expect:"] + exchange.headers.map({ "\($0.name): \($0.value)" }) {
            lines = curl_slist_append(lines, line)
        }

        let code: CURLcode = exchange.url.withCString { url in
            exchange.userAgent.withCString { agent in
                withOptionalCString(exchange.caFile) { caFile in
                    exchange.method.withCString { method in
                        let body = exchange.body ?? Data()
                        return body.withUnsafeBytes { bodyBytes in
                            var setup = CURLE_OK
                            func set(_ result: CURLcode) { if setup == CURLE_OK { setup = result } }
                            set(voiceguide_curl_set_pointer(handle, CURLOPT_URL, url))
                            set(voiceguide_curl_set_long(handle, CURLOPT_NOSIGNAL, 1))
                            if let share = shared.share { set(voiceguide_curl_set_pointer(handle, CURLOPT_SHARE, share)) }
                            set(voiceguide_curl_set_pointer(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
                            set(voiceguide_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0))
                            set(voiceguide_curl_set_pointer(handle, CURLOPT_USERAGENT, agent))
                            set(voiceguide_curl_set_pointer(handle, CURLOPT_HTTPHEADER, lines))
                            set(voiceguide_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorText))
                            set(voiceguide_curl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds(exchange.timeout)))
                            set(voiceguide_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS,
                                                         milliseconds(min(exchange.connectTimeout, exchange.timeout))))
                            set(voiceguide_curl_set_long(handle, CURLOPT_TCP_NODELAY, 1))
                            set(voiceguide_curl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(exchange.maxBodyBytes)))
                            if let caFile { set(voiceguide_curl_set_pointer(handle, CURLOPT_CAINFO, caFile)) }
                            if exchange.method == "GET" {
                                set(voiceguide_curl_set_long(handle, CURLOPT_HTTPGET, 1))
                            } else if exchange.method == "HEAD" {
                                set(voiceguide_curl_set_long(handle, CURLOPT_NOBODY, 1))
                            } else {
                                set(voiceguide_curl_set_pointer(handle, CURLOPT_CUSTOMREQUEST, method))
                            }
                            if exchange.body != nil {
                                set(voiceguide_curl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bodyBytes.count)))
                                // A non-null pointer even for an empty body, or libcurl would read one from stdin.
                                set(voiceguide_curl_set_pointer(handle, CURLOPT_POSTFIELDS, bodyBytes.baseAddress ?? UnsafeRawPointer(url)))
                            }
                            set(voiceguide_curl_set_data_function(handle, CURLOPT_WRITEFUNCTION, receiveBody))
                            set(voiceguide_curl_set_pointer(handle, CURLOPT_WRITEDATA, context.toOpaque()))
                            set(voiceguide_curl_set_data_function(handle, CURLOPT_HEADERFUNCTION, receiveHeader))
                            set(voiceguide_curl_set_pointer(handle, CURLOPT_HEADERDATA, context.toOpaque()))
                            guard setup == CURLE_OK else { return setup }
                            return curl_easy_perform(handle)
                        }
                    }
                }
            }
        }
        var status = 0
        var verifyResult = 0
        var osErrno = 0
        var contentLength: curl_off_t = -1
        _ = voiceguide_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        _ = voiceguide_curl_get_long(handle, CURLINFO_SSL_VERIFYRESULT, &verifyResult)
        _ = voiceguide_curl_get_long(handle, CURLINFO_OS_ERRNO, &osErrno)
        _ = voiceguide_curl_get_offset(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &contentLength)
        guard code == CURLE_OK else {
            reusable = false
            throw failure(code, detail: HTTPHeaders.printable(String(cString: errorText)), exchange: exchange, reception: reception,
                          verifyResult: verifyResult, osErrno: Int32(clamping: osErrno), contentLength: Int64(contentLength))
        }
        if let problem = reception.problem { reusable = false; throw problem }
        return HTTPResponse(status: status, reason: reception.reason, headers: reception.headers, body: reception.body)
    }

    /// The one-line error for a failed transfer, in the words of the old socket client where they apply.
    private static func failure(_ code: CURLcode, detail: String, exchange: Exchange, reception: Reception,
                                verifyResult: Int, osErrno: Int32, contentLength: Int64) -> HTTPClientError {
        if let problem = reception.problem { return problem }
        // libcurl refuses a declared length over the limit before it reports the length, so read it from the head.
        let contentLength = HTTPResponse(status: 0, headers: reception.headers).header("Content-Length").flatMap { Int64($0) } ?? contentLength
        let peer = exchange.peer
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout(exchange.timeout)
        case CURLE_COULDNT_RESOLVE_HOST:
            return .unreachable("cannot resolve '\(exchange.host)': \(detail)")
        case CURLE_COULDNT_CONNECT:
            let reason = osErrno != 0 ? String(cString: strerror(osErrno)) : detail
            return .unreachable("cannot connect to \(peer): \(reason)")
        case CURLE_COULDNT_RESOLVE_PROXY:
            return .unreachable("cannot resolve the proxy: \(detail)")
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_USE_SSL_FAILED:
            return .tls(host: exchange.host, reason: tlsReason(code, verifyResult: verifyResult, detail: detail))
        case CURLE_SSL_CACERT_BADFILE:
            return .tls(host: exchange.host, reason: "cannot use the CA file '\(exchange.caFile ?? "(system)")': \(detail)")
        case CURLE_GOT_NOTHING:
            return .malformed("connection closed without a response")
        case CURLE_PARTIAL_FILE:
            return contentLength >= 0
                ? .malformed("connection closed after \(reception.body.count) of \(contentLength) body bytes")
                : .malformed("connection closed inside the body after \(reception.body.count) bytes: \(detail)")
        case CURLE_FILESIZE_EXCEEDED:
            return contentLength > Int64(exchange.maxBodyBytes)
                ? .malformed("response body of \(contentLength) bytes is larger than the limit of \(exchange.maxBodyBytes)")
                : .malformed("response body larger than \(exchange.maxBodyBytes) bytes")
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR:
            return reception.received == 0
                ? .unreachable("\(peer) closed the connection without answering: \(detail)")
                : .malformed("connection to \(peer) failed after \(reception.received) bytes: \(detail)")
        case CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .malformed("not a usable HTTP response: \(detail)")
        default:
            return .unreachable("\(peer): \(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)")
        }
    }

    /// Why the TLS handshake failed, in words: the certificate's verification result (OpenSSL's X509_V_ERR
    /// codes as libcurl reports them) first, then libcurl's own check of the host name.
    private static func tlsReason(_ code: CURLcode, verifyResult: Int, detail: String) -> String {
        switch verifyResult {
        case 10: return "the server's certificate has expired"
        case 9: return "the server's certificate is not valid yet"
        case 2, 18, 19, 20, 21: return "the server's certificate is signed by an unknown certificate authority"
        case 23: return "the server's certificate has been revoked"
        case 62: return "the server's certificate is for a different host name"
        default: break
        }
        if detail.contains("subject name") || detail.contains("host name") || detail.contains("hostname") {
            return "the server's certificate is for a different host name"
        }
        if code == CURLE_SSL_CONNECT_ERROR { return "the TLS handshake failed: \(detail)" }
        return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
    }

    /// `seconds` as whole milliseconds for libcurl, at least 1 (0 would mean no limit), at most a day.
    private static func milliseconds(_ seconds: Double) -> Int {
        max(1, Int(saturating: (min(seconds, 86_400) * 1000).rounded(.up)))
    }

    /// libcurl's process-wide setup, done once before the first handle.
    private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_ALL))
    /// The reusable handles.
    private static let pool = HandlePool(capacity: 8)
    /// The DNS and TLS session caches of all handles.
    private static let shared = SharedCaches()
}

/// A libcurl share of DNS answers and TLS sessions between handles, with one lock per kind of shared data (libcurl
/// takes them from whichever thread runs a transfer). Lives as long as the process; nil if libcurl refused it,
/// and the handles then keep caches of their own.
private final class SharedCaches: Sendable {
    private struct Share: @unchecked Sendable { let pointer: UnsafeMutableRawPointer? }  // @unchecked: the share handle is only passed to libcurl, which locks it through ShareLocks
    private let handle: Share
    private let locks: ShareLocks

    /// The share to set on every handle, if there is one.
    var share: UnsafeMutableRawPointer? { handle.pointer }

    init() {
        let locks = ShareLocks()
        self.locks = locks
        var pointer = curl_share_init()
        if let share = pointer {
            // `locks` lives as long as this (the process), so the callbacks' context is never released.
            let ok = voiceguide_curl_share_data(share, CURL_LOCK_DATA_DNS) == CURLSHE_OK
                && voiceguide_curl_share_data(share, CURL_LOCK_DATA_SSL_SESSION) == CURLSHE_OK
                && voiceguide_curl_share_locks(share, lockShared, unlockShared, Unmanaged.passUnretained(locks).toOpaque()) == CURLSHE_OK
            if !ok { curl_share_cleanup(share); pointer = nil }
        }
        handle = Share(pointer: pointer)
    }
}

/// The locks of the shared caches, one per `curl_lock_data`.
private final class ShareLocks: Sendable {
    private let locks = (0...Int(CURL_LOCK_DATA_LAST.rawValue)).map { _ in NSLock() }

    func lock(_ data: curl_lock_data) { if locks.indices.contains(Int(data.rawValue)) { locks[Int(data.rawValue)].lock() } }
    func unlock(_ data: curl_lock_data) { if locks.indices.contains(Int(data.rawValue)) { locks[Int(data.rawValue)].unlock() } }
}

/// libcurl's lock callback for the share.
private let lockShared: curl_lock_function = { _, data, _, context in
    guard let context else { return }
    Unmanaged<ShareLocks>.fromOpaque(context).takeUnretainedValue().lock(data)
}

/// libcurl's unlock callback for the share.
private let unlockShared: curl_unlock_function = { _, data, context in
    guard let context else { return }
    Unmanaged<ShareLocks>.fromOpaque(context).takeUnretainedValue().unlock(data)
}

/// What arrives during one transfer: the head lines, the body, and the first limit or protocol problem (which
/// makes the callbacks stop the transfer). Touched only by the thread running the transfer.
private final class Reception {
    let maxHeadBytes: Int
    let maxBodyBytes: Int
    var headBytes = 0
    var received = 0
    var reason = ""
    var headers: HTTPHeaders = []
    var body = Data()
    var problem: HTTPClientError?

    init(maxHeadBytes: Int, maxBodyBytes: Int) {
        self.maxHeadBytes = maxHeadBytes
        self.maxBodyBytes = maxBodyBytes
    }

    /// One head line from libcurl (status line, field line, or the empty line), CR LF included; false to stop.
    func head(_ line: String) -> Bool {
        headBytes += line.utf8.count
        received += line.utf8.count
        guard headBytes <= maxHeadBytes else {
            problem = .malformed("response head larger than \(maxHeadBytes) bytes")
            return false
        }
        let text = line.trimmingCharacters(in: CharacterSet(charactersIn: "\r\n"))
        if text.hasPrefix("HTTP/") {
            // A new response head (after 1xx): only the final one counts.
            headers = []
            let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            reason = parts.count > 2 ? HTTPHeaders.printable(String(parts[2])) : ""
            return true
        }
        guard !text.isEmpty else { return true }
        guard let header = HTTPHeaders.Field(fieldLine: text) else {
            problem = .malformed("invalid response header line '\(HTTPHeaders.printable(String(text.prefix(60))))'")
            return false
        }
        headers.append(header)
        return true
    }

    /// Body bytes; false to stop when they pass the limit.
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        received += bytes.count
        guard body.count + bytes.count <= maxBodyBytes else {
            problem = .malformed("response body larger than \(maxBodyBytes) bytes")
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }
}

/// libcurl's write callback: the body, handed to the transfer's `Reception`.
private let receiveBody: voiceguide_curl_data_fn = { data, size, count, context in
    guard let context else { return 0 }
    let reception = Unmanaged<Reception>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    return reception.append(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// libcurl's header callback: one head line at a time.
private let receiveHeader: voiceguide_curl_data_fn = { data, size, count, context in
    guard let context else { return 0 }
    let reception = Unmanaged<Reception>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    return reception.head(line) ? length : 0
}

/// Up to `capacity` idle easy handles, each with its connection cache, shared by all threads. A handle is used by
/// one transfer at a time; one that failed is closed rather than reused (its connection may be broken).
private final class HandlePool: Sendable {
    private struct Handles: @unchecked Sendable { var idle: [UnsafeMutableRawPointer] = [] }  // @unchecked: idle easy handles, each owned by one transfer at a time, kept inside a Mutex
    private let handles = Mutex(Handles())
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// An idle handle reset to its defaults (connections kept), or a new one.
    func take() -> UnsafeMutableRawPointer? {
        if let handle = handles.withLock({ $0.idle.popLast() }) {
            curl_easy_reset(handle)
            return handle
        }
        return curl_easy_init()
    }

    /// Keeps `handle` for the next transfer when it is `reusable` and there is room; closes it otherwise.
    func give(back handle: UnsafeMutableRawPointer, reusable: Bool) {
        let kept = reusable && handles.withLock { pool in
            guard pool.idle.count < capacity else { return false }
            pool.idle.append(handle)
            return true
        }
        if !kept { curl_easy_cleanup(handle) }
    }
}

/// Calls `body` with a C string for `text`, or nil.
private func withOptionalCString<T>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}
