import Foundation
import VoiceGuideCLI

// Swift's runtime reads SWIFT_BACKTRACE before main runs, and when stdin is a terminal its default is an
// interactive backtrace prompt that waits for keys (with our raw mode still on). Unless the user chose a setting,
// run again with a non-interactive one (execv keeps argv, so data discovery from argv[0] is unchanged). Without a
// terminal on stdin there is no prompt, so pipelines and scripts do not pay for the second start.
if getenv("SWIFT_BACKTRACE") == nil, isatty(STDIN_FILENO) == 1 {
    setenv("SWIFT_BACKTRACE", BacktraceSetting.value, 1)
    BacktraceSetting.reexec()
}
// Closed fds 0–2 get /dev/null parked on them (remembered as closed), so no file opened later can become stdout.
StandardStreams.secure()
// SIGQUIT ends the process like SIGTERM (the shell sees 131), never as a crash: the Swift runtime's backtracer
// takes SIGQUIT for one and prints a report. Commands that clean up on it (the live drive, a WAV being written)
// take it over themselves.
signal(SIGQUIT, SIG_DFL)
// A parent that spawned us from a thread with signals blocked (a Dispatch thread of a Swift program) passes its
// mask on: unblock the signals that end a command, so that they always can.
var ending = sigset_t()
sigemptyset(&ending)
for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&ending, sig) }
sigprocmask(SIG_UNBLOCK, &ending, nil)
// A closed stdout pipe is handled by the writer (StandardStreams.brokenPipe), after the terminal is restored.
signal(SIGPIPE, SIG_IGN)
exit(VoiceGuideTool.main(Array(CommandLine.arguments.dropFirst())))
