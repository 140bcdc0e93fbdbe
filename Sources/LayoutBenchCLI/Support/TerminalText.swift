/// Text that may hold what a user's file held, made safe to print on a terminal.
enum TerminalText {
    /// `text` with every control character but the line feed and the tab shown as `\u{1b}`:
    /// an escape sequence in a pasted log, a view's name or a file name would otherwise reach
    /// the terminal, where it can move the cursor, rewrite lines (a carriage return), set the
    /// window's title or hide what follows.
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var safe = ""
        safe.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                safe += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                safe.unicodeScalars.append(scalar)
            }
        }
        return safe
    }

    /// C0 and C1 control characters and DEL, but `\n` and `\t`.
    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && scalar.properties.generalCategory == .control
    }
}
