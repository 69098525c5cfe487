// Murlan entry: tap players in finishing order; the last place fills itself in; "undo tap" takes
// back the last tap. On the scoreboard (data-table-mode) the taps replace the place selects, which
// stay for the edit page and for browsers without JavaScript.
// Registered before match.js runs the enhancers (deferred scripts run in order).
(function () {
  "use strict";
  window.CompanionEntry = window.CompanionEntry || {};

  window.CompanionEntry.murlan = function (form) {
    var taps = form.querySelector("[data-enhance=murlan-taps]");
    if (!taps) return;
    var selects = Array.prototype.slice.call(form.querySelectorAll(".place-list select"));
    taps.hidden = false;
    if (form.hasAttribute("data-table-mode")) form.querySelector(".place-list").hidden = true;

    // The engine's verdict as the order changes, not shown here: with it Save shows the standings
    // after this hand at the tap (js/match.js).
    function ask() {
      if (window.CompanionPreview) window.CompanionPreview.ask(form, taps.dataset.previewUrl, function () {});
    }

    function empty() { return selects.filter(function (select) { return select.value === ""; }); }

    // When one player is left, he is last: no tap needed.
    function fillLast() {
      var open = empty();
      if (open.length !== 1) return;
      var placed = selects.map(function (select) { return select.value; });
      var seats = Array.prototype.map.call(taps.querySelectorAll(".tap-player"), function (button) { return button.dataset.seat; });
      var left = seats.filter(function (seat) { return placed.indexOf(seat) === -1; });
      if (left.length !== 1) return;
      open[0].value = left[0];
      open[0].dataset.auto = "1";
    }

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
        // The filled-in last place goes with the tap that caused it.
        selects.forEach(function (select) {
          if (select.dataset.auto) { select.value = ""; delete select.dataset.auto; }
        });
        for (var i = selects.length - 1; i >= 0; i--) {
          if (selects[i].value !== "") { selects[i].value = ""; break; }
        }
      } else {
        var open = empty();
        if (open.length) open[0].value = button.dataset.seat;
        fillLast();
      }
      refresh();
      ask();
      // Keep the focus on a button that can still be tapped (a placed player's button is disabled).
      if (button.disabled) {
        var next = taps.querySelector(".tap-player:not(:disabled)") || form.querySelector(".save-round");
        if (next) next.focus({ preventScroll: true });
      }
    });
    selects.forEach(function (select) {
      select.addEventListener("change", function () { delete select.dataset.auto; refresh(); ask(); });
    });
    refresh();
  };
})();
