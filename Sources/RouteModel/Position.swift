/// One position fix from GPS or the simulator.
public struct Position: Sendable, Hashable {
    /// Where the fix is.
    public var coordinate: Coordinate
    /// Ground speed in m/s, when the receiver gives it.
    public var speed: Double?
    /// Course over ground in degrees clockwise from north, when given.
    public var heading: Double?
    /// Horizontal accuracy (1 σ) in meters, when given.
    public var accuracy: Double?
    /// Time of the fix in seconds (any fixed origin; the simulator starts at 0).
    public var timestamp: Double

    /// Creates a position fix.
    public init(coordinate: Coordinate, speed: Double? = nil, heading: Double? = nil,
                accuracy: Double? = nil, timestamp: Double) {
        self.coordinate = coordinate
        self.speed = speed
        self.heading = heading
        self.accuracy = accuracy
        self.timestamp = timestamp
    }
}
