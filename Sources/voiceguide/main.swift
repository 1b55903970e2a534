import Foundation
import VoiceGuideCLI

// Output to a closed pipe is an error the writers ignore, not a signal that ends the process.
signal(SIGPIPE, SIG_IGN)
exit(VoiceGuideTool.main(Array(CommandLine.arguments.dropFirst())))
