// Free scoring entry: a ± button beside each field (phone number keypads often have no minus key).
// Enter moves to the next player's field instead of saving half a round (js/match.js, every game).
// Registered before match.js runs the enhancers (deferred scripts run in order).
(function () {
  "use strict";
  window.CompanionEntry = window.CompanionEntry || {};

  window.CompanionEntry.counter = function (form) {
    form.querySelectorAll("[data-sign-for]").forEach(function (button) {
      var input = document.getElementById(button.dataset.signFor);
      if (!input) return;
      button.hidden = false;
      button.addEventListener("click", function () {
        var value = input.value.trim().replace(/^[\u2212\u2013\u2012]/, "-");
        input.value = value.charAt(0) === "-" ? value.slice(1) : "-" + value;
        input.focus();
        // The caret after the number, where the next digit goes: Firefox put it at the start, so
        // "4" typed after ± made "4-".
        var end = input.value.length;
        try { input.setSelectionRange(end, end); } catch (error) { /* a field without a caret */ }
        ask();
      });
    });
    // The engine's verdict as the round changes, not shown here: with it Save shows the standings
    // after this round at the tap (js/match.js).
    var root = form.querySelector("[data-preview-url]");
    function ask() { if (root && window.CompanionPreview) window.CompanionPreview.ask(form, root.dataset.previewUrl, function () {}); }
    form.addEventListener("input", ask);
  };
})();
