import CLayoutBenchSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes a set of files (a run's `latest/`, a history folder, a site) as a unit: a reader
/// sees the old set or the new set, never a mix, even after `kill -9`, a full disk or a
/// concurrent run.
///
/// The files go into a fresh staging folder beside the target (`.<name>.tmp-XXXXXX`, made by
/// `mkdtemp`, so on the same file system), each flushed; the staging folder then takes the
/// target's place in one step: `renameat2(RENAME_EXCHANGE)` swaps it with an existing target
/// (the old set, now in the staging folder, is removed), `rename(2)` moves it to a target
/// that does not exist. Where the file system cannot exchange, the old set is renamed aside
/// first, so a reader sees the old set, no set for an instant, or the new set. A failure
/// removes the staging folder and leaves the target as it was. Staging folders left by a
/// killed run start with `.` and hold `.tmp-`; ``removeStale(in:)`` removes them, under the
/// folder's ``OutputLock``.
public enum OutputSet {
    /// One file of a set: a path relative to the set's folder, and its bytes.
    public typealias File = (path: String, bytes: [UInt8])

    /// Writes `files` as the folder `folder`, replacing what was there.
    ///
    /// - Throws: ``LayoutBenchError`` `unwritable-output`; `folder` is unchanged then.
    public static func publish(_ files: [File], as folder: String) throws(LayoutBenchError) {
        var status = stat()
        if lstat(folder, &status) == 0 && (status.st_mode & S_IFMT) != S_IFDIR {
            throw LayoutBenchError(
                .unwritableOutput, "Cannot write the folder '\(folder)': it exists and is not a folder. Remove it or choose another --output folder.")
        }
        let staging = try stage(files, beside: folder)
        _FaultPoint.publishStaged.reach()
        var published = false
        defer { if !published { removeTree(staging) } }
        let exists = lstat(folder, &status) == 0
        _FaultPoint.publishBeforeExchange.reach()
        if !exists {
            guard rename(staging, folder) == 0 else { throw failure(folder, "cannot rename the new set into place", errno) }
        } else if lb_rename_exchange(staging, folder) == 0 {
            // `staging` now holds the old set.
        } else if errno == EINVAL || errno == ENOSYS {
            let aside = staging + "-old"
            guard rename(folder, aside) == 0 else { throw failure(folder, "cannot move the old set aside", errno) }
            guard rename(staging, folder) == 0 else {
                let code = errno
                _ = rename(aside, folder)
                throw failure(folder, "cannot rename the new set into place", code)
            }
            removeTree(aside)
        } else {
            throw failure(folder, "cannot exchange the new set with the old", errno)
        }
        published = true
        _FaultPoint.publishExchanged.reach()
        removeTree(staging)
        syncFolder(AtomicFile.parentFolder(of: folder))
    }

    /// Writes `files` as a new folder `base`, or `base-2`, `base-3`, ... when that exists,
    /// never replacing or merging into an existing folder (two runs in the same second get
    /// two folders).
    ///
    /// - Returns: The folder written.
    /// - Throws: ``LayoutBenchError`` `unwritable-output`.
    public static func publishNew(_ files: [File], base: String) throws(LayoutBenchError) -> String {
        let staging = try stage(files, beside: base)
        _FaultPoint.publishNewStaged.reach()
        var published = false
        defer { if !published { removeTree(staging) } }
        for suffix in 1...10_000 {
            let folder = suffix == 1 ? base : base + "-\(suffix)"
            if lb_rename_noreplace(staging, folder) == 0 {
                published = true
            } else if errno == EINVAL || errno == ENOSYS {
                // No RENAME_NOREPLACE: mkdir is atomic and fails on an existing folder; an
                // empty folder of our own is then replaced by rename(2).
                if mkdir(folder, 0o755) == 0 {
                    guard rename(staging, folder) == 0 else {
                        let code = errno
                        rmdir(folder)
                        throw failure(folder, "cannot rename the new set into place", code)
                    }
                    published = true
                } else if errno != EEXIST {
                    throw failure(folder, "cannot create the folder", errno)
                }
            } else if errno != EEXIST && errno != ENOTEMPTY {
                throw failure(folder, "cannot rename the new set into place", errno)
            }
            if published {
                syncFolder(AtomicFile.parentFolder(of: folder))
                return folder
            }
        }
        throw LayoutBenchError(.unwritableOutput, "Cannot create a new folder '\(base)': 10,000 folders of that name exist.")
    }

    /// Makes a staging folder beside `target` and writes `files` into it, each flushed.
    static func stage(_ files: [File], beside target: String) throws(LayoutBenchError) -> String {
        let parent = AtomicFile.parentFolder(of: target)
        try AtomicFile.createFolder(parent)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        var template = Array("\(parent)/.\(name).tmp-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw failure(target, "cannot create a staging folder in '\(parent)'", errno)
        }
        let staging = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard chmod(staging, 0o755) == 0 else {
            let code = errno
            removeTree(staging)
            throw failure(target, "cannot set the staging folder's permissions", code)
        }
        do {
            for file in files {
                let path = staging + "/" + file.path
                try AtomicFile.createFolder(AtomicFile.parentFolder(of: path))
                try AtomicFile.write(file.bytes, to: path)
            }
        } catch {
            removeTree(staging)
            throw LayoutBenchError(.unwritableOutput, error.message.replacingOccurrences(of: staging, with: target), cause: error)
        }
        return staging
    }

    /// Whether `name` is a staging or set-aside folder, or an ``AtomicFile`` temporary file.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(".tmp-")
    }

    /// Removes staging folders and temporary files that a killed run left in `folder` (not
    /// recursively). Call it only while holding the ``OutputLock`` of what they belong to.
    ///
    /// - Parameter prefix: Only names starting with this (`.latest.tmp-`), when other
    ///   writers' staging folders may be in `folder` too.
    /// - Returns: The paths removed.
    @discardableResult
    public static func removeStale(in folder: String, prefix: String = ".") -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where isTemporary(name) && name.hasPrefix(prefix) {
            let path = folder + "/" + name
            removeTree(path)
            removed.append(path)
        }
        return removed
    }

    static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        if descriptor >= 0 {
            _ = fsync(descriptor)
            close(descriptor)
        }
    }

    private static func failure(_ path: String, _ what: String, _ code: Int32) -> LayoutBenchError {
        LayoutBenchError(
            .unwritableOutput,
            "Cannot write '\(path)': \(what) (\(String(cString: strerror(code)))). "
                + "Check the folder's permissions and free space, or choose another --output folder.")
    }
}

