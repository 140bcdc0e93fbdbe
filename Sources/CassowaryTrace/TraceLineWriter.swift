/// How a trace line spells strings and numbers: the writing half of the trace format, used by
/// ``SolverTraceRecorder`` as operations happen. It is not `LayoutBenchJSON`'s writer because a
/// line is appended to one growing string per operation, with integers written without a
/// fraction and other numbers in their shortest round-trip form, the spelling every recorded
/// trace and `solver-bench --lockstep`'s golden line rely on.
enum TraceLineWriter {
    /// Appends `text` as a JSON string literal.
    static func appendString(_ text: String, to output: inout String) {
        output.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output.append("\"")
    }

    /// A number as JSON: integers without a fraction, others in shortest round-trip form.
    static func number(_ value: Double) -> String {
        if value.rounded() == value && abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }
}
