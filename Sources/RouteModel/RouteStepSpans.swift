import Foundation

/// Where the step objects of one route sit in the bytes of a route response that `JSONParser` accepted, so that a
/// member of each step can be replaced or added by splicing bytes, without writing the whole response again (the
/// service returns upstream responses with its voice instructions in them: splicing keeps every other byte as the
/// router sent it, and skips re-printing hundreds of kilobytes of coordinates).
///
/// Steps are listed in the order `legs[*].steps[*]` of the route, exactly as a walk over the parsed value finds
/// them: a leg without a `steps` array adds none, a step that is not an object is listed as nil. Where a name
/// repeats, the last member counts, as in `JSONValue`'s lookups and `setMember`.
public struct RouteStepSpans: Sendable, Equatable {
    /// One step object.
    public struct StepObject: Sendable, Equatable {
        /// Offset of the object's closing `}`.
        public var close: Int
        /// True when the object has at least one member.
        public var hasMembers: Bool
        /// The bytes of the value of the last member with the looked-for name, if the object has one.
        public var value: Range<Int>?
    }

    /// The route's steps in flat order (nil: an element of `steps` that is not an object).
    public var steps: [StepObject?]
    /// The route object itself, with the last member named `routeMember` (nil when none was asked for).
    public var route: StepObject?

    /// Finds the steps of `routes[routeIndex]` (or of the bare route object when `routeIndex` is nil) in `bytes`,
    /// noting in each the member named `member`. Nil when the route or its `legs` array is not there. The bytes
    /// must be a document that `JSONParser` accepted: they are walked, not checked.
    /// With `routeMember`, the route object's own member of that name is noted in `route` (`voiceLocale`).
    public init?(bytes: UnsafeBufferPointer<UInt8>, routeIndex: Int?, member: String, routeMember: String? = nil) {
        let walker = SpanWalker(bytes: bytes, member: Array(member.utf8), routeMember: routeMember.map { Array($0.utf8) })
        let root = walker.skipPrefix()
        guard root < bytes.count, let found = walker.steps(root: root, routeIndex: routeIndex), let steps = found.steps else { return nil }
        self.steps = steps
        self.route = routeMember == nil ? nil : found.object
    }
}

/// Walks a well-formed JSON document by offsets in one pass (no values are built): each level goes through its
/// members or elements once, descending into the ones on the way to the steps and skipping the others.
private struct SpanWalker {
    let bytes: UnsafeBufferPointer<UInt8>
    let member: [UInt8]
    let routeMember: [UInt8]?

    /// The offset of the document's value, past a UTF-8 byte-order mark and whitespace.
    func skipPrefix() -> Int {
        skipSpace(bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0)
    }

    /// The route's steps: of `routes[routeIndex]` in the object at `root`, or of the object at `root` itself.
    func steps(root: Int, routeIndex: Int?) -> (steps: [RouteStepSpans.StepObject?]?, object: RouteStepSpans.StepObject?)? {
        guard let routeIndex else { let found = route(at: root); return (found.steps, found.object) }
        guard bytes[root] == UInt8(ascii: "{") else { return nil }
        var found: (steps: [RouteStepSpans.StepObject?]?, object: RouteStepSpans.StepObject?)?
        _ = members(of: root) { name, value in
            guard isName(name, "routes") else { return endOfValue(value) }
            guard bytes[value] == UInt8(ascii: "[") else { found = (nil, nil); return endOfValue(value) }
            var steps: [RouteStepSpans.StepObject?]?
            var object: RouteStepSpans.StepObject?
            let end = elements(of: value) { n, element in
                guard n == routeIndex else { return endOfValue(element) }
                let route = route(at: element)
                steps = route.steps
                object = route.object
                return route.end
            }
            found = (steps, object)
            return end
        }
        return found
    }

