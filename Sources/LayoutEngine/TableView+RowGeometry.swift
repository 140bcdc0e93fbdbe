// Row heights and offsets of a table: a Fenwick tree of heights, so that changing one
// row's height, reading a row's offset and finding the row at an offset all cost
// O(log rows) however long the table is.

/// The heights of a table's rows (measured, or the estimate until measured) and
/// their prefix sums.
struct _RowGeometry {
    private(set) var count = 0
    private var heights: [Double] = []
    private var measured: [Bool] = []
    /// Fenwick tree over `heights`, 1-based (element 0 unused; empty without rows, so
    /// that an empty geometry allocates nothing: TableView+Storage.swift makes one per change).
    private var tree: [Double] = []
    private var highestBit = 0

    init() {}

    /// `count` rows of `height` each, measured (fixed heights) or estimated.
    init(count: Int, height: Double, measured: Bool) {
        self.count = count
        heights = Array(repeating: height, count: count)
        self.measured = Array(repeating: measured, count: count)
        // Linear-time build.
        tree = [0] + heights
        if count > 0 {
            for index in 1...count {
                let parent = index + (index & -index)
                if parent <= count { tree[parent] += tree[index] }
            }
        }
        highestBit = count == 0 ? 0 : 1 << (Int.bitWidth - 1 - count.leadingZeroBitCount)
    }

    /// The height of a row (measured or estimated).
    func height(ofRow row: Int) -> Double { heights[row] }

    /// Whether the row's height was measured (or is fixed).
    func isMeasured(_ row: Int) -> Bool { measured[row] }

    /// Sets a row's measured height.
    mutating func setMeasuredHeight(_ height: Double, ofRow row: Int) {
        measured[row] = true
        let delta = height - heights[row]
        guard delta != 0 else { return }
        heights[row] = height
        var index = row + 1
        while index <= count {
            tree[index] += delta
            index += index & -index
        }
    }

    /// Marks every row unmeasured, keeping the heights as estimates.
    mutating func forgetMeasurements() {
        for index in measured.indices { measured[index] = false }
    }

    /// The top of a row: the sum of the heights of the rows above it.
    func offset(ofRow row: Int) -> Double {
        var sum = 0.0
        var index = row
        while index > 0 {
            sum += tree[index]
            index -= index & -index
        }
        return sum
    }

    /// The height of all rows.
    var totalHeight: Double { offset(ofRow: count) }

    /// The first row whose bottom lies below `y` (the row containing `y`); `count`
    /// when `y` is at or past the end.
    func row(atOffset y: Double) -> Int {
        var position = 0
        var remaining = y
        var step = highestBit
        while step > 0 {
            let next = position + step
            if next <= count && tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step >>= 1
        }
        return position
    }
}
