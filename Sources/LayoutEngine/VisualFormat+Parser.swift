// The visual format language's parser: one left-to-right pass over the format's
// characters that checks the syntax and resolves view and metric names as it goes,
// producing a `VisualFormat.Syntax` for `VisualFormat.Builder` to turn into
// constraints. Grammar: Apple's "Visual Format Language" reference (Auto Layout Guide).

extension VisualFormat {
    /// A parsed format: the orientation, the views in order and the connections
    /// between them, with the positions errors point at.
    struct Syntax {
        /// A relation to a number or to another view, with its priority.
        struct Predicate {
            enum Object {
                case constant(Double)
                case item(LayoutItem, name: String)
            }

            var relation: LayoutRelation
            var object: Object
            var priority: LayoutPriority
            /// Where the predicate starts.
            var position: Int
        }

        /// What stands between two neighbours (views or `|`).
        enum Connection {
            /// `-`: the standard spacing.
            case standard
            /// `-N-`, `-(...)-`, or nothing at all (`[a][b]`, which is `== 0`).
            case predicates([Predicate])

            static var flush: Connection {
                .predicates([Predicate(relation: .equal, object: .constant(0), priority: .required, position: 0)])
            }
        }

        /// `[name(predicates)]`.
        struct ViewTerm {
            var item: LayoutItem
            var name: String
            /// Where the name starts (one past the `[`).
            var position: Int
            var predicates: [Predicate]
        }

        var axis: Axis = .horizontal
        /// Whether the format spelled its orientation (`H:` or `V:`).
        var hasExplicitOrientation = false
        /// The leading `|` and the connection after it.
        var leadingSuperview: (position: Int, connection: Connection)?
        var views: [ViewTerm] = []
        /// `connections[i]` joins `views[i]` and `views[i + 1]`.
        var connections: [Connection] = []
        /// The trailing `|` and the connection before it.
        var trailingSuperview: (position: Int, connection: Connection)?
    }

    /// Parses a visual format string into a ``Syntax``.
    struct Parser {
        let format: String
        let characters: [Character]
        let metrics: [String: Double]
        let views: [String: LayoutItem]
        private var index = 0

        init(format: String, metrics: [String: Double], views: [String: LayoutItem]) {
            self.format = format
            self.characters = Array(format)
            self.metrics = metrics
            self.views = views
        }

        /// Where a predicate stands: on a view's size (may name another view) or in
        /// a connection (numbers and metrics only).
        enum PredicateContext {
            case view
            case connection
        }

        // MARK: - Top level

        /// `(<orientation>:)? (<superview><connection>)? <view>(<connection><view>)* (<connection><superview>)?`
        mutating func parse() throws(VisualFormatError) -> Syntax {
            guard !characters.isEmpty else {
                throw error(.emptyFormat, at: 0, "The format is empty; write at least one view, as in 'H:[view]'")
            }
            var syntax = Syntax()
            try parseOrientation(into: &syntax)
            if current == "|" {
                let bar = index
                index += 1
                syntax.leadingSuperview = (bar, try parseConnection(afterSuperview: true))
            }
            while true {
                syntax.views.append(try parseView())
                guard let next = current else { break }
                let connection: Syntax.Connection
                if next == "|" {
                    connection = .flush
                } else {
                    connection = try parseConnection(afterSuperview: false)
                }
                if current == "|" {
                    let bar = index
                    index += 1
                    if let extra = current {
                        throw error(
                            .misplacedSuperview, at: bar,
                            "'|' stands for the superview and can only start or end the format, but \(Self.describe(extra)) follows it")
                    }
                    syntax.trailingSuperview = (bar, connection)
                    break
                }
                syntax.connections.append(connection)
            }
            return syntax
        }

        /// `H:` or `V:`, or nothing (horizontal). Letters up to a `:` that are not
        /// `H` or `V` are an orientation error.
        private mutating func parseOrientation(into syntax: inout Syntax) throws(VisualFormatError) {
            var end = 0
            while end < characters.count, characters[end].isASCII, characters[end].isLetter { end += 1 }
            guard end < characters.count, characters[end] == ":" else { return }
            let word = String(characters[0..<end])
            switch word {
            case "H": syntax.axis = .horizontal
            case "V": syntax.axis = .vertical
            case "":
                throw error(.invalidOrientation, at: 0, "Expected an orientation, 'H' or 'V', before ':'")
            default:
                throw error(
                    .invalidOrientation, at: 0,
                    "'\(word)' is not an orientation; use 'H:' (horizontal) or 'V:' (vertical)")
            }
            syntax.hasExplicitOrientation = true
            index = end + 1
        }

