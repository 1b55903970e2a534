import Foundation
import VoiceGuideCLI

exit(VoiceGuideTool.main(Array(CommandLine.arguments.dropFirst())))
