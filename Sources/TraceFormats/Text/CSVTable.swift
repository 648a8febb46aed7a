import TouchBenchSupport

/// RFC 4180 rows: fields separated by commas, quoted with `"` when they hold commas or
/// quotes (a quote inside is doubled). Rows are single lines.
enum CSVTable {
    /// The fields of one line, or an error message.
    static func fields(_ line: Substring) -> Result<[String], TraceFormatError> {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var wasQuoted = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if quoted {
                if character == "\"" {
                    let next = line.index(after: index)
                    if next < line.endIndex, line[next] == "\"" {
                        field.append("\"")
                        index = next
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "," {
                fields.append(wasQuoted ? field : String(field[...].trimmingSpaces()))
                field = ""
                wasQuoted = false
            } else if character == "\"", field.allSatisfy({ $0 == " " }) {
                field = ""
                quoted = true
                wasQuoted = true
            } else {
                if wasQuoted, character != " " { return .failure(TraceFormatError("text follows a closing quote.")) }
                field.append(character)
            }
            index = line.index(after: index)
        }
        if quoted { return .failure(TraceFormatError("a quoted field is not closed on its line.")) }
        fields.append(wasQuoted ? field : String(field[...].trimmingSpaces()))
        return .success(fields)
    }
}