        // MARK: - Views

        /// `[<viewName>(<predicateListWithParens>)?]`
        private mutating func parseView() throws(VisualFormatError) -> Syntax.ViewTerm {
            guard current == "[" else {
                // Only the first view can get here without a '[': every connection
                // checks that a view follows it.
                let found = current.map { ", found \(Self.describe($0))" } ?? ""
                throw error(.expectedView, at: index, "Expected a view ('[name]') or '|' at the start of the format\(found)")
            }
            index += 1
            let nameStart = index
            guard let head = current, isIdentifierHead(head) else {
                let found: String
                if let head = current {
                    found = head == "]" ? ": the brackets are empty" : ", found \(Self.describe(head))"
                } else {
                    found = ""
                }
                throw error(
                    .expectedViewName, at: index,
                    "Expected a view name after '['\(found); a view name is a C identifier (letters, digits and '_')")
            }
            let name = scanIdentifier()
            guard let item = views[name] else {
                throw error(.unknownView, at: nameStart, "'\(name)' is not a key in the views dictionary (\(Self.known(views.keys, "views")))")
            }
            var predicates: [Syntax.Predicate] = []
            if current == "(" {
                predicates = try parsePredicateList(.view)
            }
            guard current == "]" else {
                throw error(.unterminatedView, at: index, "Expected a ']' to close the view")
            }
            index += 1
            return Syntax.ViewTerm(item: item, name: name, position: nameStart, predicates: predicates)
        }

        // MARK: - Connections

        /// `e | -<predicateList>- | -`, followed by a view (or, after a view, by `|`).
        /// On return `current` is `[` or `|`.
        private mutating func parseConnection(afterSuperview: Bool) throws(VisualFormatError) -> Syntax.Connection {
            guard let head = current else {
                throw error(.expectedView, at: index, "Expected a view after '|'")
            }
            switch head {
            case "[":
                return .flush
            case "-":
                break
            default:
                if afterSuperview {
                    throw error(.expectedView, at: index, "Expected a view or '-' after '|', found \(Self.describe(head))")
                }
                throw error(
                    .unexpectedCharacter, at: index,
                    "Expected '-', '[', '|' or the end of the format after a view, found \(Self.describe(head))")
            }
            index += 1  // the opening '-'
            let connection: Syntax.Connection
            if current == "[" || current == "|" {
                connection = .standard
            } else if current == "(" {
                connection = .predicates(try parsePredicateList(.connection))
                try expectConnectionEnd()
            } else if isNumberHead(at: index, allowSign: false) || current.map(isIdentifierHead) == true {
                // A simple predicate: a positive number or a metric name, `== value` required.
                let start = index
                let object: Syntax.Predicate.Object
                if isNumberHead(at: index, allowSign: false) {
                    object = .constant(try scanNumber())
                } else {
                    object = try resolve(scanIdentifier(), at: start, in: .connection)
                }
                if current == "@" {
                    throw error(.invalidPriority, at: index, "A spacing with a priority needs parentheses, as in '-(10@750)-'")
                }
                connection = .predicates([Syntax.Predicate(relation: .equal, object: object, priority: .required, position: start)])
                try expectConnectionEnd()
            } else if current == "-" && isNumberHead(at: index, allowSign: true) {
                throw error(.invalidNumber, at: index, "A negative spacing needs parentheses, as in '-(-5)-'")
            } else if let character = current {
                throw error(
                    .unexpectedCharacter, at: index,
                    "Expected a view, '|', a number, a metric name or '(' after '-', found \(Self.describe(character))")
            } else {
                throw error(
                    .expectedView, at: index, afterSuperview ? "Expected a view after the connection" : "Expected a view or '|' after the connection")
            }
            // What follows the connection.
            switch current {
            case "[":
                return connection
            case "|" where !afterSuperview:
                return connection
            case nil:
                throw error(
                    .expectedView, at: index, afterSuperview ? "Expected a view after the connection" : "Expected a view or '|' after the connection")
            case "|"?:
                throw error(.expectedView, at: index, "Expected a view after the connection, found '|'")
            case let character?:
                throw error(.unexpectedCharacter, at: index, "Expected a view ('[name]') after the connection, found \(Self.describe(character))")
            }
        }

