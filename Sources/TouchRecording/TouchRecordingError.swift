import FileSafety

/// A recording file that cannot be played: where, and what is wrong with it. Its
/// description is one line, `FILE:LINE: what is wrong`, for the command line.
public struct TouchRecordingError: Error, Equatable, CustomStringConvertible {
    /// The file as it was named (or "recording" for text read from memory).
    public var file: String
    /// The line, from 1; 0 when the file could not be read at all.
    public var line: Int
    public var problem: String

    public init(file: String, line: Int, problem: String) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    /// One line: the file's name and the problem are shown with control characters
    /// escaped.
    public var description: String {
        let file = file.shownInOneLine(limit: 500), problem = problem.shownInOneLine(limit: 1000)
        return line > 0 ? "\(file):\(line): \(problem)" : "\(file): \(problem)"
    }
}
