// Elfer raus! Master: quicker entry at the end of a game, and the bonus board tapped during it.
// Everything here enhances forms that work without JavaScript (number fields, typed hands,
// a select per side of the board). Registered before match.js runs the enhancers.
(function () {
  "use strict";
  window.CompanionEntry = window.CompanionEntry || {};

  var CARD_SEPARATORS = /[\s,.;]+/;

  // Hands typed before a tap on the board survive the board's redraw of the scoreboard
  // (the board posts and the whole scoreboard, entry form included, comes back).
  var keptEntry = null;

  function countOf(input) {
    var value = parseInt(input.value, 10);
    return isNaN(value) || value < 0 ? 0 : value;
  }

  function changed(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // --- the end-of-game form --------------------------------------------------

  window.CompanionEntry.elfer = function (form) {
    var players = Array.prototype.slice.call(form.querySelectorAll(".elfer-player"));
    if (!players.length) return;
    form.querySelectorAll(".step, .keypad-toggle, .elfer-score, [data-elfer-sums]").forEach(function (element) {
      element.hidden = false;
    });

    function field(player, kind) {
      return form.elements.namedItem(kind + "_" + player.dataset.seat);
    }

    function closeKeypads(except) {
      players.forEach(function (player) {
        var keypad = player.querySelector(".keypad");
        if (keypad === except) return;
        keypad.hidden = true;
        player.querySelector(".keypad-toggle").setAttribute("aria-expanded", "false");
      });
    }

    // The one who went out holds nothing: his hand and jokers are emptied and locked.
    function applyWentOut() {
      players.forEach(function (player) {
        var out = player.querySelector(".went-out").checked;
        player.classList.toggle("is-out", out);
        var jokers = field(player, "jokers");
        var locked = [field(player, "cards"), jokers, player.querySelector(".keypad-toggle")];
        jokers.parentElement.querySelectorAll(".step").forEach(function (button) { locked.push(button); });
        locked.forEach(function (element) {
          if (out && element.tagName === "INPUT") element.value = element.type === "number" ? "0" : "";
          element.disabled = out;
        });
        if (out) {
          player.querySelector(".keypad").hidden = true;
          player.querySelector(".keypad-toggle").setAttribute("aria-expanded", "false");
        }
      });
    }

    // The scores beside the hands and the sums are the engine's (Game.live, companion/play/preview.py),
    // rendered with the form and answered by the preview as it is typed; offline they wait for it.
    var sums = form.querySelector("[data-elfer-sums]");
    // No answer (offline): no score rather than an old one, until the engine can say it.
    function show(live) {
      players.forEach(function (player, index) {
        var output = player.querySelector(".elfer-score");
        output.hidden = !live;
        if (!live) return delete output.dataset.summary;
        output.lastChild.textContent = live.scores[index];
        // The game's score as the saved row shows it: a game waiting offline is listed with it
        // (js/outbox-queue.js) rather than with every count field, zeros included.
        output.dataset.summary = player.querySelector("legend").textContent.trim() + " " + live.scores[index];
      });
      if (sums) sums.textContent = live ? live.sums : "";
    }
    form.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || !form.contains(button) || button.type === "submit") return;
      if (button.classList.contains("step")) {
        var input = button.parentElement.querySelector("input");
        input.value = String(Math.max(0, countOf(input) + parseInt(button.dataset.step, 10)));
        changed(input);
        return;
      }
      var player = button.closest(".elfer-player");
      if (!player) return;
      if (button.classList.contains("keypad-toggle")) {
        var keypad = player.querySelector(".keypad");
        var open = keypad.hidden;
        closeKeypads(keypad);
        keypad.hidden = !open;
        button.setAttribute("aria-expanded", open ? "true" : "false");
      } else if (button.classList.contains("keypad-card")) {
        var hand = field(player, "cards");
        hand.value = (hand.value.trim() + " " + button.dataset.card).trim();
        changed(hand);
      } else if (button.classList.contains("keypad-back")) {
        var cards = field(player, "cards");
        var parts = cards.value.trim().split(CARD_SEPARATORS).filter(function (part) { return part !== ""; });
        parts.pop();
        cards.value = parts.join(" ");
        changed(cards);
      }
    });
    // The engine's verdict as the game changes, not shown here (the live scores are): with it Save
    // shows the standings after this game at the tap (js/match.js).
    var root = form.querySelector("[data-preview-url]");
    function ask() {
      if (root) window.CompanionPreview.ask(form, root.dataset.previewUrl, function (answer) { show(answer && answer.live); });
    }
    form.addEventListener("input", ask);
    form.addEventListener("change", function (event) {
      if (event.target.classList.contains("went-out")) applyWentOut();
      ask();
    });

    applyWentOut();

    var scoreboard = form.closest(".scoreboard");
    var board = scoreboard && scoreboard.querySelector("[data-enhance=elfer-board]");
    if (board) enhanceBoard(board);
  };

  // Everything but the bonus cards, which the board has just recounted.
  function remember(form) {
    var kept = {};
    form.querySelectorAll(".cards-in-hand, .count-jokers").forEach(function (input) {
      kept[input.name] = input.value;
    });
    var out = form.querySelector(".went-out:checked");
    kept.went_out = out ? out.value : "";
    return kept;
  }

  function restore(form, kept) {
    Object.keys(kept).forEach(function (name) {
      if (name === "went_out") return;
      var input = form.elements.namedItem(name);
      if (input) input.value = kept[name];
    });
    form.querySelectorAll(".went-out").forEach(function (radio) {
      radio.checked = radio.value === kept.went_out;
    });
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!event.detail.elt.closest || !event.detail.elt.closest("[data-enhance=elfer-board]")) return;
    var form = document.querySelector("form.entry-form[data-game=elfer]");
    keptEntry = form ? remember(form) : null;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!event.detail.successful) keptEntry = null;
  });
  // Put the hand back right after the swap, before anybody can type again: restoring
  // later (when the enhancer runs, after htmx settles) could wipe a value typed meanwhile.
  document.addEventListener("htmx:afterSwap", function () {
    if (!keptEntry) return;
    var form = document.querySelector("form.entry-form[data-game=elfer]");
    if (form) restore(form, keptEntry);
    keptEntry = null;
  });

  // --- the bonus board: tap a side, then who completed it ----------------------

  function enhanceBoard(board) {
    var picker = board.querySelector(".board-picker");
    var question = board.querySelector("#board-picker-question");
    var active = null; // the open side's form

    board.querySelectorAll(".side-tap, .board-hint").forEach(function (element) {
      element.hidden = false;
    });
    board.querySelectorAll(".side-choose").forEach(function (element) {
      element.hidden = true;
    });

    function close() {
      if (active) active.querySelector(".side-tap").setAttribute("aria-expanded", "false");
      active = null;
      picker.hidden = true;
    }

    board.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      if (button.classList.contains("side-tap")) {
        var form = button.closest("form");
        var wasActive = form === active;
        close();
        if (wasActive) return;
        active = form;
        button.setAttribute("aria-expanded", "true");
        question.textContent = form.querySelector("label").textContent;
        picker.hidden = false;
        picker.querySelector(".pick-player").focus();
      } else if (button.classList.contains("pick-player") && active) {
        active.querySelector("select").value = button.dataset.seat;
        picker.querySelectorAll("button").forEach(function (each) { each.disabled = true; });
        active.querySelector("button[type=submit]").click();
      } else if (button.classList.contains("pick-cancel")) {
        var back = active && active.querySelector(".side-tap");
        close();
        if (back) back.focus();
      }
    });
    // A failed request leaves the board as it was: the table can tap again.
    board.addEventListener("htmx:afterRequest", function (event) {
      if (event.detail.successful) return;
      picker.querySelectorAll("button").forEach(function (each) { each.disabled = false; });
    });
    board.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && active) {
        var back = active.querySelector(".side-tap");
        close();
        back.focus();
      }
    });
  }
})();
