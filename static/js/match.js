// The match page at the table: make each game's entry form quick to fill with one thumb, and keep
// the view still when a round is saved (js/app.js keeps the screen on). Everything here enhances forms that
// already work without JavaScript.
(function () {
  "use strict";

  var RESTORE_SECONDS = 8; // how long "Restore round N" stays after an undo
  var QUIET_AFTER_SAVE_MS = 5000; // an untouched form sent this soon after a save is a second tap
  var HIGHLIGHT_MS = 1800;

  function visible(element) {
    return !element.disabled && element.getClientRects().length > 0 && !element.closest("[hidden], details:not([open]) > :not(summary)");
  }

  // Fields a person types into: Enter moves from one to the next.
  function isTyped(element) {
    if (element.tagName === "SELECT") return true;
    if (element.tagName !== "INPUT") return false;
    return ["text", "number", "tel", "search", ""].indexOf(element.type) !== -1;
  }

  // The fields Enter walks through from ``field``: the common ones, or those of the opened
  // disclosure (.entry-more) the field sits in. From the last one, Enter saves.
  function typedFields(form, field) {
    var more = field ? field.closest(".entry-more") : null;
    return Array.prototype.filter.call(form.elements, function (element) {
      return isTyped(element) && !element.readOnly && visible(element) && element.closest(".entry-more") === more;
    });
  }

  // The first thing to fill in a new round: the first field or choice (not a helper button such as ±),
  // else the first button (Murlan's taps). Disclosures (.entry-more) stay closed and are skipped.
  function firstField(form) {
    var controls = Array.prototype.filter.call(form.elements, function (element) {
      if (element.type === "hidden" || element.tabIndex < 0 || element.classList.contains("save-round")) return false;
      if (element.disabled || element.closest(".entry-more")) return false;
      if (element.type === "radio" || element.type === "checkbox") {
        var label = form.querySelector("label[for='" + element.id + "']");
        return visible(element) || (label && visible(label));
      }
      return visible(element);
    });
    return controls.find(function (element) { return element.tagName !== "BUTTON"; }) || controls[0];
  }

  function serialise(form) {
    var data = new FormData(form);
    data.delete("csrfmiddlewaretoken");
    data.delete("key"); // made by the page (outbox.js) for each new form, never typed
    return new URLSearchParams(data).toString();
  }

  // --- Enter moves to the next field; only the last field (or Save) sends the round ----------
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.isComposing || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    var field = event.target;
    var form = field.form;
    if (!form || !form.classList.contains("entry-form") || !isTyped(field)) return;
    var fields = typedFields(form, field);
    var index = fields.indexOf(field);
    if (index === -1) return;
    event.preventDefault();
    if (index < fields.length - 1) {
      var next = fields[index + 1];
      next.focus();
      if (next.select && next.value) next.select();
    } else {
      var save = form.querySelector(".save-round");
      if (save && !save.disabled) form.requestSubmit(save);
    }
  });

  // --- a second tap on Save right after a save does nothing ------------------------------
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList || !form.classList.contains("entry-form")) return;
    var submitter = event.submitter;
    if (submitter && !submitter.classList.contains("save-round")) return; // e.g. Anrufen's "Redeal"
    var savedAt = Number(form.dataset.savedAt || 0);
    if (savedAt && Date.now() - savedAt < QUIET_AFTER_SAVE_MS && serialise(form) === form.dataset.pristine) {
      event.preventDefault();
      event.stopImmediatePropagation();
      var first = firstField(form);
      if (first) first.focus({ preventScroll: true });
    }
  }, true);

  // --- share the result: the phone's share sheet, else the clipboard ---------------------
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "visually-hidden";
      document.body.appendChild(area);
      area.select();
      var done = false;
      try { done = document.execCommand("copy"); } catch (error) { done = false; }
      area.remove();
      if (done) resolve(); else reject(new Error("copy"));
    });
  }

  function enhanceShare(root) {
    root.querySelectorAll("[data-share-text]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var text = button.dataset.shareText;
        var status = button.closest("section").querySelector(".share-status");
        function tell(message) { if (status) status.textContent = message; }
        if (navigator.share) {
          navigator.share({ text: text }).catch(function () { /* closed by the person: nothing to say */ });
        } else {
          copyText(text).then(function () { tell(button.dataset.shared); }, function () { tell(text); });
        }
      });
    });
  }

  // --- the engine's verdict on an entry before it is saved (companion/play/preview.py) --
  // A game's enhancer asks the server instead of computing the rules again, so a live hint never
  // says "made" for an entry Save rejects, nor disagrees with Save. done(answer) gets the JSON
  // ({ok, deltas, extras} or {ok: false, error}), or null when the server could not be asked
  // (offline, an error page): then the hint says nothing either way. Only the newest answer counts;
  // it is kept with the entry it was for, so that Save can show its standings at the tap (below).
  // A refusal is said once: by Save (role=alert) for the entry Save sent, in the live line (aria-live)
  // once the entry changes. ask returns false, asking nothing, while the sentence by Save answers the entry.
  window.CompanionPreview = {
    ask: function (form, url, done) {
      if (this.cancel(form)) return false;
      var state = this.state(form);
      var mine = state.sequence;
      state.timer = setTimeout(function () {
        var entry = serialise(form);
        var body = new FormData(form);
        // Rounds waiting on this phone come first (js/outbox-queue.js): the engine counts them too.
        var waiting = window.CompanionOutbox && window.CompanionOutbox.waitingFields();
        if (waiting && waiting.length) body.append("waiting", JSON.stringify(waiting));
        fetch(url, { method: "POST", body: body, credentials: "same-origin" })
          .then(function (response) {
            if (!response.ok) throw new Error("HTTP " + response.status);
            return response.json();
          })
          .then(function (answer) {
            if (mine !== state.sequence) return;
            state.answer = { entry: entry, answer: answer };
            done(answer);
            // Save was tapped while this answer was on its way, for this very entry.
            if (saving && saving.form === form && saving.entry === entry) showAhead(form, answer);
          })
          .catch(function () { if (mine === state.sequence) done(null); });
      }, 120);
    },
    // The entry changed: an answer still on its way is for an old entry, and so is the sentence by Save.
    // Returns whether that sentence is still there (the entry is as Save sent it).
    cancel: function (form) {
      var state = this.state(form);
      clearTimeout(state.timer);
      state.sequence++;
      var said = form.querySelector(".save-bar .entry-error:not([hidden])");
      // While the form is enhanced (no pristine copy yet) its entry is the one Save sent; after that,
      // only a change of the entry asks or cancels.
      if (said && form.dataset.pristine) said.hidden = true;
      return said && !said.hidden;
    },
    // The newest answer, when it is for the entry as the form holds it now (the offline outbox keeps its standings).
    answerFor: function (form) {
      var state = form.companionPreview;
      return state && state.answer && state.answer.entry === serialise(form) ? state.answer.answer : null;
    },
    state: function (form) {
      if (!form.companionPreview) form.companionPreview = { sequence: 0, timer: null };
      return form.companionPreview;
    },
  };
  // Save makes a preview still waiting to be asked moot: it would only compete with the save
  // for the server (a quick hand taps Save within the 120 ms after the last digit). One already
  // on its way may still bring the standings before the save's answer does.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || !form.companionPreview) return;
    clearTimeout(form.companionPreview.timer);
    form.companionPreview.submitter = event.submitter;
  }, true);

  // --- Save shows the new standings at the tap ----------------------------------------
  // A new round's preview brings the standing cards after it (play/scoreboard.standings_html).
  // When Save sends the very entry the newest answer was for, its cards go in at once instead of
  // after the save's round trip. The save's answer then puts in its own, the same cards
  // (tests/test_preview_standings.py); a save that is refused or lost puts the old ones back.
  var saving = null; // {form, entry}: the save on its way
  var ahead = null; // {cards, shown}: the cards from before the tap, and those shown since
  function totalsOf(root) {
    var totals = {};
    root.querySelectorAll(".standing-total[data-player]").forEach(function (total) {
      totals[total.dataset.player] = total.dataset.total;
    });
    return totals;
  }
  function lightUp(root, totals) {
    root.querySelectorAll(".standing-total[data-player]").forEach(function (total) {
      var old = totals[total.dataset.player];
      if (old !== undefined && old !== total.dataset.total) {
        total.classList.add("changed");
        window.setTimeout(function () { total.classList.remove("changed"); }, HIGHLIGHT_MS);
      }
    });
  }
  // js/live.js and js/outbox-queue.js light up the totals another answer changed the same way.
  window.CompanionTotals = { of: totalsOf, lightUp: lightUp };
  function showAhead(form, answer) {
    var cards = form.closest(".table-top") && form.closest(".table-top").querySelector("ol.standings");
    if (ahead || !cards || !answer || !answer.ok || !answer.standings) return;
    var holder = document.createElement("template");
    holder.innerHTML = answer.standings;
    var shown = holder.content.querySelector("ol.standings");
    if (!shown) return;
    lightUp(shown, totalsOf(cards));
    var top = form.closest(".table-top");
    var was = measure(top);
    cards.replaceWith(shown); // the save's answer says it to screen readers (#table-announcer)
    holdSave(top, was);
    ahead = { cards: cards, shown: shown };
  }
  function putBack() {
    if (ahead && ahead.shown.isConnected) {
      var top = ahead.shown.closest(".table-top");
      var was = measure(top);
      ahead.shown.replaceWith(ahead.cards);
      holdSave(top, was);
    }
    ahead = null;
    saving = null;
  }
  // What stands above the entry form can grow (a second badge on a standing card, a new line of
  // Molotow's tally, Murlan's reminder of the exchange) or shrink (a notice goes) and move Save on
  // the screen, from under the thumb: the page then scrolls by as much, so Save stays put. Only the
  // move of the whole form counts: a part of the form that closes (below) is not made up for.
  function measure(root) {
    var form = root && root.querySelector("form.entry-form");
    var save = form && form.querySelector(".save-round");
    return save ? { save: save.getBoundingClientRect().top, form: form.getBoundingClientRect().top } : null;
  }
  function holdSave(root, was) {
    var now = was && measure(root);
    if (!now) return;
    var moved = now.save - was.save;
    var above = now.form - was.form;
    var by = moved > 0 && above > 0 ? Math.min(moved, above) : moved < 0 && above < 0 ? Math.max(moved, above) : 0;
    if (Math.abs(by) >= 1) window.scrollBy({ top: by, left: 0, behavior: "instant" });
  }
  // The standings at the tap: Save sends the entry the newest preview answered (not Anrufen's "Redeal").
  function sendingEntry(form) {
    var state = form.companionPreview;
    if (!state || !form.matches("form.entry-form")) return;
    if (state.submitter && !state.submitter.classList.contains("save-round")) return;
    saving = { form: form, entry: serialise(form) };
    if (state.answer && state.answer.entry === saving.entry) showAhead(form, state.answer.answer);
  }

  // --- per-game enhancers, run on the page and on every htmx swap --------------
  var enhancers = (window.CompanionEntry = window.CompanionEntry || {});

  function enhance(root) {
    root.querySelectorAll("form.entry-form").forEach(function (form) {
      if (form.dataset.enhanced) return;
      form.dataset.enhanced = "1";
      var game = form.dataset.game;
      if (enhancers[game]) enhancers[game](form);
      form.dataset.pristine = serialise(form);
      // Right after a save (the new scoreboard says which round it saved): ready for the next round.
      var board = form.closest("[data-saved]");
      if (board) {
        form.dataset.savedAt = String(Date.now());
        var first = firstField(form);
        if (first) first.focus({ preventScroll: true });
      }
    });
    enhanceShare(root);
    root.querySelectorAll("[data-restore]").forEach(function (restore) {
      var notice = restore.closest(".table-notice");
      window.setTimeout(function () { if (notice && notice.isConnected) notice.remove(); }, RESTORE_SECONDS * 1000);
    });
  }

  // --- a refused save: the sentence by Save covers no row ------------------------------------
  // The sentence makes the sticky Save bar taller. On a phone on its side the entry fills the
  // screen, so the taller bar lay over the last rows (six players of Elfer raus!) until the person
  // scrolled. Scroll just as far as the sentence took from the rows: the bar then rests at its own
  // place under them, and the sentence and the rows are on screen together.
  function uncoverRows(root) {
    var form = root.querySelector("form.entry-form");
    var error = form && form.querySelector(".save-bar .entry-error:not([hidden])");
    if (!error) return;
    var covered = form.getBoundingClientRect().bottom - window.innerHeight;
    var sentence = error.getBoundingClientRect().height + parseFloat(getComputedStyle(error).marginBottom || "0");
    if (covered > 0) window.scrollBy(0, Math.ceil(Math.min(covered, sentence)));
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { uncoverRows(document); });
  } else {
    uncoverRows(document);
  }

  // --- after a save the view does not move ------------------------------------------------
  var before = null;
  // A save's answer replaces the whole #scoreboard, or only its top (#table-top) when the
  // rest of the page is still right (the server's "update": play/scoreboard_cache.update).
  function isBoard(target) {
    return !!target && (target.id === "scoreboard" || target.id === "table-top");
  }
  function keepView(detail) {
    var target = detail.target;
    if (!isBoard(target)) return;
    // What the standings were before the tap, even when the preview's cards are shown now.
    var totals = totalsOf(ahead ? ahead.cards : target);
    var open = [];
    target.querySelectorAll("details[data-keep-open][open]").forEach(function (details) { open.push(details.id); });
    var elt = detail.requestConfig && detail.requestConfig.elt;
    var by = elt && elt.matches ? (elt.matches("form.entry-form") ? "save" : elt.matches("form[data-undo], form[data-restore]") ? "undo" : "") : "";
    before = { scrollY: window.scrollY, totals: totals, open: open, by: by, measured: by === "save" ? measure(target) : null };
  }

  // --- after a save or an undo: Save stays put, the new round is on screen ------------------
  // A save's answer can be taller above Save (Molotow's tally grows a line: holdSave, above) or
  // shorter below the standings (the opened raise and marriages, or the bonus cards, close for the
  // next round). Save stays where the thumb left it; but when that would leave the next round's
  // first field above the screen, the page goes back up to the standings. After an undo (or a restore) the
  // standings and the notice are shown and the first field is ready for the round again.
  function settleView(board, kept) {
    var form = board.querySelector("form.entry-form");
    var top = board.querySelector(".table-top");
    if (kept.by === "save") holdSave(board, kept.measured);
    var first = form && firstField(form);
    // A choice drawn as a button is seen as its label.
    var seen = first && first.id && (first.type === "radio" || first.type === "checkbox") && form.querySelector("label[for='" + first.id + "']");
    var hidden = kept.by === "undo" || (first && (seen || first).getBoundingClientRect().top < 0);
    if (top && hidden && top.getBoundingClientRect().top < 0) {
      window.scrollBy({ top: top.getBoundingClientRect().top - 8, left: 0, behavior: "instant" });
    }
    if (kept.by === "undo" && first) {
      first.focus({ preventScroll: true });
      var box = (seen || first).getBoundingClientRect();
      if (box.bottom > window.innerHeight) window.scrollBy({ top: box.bottom - window.innerHeight + 8, left: 0, behavior: "instant" });
    }
  }

  function afterSwap(detail) {
    var board = document.getElementById("scoreboard");
    if (!board || !before || (detail.target && !isBoard(detail.target) && detail.target !== board)) return;
    // The new element (htmx names the one it replaced): what the server said about this save.
    var swapped = (isBoard(detail.target) && document.getElementById(detail.target.id)) || board;
    var kept = before;
    before = null;
    ahead = null; // the preview's cards went out with what the answer replaced
    saving = null;
    kept.open.forEach(function (id) {
      var details = document.getElementById(id);
      if (details) details.open = true;
    });
    lightUp(board, kept.totals);
    // Read and set in the frame that paints the swap: reading scrollY here would make the
    // browser lay the new scoreboard out now, and again for the frame.
    window.requestAnimationFrame(function () {
      // At once: the style sheet's smooth scrolling would show the page gliding back.
      if (window.scrollY !== kept.scrollY) window.scrollTo({ top: kept.scrollY, left: 0, behavior: "instant" });
      settleView(board, kept);
      uncoverRows(board);
      // The save that ended the match: its result is what the table looks at now.
      var banner = kept.by === "save" && board.querySelector(".winner-banner");
      if (banner) {
        banner.scrollIntoView({ block: "start", behavior: "instant" });
        banner.querySelector("h2").focus({ preventScroll: true });
      }
    });
    var announcer = document.getElementById("table-announcer");
    var announce = swapped.dataset.announce || "";
    if (announcer && announce) {
      announcer.textContent = "";
      window.setTimeout(function () { announcer.textContent = announce; }, 50);
    }
  }

  // --- the save controller: one owner of every request the scoreboard makes --------------------
  // A save, an undo or a restore, the Elfer board, "Drop mine", the chart: from the tap to its end.
  // Offline, or with rounds waiting, the outbox takes a save instead (js/outbox.js: "queued").
  // Otherwise it is pending until htmx has put the answer in (the server's Companion-Round says
  // saved, conflict, invalid or over) or it failed (no connection, no answer in time, refused).
  // Its end is one event on the document, "companion:saved", detail {elt, target, outcome, html,
  // ok, status}: the outbox and the live updates listen to it rather than to htmx's own events.
  var requests = []; // under way, by their XMLHttpRequest (htmx may name another element later)
  window.CompanionSave = {
    pending: function () { return requests.length; },
    sent: 0, // how many the page has sent (js/live.js: an answer fetched meanwhile may be older)
  };
  function said(detail) {
    document.dispatchEvent(new CustomEvent("companion:saved", { detail: detail }));
  }
  function requestOf(detail) {
    return requests.find(function (request) { return request.xhr === detail.xhr; });
  }
  function finish(request) {
    if (!request.answered || (request.swapped && !request.settled)) return;
    requests.splice(requests.indexOf(request), 1);
    said(request);
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var outbox = window.CompanionOutbox;
    if (outbox && outbox.takes(event.detail.elt)) {
      event.preventDefault();
      said({ elt: event.detail.elt, outcome: "queued", ok: false, status: 0 });
    }
  });
  document.addEventListener("htmx:beforeSend", function (event) {
    var elt = event.detail.elt;
    if (!elt.closest || !elt.closest("#scoreboard") || !event.detail.xhr) return;
    requests.push({ xhr: event.detail.xhr, elt: elt, outcome: "", html: "", target: null });
    window.CompanionSave.sent += 1;
    sendingEntry(elt);
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var request = requestOf(event.detail);
    if (!request || !event.detail.shouldSwap) return;
    request.outcome = event.detail.xhr.getResponseHeader("Companion-Round") || "";
    keepView(event.detail);
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var request = requestOf(event.detail);
    if (!request || request.swapped) return;
    request.swapped = true;
    afterSwap(event.detail);
  });
  // htmx says afterSettle for each part an answer swapped (an update's actions and chart too),
  // once all are in: the first ends the request.
  document.addEventListener("htmx:afterSettle", function (event) {
    var request = requestOf(event.detail);
    if (!request || request.settled) return;
    request.settled = true;
    finish(request);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    // No answer swapped in (the network, an error page): the standings from before the tap.
    if (saving && detail.elt === saving.form) putBack();
    var request = requestOf(detail);
    if (!request) return;
    request.answered = true;
    request.ok = !!detail.successful;
    request.status = detail.xhr.status;
    request.target = detail.target;
    request.html = detail.successful ? detail.xhr.responseText : "";
    finish(request);
  });

  if (window.htmx) {
    window.htmx.onLoad(enhance);
  } else {
    enhance(document);
  }
})();
