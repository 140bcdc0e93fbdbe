/// A growable array of trivial values in manually managed memory.
///
/// The solver's hot loops index these arrays millions of times per second. A
/// `ContiguousArray` stored in a class pays a uniqueness check and (for class
/// properties) an exclusivity check on every mutation; `PodArray` pays neither.
/// It is non-copyable, so two owners can never alias one buffer, and it frees
/// its memory when it goes out of scope.
///
/// Bounds are checked with `assert` only: debug builds trap on a bad index,
/// release builds trust the tableau's invariants (which the invariant checker
/// verifies in debug test runs).
@usableFromInline
struct PodArray<Element: BitwiseCopyable>: ~Copyable {
    @usableFromInline private(set) var base: UnsafeMutablePointer<Element>
    @usableFromInline private(set) var count: Int
    @usableFromInline private(set) var capacity: Int

    @usableFromInline
    init(minimumCapacity: Int = 8) {
        let capacity = Swift.max(minimumCapacity, 1)
        self.base = .allocate(capacity: capacity)
        self.count = 0
        self.capacity = capacity
    }

    deinit {
        base.deallocate()
    }

    @inlinable
    var isEmpty: Bool { count == 0 }

    @inlinable
    subscript(index: Int) -> Element {
        @inline(__always)
        unsafeAddress {
            assert(index >= 0 && index < count, "PodArray index \(index) out of range 0..<\(count)")
            return UnsafePointer(base + index)
        }
        @inline(__always)
        nonmutating unsafeMutableAddress {
            assert(index >= 0 && index < count, "PodArray index \(index) out of range 0..<\(count)")
            return base + index
        }
    }

    @inlinable
    subscript(index: Int32) -> Element {
        @inline(__always)
        unsafeAddress {
            assert(index >= 0 && Int(index) < count, "PodArray index \(index) out of range 0..<\(count)")
            return UnsafePointer(base + Int(index))
        }
        @inline(__always)
        nonmutating unsafeMutableAddress {
            assert(index >= 0 && Int(index) < count, "PodArray index \(index) out of range 0..<\(count)")
            return base + Int(index)
        }
    }

    @inlinable
    @inline(__always)
    mutating func append(_ element: Element) {
        if _slowPath(count == capacity) {
            grow(toAtLeast: count + 1)
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Adds `extra` elements at the end, uninitialized, and returns where they start;
    /// the caller writes every one of them.
    ///
    /// - Complexity: O(1) amortized, as `extra` appends would be (same growth).
    @inlinable
    @inline(__always)
    mutating func appendUninitialized(_ extra: Int) -> UnsafeMutablePointer<Element> {
        if _slowPath(count &+ extra > capacity) {
            grow(toAtLeast: count &+ extra)
        }
        let start = base + count
        count &+= extra
        return start
    }

    @inlinable
    @inline(__always)
    mutating func removeLast() -> Element {
        assert(count > 0, "removeLast on an empty PodArray")
        count -= 1
        return base[count]
    }

    /// Removes the element at `index` by moving the last element into its place.
    ///
    /// - Complexity: O(1). Order is not preserved.
    @inlinable
    @inline(__always)
    mutating func swapRemove(at index: Int) {
        assert(index >= 0 && index < count)
        count -= 1
        if index != count {
            base[index] = base[count]
        }
    }

    /// Forgets every element but keeps the allocation.
    @inlinable
    mutating func removeAll() {
        count = 0
    }

    /// Makes room for at least `minimumCapacity` elements.
    @inlinable
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        if minimumCapacity > capacity {
            grow(toAtLeast: minimumCapacity)
        }
    }

    /// Sets the count to `newCount`, filling new slots with `value`.
    @usableFromInline
    mutating func resize(to newCount: Int, filling value: Element) {
        if newCount > capacity {
            grow(toAtLeast: newCount)
        }
        if newCount > count {
            (base + count).initialize(repeating: value, count: newCount - count)
        }
        count = newCount
    }

    @usableFromInline
    @inline(never)
    mutating func grow(toAtLeast minimum: Int) {
        var newCapacity = Swift.max(capacity * 2, 8)
        while newCapacity < minimum { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Bytes of heap memory held by this array.
    var allocatedBytes: Int { capacity * MemoryLayout<Element>.stride }
}
