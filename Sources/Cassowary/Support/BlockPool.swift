/// The memory of rows' entries and symbols' columns: blocks in size classes from
/// 128 bytes to 256 KiB (four per power of two: P, 1.25P, 1.5P, 1.75P, so a block
/// wastes at most a fifth), carved from slabs the pool owns, each class with a free
/// list; larger blocks come from the heap.
///
/// - Adding a constraint rarely calls `malloc`: a new row's first 8 entries and a
///   new symbol's first 16 column elements take one 128-byte block, and the rows and
///   columns of constraints added together sit next to each other.
/// - A buffer that grows moves to a block twice the size and frees its old one for
///   the next buffer of that size, so a warm solver reuses its own memory.
/// - The heap sees only slabs (64 KiB to 2 MiB), freed with the pool: a new solver
///   of the same shape gets back the same slab sizes, which the allocator reuses
///   whole. (Rows and columns allocated one by one, of every size, left jemalloc
///   holding large free extents it would not split for small requests, so each new
///   solver faulted in fresh pages: half the time of a 1000-link chain's adds.)
struct BlockPool: ~Copyable {
    /// The smallest block.
    static let minimumBlockBytes = 128
    /// Blocks up to this size come from slabs.
    static let largestBlockBytes = 256 << 10
    /// Size classes: 128 (class 0), 160, 192, 224, 256 (class 4), 320, ... 256 KiB (class 44).
    static let classCount = 45

    /// Per size class: the first free block (each free block holds the next one's address).
    private var freeHeads: PodArray<UnsafeMutableRawPointer?>
    /// Per size class: where the current slab's unused part starts, and how many blocks it has left.
    private var nextBlock: PodArray<UnsafeMutableRawPointer?>
    private var blocksLeft: PodArray<Int>
    /// Per size class: the size of its next slab (doubling from 64 KiB to 2 MiB, and at least 4 blocks).
    private var slabBytes: PodArray<Int>
    private var slabs = PodArray<UnsafeMutableRawPointer>()

    init() {
        // Appended, not resized and then written through the subscript: Swift 6.3.1's
        // SIL verifier rejects that under whole-module optimization with assertions kept
        // ("read-only scope invalidated by a local write"), as a whole-module test
        // build compiles it (docs/ci.md).
        freeHeads = Self.perClass { _ in nil }
        nextBlock = Self.perClass { _ in nil }
        blocksLeft = Self.perClass { _ in 0 }
        slabBytes = Self.perClass { max(64 << 10, 4 * Self.bytes(ofClass: $0)) }
    }

    /// One value per size class.
    private static func perClass<Element: BitwiseCopyable>(_ value: (Int) -> Element) -> PodArray<Element> {
        var array = PodArray<Element>(minimumCapacity: classCount)
        for sizeClass in 0..<classCount { array.append(value(sizeClass)) }
        return array
    }

    deinit {
        for index in 0..<slabs.count {
            slabs[index].deallocate()
        }
    }

    /// The size of the blocks of a class.
    static func bytes(ofClass sizeClass: Int) -> Int {
        let power = minimumBlockBytes << (sizeClass >> 2)
        return power + (power >> 2) * (sizeClass & 3)
    }

    /// The class of a block of `bytes` (a size `blockBytes(holding:)` returned), or -1
    /// when the block is too large for the pool.
    @inline(__always)
    static func sizeClass(ofBlock bytes: Int) -> Int {
        guard bytes <= largestBlockBytes else { return -1 }
        let exponent = bytes.bitWidth - 1 - bytes.leadingZeroBitCount  // log2 of the power of two below
        let power = 1 << exponent
        return (exponent - 7) * 4 + (bytes - power) / (power >> 2)
    }

    /// The block size that holds at least `bytes`: the smallest class that fits, or
    /// `bytes` itself above 256 KiB.
    @inline(__always)
    static func blockBytes(holding bytes: Int) -> Int {
        if bytes <= minimumBlockBytes { return minimumBlockBytes }
        if bytes > largestBlockBytes { return bytes }
        let exponent = (bytes - 1).bitWidth - 1 - (bytes - 1).leadingZeroBitCount
        let power = 1 << exponent
        let quarter = power >> 2
        return power + quarter * ((bytes - power + quarter - 1) / quarter)
    }

    /// A block of `bytes` bytes (a value `blockBytes(holding:)` returned), aligned to 16.
    ///
    /// - Complexity: O(1); allocates a slab when the size's free list and slab are empty.
    @inline(__always)
    mutating func allocate(bytes: Int) -> UnsafeMutableRawPointer {
        let sizeClass = Self.sizeClass(ofBlock: bytes)
        if _slowPath(sizeClass < 0) {
            return UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        }
        if let block = freeHeads[sizeClass] {
            freeHeads[sizeClass] = block.load(as: UnsafeMutableRawPointer?.self)
            return block
        }
        if _slowPath(blocksLeft[sizeClass] == 0) {
            addSlab(sizeClass)
        }
        let block = nextBlock[sizeClass].unsafelyUnwrapped
        nextBlock[sizeClass] = block + bytes
        blocksLeft[sizeClass] &-= 1
        return block
    }

    /// Returns a block of `bytes` bytes (the size it was allocated with).
    @inline(__always)
    mutating func deallocate(_ block: UnsafeMutableRawPointer, bytes: Int) {
        let sizeClass = Self.sizeClass(ofBlock: bytes)
        if _slowPath(sizeClass < 0) {
            block.deallocate()
            return
        }
        block.storeBytes(of: freeHeads[sizeClass], as: UnsafeMutableRawPointer?.self)
        freeHeads[sizeClass] = block
    }

    @inline(never)
    private mutating func addSlab(_ sizeClass: Int) {
        let bytes = slabBytes[sizeClass]
        let slab = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        slabs.append(slab)
        nextBlock[sizeClass] = slab
        blocksLeft[sizeClass] = bytes / Self.bytes(ofClass: sizeClass)
        slabBytes[sizeClass] = min(bytes * 2, max(2 << 20, 4 * Self.bytes(ofClass: sizeClass)))
    }

    /// A block for `capacity` elements of `Element`, and the capacity it really holds.
    @inline(__always)
    mutating func allocate<Element>(_ type: Element.Type, capacity: Int) -> (UnsafeMutablePointer<Element>, Int32) {
        let bytes = Self.blockBytes(holding: capacity * MemoryLayout<Element>.stride)
        let block = allocate(bytes: bytes).bindMemory(to: Element.self, capacity: bytes / MemoryLayout<Element>.stride)
        return (block, Int32(bytes / MemoryLayout<Element>.stride))
    }

    /// Returns a block `allocate(_:capacity:)` gave for `capacity` elements.
    @inline(__always)
    mutating func deallocate<Element>(_ block: UnsafeMutablePointer<Element>, capacity: Int32) {
        deallocate(UnsafeMutableRawPointer(block), bytes: Int(capacity) * MemoryLayout<Element>.stride)
    }
}
