import FuzzSupport
import UIKitLogs

/// libFuzzer target: UIKit's "Unable to simultaneously satisfy constraints" logs
/// (`UIKitLogParser.parse`). Built by `scripts/fuzz uikit-log`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUIKitLog(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    _ = try? UIKitLogParser().parse(String(decoding: bytes, as: UTF8.self))
    return 0
}

/// The entry point SwiftPM links an executable target with (it renames `main` to
/// `<target>_main`): hands over to libFuzzer's driver (`runLibFuzzer`).
@_cdecl("FuzzUIKitLog_main")
public func fuzzUIKitLogMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzzUIKitLog(data.map(UnsafeRawPointer.init), size) }
}
