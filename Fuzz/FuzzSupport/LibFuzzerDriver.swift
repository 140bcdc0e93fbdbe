/// Hands a fuzz target's process over to libFuzzer's driver, which parses the fuzzing options
/// and calls `testOneInput` for each input: the body of every target's `<target>_main` (SwiftPM
/// links an executable target with its `main` renamed to `<target>_main`).
///
/// - Parameters:
///   - argc: The process's argument count.
///   - argv: The process's arguments.
///   - testOneInput: The target's `LLVMFuzzerTestOneInput`: bytes and their count, returning 0.
/// - Returns: libFuzzer's exit status.
public func runLibFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, testOneInput)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
// libFuzzer's C entry point, declared under its own name.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
