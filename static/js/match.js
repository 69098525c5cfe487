// The match page: keep the screen on, and make each game's entry form quick to fill by tapping.
// Everything here enhances forms that already work without JavaScript.
(function () {
  "use strict";

  // --- keep the screen on while a scoreboard is open -------------------------
  var wakeLock = null;
  function keepAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    if (!document.querySelector("[data-wake-lock]")) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
    }).catch(function () { /* not allowed (battery saver, no HTTPS): the page works anyway */ });
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && (wakeLock === null || wakeLock.released)) keepAwake();
  });
  keepAwake();

  // --- per-game enhancers, run on the page and on every htmx swap --------------
  var enhancers = (window.CompanionEntry = window.CompanionEntry || {});

  function enhance(root) {
    root.querySelectorAll("form.entry-form").forEach(function (form) {
      if (form.dataset.enhanced) return;
      form.dataset.enhanced = "1";
      var game = form.dataset.game;
      if (enhancers[game]) enhancers[game](form);
    });
  }

  if (window.htmx) {
    window.htmx.onLoad(enhance);
  } else {
    enhance(document);
  }
})();
