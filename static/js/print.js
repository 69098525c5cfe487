// The print button of the pages made for paper (rules, score sheets, night reports).
// Without JavaScript the button stays hidden and the browser's own Print works the same.
(function () {
  "use strict";
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      window.print();
    });
  });
})();
