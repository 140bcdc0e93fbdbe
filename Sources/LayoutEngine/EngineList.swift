/// A growable list that the engine keeps per engine (its registries: active constraints,
/// registered items, variable owners), held by a `let` reference.
///
/// Swift checks exclusive access to a class's stored property at run time (a runtime call
/// and a thread-local look-up per access) unless the whole-module optimizer proves that no
/// access to it can overlap another. One access that spans a call the optimizer cannot see
/// into keeps every access of the property checked, and every mutation of an array in place
/// does (its slow path reallocates). So the list's one stored property is only ever read or
/// written whole: a mutation takes the array out (`swap` with an empty one: two moves, no
/// call), changes the local copy, which needs no check, and puts it back. The engine's
/// property holding the list is a `let`, which needs no check either.
///
/// Not reentrant while a mutation runs: the mutating methods call nothing that could read
/// the list (they only change the array).
final class EngineList<Element> {
    private var storage: ContiguousArray<Element> = []

    init() {}

    @inline(__always)
    private func take() -> ContiguousArray<Element> {
        var taken = ContiguousArray<Element>()
        swap(&taken, &storage)
        return taken
    }

    @inline(__always)
    private func put(_ array: inout ContiguousArray<Element>) {
        swap(&array, &storage)
    }

    /// The number of elements.
    var count: Int { storage.count }

    var isEmpty: Bool { storage.isEmpty }

    /// The last element, or `nil`.
    var last: Element? { storage.last }

    /// The elements as an array (a copy that shares the storage until the list changes).
    var elements: ContiguousArray<Element> { storage }

    subscript(index: Int) -> Element {
        get { storage[index] }
        set {
            var array = take()
            array[index] = newValue
            put(&array)
        }
    }

    func append(_ element: Element) {
        var array = take()
        array.append(element)
        put(&array)
    }

    /// Appends `element` until the list has `count` elements.
    func grow(to count: Int, with element: Element) {
        guard storage.count < count else { return }
        var array = take()
        while array.count < count { array.append(element) }
        put(&array)
    }

    /// Removes the element at `index` by moving the last element into its place.
    ///
    /// - Returns: The element moved into `index`, or `nil` when `index` was the last.
    /// - Complexity: O(1).
    @discardableResult
    func swapRemove(at index: Int) -> Element? {
        var array = take()
        let last = array.removeLast()
        let moved: Element?
        if index < array.count {
            array[index] = last
            moved = last
        } else {
            moved = nil
        }
        put(&array)
        return moved
    }

    @discardableResult
    func removeLast() -> Element {
        var array = take()
        let element = array.removeLast()
        put(&array)
        return element
    }

    func removeAll(keepingCapacity: Bool = true) {
        var array = take()
        array.removeAll(keepingCapacity: keepingCapacity)
        put(&array)
    }

    func removeAll(where shouldBeRemoved: (Element) -> Bool) {
        var array = take()
        array.removeAll(where: shouldBeRemoved)
        put(&array)
    }
}

extension EngineList: Sequence {
    /// Iterates a snapshot: changing the list while iterating changes nothing already begun.
    func makeIterator() -> ContiguousArray<Element>.Iterator { storage.makeIterator() }

    var underestimatedCount: Int { storage.count }
}
