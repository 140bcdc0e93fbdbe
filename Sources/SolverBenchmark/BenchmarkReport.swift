import Cassowary
import Foundation
import LayoutBenchJSON
import LayoutBenchMetrics
import LayoutBenchReport

/// Renders benchmark results as a text table or as JSON.
public enum BenchmarkReport {
    /// The column headings of ``text(_:)``.
    static let headings = [
        "trace", "size", "operation", "ops", "median_us", "min_us", "max_us", "mad_%", "allocs/op", "warm_allocs/op",
        "pivots/op", "cells/op",
    ]

    /// One line per (trace, class): the median time per operation with its
    /// spread, allocations per operation (all, and once warm) and the main counters.
    ///
    /// - Parameter results: The benchmarked traces.
    /// - Returns: A table with a heading line, columns separated by spaces.
    public static func text(_ results: [TraceBenchmarkResult]) -> String {
        var rows = [headings]
        for result in results {
            for item in result.classes {
                let statistics = item.nanosecondsPerOperation
                let operations = Double(max(1, item.operations))
                rows.append([
                    result.name, String(result.size), item.operationClass.description, String(item.operations),
                    microseconds(statistics.median), microseconds(statistics.min), microseconds(statistics.max),
                    String(format: "%.1f", statistics.median > 0 ? 100 * statistics.mad / statistics.median : 0),
                    item.allocations.map { String(format: "%.2f", $0.perOperation) } ?? "-",
                    item.allocations.map { $0.warmOperations == 0 ? "-" : String(format: "%.2f", $0.warmPerOperation) } ?? "-",
                    String(format: "%.2f", Double(item.counters.pivots) / operations),
                    String(format: "%.1f", Double(item.counters.cellUpdates) / operations),
                ])
            }
        }
        // The trace and the operation class are text; the size and the figures are numbers.
        return TextTable.lines(rows) { $0 == 0 || $0 == 2 ? .left : .right }.joined(separator: "\n") + "\n"
    }

    static func microseconds(_ nanoseconds: Double) -> String {
        let value = nanoseconds / 1000
        return value >= 100 ? String(format: "%.1f", value) : String(format: "%.3f", value)
    }

    // MARK: JSON

    struct Document: Encodable {
        var format = "layoutbench.solver-bench"
        var version = 1
        var repetitions: Int
        var warmup: Int
        var traces: [Trace]
    }

    struct Trace: Encodable {
        var name: String
        var size: Int
        var failures: Int
        var classes: [Class]
    }

    struct Class: Encodable {
        var operationClass: String
        var operations: Int
        var nanosecondsPerOperation: Spread
        var counters: [String: Int]
        var allocations: AllocationSummary?

        enum CodingKeys: String, CodingKey {
            case operationClass = "class"
            case operations, nanosecondsPerOperation, counters, allocations
        }
    }

    struct Spread: Encodable {
        var median, min, max, mad, p90: Double
        var samples: [Double]

        init(_ statistics: SampleStatistics) {
            median = statistics.median
            min = statistics.min
            max = statistics.max
            mad = statistics.mad
            p90 = statistics.p90
            samples = statistics.sorted
        }
    }

    static func counterDictionary(_ counters: SolverCounters) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: counters.namedValues.map { ($0.name, $0.value) })
    }

    /// The results as one JSON document (keys sorted), with every sample.
    public static func json(_ results: [TraceBenchmarkResult], configuration: BenchmarkConfiguration) -> String {
        let document = Document(
            repetitions: configuration.repetitions, warmup: configuration.warmup,
            traces: results.map { result in
                Trace(
                    name: result.name, size: result.size, failures: result.failures,
                    classes: result.classes.map { item in
                        Class(
                            operationClass: item.operationClass.rawValue, operations: item.operations,
                            nanosecondsPerOperation: Spread(item.nanosecondsPerOperation),
                            counters: counterDictionary(item.counters), allocations: item.allocations)
                    })
            })
        return encode(document, pretty: true)
    }

    /// `value` as JSON, keys sorted (its counters and classes are dictionaries), `nil`
    /// members left out.
    static func encode<Value: Encodable>(_ value: Value, pretty: Bool) -> String {
        // Every number here is a count or a measured time, finite, so encoding cannot fail.
        try! OrderedJSONEncoder(nilMembers: .omitted).text(value, pretty: pretty, sortingKeys: true)
    }
}
