#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that a reader sees the old contents or the new, never a mix.
///
/// The data goes to a new temporary file in the destination's folder (same file system),
/// which is flushed with `fsync` and then renamed over the destination (`rename(2)` is
/// atomic); the folder is then flushed too, so the rename survives a crash. Any failure
/// removes the temporary file and leaves the destination untouched.
public enum AtomicFile {
    /// Writes `bytes` to `path` atomically, creating the file with mode 0644 if needed.
    ///
    /// - Throws: ``LayoutBenchError`` `unwritable-output` naming the file and the system's reason.
    public static func write(_ bytes: [UInt8], to path: String) throws(LayoutBenchError) {
        let folder = parentFolder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(folder)/.\(name).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw failure(path, "cannot create a temporary file in '\(folder)'", errno)
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { buffer in
                    _systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure(path, "cannot write", errno)
                }
                offset += written
            }
            guard fchmod(descriptor, 0o644) == 0, fsync(descriptor) == 0 else {
                throw failure(path, "cannot flush", errno)
            }
        }
        guard rename(temporary, path) == 0 else {
            throw failure(path, "cannot replace", errno)
        }
        succeeded = true
        // Make the rename itself durable: flush the folder's entry (best effort; some file
        // systems refuse fsync on a folder, and the file is already complete either way).
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Checks, before a long run, that ``write(_:to:)-([UInt8],String)`` to `path` can succeed:
    /// its folder can be created and holds a new file, and `path` is not a folder. Writes
    /// nothing at `path`.
    ///
    /// - Parameter option: The option that named the file, for the message (`--summary`).
    /// - Throws: ``LayoutBenchError`` `unwritable-output`.
    public static func checkWritable(_ path: String, option: String) throws(LayoutBenchError) {
        var status = stat()
        if stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            throw LayoutBenchError(.unwritableOutput, "Cannot write \(option) '\(path)': it is a folder. Give a file name.")
        }
        let folder = parentFolder(of: path)
        try createFolder(folder)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(folder)/.\(name).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw LayoutBenchError(
                .unwritableOutput,
                "Cannot write \(option) '\(path)': cannot create a file in '\(folder)' (\(String(cString: strerror(errno)))). "
                    + "Check the folder's permissions, or choose another file.")
        }
        close(descriptor)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }

    /// Writes a UTF-8 string atomically.
    public static func write(_ text: String, to path: String) throws(LayoutBenchError) {
        try write(Array(text.utf8), to: path)
    }

    /// Creates `path` and its missing parents (mode 0755).
    ///
    /// - Throws: ``LayoutBenchError`` `unwritable-output` when a component exists and is not
    ///   a folder, or a folder cannot be created.
    public static func createFolder(_ path: String) throws(LayoutBenchError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            var status = stat()
            if stat(current, &status) == 0 {
                guard (status.st_mode & S_IFMT) == S_IFDIR else {
                    throw LayoutBenchError(
                        .unwritableOutput,
                        "Cannot create the folder '\(path)': '\(current.hasPrefix("./") ? String(current.dropFirst(2)) : current)' "
                            + "exists and is not a folder. Choose another --output folder.")
                }
                continue
            }
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw failure(path, "cannot create the folder", errno, isFolder: true)
            }
        }
    }

    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func failure(_ path: String, _ what: String, _ code: Int32, isFolder: Bool = false) -> LayoutBenchError {
        let reason = String(cString: strerror(code))
        return LayoutBenchError(
            .unwritableOutput,
            "Cannot write \(isFolder ? "the folder " : "")'\(path)': \(what) (\(reason)). "
                + "Check the folder's permissions and free space, or choose another --output folder.")
    }
}

/// Whether `path` is an existing folder.
func folderExists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
}

/// Removes a file; whether it was removed.
@discardableResult
func unlinkFile(_ path: String) -> Bool {
    unlink(path) == 0
}

/// `write(2)`, callable where a method called `write` hides it.
private func _systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
