/// The history site's in-browser comparison of any two runs (`compare.html`).
///
/// It reads `LAYOUTBENCH_RUNS` (every run's counters, allocation samples and time samples)
/// and fills the table `#any-table` with the rule of ``ReportComparison`` under the built-in
/// default thresholds, without the bootstrap noise band: counters exact; allocation counts
/// exact when both runs' counting repetitions agreed, else a regression only when the
/// samples' ranges are apart; times (wall and CPU) a regression or improvement when the
/// medians differ by more than 10% and the Mann-Whitney two-sided p (normal approximation
/// with tie and continuity corrections, as `LayoutBenchMetrics.MannWhitney`) is below 0.01,
/// noise when only the first holds. Lower is better for every metric.
enum HistoryCompareScript {
    static let script = #"""
        (function () {
          "use strict";
          var runs = window.LAYOUTBENCH_RUNS || [];
          var baseSelect = document.getElementById("base"), headSelect = document.getElementById("head");
          var table = document.getElementById("any-table"), summary = document.getElementById("compare-summary");
          if (!baseSelect || !headSelect || !table || runs.length === 0) { return; }
          function byId(id) { for (var i = 0; i < runs.length; i++) { if (runs[i].id === id) { return runs[i]; } } return null; }
          function median(values) {
            var sorted = values.slice().sort(function (a, b) { return a - b; });
            var n = sorted.length; if (!n) { return NaN; }
            return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
          }
          function erfc(x) {
            var z = Math.abs(x), t = 1 / (1 + 0.5 * z);
            var r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 +
              t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
            return x >= 0 ? r : 2 - r;
          }
          function mannWhitney(first, second) {
            var n1 = first.length, n2 = second.length, n = n1 + n2;
            var pooled = first.map(function (v) { return [v, true]; }).concat(second.map(function (v) { return [v, false]; }));
            pooled.sort(function (a, b) { return a[0] - b[0]; });
            var rankSum = 0, tie = 0, start = 0;
            while (start < pooled.length) {
              var end = start;
              while (end + 1 < pooled.length && pooled[end + 1][0] === pooled[start][0]) { end++; }
              var meanRank = (start + end) / 2 + 1, t = end - start + 1;
              tie += t * t * t - t;
              for (var i = start; i <= end; i++) { if (pooled[i][1]) { rankSum += meanRank; } }
              start = end + 1;
            }
            var u = rankSum - n1 * (n1 + 1) / 2, mean = n1 * n2 / 2;
            var variance = n1 * n2 / 12 * ((n + 1) - tie / (n * (n - 1)));
            if (!(variance > 0)) { return 1; }
            var z = (Math.abs(u - mean) - 0.5) / Math.sqrt(variance);
            return Math.min(1, erfc(z / Math.SQRT2));
          }
          function significant(v) { var a = Math.abs(v); return a >= 100 ? v.toFixed(0) : a >= 10 ? v.toFixed(1) : v.toFixed(2); }
          function count(v) {
            if (Math.round(v) !== v) { return significant(v); }
            return String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
          }
          function format(v, metric) {
            var a = Math.abs(v);
            if (metric === "wallNanoseconds" || metric === "cpuNanoseconds") {
              if (a < 1e3) { return Math.round(v) + " ns"; }
              if (a < 1e6) { return significant(v / 1e3) + " \u00b5s"; }
              if (a < 1e9) { return significant(v / 1e6) + " ms"; }
              return significant(v / 1e9) + " s";
            }
            if (metric === "allocatedBytes") {
              if (a < 1024) { return Math.round(v) + " B"; }
              if (a < 1048576) { return significant(v / 1024) + " KiB"; }
              return significant(v / 1048576) + " MiB";
            }
            return count(v);
          }
          function change(b, h) {
            if (b === h) { return "0%"; }
            if (b === 0) { return "new"; }
            var c = (h - b) / Math.abs(b) * 100;
            return (c > 0 ? "+" : "") + (Math.abs(c) >= 100 ? c.toFixed(0) : c.toFixed(1)) + "%";
          }
          function apart(a, b) {
            return Math.min.apply(null, a) > Math.max.apply(null, b) || Math.min.apply(null, b) > Math.max.apply(null, a);
          }
          function compare(base, head) {
            var rows = [];
            Object.keys(head.scenarios).forEach(function (name) {
              var baseSizes = base.scenarios[name];
              if (!baseSizes) { return; }
              var headSizes = head.scenarios[name];
              Object.keys(headSizes).map(Number).sort(function (a, b) { return a - b; }).forEach(function (size) {
                var b = baseSizes[size], h = headSizes[size];
                if (!b) { return; }
                function add(metric, bv, hv, verdict, detail) {
                  rows.push({ scenario: name, size: size, metric: metric, base: bv, head: hv, verdict: verdict, detail: detail });
                }
                ["w", "u"].forEach(function (key) {
                  var metric = key === "w" ? "wallNanoseconds" : "cpuNanoseconds";
                  if (!b[key].length || !h[key].length) { return; }
                  var bm = median(b[key]), hm = median(h[key]), p = mannWhitney(h[key], b[key]);
                  var beyond = bm > 0 ? Math.abs(hm - bm) > 0.10 * bm : hm !== bm;
                  var verdict = !beyond ? "unchanged" : p < 0.01 ? (hm > bm ? "regression" : "improvement") : "noise";
                  add(metric, bm, hm, verdict, "p=" + (p < 0.001 ? "<0.001" : p.toFixed(3)));
                });
                if (b.a && h.a) {
                  [["allocations", "a", "a0"], ["allocatedBytes", "b", "b0"]].forEach(function (m) {
                    var bv = b[m[2]], hv = h[m[2]], verdict;
                    if (b.ag && h.ag) { verdict = bv === hv ? "unchanged" : hv > bv ? "regression" : "improvement"; }
                    else { verdict = bv === hv ? "unchanged" : apart(b[m[1]], h[m[1]]) ? (hv > bv ? "regression" : "improvement") : "noise"; }
                    add(m[0], bv, hv, verdict, b.ag && h.ag ? "exact" : "repetitions disagree");
                  });
                }
                var names = Object.keys(b.c);
                Object.keys(h.c).forEach(function (k) { if (names.indexOf(k) < 0) { names.push(k); } });
                names.forEach(function (k) {
                  var bv = b.c[k] || 0, hv = h.c[k] || 0;
                  if (bv === 0 && hv === 0) { return; }
                  add(k, bv, hv, bv === hv ? "unchanged" : hv > bv ? "regression" : "improvement", "exact");
                });
              });
            });
            return rows;
          }
          function cell(text, sortValue, numeric) {
            var td = document.createElement("td");
            td.textContent = text;
            if (numeric) { td.className = "n"; }
            if (sortValue !== undefined && sortValue !== null && isFinite(sortValue)) { td.setAttribute("data-v", String(sortValue)); }
            return td;
          }
          function render() {
            var base = byId(baseSelect.value), head = byId(headSelect.value);
            var body = table.tBodies[0];
            while (body.firstChild) { body.removeChild(body.firstChild); }
            if (!base || !head) { return; }
            var rows = compare(base, head), counts = { regression: 0, improvement: 0, noise: 0, unchanged: 0 };
            rows.forEach(function (row) {
              counts[row.verdict]++;
              var tr = document.createElement("tr");
              tr.setAttribute("data-verdict", row.verdict);
              if (row.verdict !== "unchanged") { tr.className = row.verdict; }
              tr.appendChild(cell(row.scenario));
              tr.appendChild(cell(count(row.size), row.size, true));
              tr.appendChild(cell(row.metric));
              tr.appendChild(cell(format(row.base, row.metric), row.base, true));
              tr.appendChild(cell(format(row.head, row.metric), row.head, true));
              tr.appendChild(cell(change(row.base, row.head), row.base ? (row.head - row.base) / row.base : 0, true));
              var verdict = cell("");
              var badge = document.createElement("span");
              badge.className = "badge " + row.verdict;
              badge.textContent = row.verdict;
              verdict.appendChild(badge);
              tr.appendChild(verdict);
              tr.appendChild(cell(row.detail));
              body.appendChild(tr);
            });
            var text = "#" + (baseSelect.selectedIndex + 1) + " " + base.label + " \u2192 #" + (headSelect.selectedIndex + 1) + " " + head.label + ": " +
              counts.regression + " regressions, " + counts.improvement + " improvements, " + counts.noise + " noise, " + counts.unchanged + " unchanged.";
            if (base.machine !== head.machine) { text += " The runs come from different machines: times are not comparable."; }
            if (base.build !== head.build) { text += " The builds differ (" + base.build + ", " + head.build + ")."; }
            summary.textContent = text;
            summary.className = "notice " + (counts.regression ? "fail" : "ok");
            Array.prototype.forEach.call(document.querySelectorAll('.filter[data-filter-table="any-table"]'), function (control) {
              control.dispatchEvent(new Event("input"));
            });
            try { history.replaceState(null, "", "?base=" + encodeURIComponent(base.id) + "&head=" + encodeURIComponent(head.id)); } catch (e) { /* file: URLs may refuse */ }
          }
          var params = {};
          location.search.replace(/^\?/, "").split("&").forEach(function (part) {
            var pair = part.split("=");
            if (pair[0]) { params[decodeURIComponent(pair[0])] = decodeURIComponent(pair[1] || ""); }
          });
          headSelect.selectedIndex = runs.length - 1;
          baseSelect.selectedIndex = Math.max(0, runs.length - 2);
          if (params.base && byId(params.base)) { baseSelect.value = params.base; }
          if (params.head && byId(params.head)) { headSelect.value = params.head; }
          baseSelect.addEventListener("change", render);
          headSelect.addEventListener("change", render);
          render();
          document.documentElement.setAttribute("data-compared", "yes");
        })();
        """#
}
