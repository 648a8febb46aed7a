import TouchTrace

/// Fixed, locale-free JSON formatting of numbers and strings (shared with the JSON Lines form
/// and bench reports), so that a result file is the same bytes on every machine.
typealias JSONNumber = JSONFormatting
