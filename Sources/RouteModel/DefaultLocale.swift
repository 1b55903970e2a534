/// The locale used wherever none is asked for and none can be found: what the commands, `serve` and `--batch`
/// fall back to, and the language a router is asked for by default. One name, so these defaults cannot drift.
public enum DefaultLocale {
    /// The BCP-47 tag, "en-US".
    public static let tag = "en-US"
}
