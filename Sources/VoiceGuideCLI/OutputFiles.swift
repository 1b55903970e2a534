import Foundation
import SafeIO

/// Writing a whole output file from a command, through `SafeOutputFile` (the one way to write a file): the file
/// appears complete or not at all; a file that cannot be created is exit 73, a failed write 74.
enum OutputFiles {
    /// Writes `data` to `path`.
    static func write(_ data: Data, to path: String) throws(CLIError) {
        do throws(FileWriteError) {
            let file = try SafeOutputFile(path: path)
            do {
                try file.write(data)
                try file.commit()
            } catch {
                file.abandon()
                throw error
            }
        } catch {
            throw CLIError(error.operation == .create ? .cannotCreate : .ioError, error.description)
        }
    }
}
