import FuzzSupport
import LayoutBenchKit

/// libFuzzer target: thresholds files (`Thresholds.parse`). Built by `scripts/fuzz thresholds`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThresholds(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    _ = try? Thresholds.parse(bytes, path: "fuzz-thresholds.json")
    return 0
}

/// The entry point SwiftPM links an executable target with (it renames `main` to
/// `<target>_main`): hands over to libFuzzer's driver (`runLibFuzzer`).
@_cdecl("FuzzThresholds_main")
public func fuzzThresholdsMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzzThresholds(data.map(UnsafeRawPointer.init), size) }
}
