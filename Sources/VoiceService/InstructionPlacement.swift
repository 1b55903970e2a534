import Foundation
import RouteModel

/// Where an exported instruction goes: a Mapbox client fires an instruction of step k when
/// the distance left on step k falls to its `distanceAlongGeometry`, and only while step k is the current step.
/// So an instruction sits on the step where its trigger lies (start ≤ trigger < end), with the distance from the
/// trigger to that step's end, never more than the step's length. It stays on its maneuver's leg: a trigger
/// before the leg (or, for a leg's depart, before the waypoint) is said as that first step starts.
///
/// Built once per route index: each leg's steps with a length are listed once, and a trigger is found among them
/// by binary search, so placing every announcement of a 50,000-step route costs O(n log n), not O(n²).
struct InstructionPlacement {
    private let steps: [IndexedStep]
    /// For each flat step, the flat indices of its leg's steps that have a length (the arrive step has none),
    /// shared by the steps of one leg.
    private let holdersOfLeg: [[Int]]
    /// The leg (position in `holdersOfLeg`) of each flat step.
    private let legOfStep: [Int]

    /// Lists the holders of every leg of `index`.
    init(index: RouteIndex) {
        steps = index.steps
        var holders: [[Int]] = []
        var legs = [Int](repeating: 0, count: steps.count)
        var n = 0
        while n < steps.count {
            let leg = steps[n].id.leg
            var list: [Int] = []
            var last = n
            while last < steps.count, steps[last].id.leg == leg {
                if steps[last].endMeters > steps[last].startMeters { list.append(last) }
                legs[last] = holders.count
                last += 1
            }
            holders.append(list)
            n = last
        }
        holdersOfLeg = holders
        legOfStep = legs
    }

    /// The flat index of the holding step and the `distanceAlongGeometry` for a trigger at `trigger` meters
    /// along the route, announcing the maneuver of flat step `maneuver`.
    func place(trigger: Double, maneuver: Int) -> (step: Int, along: Double) {
        let holders = holdersOfLeg[legOfStep[maneuver]]
        guard let first = holders.first, let last = holders.last else {
            return (maneuver, 0)
        }
        let holder: Int
        if trigger < steps[first].startMeters {
            holder = first
        } else {
            holder = containing(trigger, in: holders) ?? last
        }
        let step = steps[holder]
        let length = step.endMeters - step.startMeters
        return (holder, min(length, max(0, step.endMeters - trigger)))
    }

    /// The first of `holders` with start ≤ `trigger` < end: found by binary search (the steps follow each other
    /// along the route), checked, and looked for one by one only if the steps' meters are not in order.
    private func containing(_ trigger: Double, in holders: [Int]) -> Int? {
        var low = 0, high = holders.count
        while low < high {
            let mid = (low + high) / 2
            if steps[holders[mid]].startMeters <= trigger { low = mid + 1 } else { high = mid }
        }
        // holders[low - 1] is the last one starting at or before the trigger.
        func contains(_ h: Int) -> Bool { steps[h].startMeters <= trigger && trigger < steps[h].endMeters }
        if low > 0, contains(holders[low - 1]),
           low < 2 || !contains(holders[low - 2]) {
            return holders[low - 1]
        }
        return holders.first(where: contains)
    }
}
