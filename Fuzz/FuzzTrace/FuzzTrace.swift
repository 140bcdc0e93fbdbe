import Cassowary
import CassowaryTrace
import FuzzSupport

/// libFuzzer target: solver traces (`SolverTrace.text(fromUTF8:)`, `SolverTrace.parse`), and a
/// replay of whatever parses, capped so one input stays fast. Built by `scripts/fuzz trace`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    guard let text = try? SolverTrace.text(fromUTF8: bytes, source: "fuzz.jsonl"),
        let trace = try? SolverTrace.parse(text, source: "fuzz.jsonl")
    else { return 0 }
    if trace.operations.count <= 200 && trace.variableCount <= 200 { _ = trace.replay() }
    return 0
}

/// The entry point SwiftPM links an executable target with (it renames `main` to
/// `<target>_main`): hands over to libFuzzer's driver (`runLibFuzzer`).
@_cdecl("FuzzTrace_main")
public func fuzzTraceMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzzTrace(data.map(UnsafeRawPointer.init), size) }
}
