import Foundation
import Testing

@testable import LayoutBenchKit

/// Escaping reads text by Unicode scalar: a `"`, `<`, `&`, `>` or `'` followed by a combining
/// mark (`"\u{301}`) is one `Character` in Swift that does not equal `"`, but an HTML, XML or
/// Markdown parser reads the `"` alone. Every escaper (``HTML/escape(_:)``, Mustache's
/// `{{name}}` in the page templates, the JUnit export's XML, the Markdown summary) must
/// escape it all the same.
@Suite("Escaping by Unicode scalar")
struct EscapingTests {
    /// The five characters, each followed by U+0301 COMBINING ACUTE ACCENT, and what
    /// ``HTML/escape(_:)`` makes of each.
    static let combined: [(raw: String, escaped: String)] = [
        ("\"\u{301}", "&quot;\u{301}"), ("<\u{301}", "&lt;\u{301}"), ("&\u{301}", "&amp;\u{301}"), (">\u{301}", "&gt;\u{301}"),
        ("'\u{301}", "&#39;\u{301}"),
    ]

    /// User text that tries to leave an attribute, open a tag and start an entity, each
    /// character hidden in a grapheme cluster with a combining mark.
    static let hostile = "x\"\u{301} onmouseover=alert(1) <\u{301}script>alert(2)<\u{301}/script> &\u{301}amp; '\u{301} >\u{301}"

    @Test("HTML.escape escapes each of the five characters when a combining mark follows it", arguments: combined)
    func htmlEscapeReadsScalars(raw: String, escaped: String) {
        #expect(HTML.escape(raw) == escaped)
        #expect(HTML.escape("a" + raw + "b") == "a" + escaped + "b")
    }

    @Test("HTML.escape leaves ordinary text and other combining sequences as they were")
    func htmlEscapeOrdinaryText() {
        #expect(HTML.escape(Self.hostile) == Self.hostileEscaped)
        #expect(HTML.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(HTML.escape("e\u{301} ✓ 👩‍👩‍👧 \t\n\u{1}") == "e\u{301} ✓ 👩‍👩‍👧 \t\n\u{1}")
        #expect(HTML.escape("") == "")
    }

    @Test("The JUnit export's XML escape is the page escape, but for &apos; and the controls XML cannot hold")
    func xmlEscape() {
        #expect(ComparisonExports.xml("\"\u{301}<\u{301}&\u{301}>\u{301}'\u{301}") == "&quot;\u{301}&lt;\u{301}&amp;\u{301}&gt;\u{301}&apos;\u{301}")
        #expect(ComparisonExports.xml("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;")
        #expect(ComparisonExports.xml("a\u{1}b\t\n\r\u{FFFE}\u{FFFF}e\u{301}") == "a\u{FFFD}b\t\n\r\u{FFFD}\u{FFFD}e\u{301}")
    }

    @Test("A CSV field is quoted when a combining mark follows its quote, or it holds a CRLF")
    func csvField() {
        #expect(ComparisonExports.csvField("a\"\u{301}b") == "\"a\"\"\u{301}b\"")
        #expect(ComparisonExports.csvField("a\r\nb") == "\"a\r\nb\"")
        #expect(ComparisonExports.csvField(",\u{301}") == "\",\u{301}\"")
        #expect(ComparisonExports.csvField("plain é") == "plain é")
        #expect(ComparisonExports.csvField("a,\"b\"") == "\"a,\"\"b\"\"\"")
    }

    /// ``hostile`` as it must come out of any escaper: each of the five characters escaped.
    static let hostileEscaped =
        "x&quot;\u{301} onmouseover=alert(1) &lt;\u{301}script&gt;alert(2)&lt;\u{301}/script&gt; &amp;\u{301}amp; &#39;\u{301} &gt;\u{301}"

