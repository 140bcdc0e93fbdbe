/// Fixed-size memory chunks carved from large slabs, with a free list.
///
/// Every new row and every new symbol's column starts in one chunk (``chunkBytes``
/// bytes: 8 row entries, or 16 column entries), so adding a constraint rarely calls
/// `malloc`, the rows and columns of constraints added together sit next to each
/// other in memory, and a column that stays within its chunk never reallocates.
/// Buffers that outgrow a chunk move to the heap and give the chunk back. Slabs are
/// freed with the pool.
struct ChunkPool: ~Copyable {
    /// The size of a chunk.
    static let chunkBytes = 128
    /// Chunks per slab (64 KiB).
    static let chunksPerSlab = 512

    private var slabs = PodArray<UnsafeMutableRawPointer>()
    private var free = PodArray<UnsafeMutableRawPointer>()
    private var next: UnsafeMutableRawPointer?
    private var remaining = 0

    init() {}

    deinit {
        for index in 0..<slabs.count {
            slabs[index].deallocate()
        }
    }

    /// A chunk of ``chunkBytes`` bytes, aligned to 16.
    ///
    /// - Complexity: O(1); allocates a slab once every ``chunksPerSlab`` chunks.
    @inline(__always)
    mutating func take() -> UnsafeMutableRawPointer {
        if !free.isEmpty {
            return free.removeLast()
        }
        if _slowPath(remaining == 0) {
            addSlab()
        }
        let chunk = next.unsafelyUnwrapped
        next = chunk + Self.chunkBytes
        remaining &-= 1
        return chunk
    }

    /// Returns a chunk for reuse.
    @inline(__always)
    mutating func give(_ chunk: UnsafeMutableRawPointer) {
        free.append(chunk)
    }

    @inline(never)
    private mutating func addSlab() {
        let slab = UnsafeMutableRawPointer.allocate(
            byteCount: Self.chunkBytes * Self.chunksPerSlab, alignment: 16)
        slabs.append(slab)
        next = slab
        remaining = Self.chunksPerSlab
    }

    /// A chunk bound to `Element`, holding `Self.chunkBytes / stride` elements.
    @inline(__always)
    mutating func take<Element>(_ type: Element.Type) -> UnsafeMutablePointer<Element> {
        take().bindMemory(to: Element.self, capacity: Self.chunkBytes / MemoryLayout<Element>.stride)
    }

    /// Bytes of heap memory held in slabs.
    var allocatedBytes: Int { slabs.count * Self.chunkBytes * Self.chunksPerSlab }
}
