import Foundation
import LayoutBenchJSON

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a whole XML document into ``XMLNode``s with Foundation's `XMLParser`, keeping
/// each element's line and column.
enum XMLReader {
    /// Parses `data`.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - path: The file's path, for errors.
    /// - Returns: The root element.
    /// - Throws: ``ImportError`` with code `.malformedXML` and the parser's line and column.
    /// - Complexity: O(n) in the document's size.
    static func parse(_ data: Data, path: String) throws(ImportError) -> XMLNode {
        guard data.count <= maximumBytes else { throw tooLarge(path: path, bytes: data.count) }
        // FoundationXML traps (exit 132) on bytes that are not UTF-8 in an attribute's name:
        // Interface Builder writes UTF-8, so anything else is refused first, at its place.
        if let (line, column, byte) = firstInvalidUTF8(data) {
            throw ImportError(
                .malformedXML, path: path, line: line, column: column,
                "Malformed XML: byte 0x\(String(byte, radix: 16, uppercase: true)) is not UTF-8 (Interface Builder documents are UTF-8).")
        }
        // One pass for the markup Interface Builder never writes. FoundationXML crashes
        // (SIGSEGV) on a processing instruction without data (`<?x?>`); a document type's
        // entities are the way in for expansion attacks, which libxml2 refuses only as an
        // opaque "error 89" at the end of the file; and libxml2 checks an element's attributes
        // for duplicates pairwise (200,000 of them took 17 s, 50,000 1.1 s), where Interface
        // Builder writes at most 19 (the corpus's 19 apps).
        switch firstUnsupportedMarkup(data) {
        case (let line, let column, .processingInstruction)?:
            throw ImportError(
                .malformedXML, path: path, line: line, column: column,
                "Malformed XML: a processing instruction ('<?...?>') other than the XML declaration; Interface Builder documents have none.")
        case (let line, let column, .documentType)?:
            throw ImportError(
                .malformedXML, path: path, line: line, column: column,
                "Malformed XML: a document type declaration ('<!DOCTYPE', where entities are declared); Interface Builder documents have none.")
        case (let line, let column, .crowdedElement(let count))?:
            throw ImportError(
                .malformedXML, path: path, line: line, column: column,
                "Malformed XML: an element with more than \(maximumAttributes) attributes (\(count) so far); "
                    + "Interface Builder writes a few dozen at most.")
        case nil: break
        }
        let parser = XMLParser(data: data)
        let delegate = Delegate(parser: parser)
        parser.delegate = delegate
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let ok = parser.parse()
        if let (line, column) = delegate.tooDeep {
            throw ImportError(
                .malformedXML, path: path, line: line, column: column,
                "Malformed XML: elements nested more than \(maximumDepth) deep (Interface Builder documents nest a few dozen); "
                    + "the importer reads no deeper.")
        }
        guard ok, let root = delegate.root, delegate.stack.isEmpty else {
            let reason = parser.parserError.map { describe($0) } ?? "the document has no complete root element"
            throw ImportError(
                .malformedXML, path: path, line: parser.lineNumber, column: parser.columnNumber,
                "Malformed XML: \(reason).")
        }
        return root
    }

    /// The line and column (1-based; the column counts bytes) and the value of the first byte
    /// of `data` that does not begin a well-formed UTF-8 sequence, or `nil` when it is all UTF-8.
    static func firstInvalidUTF8(_ data: Data) -> (line: Int, column: Int, byte: UInt8)? {
        UTF8Position.firstInvalidByte(in: data).map { (line: $0.line, column: $0.column, byte: $0.byte) }
    }

    /// Markup Interface Builder never writes that the parser must not meet.
    enum UnsupportedMarkup: Equatable {
        /// A processing instruction other than the XML declaration.
        case processingInstruction
        /// A document type declaration, where entities are declared.
        case documentType
        /// A start tag with more than ``maximumAttributes`` attributes (as many as counted).
        case crowdedElement(attributes: Int)
    }

