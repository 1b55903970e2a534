import Foundation
import Testing

/// A crash is never the answer to input. The sources hold no `try!`, and no integer conversion of
/// a floating-point expression without a range check (`Int(saturating:)`, `Int(exactly:)`, `clamping:` …):
/// `Int(_: Double)` traps on NaN, infinity and anything past ±9.2e18.
@Suite struct SourceHygieneTests {
    static let sources = CLIFixtures.repository.appendingPathComponent("Sources")

    /// Words that mark a conversion's argument as a Double computed from data.
    static let floatingHints = [".rounded", "Double(", " * ", " / ", "seconds", "meters", "numberValue", "fraction"]
    /// Reviewed conversions that match a hint but convert integers or parse strings.
    static let reviewed = ["Int(fraction) ?? 0", "UInt64(bank.rawValue"]

    /// Every Swift source line (comments dropped) with its location.
    static func codeLines() throws -> [(file: String, line: Int, code: String)] {
        var out: [(String, Int, String)] = []
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("//") { continue }
                let code = line.components(separatedBy: " //").first ?? String(line)
                out.append((relative, n + 1, code))
            }
        }
        return out
    }

    /// Unlabelled arguments of `Int(…)`, `UInt32(…)` and the other integer initializers on a line.
    static func conversionArguments(_ code: String) -> [String] {
        let scalars = Array(code)
        var out: [String] = []
        let pattern = try? NSRegularExpression(pattern: #"\bU?Int(8|16|32|64)?\("#)
        let ns = code as NSString
        for match in pattern?.matches(in: code, range: NSRange(location: 0, length: ns.length)) ?? [] {
            // Character offsets: the sources are ASCII around these calls.
            var i = match.range.location + match.range.length
            var depth = 1
            let start = i
            while i < scalars.count && depth > 0 {
                if scalars[i] == "(" { depth += 1 } else if scalars[i] == ")" { depth -= 1 }
                i += 1
            }
            let argument = String(scalars[start..<max(start, i - 1)])
            if argument.range(of: #"^\s*\w+:"#, options: .regularExpression) != nil { continue }  // labelled: exactly:, saturating:…
            out.append(argument)
        }
        return out
    }

    @Test func noForcedTry() throws {
        let offenders = try Self.codeLines().filter { $0.code.contains("try!") }
        #expect(offenders.isEmpty, "try! in: \(offenders.map { "\($0.file):\($0.line)" })")
    }

    @Test func noUncheckedFloatingToIntegerConversion() throws {
        var offenders: [String] = []
        for (file, line, code) in try Self.codeLines() where !Self.reviewed.contains(where: code.contains) {
            for argument in Self.conversionArguments(code) where Self.floatingHints.contains(where: argument.contains) {
                offenders.append("\(file):\(line): \(argument)")
            }
        }
        #expect(offenders.isEmpty, "unchecked Double→Int conversions (use Int(saturating:) or check the range): \(offenders)")
    }

    /// The scanner itself finds what it must (so the two tests above cannot pass by finding nothing).
    @Test func scannerFindsConversions() {
        #expect(Self.conversionArguments("let x = Int((seconds * 2).rounded()) + Int(exactly: y)") == ["(seconds * 2).rounded()"])
        #expect(Self.conversionArguments("UInt32(wait * 1_000_000)") == ["wait * 1_000_000"])
    }
}
