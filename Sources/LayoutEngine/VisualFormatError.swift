/// A visual format string that could not be turned into constraints, with the
/// character it went wrong at.
///
/// ``description`` reads like UIKit's exception message: the problem, the format
/// and a caret under the offending character.
///
/// ```
/// Unable to parse constraint format:
/// Expected a ']' to close the view
/// H:|-[button
///            ^
/// ```
public struct VisualFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong. The raw values are stable: match on them in scripts and logs.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// The format string is empty.
        case emptyFormat = "empty-format"
        /// Something other than `H:` or `V:` before the first `:`.
        case invalidOrientation = "invalid-orientation"
        /// The options contradict each other or the orientation (an alignment along
        /// the layout axis, two directions), or hold bits layoutbench does not model.
        case invalidOptions = "invalid-options"
        /// A view (`[name]`) was expected: at the start, after `|` or after a connection.
        case expectedView = "expected-view"
        /// `[` not followed by a view name (a C identifier).
        case expectedViewName = "expected-view-name"
        /// A view name that is not a key of the views dictionary.
        case unknownView = "unknown-view"
        /// A metric name that is not a key of the metrics dictionary.
        case unknownMetric = "unknown-metric"
        /// A name in a view's size predicate that is neither a metric nor a view.
        case unknownViewOrMetric = "unknown-view-or-metric"
        /// A view named where only a number or a metric may stand (in a connection or a priority).
        case viewNotAllowed = "view-not-allowed"
        /// A view without its closing `]`.
        case unterminatedView = "unterminated-view"
        /// A predicate list without its closing `)`.
        case unterminatedPredicateList = "unterminated-predicate-list"
        /// A connection (`-10`, `-(>=8)`) without its closing `-`.
        case unterminatedConnection = "unterminated-connection"
        /// A predicate without a number, metric or view to relate to.
        case expectedPredicate = "expected-predicate"
        /// `=`, `<` or `>` where `==`, `<=` or `>=` belongs.
        case invalidRelation = "invalid-relation"
        /// Text that is not a number (`1.2.3`, `10px`), or a metric that is not finite.
        case invalidNumber = "invalid-number"
        /// `@` not followed by a number or a metric name.
        case invalidPriority = "invalid-priority"
        /// A priority outside 1...1000.
        case priorityOutOfRange = "priority-out-of-range"
        /// `|` next to a view that has no superview (a layout guide without an owning view).
        case missingSuperview = "missing-superview"
        /// A format that uses `|` names views that do not share one superview.
        case differentSuperviews = "different-superviews"
        /// `|` anywhere but the start or the end of the format.
        case misplacedSuperview = "misplaced-superview"
        /// A character that has no place where it stands (whitespace, trailing text).
        case unexpectedCharacter = "unexpected-character"
    }

    /// What went wrong.
    public let code: Code
    /// The format string, as passed.
    public let format: String
    /// The 0-based position of the offending character in `format`, counted in
    /// `Character`s; `format.count` when the format ended too early.
    public let position: Int
    /// The problem in plain words, without the format and the caret.
    public let reason: String

    /// Makes an error; `position` is clamped to `0...format.count`.
    public init(code: Code, format: String, position: Int, reason: String) {
        self.code = code
        self.format = format
        self.position = min(max(position, 0), format.count)
        self.reason = reason
    }

    /// A line that puts `^` under the offending character of ``format``.
    public var caretLine: String {
        String(repeating: " ", count: position) + "^"
    }

    /// UIKit's message: `Unable to parse constraint format: \n<reason>\n<format>\n<caret>`.
    public var message: String {
        "Unable to parse constraint format: \n\(reason)\n\(format)\n\(caretLine)"
    }

    /// The same as ``message``.
    public var description: String { message }
}
