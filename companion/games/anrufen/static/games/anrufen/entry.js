// Anrufen entry: show only what the contract uses, steppers for the numbers, and a live preview of
// the token moves. The preview is the engine's own verdict (round_preview, through
// window.CompanionPreview in match.js): it never calls "made" an entry that Save would reject.
(function () {
  "use strict";
  window.CompanionEntry = window.CompanionEntry || {};
  var MINUS = "\u2212";

  window.CompanionEntry.anrufen = function (form) {
    var root = form.querySelector("[data-anrufen-rules]");
    if (!root) return;
    var rules = JSON.parse(root.dataset.anrufenRules);
    var preview = root.querySelector("[data-anrufen-preview]");
    var withPartner = rules.players.length === 4;

    function checked(name) {
      var input = form.querySelector("input[name=" + name + "]:checked:not(:disabled)");
      return input ? input.value : null;
    }
    function number(name) {
      var input = form.elements[name];
      if (!input || input.disabled || input.value.trim() === "") return null;
      var value = Number(input.value);
      return Number.isInteger(value) ? value : NaN;
    }
    function part(name) { return root.querySelector("[data-anrufen-part=" + name + "]"); }
    // A hidden part is also disabled, so a value typed for another contract is not sent.
    function show(element, visible) {
      if (!element) return;
      element.hidden = !visible;
      element.querySelectorAll("input, button").forEach(function (control) { control.disabled = !visible; });
    }
    function pick(name, value) {
      var input = form.querySelector("input[name=" + name + "][value='" + value + "']");
      if (input) input.checked = true;
    }

    // Show and enable only the parts the chosen contract uses; returns the contract played.
    function arrange() {
      var bid = checked("bid");
      var bidder = checked("bidder");
      var raise = null;
      if (withPartner) {
        var alone = bid === "no_tricks";
        show(part("partner"), !alone);
        show(part("raise"), !alone);
        // Nobody is his own partner (the choice is taken back); a raise must be higher than the bid.
        form.querySelectorAll("input[name=partner]").forEach(function (input) {
          input.disabled = alone || input.value === bidder;
          if (input.disabled && input.checked && !alone) input.checked = false;
        });
        form.querySelectorAll("input[name=raised_to]").forEach(function (input) {
          var allowed = input.value === "" || (bid !== null && rules.levels[input.value] > rules.levels[bid]);
          input.disabled = alone || !allowed;
          var label = form.querySelector("label[for='" + input.id + "']");
          if (label) label.hidden = !allowed;
          if (!allowed && input.checked) pick("raised_to", "");
        });
        raise = alone ? null : checked("raised_to") || null;
      }
      var contract = raise || bid;
      show(part("points"), contract === null || rules.needsPoints.indexOf(contract) >= 0);
      show(part("marriages"), contract === null || rules.needsPoints.indexOf(contract) >= 0);
      show(part("tricks"), contract !== null && rules.needsTricks.indexOf(contract) >= 0);
      return contract;
    }

    function showLines(outcome, moves, refused) {
      preview.querySelector(".preview-outcome").textContent = outcome;
      preview.querySelector(".preview-moves").textContent = moves;
      preview.classList.toggle("is-refused", !!refused);
    }

    // The engine's answer: made or failed with the stake and every player's move, or why Save would refuse.
    function answered(answer) {
      if (answer === null) return showLines(preview.dataset.textUnavailable, "");
      if (!answer.ok) return showLines(answer.error, "", true);
      var outcome = "made" in answer.extras
        ? (answer.extras.made ? preview.dataset.textMade : preview.dataset.textFailed) + " · " +
          preview.dataset.textStake.replace("%(stake)s", String(answer.extras.stake))
        : preview.dataset.textRedeal;
      var moves = answer.deltas.map(function (pair) {
        var delta = pair[1];
        return pair[0] + " " + (delta > 0 ? "+" + delta : delta < 0 ? MINUS + -delta : "0");
      });
      showLines(outcome, moves.join(", "));
    }

    function refresh() {
      var contract = arrange();
      var partnerSeat = withPartner ? checked("partner") : null;
      var complete =
        checked("bidder") !== null && contract !== null &&
        (!withPartner || contract === "no_tricks" || partnerSeat) &&
        (rules.needsPoints.indexOf(contract) < 0 || number("points") !== null) &&
        (rules.needsTricks.indexOf(contract) < 0 || number("tricks") !== null);
      if (!complete) {
        window.CompanionPreview.cancel(form);
        preview.hidden = false;
        return showLines(preview.dataset.textWaiting, "");
      }
      // The sentence by Save already says why this entry was refused: the preview has nothing to add.
      preview.hidden = window.CompanionPreview.ask(form, preview.dataset.url, answered) === false;
    }

    root.querySelectorAll("[data-anrufen-nojs]").forEach(function (hint) { hint.hidden = true; });
    root.querySelectorAll(".stepper").forEach(function (button) { button.hidden = false; });
    root.addEventListener("click", function (event) {
      var button = event.target.closest(".stepper");
      if (!button) return;
      var input = document.getElementById(button.dataset.target);
      var step = Number(button.dataset.step);
      var low = Number(input.min);
      var high = Number(input.max);
      var current = Number(input.value) || 0;
      input.value = String(Math.min(high, Math.max(low, current + step)));
      refresh();
    });
    form.addEventListener("change", refresh);
    form.addEventListener("input", refresh);

    // detail.html disables only the first submit button during a request ("find" finds one): the hidden
    // default button. Disable them all, so a second tap on "Save round" or "Redeal" waits for the answer.
    form.addEventListener("htmx:beforeRequest", function () {
      form.querySelectorAll("button[type=submit]").forEach(function (button) { button.disabled = true; });
    });
    form.addEventListener("htmx:afterRequest", function () {
      form.querySelectorAll("button[type=submit]").forEach(function (button) { button.disabled = false; });
    });
    refresh();
  };
})();