    /// The line and column (1-based, in bytes) of the first markup the parser must not meet,
    /// and which it is: a `<?` that is not the XML declaration (`<?xml` and a space: `<?xml?>`
    /// is an instruction to libxml2) at the start of `data` (after a byte order mark and
    /// whitespace), a `<!DOCTYPE`, or a start tag with more than ``maximumAttributes`` quoted
    /// values; `nil` when there is none. One pass over the bytes, skipping comments, CDATA
    /// sections and quoted values.
    static func firstUnsupportedMarkup(_ data: Data) -> (line: Int, column: Int, markup: UnsupportedMarkup)? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> (line: Int, column: Int, markup: UnsupportedMarkup)? in
            let bytes = raw.bindMemory(to: UInt8.self)
            let lessThan = UInt8(ascii: "<"), greaterThan = UInt8(ascii: ">"), newline = UInt8(ascii: "\n")
            let question = UInt8(ascii: "?")
            var index = 0
            var line = 1
            var lineStart = 0
            func starts(with text: StaticString, at position: Int) -> Bool {
                let count = text.utf8CodeUnitCount
                guard position + count <= bytes.count else { return false }
                return (0..<count).allSatisfy { bytes[position + $0] == text.utf8Start[$0] }
            }
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
            /// Moves past `end`, counting lines.
            func skip(past end: StaticString) {
                while index < bytes.count, !starts(with: end, at: index) {
                    if bytes[index] == newline { (line, lineStart) = (line + 1, index + 1) }
                    index += 1
                }
                index += end.utf8CodeUnitCount
            }
            // The byte order mark's bytes, not a one-scalar `StaticString` (stored as the scalar,
            // without the UTF-8 pointer `starts(with:at:)` reads).
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
            while index < bytes.count, isSpace(bytes[index]) {
                if bytes[index] == newline { (line, lineStart) = (line + 1, index + 1) }
                index += 1
            }
            if starts(with: "<?xml", at: index), index + 5 < bytes.count, isSpace(bytes[index + 5]) {
                // The declaration ends at its "?>"; a '<' before it ends the skip (a malformed
                // declaration must not hide a processing instruction after it).
                index += 5
                while index + 1 < bytes.count, bytes[index] != lessThan, !(bytes[index] == question && bytes[index + 1] == greaterThan) {
                    if bytes[index] == newline { (line, lineStart) = (line + 1, index + 1) }
                    index += 1
                }
                if index + 1 < bytes.count, bytes[index] == question { index += 2 }
            }
            while index + 1 < bytes.count {
                let byte = bytes[index]
                if byte == newline { (line, lineStart) = (line + 1, index + 1) }
                guard byte == lessThan else {
                    index += 1
                    continue
                }
                let column = index - lineStart + 1
                if starts(with: "<!--", at: index) {
                    skip(past: "-->")
                } else if starts(with: "<![CDATA[", at: index) {
                    skip(past: "]]>")
                } else if bytes[index + 1] == question {
                    return (line, column, .processingInstruction)
                } else if starts(with: "<!DOCTYPE", at: index) {
                    return (line, column, .documentType)
                } else {
                    // A tag: count its quoted values up to its '>'. A '<' ends it (malformed: the
                    // loop above reads what follows), and a `<?` is an instruction even in a
                    // quoted value, where FoundationXML still crashes on it (found by the fuzzer).
                    let tagLine = line
                    var attributes = 0
                    index += 1
                    while index < bytes.count, bytes[index] != greaterThan, bytes[index] != lessThan {
                        let quote = bytes[index]
                        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                            attributes += 1
                            if attributes > maximumAttributes { return (tagLine, column, .crowdedElement(attributes: attributes)) }
                            index += 1
                            while index < bytes.count, bytes[index] != quote {
                                if bytes[index] == newline { (line, lineStart) = (line + 1, index + 1) }
                                if bytes[index] == lessThan, index + 1 < bytes.count, bytes[index + 1] == question {
                                    return (line, index - lineStart + 1, .processingInstruction)
                                }
                                index += 1
                            }
                        } else if quote == newline {
                            (line, lineStart) = (line + 1, index + 1)
                        }
                        index += 1
                    }
                    if index < bytes.count, bytes[index] == greaterThan { index += 1 }
                }
            }
            return nil
        }
    }

    /// A reason for the parser's error code (libxml2's numbering, which `XMLParser` reports).
    private static func describe(_ error: Error) -> String {
        let code = (error as NSError).code
        let reasons: [Int: String] = [
            4: "the document is empty", 5: "the document ends before its elements are closed",
            38: "an attribute value is not quoted", 41: "an attribute has no value", 64: "no document element",
            73: "a '>' is missing", 76: "a closing tag does not match its opening tag", 85: "an element is not closed",
        ]
        return "\(reasons[code] ?? "the XML is not well formed") (XMLParser error \(code))"
    }

    /// The deepest nesting of elements read: the corpus's documents nest at most 26 deep, and
    /// everything that walks the tree (building views, finding constraints) recurses by it.
    static let maximumDepth = 1_000

    /// The most attributes an element may have.
    static let maximumAttributes = 1_000

    /// The largest document read: libxml2's limit on a document without `XML_PARSE_HUGE`,
    /// which Foundation's `XMLParser` cannot set (a valid document of 10.4 MB fails as
    /// "XMLParser error 1" at the line where the limit falls; one of 9.8 MB parses). The
    /// largest of the 19 apps' documents in the corpus is 0.5 MB.
    static let maximumBytes = 10_000_000

    /// The error for a document over ``maximumBytes``, before any of it is read.
    static func tooLarge(path: String, bytes: Int) -> ImportError {
        ImportError(
            .malformedXML, path: path, line: 1, column: 1,
            "The document is \(bytes) bytes; at most \(maximumBytes) can be read (the XML parser's limit). "
                + "Split the storyboard (Xcode's Refactor to Storyboard).")
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        unowned let parser: XMLParser
        var root: XMLNode?
        var stack: [XMLNode] = []
        /// Where an element past ``maximumDepth`` starts; parsing stops there.
        var tooDeep: (line: Int, column: Int)?

        init(parser: XMLParser) {
            self.parser = parser
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard stack.count < XMLReader.maximumDepth else {
                if tooDeep == nil { tooDeep = (parser.lineNumber, parser.columnNumber) }
                parser.abortParsing()
                return
            }
            let node = XMLNode(name: elementName, attributes: attributes, line: parser.lineNumber, column: parser.columnNumber)
            if let parent = stack.last {
                node.parent = parent
                parent.children.append(node)
            } else if root == nil {
                root = node
            }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            _ = stack.popLast()
        }
    }
}
