// Anrufen entry: show only what the contract uses, steppers for the numbers, and a live preview of
// the token moves. The server's engine decides; the preview mirrors its arithmetic (scoring/anrufen.py
// _settle) on the engine's own tables, which the template puts in data-anrufen-rules.
(function () {
  "use strict";
  window.CompanionEntry = window.CompanionEntry || {};
  var MINUS = "\u2212";

  // The engine's settlement of a complete deal: {made, stake, deltas by name}.
  function settle(rules, deal) {
    var side = deal.points === null ? null : deal.points + deal.ownMarriages;
    var everyTrick = deal.tricks === rules.tricks;
    var made;
    if (deal.contract === "normal") made = 2 * side > rules.cardPoints + deal.allMarriages;
    else if (deal.contract === "hundred") made = side >= rules.hundred;
    else if (deal.contract === "no_tricks") made = deal.tricks === 0;
    else if (deal.contract === "all_tricks") made = everyTrick;
    else made = everyTrick && side >= rules.hundred;
    var stake = rules.stakes[deal.contract];
    if (deal.contra) stake = rules.contra === "double" ? stake * 2 : stake + 1;
    var won = made ? stake : -stake;
    var deltas = {};
    rules.players.forEach(function (name) { deltas[name] = -won; });
    if (deal.partner !== null) {
      deltas[deal.bidder] = won;
      deltas[deal.partner] = won;
    } else {
      deltas[deal.bidder] = won * (rules.players.length - 1);
    }
    return { made: made, stake: stake, deltas: deltas };
  }

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

    function marriages(side) {
      var trump = form.elements[side + "_trump"];
      var plain = number(side + "_plain");
      var value = trump && trump.checked && !trump.disabled ? rules.marriageValues.trump : 0;
      return value + (plain > 0 ? plain * rules.marriageValues.plain : 0);
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
        // Nobody is his own partner; a raise must be higher than the bid.
        form.querySelectorAll("input[name=partner]").forEach(function (input) {
          input.disabled = alone || (input.value !== "" && input.value === bidder);
          if (input.disabled && input.checked && !alone) pick("partner", "");
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

    function describe(result) {
      var outcome = result.made ? preview.dataset.textMade : preview.dataset.textFailed;
      var stake = preview.dataset.textStake.replace("%(stake)s", String(result.stake));
      var moves = rules.players.map(function (name) {
        var delta = result.deltas[name];
        return name + " " + (delta > 0 ? "+" + delta : delta < 0 ? MINUS + -delta : "0");
      });
      return [outcome + " · " + stake, moves.join(", ")];
    }

    function refresh() {
      var contract = arrange();
      var bidderSeat = checked("bidder");
      var partnerSeat = withPartner ? checked("partner") : null;
      var deal = {
        bidder: bidderSeat === null ? null : rules.players[Number(bidderSeat)],
        partner: partnerSeat ? rules.players[Number(partnerSeat)] : null,
        contract: contract,
        contra: !!(form.elements.contra && form.elements.contra.checked),
        points: number("points"),
        tricks: number("tricks"),
        ownMarriages: marriages("bidder"),
        allMarriages: marriages("bidder") + marriages("opponents"),
      };
      var complete =
        deal.bidder !== null && contract !== null &&
        (!withPartner || contract === "no_tricks" || deal.partner !== null) &&
        (rules.needsPoints.indexOf(contract) < 0 || deal.points !== null) &&
        (rules.needsTricks.indexOf(contract) < 0 || deal.tricks !== null) &&
        !Number.isNaN(deal.points) && !Number.isNaN(deal.tricks);
      var lines = complete ? describe(settle(rules, deal)) : [preview.dataset.textWaiting, ""];
      preview.querySelector(".preview-outcome").textContent = lines[0];
      preview.querySelector(".preview-moves").textContent = lines[1];
    }

    root.querySelectorAll("[data-anrufen-nojs]").forEach(function (hint) { hint.hidden = true; });
    root.querySelectorAll(".stepper").forEach(function (button) { button.hidden = false; });
    preview.hidden = false;

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

  // For the browser test, which checks this arithmetic against the engine's settle().
  window.CompanionAnrufenSettle = settle;
})();