        /// The `-` that closes `-N-`, `-metric-` and `-(...)-`.
        private mutating func expectConnectionEnd() throws(VisualFormatError) {
            guard current == "-" else {
                let found = current.map { ", found \(Self.describe($0))" } ?? ""
                throw error(.unterminatedConnection, at: index, "Expected a '-' to close the connection\(found)")
            }
            index += 1
        }

        // MARK: - Predicates

        /// `(<predicate>(,<predicate>)*)`
        private mutating func parsePredicateList(_ context: PredicateContext) throws(VisualFormatError) -> [Syntax.Predicate] {
            index += 1  // '('
            var predicates: [Syntax.Predicate] = []
            while true {
                predicates.append(try parsePredicate(context))
                switch current {
                case ","?:
                    index += 1
                case ")"?:
                    index += 1
                    return predicates
                case nil:
                    throw error(.unterminatedPredicateList, at: index, "Expected a ')' to close the predicate list")
                case let character?:
                    throw error(
                        .unterminatedPredicateList, at: index,
                        "Expected ',' or a ')' to close the predicate list, found \(Self.describe(character))")
                }
            }
        }

        /// `(<relation>)?<objectOfPredicate>(@<priority>)?`
        private mutating func parsePredicate(_ context: PredicateContext) throws(VisualFormatError) -> Syntax.Predicate {
            let start = index
            var relation = LayoutRelation.equal
            if let head = current, head == "=" || head == "<" || head == ">" {
                guard peek(1) == "=" else {
                    let spelled = head == "=" ? "==" : "\(head)="
                    throw error(.invalidRelation, at: index, "'\(head)' is not a relation; use '\(spelled)' (relations are '==', '<=' and '>=')")
                }
                relation = head == "=" ? .equal : head == "<" ? .lessThanOrEqual : .greaterThanOrEqual
                index += 2
            }
            let objectStart = index
            let object: Syntax.Predicate.Object
            if isNumberHead(at: index, allowSign: true) {
                object = .constant(try scanNumber())
            } else if let head = current, isIdentifierHead(head) {
                object = try resolve(scanIdentifier(), at: objectStart, in: context)
            } else {
                let wanted = context == .view ? "a number, a metric name or a view name" : "a number or a metric name"
                let found = current.map { ", found \(Self.describe($0))" } ?? ""
                throw error(.expectedPredicate, at: index, "Expected \(wanted)\(found)")
            }
            var priority = LayoutPriority.required
            if current == "@" {
                index += 1
                priority = try parsePriority()
            }
            return Syntax.Predicate(relation: relation, object: object, priority: priority, position: start)
        }

        /// `<metricName> | <number>`, in 1...1000.
        private mutating func parsePriority() throws(VisualFormatError) -> LayoutPriority {
            let start = index
            let value: Double
            let spelled: String
            if isNumberHead(at: index, allowSign: true) {
                value = try scanNumber()
                spelled = formatNumber(value)
            } else if let head = current, isIdentifierHead(head) {
                let name = scanIdentifier()
                guard let metric = metrics[name] else {
                    if views[name] != nil {
                        throw error(.viewNotAllowed, at: start, "'\(name)' is a view; a priority is a number or a metric name")
                    }
                    throw error(
                        .unknownMetric, at: start, "'\(name)' is not a key in the metrics dictionary (\(Self.known(metrics.keys, "metrics")))")
                }
                value = try finite(metric, name: name, at: start)
                spelled = "'\(name)' (\(formatNumber(value)))"
            } else {
                let found = current.map { ", found \(Self.describe($0))" } ?? ""
                throw error(.invalidPriority, at: index, "Expected a priority (a number in 1...1000 or a metric name) after '@'\(found)")
            }
            guard value >= 1 && value <= 1000 else {
                throw error(.priorityOutOfRange, at: start, "The priority \(spelled) is outside 1...1000")
            }
            return LayoutPriority(rawValue: Float(value))
        }

