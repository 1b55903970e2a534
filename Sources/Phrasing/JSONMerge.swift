import RouteModel

extension JSONValue {
    /// Deep merge for phrasebook layers: objects merge member by member (`overlay` wins, new members are appended
    /// in order), anything else is replaced by `overlay`.
    func merged(with overlay: JSONValue) -> JSONValue {
        guard case .object(var base) = self, case .object(let top) = overlay else { return overlay }
        for member in top {
            if let index = base.firstIndex(where: { $0.key == member.key }) {
                base[index].value = base[index].value.merged(with: member.value)
            } else {
                base.append(member)
            }
        }
        return .object(base)
    }
}
