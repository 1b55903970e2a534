import Foundation
import SafeIO
import Speech

/// Raw-mode handling for the interactive drive. The original terminal state is saved once and restored on
/// every exit path: normal end, error, `q`, SIGINT, SIGTERM, SIGHUP, SIGQUIT, a closed stdout pipe, and while
/// suspended by Ctrl-Z (`restore()` is idempotent and async-signal-tolerant
/// enough for our use: it only calls tcsetattr and write).
public final class Terminal: @unchecked Sendable {  // @unchecked: `saved` is read and written under `lock`; `fd` is immutable
    /// The process-wide terminal for keys: standard input when it is one, else the controlling terminal
    /// (`/dev/tty`), so `cat route.json | voiceguide drive -` still reads keys.
    public static let shared: Terminal = {
        if isatty(STDIN_FILENO) == 1 { return Terminal(fd: STDIN_FILENO) }
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        return Terminal(fd: tty >= 0 ? tty : STDIN_FILENO)
    }()

    private let fd: Int32
    private let lock = NSLock()
    private var saved: termios?

    private init(fd: Int32) { self.fd = fd }

    /// True when the key input is a terminal.
    public var isTTY: Bool { isatty(fd) == 1 }

    /// Puts the terminal in raw mode (no echo, no line buffering, keys arrive one byte at a time).
    /// Output processing stays on so "\n" still moves to the start of the line, and ISIG stays on so Ctrl-C is
    /// still SIGINT (handled by `SignalTrap`). Returns false if not a TTY.
    @discardableResult
    public func enterRawMode() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard saved == nil, isatty(fd) == 1 else { return saved != nil }
        var original = termios()
        guard tcgetattr(fd, &original) == 0 else { return false }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        // VMIN = 0, VTIME = 1: a read returns after 100 ms with or without a key, so the reader can stop.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 1
            // Ctrl-Z arrives as a key, so the drive restores the terminal before it stops (LiveInteraction).
            cc[Int(VSUSP)] = 0
        }
        guard tcsetattr(fd, TCSAFLUSH, &raw) == 0 else { return false }
        saved = original
        return true
    }

    /// Restores the saved terminal state. Safe to call repeatedly (the console clears the status line itself).
    public func restore() {
        lock.lock()
        defer { lock.unlock() }
        guard var original = saved else { return }
        _ = tcsetattr(fd, TCSAFLUSH, &original)
        saved = nil
    }

    /// The width of the terminal on standard output, when it says.
    public var columns: Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Reads one key with a short timeout (raw mode), or nil when none arrived.
    public func readKey() -> UInt8? {
        var byte: UInt8 = 0
        let n = read(fd, &byte, 1)
        return n == 1 ? byte : nil
    }
}

/// Delivers signals (by default SIGINT, SIGTERM, SIGHUP, SIGQUIT: every one that ends a drive) to a handler on
/// a dispatch queue instead of killing the process, so the terminal is restored first (through
/// `SafeIO.SignalDelivery`, which loses no signal that arrives once the trap exists).
public final class SignalTrap: Sendable {
    private let token = Locked<Int?>(nil)

    /// The signals that end a drive.
    public static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Installs `handler` for `signals`; the default action is disabled while the trap lives.
    public init(signals: [Int32] = SignalTrap.endingSignals, queue: DispatchQueue = .global(),
                handler: @escaping @Sendable (Int32) -> Void) {
        token.withLock { $0 = SignalDelivery.install(signals) { sig in queue.async { handler(sig) } } }
    }

    /// Removes the handlers and restores the default signal actions.
    public func cancel() {
        if let old = token.withLock({ t -> Int? in defer { t = nil }; return t }) { SignalDelivery.remove(old) }
    }
}

/// ANSI escape sequences, all empty when escapes are disabled: not a TTY, or `TERM=dumb` (or unset), which is
/// treated like a non-terminal. Colors also go with `NO_COLOR`.
public struct TerminalStyle: Sendable {
    /// Whether escape sequences are written at all.
    public let enabled: Bool
    /// Whether colors are used (`NO_COLOR` unset).
    public let colors: Bool

    /// Chooses the style for a stream.
    public init(isTTY: Bool, environment: [String: String]) {
        enabled = Self.isCapable(isTTY: isTTY, environment: environment)
        colors = enabled && (environment["NO_COLOR"].map { $0.isEmpty } ?? true)
    }

    /// True for a terminal that takes cursor and line escapes: a TTY whose `TERM` is set and not `dumb`.
    public static func isCapable(isTTY: Bool, environment: [String: String]) -> Bool {
        guard isTTY, let term = environment["TERM"], !term.isEmpty else { return false }
        return term != "dumb"
    }

    /// `line` with auto-wrap off while it is drawn, so a line wider than the terminal (after a resize) is cut
    /// by the terminal instead of wrapping into a stale second row.
    public func noWrap(_ line: String) -> String { enabled ? "\u{1B}[?7l" + line + "\u{1B}[?7h" : line }

    /// Carriage return + clear the whole line.
    public var clearLine: String { enabled ? "\r\u{1B}[2K" : "" }
    /// Bold text.
    public func bold(_ s: String) -> String { colors ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    /// Dim text.
    public func dim(_ s: String) -> String { colors ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
}
