// Molotow entry: the last empty points field fills itself with what is left of 157, a live sum line,
// and the draw choice only for the three players the engine says tied (the preview's live.tied).
// Registered before match.js runs the enhancers (deferred scripts run in order).
(function () {
  "use strict";
  window.CompanionEntry = window.CompanionEntry || {};

  var format = window.CompanionNet.format;

  // A field's whole number, or null while it is empty or not (yet) a number.
  function numberIn(input) {
    var text = input.value.trim();
    return /^\d+$/.test(text) ? Number(text) : null;
  }

  window.CompanionEntry.molotow = function (form) {
    var root = form.querySelector("[data-molotow-entry]");
    if (!root) return;
    var total = Number(root.dataset.total);
    var inputs = Array.prototype.slice.call(root.querySelectorAll("input[data-seat]"));
    var sumLine = root.querySelector("[data-sum]");
    var draw = root.querySelector("[data-draw]");
    var options = Array.prototype.slice.call(draw.querySelectorAll(".molotow-draw-option"));
    var noDraw = draw.querySelector('.molotow-draw-option[data-seat=""] input');
    var hint = draw.querySelector("[data-draw-hint]");

    // The field this script filled: it follows the other three until the person types into it.
    function isRest(input) { return input.dataset.rest === "1"; }
    function markRest(input, on) {
      if (on) input.dataset.rest = "1";
      else delete input.dataset.rest;
      var note = input.closest(".molotow-cell").querySelector("[data-rest-note]");
      if (note) note.hidden = !on;
    }

    function fillRest(typedInto) {
      var typed = inputs.filter(function (input) { return input.value.trim() !== "" && !isRest(input); });
      var open = inputs.filter(function (input) { return typed.indexOf(input) === -1; });
      // Never fill the field being typed into: emptying it is how a person starts to retype it.
      if (typed.length === inputs.length - 1 && open[0] !== typedInto) {
        var values = typed.map(numberIn);
        var rest = total - values.reduce(function (sum, value) { return sum + (value || 0); }, 0);
        if (values.indexOf(null) === -1 && rest >= 0) {
          open[0].value = String(rest);
          markRest(open[0], true);
          return;
        }
      }
      open.forEach(function (input) {
        if (isRest(input)) { input.value = ""; markRest(input, false); }
      });
    }

    // The sum line says "adds up" only when the engine would take the deal (a 1 or a 156 adds up to 157
    // and is still refused): a complete deal is checked by round_preview, and its refusal is shown instead.
    function showSum() {
      var values = inputs.map(numberIn);
      var sum = values.reduce(function (acc, value) { return acc + (value || 0); }, 0);
      var text = format(sumLine.dataset.text, { sum: sum, total: total });
      var complete = sum === total && values.indexOf(null) === -1;
      if (sum < total) {
        var missing = total - sum === 1 ? sumLine.dataset.missingOne : sumLine.dataset.missing;
        text += " · " + format(missing, { count: total - sum });
      }
      else if (sum > total) text += " · " + format(sumLine.dataset.over, { count: sum - total });
      // "90.5" or "90," is not a number of card points: said at once, as Save would say it; "-10" is
      // a whole number, just one no deal gives ("not a whole number" said the wrong thing).
      var refused = inputs.filter(function (input) { return input.value.trim() !== "" && numberIn(input) === null; });
      var notWhole = refused.length > 0;
      var negative = refused.some(function (input) { return /^\s*[-\u2212]\s*\d+\s*$/.test(input.value); });
      if (notWhole) text += " · " + (negative ? sumLine.dataset.negative : sumLine.dataset.notWhole);
      if (sumLine.textContent !== text) sumLine.textContent = text;
      sumLine.hidden = false;
      sumLine.classList.toggle("is-refused", notWhole);
      // Who ties is asked as soon as every field holds a number; whether the deal is taken, once they add up.
      if (values.indexOf(null) !== -1 || !root.dataset.previewUrl) {
        showDraw([]);
        return window.CompanionPreview.cancel(form);
      }
      window.CompanionPreview.ask(form, root.dataset.previewUrl, function (answer) {
        showDraw(answer && answer.live.tied);
        if (answer === null || !complete) return;
        sumLine.textContent = text + " · " + (answer.ok ? sumLine.dataset.ok : answer.error);
        sumLine.classList.toggle("is-refused", !answer.ok);
      });
    }

    // tied: the seats the engine offers the draw to (play/preview.py, Game.live); null when it could
    // not be asked (offline): then every choice is there, with its hint, as without JavaScript.
    function showDraw(tied) {
      draw.hidden = tied !== null && !tied.length;
      draw.classList.toggle("is-offered", !draw.hidden);
      hint.hidden = tied !== null;
      options.forEach(function (option) {
        var seat = option.dataset.seat;
        var offered = tied === null || (seat !== "" && tied.indexOf(Number(seat)) !== -1);
        option.hidden = !offered;
        // A choice that no longer fits (no tie, or a player no longer tied) is taken back.
        if (!offered && option.querySelector("input").checked) noDraw.checked = true;
      });
    }

    root.addEventListener("input", function (event) {
      var input = event.target;
      if (inputs.indexOf(input) === -1) return;
      markRest(input, false);
      fillRest(input);
      showSum();
    });
    draw.addEventListener("change", showSum);
    // Typing into a filled-in rest replaces it instead of appending to it.
    root.addEventListener("focusin", function (event) {
      if (inputs.indexOf(event.target) !== -1 && isRest(event.target)) event.target.select();
    });
    showSum();
  };
})();
