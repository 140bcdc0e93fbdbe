/// The style sheet every layoutbench page inlines: system fonts, a readable measure,
/// light and dark schemes, tables that scroll sideways on a phone, badges for verdicts and
/// statuses, and the colours of chart series (`s0` to `s5`) and axes.
public enum HTMLStyle {
    /// The CSS, to put in a `<style>` element.
    public static let css = """
        :root {
          color-scheme: light dark;
          --fg: #1d1f23; --muted: #5c6370; --bg: #ffffff; --panel: #f5f6f8; --line: #d9dce1;
          --accent: #2458b3; --ok: #17703a; --fail: #b3261e; --warn: #8a5a00; --info: #4a5568;
          --s0: #2458b3; --s1: #c2410c; --s2: #15803d; --s3: #7c3aed; --s4: #b91c5c; --s5: #0e7490;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --fg: #e6e8eb; --muted: #9aa3af; --bg: #15171a; --panel: #1f2226; --line: #363b42;
            --accent: #7aa7ff; --ok: #5fd08a; --fail: #ff8a80; --warn: #f3c26b; --info: #b8c2cc;
            --s0: #7aa7ff; --s1: #fb923c; --s2: #4ade80; --s3: #c4a1ff; --s4: #f472b6; --s5: #22d3ee;
          }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body {
          margin: 0; background: var(--bg); color: var(--fg); line-height: 1.45;
          font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
        }
        main { max-width: 1180px; margin: 0 auto; padding: 12px 16px 48px; }
        header.page { margin-bottom: 8px; }
        h1 { font-size: 1.5rem; margin: 12px 0 4px; }
        h2 { font-size: 1.25rem; margin: 28px 0 8px; padding-top: 8px; border-top: 1px solid var(--line); }
        h3 { font-size: 1.05rem; margin: 18px 0 6px; }
        p, ul, dl { margin: 6px 0 10px; }
        a { color: var(--accent); }
        code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em; }
        .muted, .lede { color: var(--muted); }
        nav.toc { display: flex; flex-wrap: wrap; gap: 4px 14px; margin: 6px 0 10px; font-size: 0.95rem; }
        .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: 10px; margin: 10px 0; }
        .card { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; }
        .card .big { font-size: 1.6rem; font-weight: 650; display: block; }
        .card .label { color: var(--muted); font-size: 0.88rem; }
        .scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; margin: 6px 0 12px; max-width: 100%; }
        table { border-collapse: collapse; font-size: 0.9rem; min-width: 100%; }
        caption { text-align: left; color: var(--muted); padding: 2px 0 6px; caption-side: top; }
        th, td { padding: 4px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; white-space: nowrap; }
        td.wrap, th.wrap { white-space: normal; min-width: 14em; }
        th { background: var(--panel); font-weight: 600; position: sticky; top: 0; }
        td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
        tbody tr:hover { background: var(--panel); }
        .js th.sortable { cursor: pointer; user-select: none; }
        .js th.sortable::after { content: " \\2195"; color: var(--muted); font-weight: 400; }
        .js th[aria-sort="ascending"]::after { content: " \\2191"; color: var(--fg); }
        .js th[aria-sort="descending"]::after { content: " \\2193"; color: var(--fg); }
        .controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0; }
        input.filter, select.filter {
          font: inherit; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px;
          background: var(--bg); color: var(--fg); min-width: 14em; max-width: 100%;
        }
        .badge { display: inline-block; padding: 0 7px; border-radius: 10px; font-size: 0.82rem; font-weight: 600;
          border: 1px solid currentColor; line-height: 1.5; white-space: nowrap; }
        .badge.ok, .badge.passed, .badge.unchanged { color: var(--ok); }
        .badge.fail, .badge.failed, .badge.regression { color: var(--fail); }
        .badge.improvement { color: var(--accent); }
        .badge.noise, .badge.inconclusive, .badge.warn { color: var(--warn); }
        .badge.info { color: var(--info); }
        tr.regression td { background: color-mix(in srgb, var(--fail) 9%, transparent); }
        tr.improvement td { background: color-mix(in srgb, var(--accent) 9%, transparent); }
        .notice { border-left: 4px solid var(--warn); background: var(--panel); padding: 6px 10px; margin: 8px 0; }
        .notice.fail { border-left-color: var(--fail); }
        .notice.ok { border-left-color: var(--ok); }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; }
        dl.facts dt { color: var(--muted); }
        dl.facts dd { margin: 0; overflow-wrap: anywhere; }
        section.scenario { border-top: 1px solid var(--line); margin-top: 18px; }
        section.scenario h3 { margin-top: 14px; }
        .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr)); gap: 12px; }
        figure { margin: 0; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 8px; }
        figcaption { font-size: 0.86rem; color: var(--muted); }
        figcaption b { color: var(--fg); font-weight: 600; }
        svg.chart { width: 100%; height: auto; display: block; }
        svg.chart.bars { max-width: 760px; }
        svg.chart text { fill: var(--muted); font: 11px system-ui, sans-serif; }
        svg.chart .grid { stroke: var(--line); stroke-width: 1; }
        svg.chart .axis { stroke: var(--muted); stroke-width: 1; }
        svg.chart .one { stroke: var(--fg); stroke-width: 1; stroke-dasharray: 4 3; }
        ul.legend { list-style: none; padding: 0; margin: 4px 0 0; font-size: 0.86rem; }
        ul.legend li { margin: 1px 0; }
        .swatch { display: inline-block; width: 18px; height: 3px; vertical-align: middle; margin-right: 6px; }
        .swatch.dashed { background: none !important; border-top: 2px dashed; height: 0; }
        .s0 { stroke: var(--s0); fill: var(--s0); color: var(--s0); } .swatch.s0 { background: var(--s0); }
        .s1 { stroke: var(--s1); fill: var(--s1); color: var(--s1); } .swatch.s1 { background: var(--s1); }
        .s2 { stroke: var(--s2); fill: var(--s2); color: var(--s2); } .swatch.s2 { background: var(--s2); }
        .s3 { stroke: var(--s3); fill: var(--s3); color: var(--s3); } .swatch.s3 { background: var(--s3); }
        .s4 { stroke: var(--s4); fill: var(--s4); color: var(--s4); } .swatch.s4 { background: var(--s4); }
        .s5 { stroke: var(--s5); fill: var(--s5); color: var(--s5); } .swatch.s5 { background: var(--s5); }
        svg.chart .curve { fill: none; stroke-width: 1.5; stroke-dasharray: 5 3; }
        svg.chart .line { fill: none; stroke-width: 1.5; }
        svg.chart .whisker { stroke-width: 1.5; fill: none; }
        svg.chart .bar { stroke: none; opacity: 0.85; }
        details > summary { cursor: pointer; color: var(--accent); }
        .hidden-by-filter { display: none !important; }
        [hidden] { display: none !important; }
        footer { margin-top: 32px; color: var(--muted); font-size: 0.85rem; }
        @media (max-width: 600px) {
          body { font-size: 14px; }
          main { padding: 8px 10px 32px; }
          h1 { font-size: 1.25rem; }
          th, td { padding: 3px 6px; }
          dl.facts { grid-template-columns: 1fr; }
          dl.facts dt { margin-top: 4px; }
        }
        @media print { .controls, nav.toc { display: none; } }
        """
}
