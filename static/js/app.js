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

  // The screen stays on while a scoreboard is open ([data-wake-lock]: at the table, on a TV).
  var wakeLock = null;
  function keepAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || !document.querySelector("[data-wake-lock]")) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
    }).catch(function () { /* not allowed (battery saver, no HTTPS): the page works anyway */ });
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && (wakeLock === null || wakeLock.released)) keepAwake();
  });
  keepAwake();

  // htmx asks the same question before requests from elements with hx-confirm;
  // nothing else to do here.

  // A failed htmx request (no connection, no answer, 4xx, 5xx, a busy database) is said
  // in place by js/net-errors.js, the one handler for every page.
})();