        /// A name in a predicate: a metric, or (on a view's size) another view.
        private func resolve(_ name: String, at position: Int, in context: PredicateContext) throws(VisualFormatError) -> Syntax.Predicate.Object {
            if let metric = metrics[name] {
                return .constant(try finite(metric, name: name, at: position))
            }
            switch context {
            case .view:
                if let item = views[name] { return .item(item, name: name) }
                throw error(
                    .unknownViewOrMetric, at: position,
                    "'\(name)' is neither a key in the metrics dictionary (\(Self.known(metrics.keys, "metrics"))) nor in the views dictionary (\(Self.known(views.keys, "views")))"
                )
            case .connection:
                if views[name] != nil {
                    throw error(
                        .viewNotAllowed, at: position,
                        "'\(name)' is a view; a spacing relates to a number or a metric (only a view's size, as in '[a(==\(name))]', can name a view)"
                    )
                }
                throw error(.unknownMetric, at: position, "'\(name)' is not a key in the metrics dictionary (\(Self.known(metrics.keys, "metrics")))")
            }
        }

        private func finite(_ value: Double, name: String, at position: Int) throws(VisualFormatError) -> Double {
            guard value.isFinite else {
                throw error(.invalidNumber, at: position, "The metric '\(name)' is \(value), not a finite number")
            }
            return value
        }

        // MARK: - Lexing

        private var current: Character? { index < characters.count ? characters[index] : nil }

        private func peek(_ offset: Int) -> Character? {
            let position = index + offset
            return position < characters.count ? characters[position] : nil
        }

        private func isIdentifierHead(_ character: Character) -> Bool {
            character.isASCII && (character.isLetter || character == "_")
        }

        private func isIdentifierBody(_ character: Character) -> Bool {
            character.isASCII && (character.isLetter || character.isNumber || character == "_")
        }

        /// A C identifier at `index`, which must start one.
        private mutating func scanIdentifier() -> String {
            let start = index
            while let character = current, isIdentifierBody(character) { index += 1 }
            return String(characters[start..<index])
        }

        /// Whether a number starts at `position`: a digit, or '.', optionally after a sign.
        private func isNumberHead(at position: Int, allowSign: Bool) -> Bool {
            guard position < characters.count else { return false }
            var position = position
            if allowSign, characters[position] == "-" || characters[position] == "+" {
                position += 1
                guard position < characters.count else { return false }
            }
            let character = characters[position]
            return character.isASCII && (character.isNumber || character == ".")
        }

        /// A number as `strtod` reads it (sign, digits, fraction, exponent). The whole
        /// run of number-like characters must parse, so `1.2.3` and `10px` are errors
        /// rather than a number followed by junk.
        private mutating func scanNumber() throws(VisualFormatError) -> Double {
            let start = index
            if current == "-" || current == "+" { index += 1 }
            while let character = current, character.isASCII, character.isLetter || character.isNumber || character == "_" || character == "." {
                index += 1
                if character == "e" || character == "E", current == "-" || current == "+" { index += 1 }
            }
            let text = String(characters[start..<index])
            guard let value = Double(text) else {
                throw error(.invalidNumber, at: start, "'\(text)' is not a number")
            }
            guard value.isFinite else {
                throw error(.invalidNumber, at: start, "'\(text)' is not a finite number")
            }
            return value
        }

        /// A character as an error message shows it: `'x'`, or a name for invisible ones.
        private static func describe(_ character: Character) -> String {
            switch character {
            case " ": "a space"
            case "\t": "a tab"
            case "\n", "\r\n", "\r": "a line break"
            default: "'\(character)'"
            }
        }

        /// The keys of a dictionary for an error message: `known views: 'a', 'b'`.
        private static func known(_ keys: Dictionary<String, some Any>.Keys, _ kind: String) -> String {
            guard !keys.isEmpty else { return "the \(kind) dictionary is empty" }
            let sorted = keys.sorted()
            let shown = sorted.prefix(12).map { "'\($0)'" }.joined(separator: ", ")
            let more = sorted.count > 12 ? " and \(sorted.count - 12) more" : ""
            return "known \(kind): \(shown)\(more)"
        }

        // MARK: - Errors

        private func error(_ code: VisualFormatError.Code, at position: Int, _ reason: String) -> VisualFormatError {
            VisualFormatError(code: code, format: format, position: position, reason: reason)
        }
    }
}
