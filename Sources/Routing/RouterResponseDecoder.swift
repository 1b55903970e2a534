import Foundation
import Network
import RouteModel

/// Turns a router's HTTP response into a `RouterResponse` or a `RouterError`, the same way for OSRM and
/// Valhalla: a routing error code in the body wins (OSRM `{"code":"NoRoute","message":…}`, Valhalla
/// `{"error_code":442,"error":…}`), then a non-2xx status, then the route import.
enum RouterResponseDecoder {
    /// Decodes `response`; `source` names the request in import errors ("POST http://127.0.0.1:8002/route");
    /// `precision`: the polyline precision asked for (nil: GeoJSON, or detect it).
    static func decode(_ response: HTTPResponse, source: String, precision: Int?) throws(RouterError) -> RouterResponse {
        let json = try? JSONParser(maxDepth: 512, maxBytes: Int.max).parse(response.body)
        if let json, case .object = json {
            if let code = json["code"]?.stringValue, code != "Ok" {
                throw .notOk(code: oneLine(code), message: oneLine(json["message"]?.stringValue ?? ""))
            }
            if let number = json["error_code"]?.numberValue, number.isFinite, abs(number) < 1e9 {
                let text = json["error"]?.stringValue ?? json["status"]?.stringValue ?? ""
                throw .notOk(code: "Valhalla \(Int(number))", message: oneLine(text))
            }
        }
        guard response.isSuccess else {
            throw .httpStatus(response.status, oneLine(String(decoding: response.body.prefix(400), as: UTF8.self)))
        }
        guard let json else {
            let type = response.header("Content-Type").map { " (Content-Type \(oneLine($0)))" } ?? ""
            do {
                _ = try JSONParser().parse(response.body)
            } catch {
                throw .malformed("\(source): body is not JSON\(type): \(error.description)")
            }
            throw .malformed("\(source): body is not JSON\(type)")
        }
        do {
            let document = try RouteImporter(options: .init(polylinePrecision: precision)).read(json, fileName: source)
            return RouterResponse(document: document, body: response.body)
        } catch {
            throw .malformed(error.description)
        }
    }

    /// The first line of `text`, without control characters, at most 200 characters.
    static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let clean = HTTPHeaders.printable(line.trimmingCharacters(in: .whitespaces))
        return clean.count > 200 ? String(clean.prefix(200)) + "…" : clean
    }
}

extension HTTPClient {
    /// `send` with its failure as a `RouterError`.
    func exchange(_ request: HTTPRequest, with endpoint: HTTPEndpoint) async throws(RouterError) -> HTTPResponse {
        do { return try await send(request, to: endpoint) } catch { throw error.routerError }
    }

    /// `sendBlocking` with its failure as a `RouterError`.
    func exchangeBlocking(_ request: HTTPRequest, with endpoint: HTTPEndpoint) throws(RouterError) -> HTTPResponse {
        do { return try sendBlocking(request, to: endpoint) } catch { throw error.routerError }
    }
}

extension HTTPClientError {
    /// The same failure as a `RouterError`.
    var routerError: RouterError {
        switch self {
        case .unreachable(let what): return .unreachable(what)
        case .timeout(let seconds): return .timeout(seconds)
        case .malformed(let what): return .malformed(what)
        case .tls: return .unreachable(description)
        }
    }
}
