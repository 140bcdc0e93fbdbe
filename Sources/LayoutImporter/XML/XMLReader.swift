import Foundation

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
        let parser = XMLParser(data: data)
        let delegate = Delegate(parser: parser)
        parser.delegate = delegate
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let ok = parser.parse()
        guard ok, let root = delegate.root, delegate.stack.isEmpty else {
            let reason = parser.parserError.map { describe($0) } ?? "the document has no complete root element"
            throw ImportError(
                .malformedXML, path: path, line: parser.lineNumber, column: parser.columnNumber,
                "Malformed XML: \(reason).")
        }
        return root
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

    private final class Delegate: NSObject, XMLParserDelegate {
        unowned let parser: XMLParser
        var root: XMLNode?
        var stack: [XMLNode] = []

        init(parser: XMLParser) {
            self.parser = parser
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
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
