import FuzzSupport
import LayoutBenchKit

/// libFuzzer target: run reports and baselines (`ReportReader.decode`: JSON with positions, the
/// schema, the limits, the fields), and a comparison of whatever decodes with itself. Built by
/// `scripts/fuzz report`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReport(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    guard let loaded = try? ReportReader.decode(bytes, path: "fuzz.json") else { return 0 }
    _ = ReportComparison.compare(base: loaded, head: loaded)
    return 0
}

/// The entry point SwiftPM links an executable target with (it renames `main` to
/// `<target>_main`): hands over to libFuzzer's driver (`runLibFuzzer`).
@_cdecl("FuzzReport_main")
public func fuzzReportMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzzReport(data.map(UnsafeRawPointer.init), size) }
}
