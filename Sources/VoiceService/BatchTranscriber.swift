import Foundation
import RouteModel
import Phrasing

/// `transcript --batch`: newline-delimited route responses in, one NDJSON result per input line out, in order.
/// A line is a route response, or `{"id": …, "locale": …, "units": …, "route": {…}}` wrapping one. Each result is
/// `{"id":…,"line":N,"result":…}` (with a `warning` when the locale fell back), or `{"id":…,"line":N,"error":{"code":65,"message":"line N: routes[0]…"}}`;
/// a bad line never stops the batch.
public struct BatchTranscriber: Sendable {
    /// Plans and renders the routes (with its locale cache).
    public let renderer: VoiceRenderer
    /// The locale for lines that do not name one.
    public var locale: String
    /// The units for lines that do not name them (nil: the locale's).
    public var units: UnitsSystem?
    /// The result format of every line.
    public var format: VoiceFormat
    /// The longest line accepted, in bytes (a longer one is an error result, read past without keeping it).
    public var maxLineBytes: Int
    /// True when `locale` is only a fallback (no `--locale` given): a line that names no locale is then spoken in
    /// its route's own `voiceLocale` when that locale is available, else in `locale` with a `warning` member.
    public var prefersRouteLocale = false
    /// True to leave the router's `bannerInstructions` as they are (`--keep-banners`).
    public var keepsBanners = false

    /// Counts of one batch run.
    public struct Summary: Sendable, Equatable {
        /// Lines read (results written).
        public var lines = 0
        /// Lines whose result is an error.
        public var errors = 0
    }

    /// Creates a batch transcriber.
    public init(renderer: VoiceRenderer, locale: String = "en-US", units: UnitsSystem? = nil, format: VoiceFormat = .json,
                maxLineBytes: Int = 32 << 20) {
        self.renderer = renderer
        self.locale = locale
        self.units = units
        self.format = format
        self.maxLineBytes = maxLineBytes
    }

    /// Reads chunks from `read` (nil or empty at the end) and passes each result line, newline included, to `emit`.
    public func run(read: () throws -> [UInt8]?, emit: (String) -> Void) rethrows -> Summary {
        var summary = Summary()
        var line = [UInt8]()
        var tooLong = false
        var number = 0
        func finish() {
            number += 1
            let result: JSONValue
            if tooLong {
                result = Self.errorLine(id: .null, line: number, VoiceRequestError(
                    status: 413, code: 65, message: "line \(number): longer than the limit of \(maxLineBytes) bytes"))
            } else {
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                result = transcribe(line, number: number)
            }
            if result["error"] != nil { summary.errors += 1 }
            summary.lines += 1
            emit(result.serialized() + "\n")
            line.removeAll(keepingCapacity: true)
            tooLong = false
        }
        while let chunk = try read(), !chunk.isEmpty {
            var start = 0
            while start < chunk.count {
                let end = chunk[start...].firstIndex(of: UInt8(ascii: "\n"))
                let piece = chunk[start..<(end ?? chunk.count)]
                if !tooLong {
                    if line.count + piece.count > maxLineBytes {
                        tooLong = true
                        line.removeAll()
                    } else {
                        line.append(contentsOf: piece)
                    }
                }
                guard let end else { break }
                finish()
                start = end + 1
            }
        }
        if !line.isEmpty || tooLong { finish() }
        return summary
    }

    /// The result line (without the newline) for one input line.
    public func transcribe(_ bytes: [UInt8], number: Int) -> JSONValue {
        let name = "line \(number)"
        var id = JSONValue.null
        do throws(VoiceRequestError) {
            guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else {
                throw VoiceRequestError(status: 400, code: 65, message: "\(name): empty line, expected a route response")
            }
            let json: JSONValue
            do {
                json = try JSONParser(maxBytes: maxLineBytes).parse(Data(bytes))
            } catch {
                throw VoiceRequestError(status: 400, code: 65, message: "\(name): not JSON: line 1 column \(error.column): \(error.reason)")
            }
            var locale: String? = prefersRouteLocale ? nil : self.locale
            var units = self.units
            var route = json
            if case .object = json, let wrapped = json["route"], json["routes"] == nil, json["legs"] == nil {
                id = json["id"] ?? .null
                route = wrapped
                if let value = json["locale"] {
                    guard case .string(let tag) = value else { throw .init(status: 400, code: 65, message: "\(name): locale: expected a string") }
                    locale = tag
                }
                if let value = json["units"] {
                    guard case .string(let text) = value else { throw .init(status: 400, code: 65, message: "\(name): units: expected a string") }
                    units = try VoiceRenderer.units(text)
                }
            }
            let document = try renderer.importRoute(route, name: name)
            let (tag, warning) = try renderer.chooseLocale(requested: locale, document: document, fallback: self.locale)
            var members: [JSONMember] = [.init(key: "id", value: id), .init(key: "line", value: .number(Double(number))),
                                         .init(key: "result", value: try renderer.render(document, locale: tag, units: units, format: format,
                                                                                         keepBanners: keepsBanners))]
            if let warning { members.append(.init(key: "warning", value: .string("\(name): \(warning)"))) }
            return .object(members)
        } catch {
            let message = error.message.hasPrefix(name) ? error.message : "\(name): \(error.message)"
            return Self.errorLine(id: id, line: number, VoiceRequestError(status: error.status, code: error.code, message: message))
        }
    }

    static func errorLine(id: JSONValue, line: Int, _ error: VoiceRequestError) -> JSONValue {
        .object([.init(key: "id", value: id), .init(key: "line", value: .number(Double(line))),
                 .init(key: "error", value: .object([.init(key: "code", value: .number(Double(error.code))),
                                                     .init(key: "message", value: .string(error.message))]))])
    }
}
