/// The most recent `capacity` elements appended; older ones are counted, not kept.
/// Not API.
struct _RingBuffer<Element> {
    let capacity: Int
    private var storage: [Element] = []
    private var head = 0
    /// Elements appended in all.
    private(set) var total = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        storage.reserveCapacity(min(self.capacity, 1024))
    }

    /// Appends an element, overwriting the oldest when full.
    ///
    /// - Complexity: O(1) amortized.
    mutating func append(_ element: Element) {
        total += 1
        guard capacity > 0 else { return }
        if storage.count < capacity {
            storage.append(element)
        } else {
            storage[head] = element
            head = (head + 1) % capacity
        }
    }

    /// The elements kept, oldest first.
    var elements: [Element] {
        Array(storage[head...]) + Array(storage[..<head])
    }

    /// Elements kept now (at most `capacity`).
    var count: Int { storage.count }

    /// Elements appended but no longer kept.
    var dropped: Int { total - storage.count }
}
