// The history index: the compare form starts on the two latest runs.
(function () {
  var head = document.getElementById("compare-head");
  if (head && head.options.length) { head.selectedIndex = head.options.length - 1; }
  var base = document.getElementById("compare-base");
  if (base && base.options.length > 1) { base.selectedIndex = base.options.length - 2; }
})();
