import LayoutEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The font files a ``TextMeasurer`` opens: one file of Inter per ``Font/Weight``.
///
/// Found by one documented search and nothing else (no environment variable changes it, as the
/// project's rule is): either the caller names every file (``init(regular:medium:semibold:bold:)``),
/// or ``locate(in:)`` looks for Inter's static files by name (``fileNames``) in a list of
/// folders, by default ``defaultDirectories``, where Debian's `fonts-inter` installs them. A file
/// that is missing is ``TextError/Code/fontNotFound``, whose message says to run
/// `apt-get install fonts-inter`.
public struct FontFiles: Hashable, Sendable {
    /// The file of each weight; every weight has one.
    public let paths: [Font.Weight: String]

    /// The folders ``locate(in:)`` searches by default, in order: where Debian's `fonts-inter`
    /// puts Inter's OpenType files (`dpkg -L fonts-inter` on Debian 12 lists
    /// /usr/share/fonts/opentype/inter/Inter-Regular.otf, ...), its TrueType folder, and the same
    /// two under /usr/local for a font installed by hand.
    public static let defaultDirectories: [String] = [
        "/usr/share/fonts/opentype/inter",
        "/usr/share/fonts/truetype/inter",
        "/usr/local/share/fonts/opentype/inter",
        "/usr/local/share/fonts/truetype/inter",
    ]

    /// The file names ``locate(in:)`` tries for each weight, in order: Inter's static fonts
    /// (the text optical size, not Inter Display), OpenType first.
    public static let fileNames: [Font.Weight: [String]] = [
        .regular: ["Inter-Regular.otf", "Inter-Regular.ttf"],
        .medium: ["Inter-Medium.otf", "Inter-Medium.ttf"],
        .semibold: ["Inter-SemiBold.otf", "Inter-SemiBold.ttf"],
        .bold: ["Inter-Bold.otf", "Inter-Bold.ttf"],
    ]

    /// The Debian package that holds the files.
    public static let debianPackage = "fonts-inter"

    /// Names every weight's file; ``TextMeasurer/init(fonts:)`` checks that each opens.
    public init(regular: String, medium: String, semibold: String, bold: String) {
        paths = [.regular: regular, .medium: medium, .semibold: semibold, .bold: bold]
    }

    /// Finds each weight's file: the first folder of `directories` (in order) that holds one of
    /// the weight's ``fileNames`` (in order) as a readable file.
    ///
    /// - Parameter directories: The folders to search; ``defaultDirectories`` when left out.
    /// - Returns: The files found.
    /// - Throws: ``TextError`` with code ``TextError/Code/fontNotFound`` naming the weights
    ///   missing, the folders searched and the package to install.
    /// - Complexity: One `stat(2)` (and an `access(2)` for a file found) per folder and file name
    ///   tried.
    public static func locate(in directories: [String] = defaultDirectories) throws(TextError) -> FontFiles {
        var found: [Font.Weight: String] = [:]
        var missing: [Font.Weight] = []
        for weight in Font.Weight.allCases {
            let candidates = directories.lazy.flatMap { directory in
                (fileNames[weight] ?? []).lazy.map { directory.hasSuffix("/") ? directory + $0 : directory + "/" + $0 }
            }
            if let path = candidates.first(where: isReadableFile) {
                found[weight] = path
            } else {
                missing.append(weight)
            }
        }
        guard missing.isEmpty else {
            let names = missing.map { fileNames[$0]?.first ?? $0.rawValue }.joined(separator: ", ")
            let folders = directories.isEmpty ? "no folder (the list given is empty)" : directories.joined(separator: ", ")
            throw TextError(
                .fontNotFound,
                "Inter's font files are missing (\(names) not in \(folders)). "
                    + "Install Debian's \(debianPackage) (apt-get install \(debianPackage)), "
                    + "or pass the folder or the files to TextMeasurer."
            )
        }
        return FontFiles(paths: found)
    }

    private init(paths: [Font.Weight: String]) {
        self.paths = paths
    }

    /// Whether `path` names a regular file (or a link to one) that this process can read.
    static func isReadableFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, R_OK) == 0
    }
}
