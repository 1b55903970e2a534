import Foundation

/// How the input encoded its geometry.
public enum GeometryFormat: String, Sendable, Hashable, Codable {
    /// Encoded polyline (see `RouteDocument.polylinePrecision`).
    case polyline
    /// GeoJSON LineString objects.
    case geojson
    /// No geometry anywhere; the path runs straight between maneuver locations.
    case none
}

/// An imported route together with the parsed input it came from.
public struct RouteDocument: Sendable {
    /// The route that was picked (`routes[routeIndex]`, or the bare route object).
    public var route: Route
    /// The whole parsed input, member order preserved (for writing it back with changes).
    public var json: JSONValue
    /// Which route of `routes[]` was picked (0 for a bare route).
    public var routeIndex: Int
    /// How many routes the input held (1 for a bare route).
    public var routeCount: Int
    /// True when the input was a bare route object rather than a `{code, routes, waypoints}` response.
    public var isBareRoute: Bool
    /// How the geometry was encoded.
    public var geometryFormat: GeometryFormat
    /// The polyline precision used (5 or 6), nil unless `geometryFormat == .polyline`.
    public var polylinePrecision: Int?

    /// The JSON path of the picked route object: `routes[N]`, or empty for a bare route.
    public var routePath: String { isBareRoute ? "" : "routes[\(routeIndex)]" }
}

/// Imports OSRM v5 route JSON (and the Mapbox, Valhalla and GraphHopper flavours of it) into a `Route`.
public struct RouteImporter: Sendable {
    /// Import options.
    public struct Options: Sendable, Hashable {
        /// Which of `routes[]` to use.
        public var routeIndex: Int
        /// Force polyline precision 5 or 6 instead of detecting it.
        public var polylinePrecision: Int?
        /// Maximum input size in bytes.
        public var maxBytes: Int
        /// Maximum JSON nesting depth.
        public var maxDepth: Int
        /// Keep the parsed input in `RouteDocument.json` (needed only to write the input back, e.g. the Mapbox
        /// rewrite). Off, `json` is `.null` and the parsed tree is freed as soon as the route is built: on a
        /// 50,000-step route that is most of the memory.
        public var retainsJSON = true

        /// Creates options (defaults: route 0, detected precision, 256 MiB, 512 levels).
        public init(routeIndex: Int = 0, polylinePrecision: Int? = nil, maxBytes: Int = 256 << 20, maxDepth: Int = 512) {
            self.routeIndex = routeIndex
            self.polylinePrecision = polylinePrecision
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
        }
    }

    /// The options in effect.
    public var options: Options

    /// Creates an importer.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Parses and imports `data`. `fileName` is how the input is named in errors and warnings.
    /// Throws `RouteImportError` for anything that cannot be used; oddities become `route.warnings`.
    public func read(_ data: Data, fileName: String) throws(RouteImportError) -> RouteDocument {
        let json: JSONValue
        do {
            json = try JSONParser(maxDepth: options.maxDepth, maxBytes: options.maxBytes).parse(data)
        } catch {
            let kind: RouteImportError.Kind = switch error.kind {
            case .syntax: .notJSON(line: error.line, column: error.column, reason: error.reason)
            case .binary: .binary
            case .tooDeep(let limit): .tooDeep(limit: limit, line: error.line, column: error.column)
            case .tooBig(let bytes, let limit): .tooBig(bytes: bytes, limit: limit)
            }
            throw RouteImportError(file: fileName, path: "", kind: kind)
        }
        var document = try read(json, fileName: fileName)
        if !options.retainsJSON { document.json = .null }
        return document
    }

    /// Imports an already parsed document.
    public func read(_ json: JSONValue, fileName: String) throws(RouteImportError) -> RouteDocument {
        let top = try JSONObjectReader(json, path: "", file: fileName)
        let routeValue: JSONValue
        let routeCount: Int
        let bare: Bool
        if let routes = try top.array("routes") {
            guard !routes.isEmpty else {
                let code = (try? top.string("code")).flatMap { $0 == "Ok" ? nil : $0 }
                throw top.error("routes", .noRoutes(code: code, message: code == nil ? nil : try? top.string("message")))
            }
            guard options.routeIndex >= 0 && options.routeIndex < routes.count else {
                throw top.error("routes", .routeIndexOutOfRange(index: options.routeIndex, count: routes.count))
            }
            routeValue = routes[options.routeIndex]
            routeCount = routes.count
            bare = false
        } else if top.has("legs") {
            guard options.routeIndex == 0 else {
                throw top.error(nil, .routeIndexOutOfRange(index: options.routeIndex, count: 1))
            }
            routeValue = json
            routeCount = 1
            bare = true
        } else {
            let code = try? top.string("code")
            if let code, code != "Ok" {
                throw top.error("routes", .noRoutes(code: code, message: try? top.string("message")))
            }
            throw top.error("routes", .missing)
        }
        let routePath = bare ? "" : "routes[\(options.routeIndex)]"
        let routeObject = try JSONObjectReader(routeValue, path: routePath, file: fileName)
        var context = ImportContext(file: fileName, precision: options.polylinePrecision ?? 5)
        if options.polylinePrecision == nil {
            context.precision = try context.detectPrecision(route: routeObject)
        }
        let waypointSource = !bare && top.has("waypoints") ? top : routeObject
        let route = try context.route(routeObject, waypointsFrom: waypointSource)
        let format: GeometryFormat = context.sawPolyline ? .polyline : context.sawGeoJSON ? .geojson : .none
        return RouteDocument(route: route, json: json, routeIndex: options.routeIndex, routeCount: routeCount,
                             isBareRoute: bare, geometryFormat: format,
                             polylinePrecision: format == .polyline ? context.precision : nil)
    }
}
