import FuzzSupport
import LayoutEngine

/// libFuzzer target: the Visual Format Language (`LayoutConstraint.constraints(withVisualFormat:)`)
/// with three views and two metrics the input may name. Built by `scripts/fuzz visual-format`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVisualFormat(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    let format = String(decoding: bytes, as: UTF8.self)
    let views = ["a": View(name: "a"), "b": View(name: "b"), "c": View(name: "c")]
    _ = try? LayoutConstraint.constraints(withVisualFormat: format, metrics: ["m": 8, "w": 100], views: views)
    return 0
}

/// The entry point SwiftPM links an executable target with (it renames `main` to
/// `<target>_main`): hands over to libFuzzer's driver (`runLibFuzzer`).
@_cdecl("FuzzVisualFormat_main")
public func fuzzVisualFormatMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzzVisualFormat(data.map(UnsafeRawPointer.init), size) }
}