/// An exclusive lock on an output folder (`flock(2)` on a lock file beside what it guards), so
/// that two runs writing into one folder do not interleave: the second fails at once with a
/// message naming the folder. The kernel releases the lock when the process ends, however it
/// ends, so a killed run leaves no stale lock.
public final class OutputLock {
    /// The lock file.
    public let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Takes the lock at `path`, creating the file and its folder.
    ///
    /// - Parameter guarding: The folder the lock guards, for the message.
    /// - Throws: ``LayoutBenchError`` `output-locked` when another process holds it;
    ///   `unwritable-output` when the file cannot be made.
    public static func acquire(_ path: String, guarding folder: String) throws(LayoutBenchError) -> OutputLock {
        try AtomicFile.createFolder(AtomicFile.parentFolder(of: path))
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw LayoutBenchError(
                .unwritableOutput,
                "Cannot create the lock file '\(path)' (\(String(cString: strerror(errno)))). Check the folder's permissions, or choose another --output folder."
            )
        }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK {
                throw LayoutBenchError(
                    .outputLocked,
                    "Another layoutbench process is writing into '\(folder)' (it holds the lock '\(path)'). "
                        + "Wait for it to finish, or choose another --output folder.")
            }
            throw LayoutBenchError(.unwritableOutput, "Cannot lock '\(path)' (\(String(cString: strerror(code)))).")
        }
        return OutputLock(path: path, descriptor: descriptor)
    }

    /// Releases the lock (also done when the lock is deallocated).
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
