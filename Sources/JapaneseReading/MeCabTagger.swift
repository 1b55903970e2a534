import CMeCab
import Foundation

/// One word of MeCab's analysis: its surface text and its reading in katakana (nil for words the dictionary
/// does not know).
public struct Morpheme: Sendable, Hashable {
    /// The text as written.
    public var surface: String
    /// The reading in katakana, or nil.
    public var reading: String?
}

/// Why MeCab could not be loaded.
public struct MeCabError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, with the fix.
    public let description: String
}

/// MeCab with the IPA dictionary (Debian `mecab-ipadic-utf8`), loaded once. MeCab's tagger is not thread-safe,
/// so calls are serialized by a lock.
public final class MeCabTagger: @unchecked Sendable {  // @unchecked: the C tagger is used only under `lock`
    /// Where Debian installs the UTF-8 IPA dictionary.
    public static let ipadicDirectory = "/var/lib/mecab/dic/ipadic-utf8"

    private let tagger: OpaquePointer
    private let lock = NSLock()

    /// Loads the dictionary in `directory`; throws naming the directory and the fix.
    public init(dictionary directory: String = MeCabTagger.ipadicDirectory) throws(MeCabError) {
        guard FileManager.default.fileExists(atPath: directory + "/sys.dic") else {
            throw MeCabError(description: "MeCab dictionary not found at \(directory) (run scripts/setup.sh)")
        }
        guard let tagger = mecab_new2("-d \(directory)") else {
            let reason = mecab_strerror(nil).map { String(cString: $0) } ?? "unknown error"
            throw MeCabError(description: "MeCab could not load \(directory): \(reason)")
        }
        self.tagger = tagger
    }

    deinit { mecab_destroy(tagger) }

    /// The words of `text` with their readings (IPA dictionary feature 8); nil if MeCab fails.
    public func analyze(_ text: String) -> [Morpheme]? {
        lock.lock()
        defer { lock.unlock() }
        var bytes = Array(text.utf8)
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { buffer -> [Morpheme]? in
            guard let base = buffer.baseAddress else { return nil }
            let cText = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            guard var node = mecab_sparse_tonode2(tagger, cText, text.utf8.count) else { return nil }
            var out: [Morpheme] = []
            while true {
                let n = node.pointee
                let stat = Int(n.stat)
                if stat != MECAB_BOS_NODE && stat != MECAB_EOS_NODE, let surfacePointer = n.surface {
                    let surface = String(decoding: UnsafeRawBufferPointer(start: surfacePointer, count: Int(n.length)), as: UTF8.self)
                    let fields = n.feature.map { String(cString: $0) }?.split(separator: ",", omittingEmptySubsequences: false) ?? []
                    let reading = fields.count > 7 && fields[7] != "*" ? String(fields[7]) : nil
                    out.append(Morpheme(surface: surface, reading: reading))
                }
                guard let next = n.next else { break }
                node = UnsafePointer(next)
            }
            return out
        }
    }
}
