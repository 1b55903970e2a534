import Foundation
import VoiceGuideCLI

// Swift's runtime reads SWIFT_BACKTRACE before main runs, and on a terminal its default is an interactive
// backtrace prompt that waits for keys (with our raw mode still on). Unless the user chose a setting, run again
// with a non-interactive one (execv keeps argv, so data discovery from argv[0] is unchanged).
if getenv("SWIFT_BACKTRACE") == nil {
    setenv("SWIFT_BACKTRACE", BacktraceSetting.value, 1)
    BacktraceSetting.reexec()
}
// Closed fds 0–2 get /dev/null parked on them (remembered as closed), so no file opened later can become stdout.
StandardStreams.secure()
// A closed stdout pipe is handled by the writer (StandardStreams.brokenPipe), after the terminal is restored.
signal(SIGPIPE, SIG_IGN)
exit(VoiceGuideTool.main(Array(CommandLine.arguments.dropFirst())))
