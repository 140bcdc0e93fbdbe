/// The style sheet every layoutbench page inlines: system fonts, a readable measure,
/// light and dark schemes, tables that scroll sideways on a phone, badges for verdicts and
/// statuses, and the colours of chart series (`s0` to `s5`) and axes. The file is
/// `Templates/page.css`.
public enum HTMLStyle {
    /// The CSS, to put in a `<style>` element (without a final line break).
    public static var css: String { PageTemplates.style }
}
