// Murlan entry: tap players in finishing order; "undo tap" takes back the last one.
// Registered before match.js runs the enhancers (deferred scripts run in order).
(function () {
  "use strict";
  window.CompanionEntry = window.CompanionEntry || {};

  // Murlan: tap players in finishing order; "undo tap" takes back the last one.
  window.CompanionEntry.murlan = function (form) {
    var taps = form.querySelector("[data-enhance=murlan-taps]");
    if (!taps) return;
    var selects = Array.prototype.slice.call(form.querySelectorAll(".place-list select"));
    taps.hidden = false;
    function refresh() {
      var placed = {};
      selects.forEach(function (select, place) {
        if (select.value !== "") placed[select.value] = place;
      });
      taps.querySelectorAll(".tap-player").forEach(function (button) {
        var place = placed[button.dataset.seat];
        var done = place !== undefined;
        button.setAttribute("aria-pressed", done ? "true" : "false");
        button.classList.toggle("active", done);
        button.disabled = done;
        var badge = button.querySelector(".tap-place");
        if (done && !badge) {
          badge = document.createElement("span");
          badge.className = "tap-place badge text-bg-light ms-1";
          button.appendChild(badge);
        }
        if (badge) {
          if (done) badge.textContent = String(place + 1);
          else badge.remove();
        }
      });
    }
    taps.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      if (button.dataset.action === "undo-tap") {
        for (var i = selects.length - 1; i >= 0; i--) {
          if (selects[i].value !== "") { selects[i].value = ""; break; }
        }
      } else {
        var empty = selects.find(function (select) { return select.value === ""; });
        if (empty) empty.value = button.dataset.seat;
      }
      refresh();
    });
    selects.forEach(function (select) { select.addEventListener("change", refresh); });
    refresh();
  };
})();
