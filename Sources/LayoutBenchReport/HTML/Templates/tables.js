(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.add("js");
  function each(list, fn) { Array.prototype.forEach.call(list, fn); }
  function cellKey(cell) {
    if (!cell) { return { n: NaN, s: "" }; }
    var v = cell.getAttribute("data-v");
    var n = (v === null || v === "") ? NaN : Number(v);
    return { n: n, s: (v !== null && isNaN(n) ? v : cell.textContent).trim().toLowerCase() };
  }
  each(document.querySelectorAll("table.sortable"), function (table) {
    if (!table.tHead || !table.tBodies.length) { return; }
    var heads = table.tHead.rows[table.tHead.rows.length - 1].cells;
    each(heads, function (th, index) {
      if (th.classList.contains("nosort")) { return; }
      th.classList.add("sortable");
      th.tabIndex = 0;
      th.setAttribute("title", "Sort by " + th.textContent.trim());
      function sort() {
        var ascending = th.getAttribute("aria-sort") !== "ascending";
        each(heads, function (other) { other.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        each(table.tBodies, function (body) {
          var rows = Array.prototype.slice.call(body.rows).map(function (row, position) {
            return { row: row, key: cellKey(row.cells[index]), position: position };
          });
          rows.sort(function (a, b) {
            var result;
            var an = !isNaN(a.key.n), bn = !isNaN(b.key.n);
            if (an && bn) { result = a.key.n - b.key.n; }
            else if (an !== bn) { return an ? -1 : 1; }
            else { result = a.key.s < b.key.s ? -1 : a.key.s > b.key.s ? 1 : 0; }
            if (result === 0) { return a.position - b.position; }
            return ascending ? result : -result;
          });
          rows.forEach(function (entry) { body.appendChild(entry.row); });
        });
      }
      th.addEventListener("click", sort);
      th.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); sort(); }
      });
    });
  });
  function words(text) { return text.toLowerCase().split(/\s+/).filter(function (w) { return w; }); }
  function applyTableFilters(table) {
    var controls = document.querySelectorAll('.filter[data-filter-table="' + table.id + '"]');
    each(table.tBodies, function (body) {
      each(body.rows, function (row) {
        var visible = true;
        each(controls, function (control) {
          var attribute = control.getAttribute("data-filter-attr");
          if (attribute) {
            if (control.value && row.getAttribute(attribute) !== control.value) { visible = false; }
          } else {
            var text = row.textContent.toLowerCase();
            words(control.value).forEach(function (w) { if (text.indexOf(w) < 0) { visible = false; } });
          }
        });
        row.classList.toggle("hidden-by-filter", !visible);
      });
    });
  }
  each(document.querySelectorAll(".filter[data-filter-table]"), function (control) {
    var table = document.getElementById(control.getAttribute("data-filter-table"));
    if (!table) { return; }
    control.addEventListener("input", function () { applyTableFilters(table); });
    control.addEventListener("change", function () { applyTableFilters(table); });
    applyTableFilters(table);
  });
  each(document.querySelectorAll("input.filter[data-filter-sections]"), function (input) {
    var scope = document.getElementById(input.getAttribute("data-filter-sections"));
    if (!scope) { return; }
    input.addEventListener("input", function () {
      var wanted = words(input.value);
      each(scope.querySelectorAll("[data-filter-text]"), function (element) {
        var text = element.getAttribute("data-filter-text").toLowerCase();
        var visible = wanted.every(function (w) { return text.indexOf(w) >= 0; });
        element.classList.toggle("hidden-by-filter", !visible);
      });
    });
  });
  each(document.querySelectorAll("[data-js-only]"), function (element) { element.hidden = false; });
  root.setAttribute("data-enhanced", "yes");
})();
