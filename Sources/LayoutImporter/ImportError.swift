import LayoutBenchJSON

/// Why a file could not be imported at all (a file that imports with warnings is not an
/// error). Each error names the file and, for malformed XML, the line and column.
public struct ImportError: Error, CustomStringConvertible, Sendable {
    /// What failed; stable across versions.
    public enum Code: String, Sendable {
        /// The file cannot be read.
        case unreadableFile = "unreadable-file"
        /// The XML is not well formed.
        case malformedXML = "malformed-xml"
        /// The XML is well formed but is not an Interface Builder document.
        case notInterfaceBuilder = "not-interface-builder"
        /// A path given names nothing, or a folder holds no .xib or .storyboard.
        case noDocuments = "no-documents"
        /// The device asked for is not one the importer knows.
        case unknownDevice = "unknown-device"
    }

    /// What failed.
    public let code: Code
    /// The file.
    public let path: String
    /// The line (1-based), when known.
    public let line: Int?
    /// The column (1-based), when known.
    public let column: Int?
    /// What failed and how to fix it.
    public let message: String

    public init(_ code: Code, path: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.code = code
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:col: message`, as compilers print locations.
    public var description: String { SourcePosition.diagnostic(message, file: path, line: line, column: column) }
}

/// Something in a document the importer did not understand or could not model; the
/// import goes on without it.
public struct ImportWarning: Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// The line of the element concerned.
    public let line: Int
    /// What was skipped or approximated.
    public let message: String

    public init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// `path:line: warning: message`.
    public var description: String { "\(path):\(line): warning: \(message)" }
}
