import Foundation
import RouteModel

/// Where an exported instruction goes: a Mapbox client fires an instruction of step k when
/// the distance left on step k falls to its `distanceAlongGeometry`, and only while step k is the current step.
/// So an instruction sits on the step where its trigger lies (start ≤ trigger < end), with the distance from the
/// trigger to that step's end, never more than the step's length. It stays on its maneuver's leg: a trigger
/// before the leg (or, for a leg's depart, before the waypoint) is said as that first step starts.
enum InstructionPlacement {
    /// The flat index of the holding step and the `distanceAlongGeometry` for a trigger at `trigger` meters
    /// along the route, announcing the maneuver of flat step `maneuver`.
    static func place(trigger: Double, maneuver: Int, in index: RouteIndex) -> (step: Int, along: Double) {
        let steps = index.steps
        let m = steps[maneuver]
        let legFirst = maneuver - m.id.step
        var legLast = legFirst
        while legLast + 1 < steps.count, steps[legLast + 1].id.leg == m.id.leg { legLast += 1 }
        // Only steps with a length can hold an instruction (the arrive step has none).
        let candidates = (m.id.step == 0 ? maneuver : legFirst)...legLast
        let holders = candidates.filter { steps[$0].endMeters > steps[$0].startMeters }
        guard let first = holders.first, let last = holders.last else {
            return (maneuver, 0)
        }
        let holder: Int
        if trigger < steps[first].startMeters {
            holder = first
        } else {
            holder = holders.first { steps[$0].startMeters <= trigger && trigger < steps[$0].endMeters } ?? last
        }
        let step = steps[holder]
        let length = step.endMeters - step.startMeters
        return (holder, min(length, max(0, step.endMeters - trigger)))
    }
}