    /// The steps of the route object at `object` (nil: not an object, or no `legs` array), and its end.
    func route(at object: Int) -> (steps: [RouteStepSpans.StepObject?]?, object: RouteStepSpans.StepObject?, end: Int) {
        guard bytes[object] == UInt8(ascii: "{") else { return (nil, nil, endOfValue(object)) }
        var found: [RouteStepSpans.StepObject?]?
        var own: Range<Int>?
        var any = false
        let end = members(of: object) { name, value in
            any = true
            if let routeMember, isName(name, routeMember) {
                let end = endOfValue(value)
                own = value..<end
                return end
            }
            guard isName(name, "legs") else { return endOfValue(value) }
            guard bytes[value] == UInt8(ascii: "[") else { found = nil; return endOfValue(value) }
            var steps: [RouteStepSpans.StepObject?] = []
            let end = elements(of: value) { _, leg in
                guard bytes[leg] == UInt8(ascii: "{") else { return endOfValue(leg) }
                var legSteps: [RouteStepSpans.StepObject?]?
                let end = members(of: leg) { name, value in
                    guard isName(name, "steps") else { return endOfValue(value) }
                    guard bytes[value] == UInt8(ascii: "[") else { legSteps = nil; return endOfValue(value) }
                    var list: [RouteStepSpans.StepObject?] = []
                    let end = elements(of: value) { _, step in
                        guard bytes[step] == UInt8(ascii: "{") else { list.append(nil); return endOfValue(step) }
                        let (object, end) = stepObject(at: step)
                        list.append(object)
                        return end
                    }
                    legSteps = list
                    return end
                }
                steps += legSteps ?? []
                return end
            }
            found = steps
            return end
        }
        return (found, RouteStepSpans.StepObject(close: end - 1, hasMembers: any, value: own), end)
    }

    /// The step object at `object`, with the last member named `member`, and its end.
    func stepObject(at object: Int) -> (RouteStepSpans.StepObject, end: Int) {
        var value: Range<Int>?
        var any = false
        let end = members(of: object) { name, start in
            any = true
            let end = endOfValue(start)
            if isName(name, member) { value = start..<end }
            return end
        }
        return (RouteStepSpans.StepObject(close: end - 1, hasMembers: any, value: value), end)
    }

    func skipSpace(_ from: Int) -> Int {
        var i = from
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        return i
    }

    /// The offset just past the string that opens at `from`.
    func endOfString(_ from: Int) -> Int {
        var i = from + 1
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { return i + 1 }
            i += b == UInt8(ascii: "\\") ? 2 : 1
        }
        return i
    }

    /// The offset just past the value that starts at `from`.
    func endOfValue(_ from: Int) -> Int {
        guard from < bytes.count else { return from }
        switch bytes[from] {
        case UInt8(ascii: "\""): return endOfString(from)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0, i = from
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") { i = endOfString(i); continue }
                if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
                    depth += 1
                } else if b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 { return i + 1 }
                }
                i += 1
            }
            return i
        default:
            var i = from
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: return i
                default: i += 1
                }
            }
            return i
        }
    }

    /// Goes through the members of the object at `object`: `visit` gets each name's opening quote and its value's
    /// offset and returns the end of the value. Returns the end of the object.
    func members(of object: Int, _ visit: (_ name: Int, _ value: Int) -> Int) -> Int {
        var i = skipSpace(object + 1)
        while i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
            let name = i
            i = skipSpace(endOfString(i))  // at ':'
            i = skipSpace(visit(name, skipSpace(i + 1)))
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { break }
            i = skipSpace(i + 1)
        }
        return min(bytes.count, i + 1)  // past '}'
    }

    /// Goes through the elements of the array at `array`: `visit` gets each one's position and offset and returns
    /// its end. Returns the end of the array.
    func elements(of array: Int, _ visit: (_ n: Int, _ element: Int) -> Int) -> Int {
        var i = skipSpace(array + 1)
        var n = 0
        while i < bytes.count, bytes[i] != UInt8(ascii: "]") {
            i = skipSpace(visit(n, i))
            n += 1
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { break }
            i = skipSpace(i + 1)
        }
        return min(bytes.count, i + 1)  // past ']'
    }

    /// True when the string at `name` reads as `expected` (compared as written, unless it has escapes).
    func isName(_ name: Int, _ expected: StaticString) -> Bool {
        isName(name, UnsafeBufferPointer(start: expected.utf8Start, count: expected.utf8CodeUnitCount))
    }

    /// True when the string at `name` reads as `expected`.
    func isName(_ name: Int, _ expected: some Collection<UInt8>) -> Bool {
        let end = endOfString(name)
        let raw = bytes[(name + 1)..<(end - 1)]
        if raw.contains(UInt8(ascii: "\\")) {
            // Written with escapes ("leg\u0073"): compare what it reads as.
            guard case .string(let text)? = try? JSONParser().parse(Data(bytes[name..<end])) else { return false }
            return text.utf8.elementsEqual(expected)
        }
        return raw.count == expected.count && raw.elementsEqual(expected)
    }
}
