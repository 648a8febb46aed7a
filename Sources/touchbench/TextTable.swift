/// A plain-text table with columns padded to their widest cell.
struct TextTable {
    var columns: [String]
    var rows: [[String]] = []

    mutating func add(_ row: [String]) { rows.append(row) }

    var rendered: String {
        let widths = columns.indices.map { index in
            ([columns[index]] + rows.map { index < $0.count ? $0[index] : "" }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { $0.element + String(repeating: " ", count: max(0, widths[$0.offset] - $0.element.count)) }.joined(separator: " ")
                .trimmingCharacters(in: .whitespaces)
        }
        return ([line(columns), widths.map { String(repeating: "─", count: $0) }.joined(separator: " ")] + rows.map(line))
            .joined(separator: "\n")
    }
}
