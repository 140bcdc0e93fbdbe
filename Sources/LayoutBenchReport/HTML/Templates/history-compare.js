// The history site's comparison of two runs (compare.html). It only shows what Swift
// computed: LAYOUTBENCH_HISTORY holds, per pair of runs, every row with its verdict and
// texts as `layoutbench compare` gives them (History/HistoryComparisons.swift describes the
// data). No statistics here: choosing a base and a head fills #any-table with that pair's
// rows and #compare-summary with its summary. Pairs exist only within one machine; for runs
// of two machines the summary says so.
(function () {
  "use strict";
  var data = window.LAYOUTBENCH_HISTORY || { strings: [], machines: [], runs: [], initial: null, pairs: {} };
  var runs = data.runs, strings = data.strings, machines = data.machines || [];
  var baseSelect = document.getElementById("base"), headSelect = document.getElementById("head");
  var table = document.getElementById("any-table"), summary = document.getElementById("compare-summary");
  if (!baseSelect || !headSelect || !table || runs.length === 0) { return; }
  function byId(id) { for (var i = 0; i < runs.length; i++) { if (runs[i].id === id) { return runs[i]; } } return null; }
  function cell(text, sortValue, numeric) {
    var td = document.createElement("td");
    td.textContent = text;
    if (numeric) { td.className = "n"; }
    if (sortValue !== undefined && sortValue !== null) { td.setAttribute("data-v", String(sortValue)); }
    return td;
  }
  function render() {
    var base = byId(baseSelect.value), head = byId(headSelect.value);
    var body = table.tBodies[0];
    while (body.firstChild) { body.removeChild(body.firstChild); }
    if (!base || !head) { return; }
    var pair = data.pairs[base.id + " " + head.id];
    if (base.id === head.id) {
      summary.textContent = "#" + head.number + " " + head.label + ": choose two different runs" +
        (runs.length < 2 ? " (this site has one run; comparisons need two or more)." : ".");
      summary.className = "notice";
    } else if (!pair && base.machine !== head.machine) {
      summary.textContent = "#" + base.number + " " + base.label + " and #" + head.number + " " + head.label +
        " come from different machines (" + machines[base.machine] + "; " + machines[head.machine] + "). This site compares " +
        "runs within one machine: times, allocation counts and instruction counts of different machines do not compare. " +
        "Choose a base on the head's machine, or run layoutbench compare BASE HEAD (its warnings say what does not compare).";
      summary.className = "notice";
    } else if (!pair) {
      summary.textContent = "#" + base.number + " " + base.label + " \u2192 #" + head.number + " " +
        head.label + ": this site compares each run with the few runs just before it on its machine; choose a base among " +
        "those, or run layoutbench compare BASE HEAD.";
      summary.className = "notice";
    } else {
      pair.rows.forEach(function (row) {
        var tr = document.createElement("tr");
        if (strings[row[13]]) { tr.className = strings[row[13]]; }
        tr.setAttribute("data-verdict", strings[row[10]]);
        tr.appendChild(cell(strings[row[0]]));
        tr.appendChild(cell(strings[row[2]], row[1], true));
        tr.appendChild(cell(strings[row[3]]));
        tr.appendChild(cell(strings[row[5]], row[4], true));
        tr.appendChild(cell(strings[row[7]], row[6], true));
        tr.appendChild(cell(strings[row[9]], row[8], true));
        var verdict = cell("", strings[row[10]]);
        var badge = document.createElement("span");
        badge.className = "badge " + strings[row[12]];
        badge.textContent = strings[row[11]];
        verdict.appendChild(badge);
        tr.appendChild(verdict);
        tr.appendChild(cell(strings[row[14]]));
        tr.appendChild(cell(strings[row[15]]));
        body.appendChild(tr);
      });
      summary.textContent = pair.summary;
      summary.className = "notice" + (pair.status ? " " + pair.status : "");
    }
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
  if (data.initial && byId(data.initial.base) && byId(data.initial.head)) {
    baseSelect.value = data.initial.base;
    headSelect.value = data.initial.head;
  }
  if (params.base && byId(params.base)) { baseSelect.value = params.base; }
  if (params.head && byId(params.head)) { headSelect.value = params.head; }
  baseSelect.addEventListener("change", render);
  headSelect.addEventListener("change", render);
  render();
  document.documentElement.setAttribute("data-compared", "yes");
})();
