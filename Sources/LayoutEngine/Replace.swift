/// Stores `value` in `storage` when the two differ, and says whether it did: the first step of
/// a setter that reacts only to a change (`if replace(&_lineHeight, with: newValue) { ... }`).
///
/// For values whose `==` is inlined (numbers, flags): inlined itself, it accesses a stored
/// property as the comparison and assignment written out would, and the optimizer still proves
/// the engine's accesses exclusive (EngineList.swift). A `==` that is a call (String's) would
/// run inside the access and keep the property's accesses checked at run time.
@inline(__always)
func replace<Value: Equatable>(_ storage: inout Value, with value: Value) -> Bool {
    guard storage != value else { return false }
    storage = value
    return true
}
