import ArgumentParser

/// Refuses an empty path given to `option`: the file system reads "" as the current folder in
/// some calls and as the root in others (`run --output ''` as root wrote `/latest`), so an
/// empty value is an argument error (exit 64), never a place to write.
///
/// - Throws: `ValidationError` naming the option.
func validatePath(_ value: String?, option: String) throws {
    guard let value, value.isEmpty else { return }
    throw ValidationError("\(option) is empty; give a path (\".\" for the current folder).")
}
