import Foundation

/// The Swift runtime's crash-backtrace setting for `voiceguide`: backtraces stay on, but never the interactive
/// prompt, which would wait for keys on a terminal the drive left raw.
public enum BacktraceSetting {
    /// The `SWIFT_BACKTRACE` value set when the user has none.
    public static let value = "enable=yes,interactive=no"

    /// Replaces the process image with itself (same argv, current environment) so the runtime reads the new
    /// `SWIFT_BACKTRACE` at start-up. Returns only if the exec failed; the tool then runs as it is.
    public static func reexec() {
        let arguments = CommandLine.arguments
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        // The resolved path, not /proc/self/exe itself, so the process keeps its name ("voiceguide" in ps).
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "/proc/self/exe"
        execv(path, &argv)
        for p in argv { free(p) }
    }
}
