// The "start a match" page: move names between seats, seat roster players with a tap,
// keep the "deals first" labels and the house-rules summary up to date.
// Everything here is an enhancement: without it the table types the names in order.
(function () {
  "use strict";

  var root = document.documentElement;
  root.classList.add("has-js"); // shows the .js-only controls
  if (window.htmx) root.classList.add("has-htmx"); // picking a game updates the form by itself

  function setupForm() {
    return document.getElementById("match-setup");
  }

  function say(text) {
    var status = document.getElementById("setup-status");
    if (!status || !text) return;
    status.textContent = "";
    // Set after a tick, so the same sentence twice is announced twice.
    window.setTimeout(function () { status.textContent = text; }, 50);
  }

  function fill(template, values) {
    return (template || "").replace(/\{(\w+)\}/g, function (all, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : all;
    });
  }

  function tidy(name) {
    return name.replace(/\s+/g, " ").trim();
  }

  function rows(form) {
    return Array.prototype.slice.call(form.querySelectorAll(".seat-row"));
  }

  function nameInput(row) {
    return row.querySelector(".seat-input");
  }

  function dealerRadio(row) {
    return row.querySelector("input[name='first_dealer']");
  }

  // --- "Seat 2 (deals first)" follows the radio ------------------------------
  function refreshDealerLabels(form) {
    rows(form).forEach(function (row) {
      var label = row.querySelector(".seat-label");
      label.textContent = dealerRadio(row).checked ? label.dataset.dealer : label.dataset.plain;
    });
  }

  // --- roster chips: pressed while the player is seated ----------------------
  function seatedRow(form, name) {
    var wanted = tidy(name).toLowerCase();
    return rows(form).findIndex(function (row) {
      return tidy(nameInput(row).value).toLowerCase() === wanted;
    });
  }

  function refreshChips(form) {
    form.querySelectorAll("[data-chip]").forEach(function (chip) {
      chip.setAttribute("aria-pressed", seatedRow(form, chip.dataset.chip) >= 0 ? "true" : "false");
    });
  }

  function chipTapped(form, chip) {
    var name = chip.dataset.chip;
    var all = rows(form);
    var seated = seatedRow(form, name);
    if (seated >= 0) {
      nameInput(all[seated]).value = "";
      say(fill(form.dataset.msgUnseated, { name: name, seat: seated + 1 }));
    } else {
      var empty = all.findIndex(function (row) { return !tidy(nameInput(row).value); });
      if (empty < 0) {
        say(form.dataset.msgFull);
        return;
      }
      nameInput(all[empty]).value = name;
      say(fill(form.dataset.msgSeated, { name: name, seat: empty + 1 }));
    }
    refreshChips(form);
  }

  // --- ↑/↓: swap a name with its neighbour; the dealer goes with the name -----
  function moveTapped(form, button) {
    var all = rows(form);
    var step = Number(button.dataset.move);
    var from = all.indexOf(button.closest(".seat-row"));
    var to = from + step;
    if (from < 0 || to < 0 || to >= all.length) return;
    var here = nameInput(all[from]);
    var there = nameInput(all[to]);
    var name = here.value;
    here.value = there.value;
    there.value = name;
    var hereDeals = dealerRadio(all[from]);
    var thereDeals = dealerRadio(all[to]);
    if (hereDeals.checked) thereDeals.checked = true;
    else if (thereDeals.checked) hereDeals.checked = true;
    refreshDealerLabels(form);
    // Keep the finger (and the keyboard focus) on the name that moved.
    var next = all[to].querySelector("[data-move='" + button.dataset.move + "']");
    if (!next || next.disabled) next = all[to].querySelector("[data-move]:not([disabled])");
    if (next) next.focus();
    if (tidy(name)) say(fill(form.dataset.msgMoved, { name: tidy(name), seat: to + 1 }));
  }

  // --- "Draw for the deal": a random seated player deals first ------------------
  function randomIndex(count) {
    if (window.crypto && window.crypto.getRandomValues) {
      var value = new Uint32Array(1);
      window.crypto.getRandomValues(value);
      return value[0] % count;
    }
    return Math.floor(Math.random() * count);
  }

  // Who was drawn is shown beside the button and the seat lights up, every time: drawing the one
  // who already deals first changes no radio, and the draw must still be seen to have happened.
  function showDraw(form, text, row) {
    var result = form.querySelector("[data-draw-result]");
    if (result) {
      result.textContent = text;
      result.hidden = false;
    }
    form.querySelectorAll(".seat-row.just-drawn").forEach(function (lit) { lit.classList.remove("just-drawn"); });
    if (row) {
      void row.offsetWidth; // the light starts again for the same seat
      row.classList.add("just-drawn");
    }
  }

  function drawTapped(form) {
    var seated = rows(form).filter(function (row) { return tidy(nameInput(row).value); });
    if (!seated.length) {
      say(form.dataset.msgDrawEmpty);
      showDraw(form, form.dataset.msgDrawEmpty, null);
      return;
    }
    var row = seated[randomIndex(seated.length)];
    dealerRadio(row).checked = true;
    refreshDealerLabels(form);
    var text = fill(form.dataset.msgDrawn, { name: tidy(nameInput(row).value) });
    say(text);
    showDraw(form, text, row);
  }

  // --- the house-rules summary in <summary> -----------------------------------
  function refreshRules(form) {
    var details = form.querySelector(".house-rules");
    if (!details) return;
    var changed = false;
    var parts = [];
    details.querySelectorAll(".house-rule").forEach(function (rule) {
      var value;
      var shown;
      if (rule.dataset.kind === "bool") {
        var box = rule.querySelector("input[type='checkbox']");
        value = box.checked ? "True" : "False";
        shown = box.checked ? details.dataset.yes : details.dataset.no;
      } else if (rule.dataset.kind === "choice") {
        var picked = rule.querySelector("input[type='radio']:checked");
        var label = picked && rule.querySelector("label[for='" + picked.id + "']");
        value = picked ? picked.value : "";
        shown = label ? label.textContent.trim() : value;
      } else {
        value = rule.querySelector("input").value.trim();
        shown = value === "" ? (rule.hasAttribute("data-nullable") ? details.dataset.open : "–") : value;
      }
      if (value !== rule.dataset.default) changed = true;
      parts.push(rule.dataset.label + ": " + shown);
    });
    details.querySelector(".rules-summary").textContent = parts.join(" · ");
    details.querySelectorAll(".rules-badge").forEach(function (badge) {
      badge.hidden = (badge.dataset.when === "changed") !== changed;
    });
  }

  function refreshAll() {
    var form = setupForm();
    if (!form) return;
    refreshChips(form);
    refreshDealerLabels(form);
    refreshRules(form);
  }

  document.addEventListener("click", function (event) {
    var form = setupForm();
    var target = event.target instanceof Element ? event.target : null;
    if (!form || !target || !form.contains(target)) return;
    var move = target.closest("[data-move]");
    if (move) {
      moveTapped(form, move);
      return;
    }
    if (target.closest("[data-draw-dealer]")) {
      drawTapped(form);
      return;
    }
    var chip = target.closest("[data-chip]");
    if (chip) chipTapped(form, chip);
  });

  document.addEventListener("input", function (event) {
    var form = setupForm();
    if (!form || !form.contains(event.target)) return;
    if (event.target.classList.contains("seat-input")) refreshChips(form);
    else refreshRules(form);
  });

  document.addEventListener("change", function (event) {
    var form = setupForm();
    if (!form || !form.contains(event.target)) return;
    if (event.target.name === "first_dealer") refreshDealerLabels(form);
    else if (event.target.closest(".house-rules")) refreshRules(form);
  });

  // Picking a game reloads the seats (htmx sends the names typed so far, the server sends them back).
  // Names tapped or typed while that request was on its way are not in its answer: keep what the
  // seats hold right before the swap, and put it back into the new seats.
  var keptSeats = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var form = setupForm();
    var target = event.detail.target;
    if (!form || !target || target.id !== "setup-details") return;
    var checked = form.querySelector("input[name='first_dealer']:checked");
    keptSeats = {
      names: rows(form).map(function (row) { return nameInput(row).value; }),
      dealer: checked ? Number(checked.value) : null,
    };
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var form = setupForm();
    if (!form || !keptSeats || !event.detail.target || event.detail.target.id !== "setup-details") return;
    var kept = keptSeats;
    keptSeats = null;
    rows(form).forEach(function (row, index) {
      if (index < kept.names.length) nameInput(row).value = kept.names[index];
    });
    var all = rows(form);
    if (kept.dealer !== null && kept.dealer < all.length) dealerRadio(all[kept.dealer]).checked = true;
  });

  // A new game's seats and rules arrived (htmx): mark the chips, tell screen readers.
  document.addEventListener("htmx:afterSettle", function () {
    var details = document.getElementById("setup-details");
    refreshAll();
    if (details) say(details.dataset.announce);
  });

  // A second tap on "Start match" while the first is on its way would start two matches.
  document.addEventListener("submit", function (event) {
    var form = setupForm();
    if (event.target !== form || event.defaultPrevented) return;
    if (form.dataset.submitting) {
      event.preventDefault();
      return;
    }
    form.dataset.submitting = "1";
  });

  // Back/forward restores typed values without events (and may show a page that was submitting).
  window.addEventListener("pageshow", function () {
    var form = setupForm();
    if (form) delete form.dataset.submitting;
    refreshAll();
  });
  refreshAll();
})();
