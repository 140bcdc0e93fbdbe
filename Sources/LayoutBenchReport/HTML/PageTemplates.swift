import Mustache

/// The pages' templates, style sheets and scripts: the files in `HTML/Templates/`, compiled
/// into the binary by SwiftPM (`resources: [.embedInCode(...)]` generates
/// `PackageResources`), so that no page needs a file beside the executable.
///
/// Templates are Mustache (hummingbird-project/swift-mustache): `{{name}}` inserts text
/// escaped for HTML by ``HTML/escape(_:)`` (see ``Escaping``), `{{{name}}}` inserts HTML that
/// Swift already made safe, `{{#list}}...{{/list}}` repeats,
/// `{{> name}}` includes another template. A page passes a dictionary of strings, booleans,
/// numbers, arrays and dictionaries; templates hold no logic beyond sections.
package enum PageTemplates {
    /// The template files, by name (file name without `.mustache`).
    package static let sources: [(name: String, bytes: [UInt8])] = [
        ("page", PackageResources.page_mustache),
        ("table", PackageResources.table_mustache),
        ("section", PackageResources.section_mustache),
        ("facts", PackageResources.facts_mustache),
        ("filter-select", PackageResources.filter_select_mustache),
        ("run-options", PackageResources.run_options_mustache),
        ("comparison", PackageResources.comparison_mustache),
        ("history-index", PackageResources.history_index_mustache),
        ("history-trends", PackageResources.history_trends_mustache),
        ("history-compare", PackageResources.history_compare_mustache),
        ("profile", PackageResources.profile_mustache),
        ("report-summary", PackageResources.report_summary_mustache),
        ("report-baseline", PackageResources.report_baseline_mustache),
        ("report-pairs", PackageResources.report_pairs_mustache),
        ("report-growth", PackageResources.report_growth_mustache),
        ("report-scenarios", PackageResources.report_scenarios_mustache),
        ("report-environment", PackageResources.report_environment_mustache),
        ("figure", PackageResources.figure_mustache),
        ("details", PackageResources.details_mustache),
    ]

    /// The shared style sheet (`page.css`).
    package static let style = asset(PackageResources.page_css)
    /// The profile page's own style (`profile.css`), after the shared one.
    package static let profileStyle = asset(PackageResources.profile_css)
    /// The shared script that sorts and filters tables (`tables.js`).
    package static let tablesScript = asset(PackageResources.tables_js)
    /// The history site's comparison view (`history-compare.js`).
    package static let historyCompareScript = asset(PackageResources.history_compare_js)
    /// The history site's compare forms: a head chosen on another machine brings the base to
    /// its machine (`history-index.js`, on the index and on `compare.html`).
    package static let historyIndexScript = asset(PackageResources.history_index_js)

    /// The name under which ``Escaping`` is registered with Mustache.
    static let contentTypeName = "LAYOUTBENCH_HTML"

    /// The line put before every template so that its `{{name}}` escapes with ``Escaping``:
    /// a standalone pragma line, which renders nothing (so parse errors' line numbers are one
    /// more than the file's).
    static let contentType = "{{% CONTENT_TYPE: \(contentTypeName) }}\n"

    /// Mustache's escaping, done by ``HTML/escape(_:)``.
    ///
    /// Mustache's own HTML escaper (swift-mustache 2.1.1, `String.htmlEscape`) compares
    /// `Character`s, so a `"`, `<` or `&` followed by a combining mark (`"\u{301}`) is one
    /// grapheme cluster that it leaves as it is, and user text could end an attribute or
    /// open a tag. Mustache gives a partial its default escaper again, so the pragma
    /// (``contentType``) heads every template, not only the page.
    struct Escaping: MustacheContentType {
        func escapeText(_ text: String) -> String {
            HTML.escape(text)
        }
    }

    /// The parsed templates, and the errors of those that did not parse (a test checks there
    /// are none; a page whose template failed renders the error instead of trapping).
    package static let parsed: (library: MustacheLibrary, errors: [String: String]) = {
        MustacheContentTypes.register(Escaping(), named: contentTypeName)
        var library = MustacheLibrary()
        var errors: [String: String] = [:]
        for source in sources {
            do {
                try library.register(contentType + String(decoding: source.bytes, as: UTF8.self), named: source.name)
            } catch {
                errors[source.name] = "\(error)"
            }
        }
        return (library, errors)
    }()

    /// Renders the template `name` with `context`.
    package static func render(_ name: String, _ context: [String: Any]) -> String {
        if let rendered = parsed.library.render(context, withTemplate: name) { return rendered }
        return "<!-- layoutbench: the template '\(HTML.escape(name))' is missing or did not parse: "
            + HTML.escape(parsed.errors[name] ?? "not registered") + " -->\n"
    }

    /// A text file's contents without its final line break.
    static func asset(_ bytes: [UInt8]) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
