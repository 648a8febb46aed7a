import TouchInput
import TouchTrace

/// The one rule by which a streamed text import hands out a sample (CSV, evemu, getevent,
/// libinput): an importer's error becomes the stream's ``TraceFileError`` with the same place
/// and words as the whole import's, and a time outside the range every trace keeps is an
/// error naming the file (and the line, where one is known).
enum StreamedSample {
    /// The sample `read` produces, checked; `nil` at the end.
    @inline(__always)
    static func next(path: String, quanta: FieldQuanta, line: () -> Int? = { nil }, _ read: () throws -> InputSample?) throws(TraceFileError) -> InputSample? {
        let sample: InputSample?
        do {
            sample = try read()
        } catch let error as TraceFileError {
            throw error
        } catch let error as TraceFormatError {
            throw fileError(error, path: path)
        } catch {
            throw TraceFileError(.malformed, path: path, reason: "cannot be read (\(error))")
        }
        guard let sample else { return nil }
        return try checked(sample, path: path, quanta: quanta, line: line())
    }

    /// The sample, when its time lies in the range every trace keeps and its values in the
    /// model's ranges (``InputSample/problem(quanta:)``), as the whole import checks them.
    @inline(__always)
    static func checked(_ sample: InputSample, path: String, quanta: FieldQuanta, line: Int?) throws(TraceFileError) -> InputSample {
        if let problem = EvdevTraceDecoder.problem(sample, quanta: quanta) {
            throw TraceFileError(.malformed, path: path, line: line, reason: problem)
        }
        return sample
    }

    /// An importer's error as the error of a sample source (the same place and words).
    static func fileError(_ error: TraceFormatError, path: String) -> TraceFileError {
        let kind: TraceFileErrorKind = error.kind == .unreadable ? .cannotOpen : .malformed
        return TraceFileError(kind, path: error.path ?? path, offset: error.offset, line: error.line, reason: sentence(error.reason))
    }

    /// A reason without its full stop: a file error's description adds one.
    private static func sentence(_ reason: String) -> String {
        reason.hasSuffix(".") ? String(reason.dropLast()) : reason
    }
}
