import Foundation
import Phrasing

/// VoiceGuide's data shipped with the library as SwiftPM resources: `Locales/`, `Phrasebooks/` and the example
/// routes (`Routes/`), so an app that depends on the package finds them with no path to configure.
///
/// SwiftPM copies the resource bundle (`…_VoiceGuideResources.resources`) next to every executable and test
/// runner that links this module. The lookup is the one SwiftPM's `Bundle.module` does (beside the main
/// bundle, then beside the executable), without its `fatalError` when the bundle was not copied: it then falls
/// back to the package checkout this module was built from, and otherwise throws.
public enum PackagedData {
    /// The directory with `Locales/`, `Phrasebooks/` and `Routes/`.
    public static func directory() throws(PhrasingError) -> URL {
        var searched: [String] = []
        for folder in candidateFolders() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix("_VoiceGuideResources.resources") {
                let bundle = folder.appendingPathComponent(name)
                if VoiceGuideData.isDataDirectory(bundle) { return bundle }
                searched.append(bundle.path)
            }
            searched.append(folder.path + "/*_VoiceGuideResources.resources")
        }
        if VoiceGuideData.isDataDirectory(checkout) { return checkout }
        searched.append(checkout.path)
        throw .noDataDirectory(searched: searched)
    }

    /// The packaged locales and phrasebooks.
    public static func data() throws(PhrasingError) -> VoiceGuideData {
        VoiceGuideData(directory: try directory())
    }

    /// An example route shipped with the package (`city-dc.json`, `uk-oxford.json`, …).
    public static func exampleRoute(_ name: String) throws(PhrasingError) -> URL {
        let root = try directory()
        let bundled = root.appendingPathComponent("Routes/\(name)")
        if FileManager.default.fileExists(atPath: bundled.path) { return bundled }
        let inCheckout = root.appendingPathComponent("Examples/Routes/\(name)")
        guard FileManager.default.fileExists(atPath: inCheckout.path) else { throw .missingFile(path: bundled.path) }
        return inCheckout
    }

    /// Where SwiftPM puts resource bundles: beside the main bundle and beside the running executable.
    private static func candidateFolders() -> [URL] {
        var folders = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent(),
           executable.path != Bundle.main.bundleURL.path {
            folders.append(executable)
        }
        return folders
    }

    /// The package checkout this module was compiled from (its data is there while the checkout exists).
    private static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}

extension VoiceGuideData {
    /// The data shipped with the library (see `PackagedData`).
    public static func packaged() throws(PhrasingError) -> VoiceGuideData { try PackagedData.data() }
}
