import FuzzSupport
@_spi(Fuzzing) import LayoutBenchCLI

/// libFuzzer target: `layoutbench.yml` (`ConfigFile.parse`, through Yams). Built by
/// `scripts/fuzz config`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    _ = ConfigFileFuzzing.parse(bytes)
    return 0
}

/// The entry point SwiftPM links an executable target with (it renames `main` to
/// `<target>_main`): hands over to libFuzzer's driver (`runLibFuzzer`).
@_cdecl("FuzzConfig_main")
public func fuzzConfigMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzzConfig(data.map(UnsafeRawPointer.init), size) }
}
