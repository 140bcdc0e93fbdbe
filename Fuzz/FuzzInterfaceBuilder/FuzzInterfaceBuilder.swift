import Foundation
import FuzzSupport
import LayoutImporter

/// libFuzzer target: Interface Builder documents (`DocumentImporter.importDocument`). Built by
/// `scripts/fuzz interface-builder`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInterfaceBuilder(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    _ = try? DocumentImporter.importDocument(data, path: "fuzz.xib")
    return 0
}

/// The entry point SwiftPM links an executable target with (it renames `main` to
/// `<target>_main`): hands over to libFuzzer's driver (`runLibFuzzer`).
@_cdecl("FuzzInterfaceBuilder_main")
public func fuzzInterfaceBuilderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzzInterfaceBuilder(data.map(UnsafeRawPointer.init), size) }
}
