// Small progressive enhancements; every page works without this file.
(function () {
  "use strict";

  // Forms that destroy or rewrite something ask first (data-confirm="question").
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  // htmx asks the same question before requests from elements with hx-confirm;
  // nothing else to do here.

  // A failed htmx request (no connection, no answer, 4xx, 5xx, a busy database) is said
  // in place by js/net-errors.js, the one handler for every page.
})();
