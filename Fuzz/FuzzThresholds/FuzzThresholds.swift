import LayoutBenchKit

/// libFuzzer target: thresholds files (`Thresholds.parse`). Built by `scripts/fuzz thresholds`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThresholds(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    _ = try? Thresholds.parse(bytes, path: "fuzz-thresholds.json")
    return 0
}

/// The entry point SwiftPM links an executable target with (it renames `main` to
/// `<target>_main`): hands over to libFuzzer's driver, which parses the fuzzing options.
@_cdecl("FuzzThresholds_main")
public func fuzzThresholdsMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzThresholds(data.map(UnsafeRawPointer.init), size) }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
