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
    public init(renderer: VoiceRenderer, locale: String = DefaultLocale.tag, units: UnitsSystem? = nil, format: VoiceFormat = .json,
                maxLineBytes: Int = 32 << 20) {
        self.renderer = renderer
        self.locale = locale
        self.units = units
        self.format = format
        self.maxLineBytes = maxLineBytes
    }

    /// Reads chunks from `read` (nil or empty at the end) and passes each result line, newline included, to `emit`,
    /// in input order. With `jobs` > 1 that many lines are transcribed at once on other threads (at most twice as
    /// many held), the results still written in order; `read` and `emit` are called on this thread only.
    /// `progress` is told the counts after each result.
    public func run(jobs: Int = 1, read: () throws -> [UInt8]?, emit: (String) -> Void,
                    progress: ((Summary) -> Void)? = nil) rethrows -> Summary {
        var summary = Summary()
        var line = [UInt8]()
        var tooLong = false
        var number = 0
        let pool = jobs > 1 ? ResultPool(limit: 2 * jobs) : nil
        let queue = DispatchQueue(label: "voiceguide.batch", attributes: .concurrent)
        func write(_ result: JSONValue) {
            if result["error"] != nil { summary.errors += 1 }
            summary.lines += 1
            emit(result.serialized() + "\n")
            progress?(summary)
        }
        func finish() {
            number += 1
            let bytes = tooLong ? nil : (line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : line)
            let index = number
            if let pool {
                pool.waitForRoom { write($0) }
                pool.submitted(index)
                queue.async { [self] in pool.done(index, result(for: bytes, number: index)) }
                pool.ready { write($0) }
            } else {
                write(result(for: bytes, number: index))
            }
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
        pool?.drain { write($0) }
        return summary
    }

    /// The result of one line: `bytes` nil when it was longer than the limit.
    private func result(for bytes: [UInt8]?, number: Int) -> JSONValue {
        guard let bytes else {
            return Self.errorLine(id: .null, line: number, VoiceRequestError(
                status: 413, code: 65, message: "line \(number): longer than the limit of \(maxLineBytes) bytes"))
        }
        return transcribe(bytes, number: number)
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

/// The results of a parallel batch that are done, handed out in line order: the reader waits while `limit` lines
/// are in flight, so memory stays bounded however long the input is.
private final class ResultPool: @unchecked Sendable {  // @unchecked: every member is guarded by `condition`
    private let condition = NSCondition()
    private let limit: Int
    private var results: [Int: JSONValue] = [:]
    private var nextToWrite = 1
    private var submittedCount = 0

    init(limit: Int) { self.limit = limit }

    /// Line `index` was handed to a worker.
    func submitted(_ index: Int) {
        condition.withLock { submittedCount = index }
    }

    /// A worker's result for line `index`.
    func done(_ index: Int, _ result: JSONValue) {
        condition.withLock {
            results[index] = result
            condition.broadcast()
        }
    }

    /// Hands out, in order, every result that is ready now.
    func ready(_ write: (JSONValue) -> Void) {
        while let next = take(waiting: false) { write(next) }
    }

    /// Hands out results in order until fewer than `limit` lines are in flight.
    func waitForRoom(_ write: (JSONValue) -> Void) {
        while condition.withLock({ submittedCount - nextToWrite + 1 >= limit }) {
            if let next = take(waiting: true) { write(next) }
        }
    }

    /// Hands out every remaining result in order, waiting for each.
    func drain(_ write: (JSONValue) -> Void) {
        while condition.withLock({ nextToWrite <= submittedCount }) {
            if let next = take(waiting: true) { write(next) }
        }
    }

    /// The next result in order: nil when it is not ready (`waiting` false), else after waiting for it.
    private func take(waiting: Bool) -> JSONValue? {
        condition.lock()
        defer { condition.unlock() }
        while results[nextToWrite] == nil {
            guard waiting, nextToWrite <= submittedCount else { return nil }
            condition.wait()
        }
        let result = results.removeValue(forKey: nextToWrite)
        nextToWrite += 1
        return result
    }
}
