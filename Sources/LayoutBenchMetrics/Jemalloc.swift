import CJemalloc

/// Thin wrappers around jemalloc's `mallctl` family. Not API.
///
/// All readers return `nil` (or `false`) when the call fails instead of trapping, so callers
/// can turn failures into a ``MetricsError``.
enum _Jemalloc {
    /// A management information base: a `mallctl` name resolved once to integers.
    struct MIB: Sendable {
        var components: [Int]

        /// Resolves `name` with `mallctlnametomib`, or returns `nil` if jemalloc doesn't know it.
        init?(_ name: String) {
            var buffer = [Int](repeating: 0, count: 8)
            var length = buffer.count
            let status = buffer.withUnsafeMutableBufferPointer { pointer in
                mallctlnametomib(name, pointer.baseAddress, &length)
            }
            guard status == 0 else { return nil }
            components = Array(buffer.prefix(length))
        }

        /// Reads a fixed-size value.
        @inline(__always)
        func read<T: BitwiseCopyable>(_ type: T.Type, zero: T) -> T? {
            var value = zero
            var size = MemoryLayout<T>.size
            let status = components.withUnsafeBufferPointer { mib in
                withUnsafeMutablePointer(to: &value) { pointer in
                    mallctlbymib(mib.baseAddress, mib.count, pointer, &size, nil, 0)
                }
            }
            return status == 0 ? value : nil
        }

        /// Performs a `mallctl` that takes and returns nothing (such as `thread.tcache.flush`).
        @inline(__always)
        @discardableResult
        func invoke() -> Bool {
            components.withUnsafeBufferPointer { mib in
                mallctlbymib(mib.baseAddress, mib.count, nil, nil, nil, 0)
            } == 0
        }

        /// Writes a fixed-size value and returns whether jemalloc accepted it.
        @inline(__always)
        @discardableResult
        func write<T: BitwiseCopyable>(_ newValue: T) -> Bool {
            var value = newValue
            return components.withUnsafeBufferPointer { mib in
                withUnsafeMutablePointer(to: &value) { pointer in
                    mallctlbymib(mib.baseAddress, mib.count, nil, nil, pointer, MemoryLayout<T>.size)
                }
            } == 0
        }
    }

    /// Reads a fixed-size value by name.
    static func read<T: BitwiseCopyable>(_ name: String, as type: T.Type, zero: T) -> T? {
        var value = zero
        var size = MemoryLayout<T>.size
        let status = withUnsafeMutablePointer(to: &value) { pointer in
            mallctl(name, pointer, &size, nil, 0)
        }
        return status == 0 ? value : nil
    }

    /// Reads a value by name while writing a new one (for `thread.arena`, `arenas.create`).
    static func exchange<T: BitwiseCopyable>(_ name: String, _ newValue: T) -> T? {
        var old = newValue
        var new = newValue
        var size = MemoryLayout<T>.size
        let status = withUnsafeMutablePointer(to: &old) { oldPointer in
            withUnsafeMutablePointer(to: &new) { newPointer in
                mallctl(name, oldPointer, &size, newPointer, MemoryLayout<T>.size)
            }
        }
        return status == 0 ? old : nil
    }

    /// jemalloc's version string (`version`), or `nil` when jemalloc isn't linked.
    static func version() -> String? {
        var pointer: UnsafePointer<CChar>? = nil
        var size = MemoryLayout<UnsafePointer<CChar>?>.size
        let status = mallctl("version", &pointer, &size, nil, 0)
        guard status == 0, let pointer else { return nil }
        return String(cString: pointer)
    }
}