    @Test(
        "Mustache's {{name}} in the page templates escapes by Unicode scalar, in element content and attributes",
        arguments: [(hostile, hostileEscaped)] + combined)
    func mustacheEscapesByScalar(text: String, escaped: String) {
        #expect(
            PageTemplates.render("facts", ["facts": [["label": text, "value": text]]])
                == "<dl class=\"facts\"><dt>\(escaped)</dt><dd>\(escaped)</dd></dl>\n")
        #expect(
            PageTemplates.render("section", ["id": text, "title": text, "html": "<i>kept</i>"])
                == "<section id=\"\(escaped)\"><h2>\(escaped)</h2>\n<i>kept</i></section>\n")
    }

    @Test("Script JSON writes <, U+2028 and U+2029 as \\u escapes when a combining mark follows them")
    func scriptJSON() {
        #expect(
            HTML.scriptJSON(.string("<\u{301}/script>\u{2028}\u{301}\u{2029}\u{301}")) == "\"\\u003c\u{301}/script>\\u2028\u{301}\\u2029\u{301}\"")
        #expect(HTML.scriptJSON(.string("</script><!--")) == "\"\\u003c/script>\\u003c!--\"")
    }

    @Test("The Markdown summary escapes and fences by Unicode scalar")
    func markdown() {
        #expect(
            ComparisonOutput.escape("|\u{301}<\u{301}>\u{301}*\u{301}_\u{301}`\u{301}")
                == "\\|\u{301}&lt;\u{301}&gt;\u{301}\\*\u{301}\\_\u{301}\\`\u{301}")
        #expect(ComparisonOutput.escape("a | b <c> *d* _e_ `f`") == "a \\| b &lt;c&gt; \\*d\\* \\_e\\_ \\`f\\`")
        // A backtick in a grapheme cluster still needs a longer fence, and a pipe still its backslash.
        #expect(ComparisonOutput.code("a`\u{301}b|\u{301}") == "``a`\u{301}b\\|\u{301}``")
        #expect(ComparisonOutput.code("`\u{301}") == "`` `\u{301} ``")
        #expect(ComparisonOutput.code("a``b|c") == "```a``b\\|c```")
    }

    /// A report whose scenario names, summaries, tags, warnings and machine are ``hostile``.
    static func hostileReport(cellUpdates: Int = 100, date: String = "2026-01-01T12:00:00Z") -> Report {
        let specs = GateFixture.simple(cellUpdates: cellUpdates).scenarios.map {
            GateFixture.ScenarioSpec(name: hostile + $0.name, sizes: $0.sizes)
        }
        var report = GateFixture.report(specs, date: date)
        report.warnings = [hostile]
        report.environment.machine.cpuModel = hostile
        for index in report.scenarios.indices {
            report.scenarios[index].summary = hostile
            report.scenarios[index].tags = [hostile]
        }
        return report
    }

    /// The pages that show the hostile report's text: the report page (alone and against a
    /// baseline), the comparison page and the history site's three pages.
    static func hostilePages() throws -> [(name: String, html: String)] {
        let base = try GateFixture.loaded(hostileReport(), path: "runs/\(hostile)/base.json")
        let head = try GateFixture.loaded(hostileReport(cellUpdates: 130, date: "2026-01-02T12:00:00Z"), path: "runs/\(hostile)/head.json")
        let comparison = ReportComparison.compare(base: base, head: head)
        let runs = [HistorySite.Run(id: "a", loaded: base), HistorySite.Run(id: "b", loaded: head)]
        let collection = HistorySite.Collection(runs: runs, skipped: [GateError(.malformedJSON, "runs/\(hostile)/report.json:1:2: \(hostile)")])
        return [
            ("report", ReportPage(report: base.report).html()),
            ("report against a baseline", ReportPage(report: head.report, comparison: comparison, baselineName: hostile).html()),
            ("comparison", ComparisonPage.html(comparison)),
            ("history index", HistorySite.indexPage(collection)),
            ("history trends", HistorySite.trendsPage(runs)),
            ("history compare", HistorySite.comparePage(runs)),
        ]
    }

    /// Where in `html` a combining mark follows one of the five characters raw, outside the
    /// inline scripts (whose JSON writes `"` as `\"` and `<` as `\u003c`, and where `&` is
    /// no entity); inside them, where a `<` does. Each finding is the page's text around it.
    static func rawBeforeCombiningMark(_ html: String) -> [String] {
        let scalars = Array(html.unicodeScalars)
        var findings: [String] = []
        var inScript = false
        for index in scalars.indices {
            if !inScript, scalars[index...].starts(with: "<script".unicodeScalars) { inScript = true }
            if inScript, scalars[index...].starts(with: "</script>".unicodeScalars) { inScript = false }
            guard scalars[index] == "\u{301}", index > 0 else { continue }
            let before = scalars[index - 1]
            if inScript ? before == "<" : ["\"", "<", "&", ">", "'"].contains(before) {
                let around = scalars[max(0, index - 40)..<min(scalars.count, index + 20)]
                findings.append(String(String.UnicodeScalarView(around)))
            }
        }
        return findings
    }

    @Test("Pages whose user text hides \", < and & in grapheme clusters hold none of them raw")
    func pagesHoldNoRawCharacters() throws {
        for page in try Self.hostilePages() {
            let findings = Self.rawBeforeCombiningMark(page.html)
            #expect(findings.isEmpty, "\(page.name): \(findings.count) raw, first at \(findings.first ?? "")")
            // The hostile text did reach the page, escaped, in element content and attributes.
            #expect(page.html.contains("&quot;\u{301}"), "\(page.name) does not show the hostile text")
            #expect(page.html.contains("&lt;\u{301}script&gt;") || page.html.contains("\\u003c\u{301}script>"), "\(page.name)")
        }
        // In a partial (`{{> run-options}}`), which Mustache renders with its own escaper
        // unless the partial names ours: the machine's name as an `<optgroup>` label.
        for page in try Self.hostilePages() where page.name == "history index" || page.name == "history compare" {
            let labels = page.html.components(separatedBy: "<optgroup label=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(!labels.isEmpty && labels.allSatisfy { $0.contains(HTML.escape(Self.hostile)) }, "\(page.name): \(labels)")
        }
    }
}
