import RouteModel

extension LaneHint {
    /// The hint for `lanes` (left to right), or nil when the lanes do not restrict the choice: no lanes, all
    /// valid, none valid, or valid lanes on both edges with invalid ones between (no simple rule to say).
    public init?(lanes: [Lane]) {
        let valid = lanes.indices.filter { lanes[$0].valid }
        guard let first = valid.first, let last = valid.last, valid.count < lanes.count else { return nil }
        let position: Position
        switch (first == 0, last == lanes.count - 1) {
        case (true, false): position = .left
        case (false, true): position = .right
        case (false, false): position = .middle
        case (true, true): return nil
        }
        self.init(position: position, usableCount: valid.count, totalCount: lanes.count)
    }
}
