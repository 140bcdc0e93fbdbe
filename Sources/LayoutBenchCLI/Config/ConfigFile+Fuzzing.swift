/// The configuration file's reader for the libFuzzer target `FuzzConfig` (Fuzz/, docs/fuzzing.md),
/// which cannot see the internal ``ConfigFile``: only a client that imports the module with
/// `@_spi(Fuzzing)` sees it.
@_spi(Fuzzing)
public enum ConfigFileFuzzing {
    /// Reads `bytes` as `layoutbench.yml` is read from a file (its size limit, UTF-8, the
    /// nesting limit, then the keys), and returns whether it was accepted. A bad file must end
    /// in a located error, never a trap.
    public static func parse(_ bytes: [UInt8]) -> Bool {
        guard bytes.count <= ConfigFile.maximumBytes, let text = String(validating: bytes, as: UTF8.self) else { return false }
        return (try? ConfigFile.parse(text, path: "fuzz.yml", relativeTo: "")) != nil
    }
}
