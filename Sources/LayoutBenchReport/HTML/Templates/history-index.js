// The history site's compare forms (index.html and compare.html): the runs are grouped by
// machine, one <optgroup> each, and the page starts on two runs of one machine (selected in
// the markup). Choosing a head on another machine than the base's moves the base to the run
// before the head on the head's machine, so that a comparison stays within one machine unless
// the reader then chooses a base elsewhere (the page says when the machines differ).
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("select[data-base-select]"), function (head) {
    var base = document.getElementById(head.getAttribute("data-base-select"));
    if (!base) { return; }
    head.addEventListener("change", function () {
      var chosen = head.options[head.selectedIndex], current = base.options[base.selectedIndex];
      if (!chosen || !current || current.parentNode.label === chosen.parentNode.label) { return; }
      var siblings = Array.prototype.slice.call(chosen.parentNode.getElementsByTagName("option"));
      var position = siblings.indexOf(chosen);
      if (position > 0) { base.value = siblings[position - 1].value; }
    });
  });
})();
