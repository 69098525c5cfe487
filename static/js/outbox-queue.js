// The offline outbox, loaded by js/outbox.js only when it is needed (offline, a save lost to
// the network, rounds already waiting).
//
// A round saved while offline goes into IndexedDB (it survives a reload and a closed tab),
// shows in the rounds table as "waiting to send", and is sent in order, with its key, when
// the connection returns. The key makes a resend safe: a round the server already has is
// answered as saved, never stored twice. If another phone saved that round meanwhile, both
// are shown and the person chooses. Offline, a banner says since when.
(function () {
  "use strict";

  var core = window.CompanionOutbox;
  if (!core) return;
  var match = core.match;
  var strings = core.strings;
  var format = core.format;
  var items = []; // this match's outbox, oldest first: the rounds of this page's account
  // A shared phone: rounds saved by another account stay stored, unseen and unsent, until that
  // account opens the match again (companion/offline/account.py).
  var account = document.body.dataset.account || "";
  var flushing = false;
  var retryTimer = null;
  var RETRY_FIRST = 10000;
  var RETRY_MOST = 60000;
  var retryDelay = RETRY_FIRST;

  function store(mode, work) {
    return core.db().then(function (database) {
      return new Promise(function (resolve, reject) {
        var tx = database.transaction("outbox", mode);
        var request = work(tx.objectStore("outbox"));
        tx.oncomplete = function () { resolve(request && request.result); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
      });
    });
  }
  function loadItems() {
    return store("readonly", function (s) { return s.index("match").getAll(match); }).then(function (all) {
      items = (all || []).filter(function (item) { return item.account === account; })
        .sort(function (a, b) { return a.id - b.id; });
    });
  }
  function saveItem(item) {
    return store("readwrite", function (s) { return s.put(item); }).then(function (id) { item.id = id; return item; });
  }
  function deleteItem(item) {
    return store("readwrite", function (s) { return s.delete(item.id); });
  }

  function setValue(pairs, name, value) {
    pairs.forEach(function (pair) { if (pair[0] === name) pair[1] = String(value); });
  }

  // What a person recognises of an entry: each filled field's label and value.
  // A label as a screen reader says it: without the words shown only to the eye (aria-hidden),
  // which a label may carry beside a fuller name for screen readers ("Bonus cards" beside
  // "Anna's bonus cards").
  function spoken(element) {
    var copy = element.cloneNode(true);
    copy.querySelectorAll("[aria-hidden=true]").forEach(function (hidden) { hidden.remove(); });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  //
  // A game's script may say the entry as its saved row will ("Anna +22 · Beat −20" for a game of
  // Elfer raus!, as the engine's preview answered it): elements marked data-summary hold those words,
  // and then stand for the typed fields, whose list says less. Choices ("Anna went
  // out") are listed after them either way. A disabled field is not sent, so it is not listed.
  function summary(form) {
    var said = Array.prototype.map.call(form.querySelectorAll("[data-summary]"), function (el) {
      return el.dataset.summary.trim();
    }).filter(Boolean);
    var parts = [];
    var choices = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.disabled || el.type === "hidden" || el.type === "submit" || el.type === "button") return;
      if ((el.type === "radio" || el.type === "checkbox") && !el.checked) return;
      var value = el.tagName === "SELECT" ? (el.selectedOptions[0] || { textContent: "" }).textContent : el.value;
      // Nothing typed says nothing: an empty field, or a count left at its 0 (Elfer's jokers).
      if (!String(value).trim() || (el.type === "number" && el.value === "0" && el.defaultValue === "0")) return;
      var label = el.labels && el.labels[0] ? spoken(el.labels[0]) : el.getAttribute("aria-label") || "";
      if (el.type === "radio" || el.type === "checkbox") {
        var legend = el.closest("fieldset") && el.closest("fieldset").querySelector("legend");
        var group = legend ? spoken(legend) : "";
        // "Anna went out", not "Anna: Anna went out": a label that names its group already says it.
        (said.length ? choices : parts).push((group && label.indexOf(group) !== 0 ? group + ": " : "") + label);
      } else if (!said.length) {
        parts.push((label ? label + " " : "") + String(value).trim());
      }
    });
    return said.concat(parts, choices).join(" · ");
  }

  // --- a fresh form for the next round, made offline -------------------------------
  function nextForm(form) {
    if (!core.pristine()) return;
    var template = document.createElement("template");
    template.innerHTML = core.pristine();
    var fresh = template.content.firstElementChild;
    var key = fresh.querySelector("[name=key]");
    if (key) key.value = core.uuid();
    form.replaceWith(fresh);
    if (window.htmx) {
      window.htmx.process(fresh);
      // match.js enhances what htmx loads (the game's taps, the focus for the next round).
      window.htmx.trigger(fresh.parentNode, "htmx:load");
    }
  }

  // --- into the outbox, and out to the server -----------------------------------------
  function enqueue(form) {
    var pairs = core.fieldsOf(form);
    if (!core.valueIn(pairs, "key")) pairs.push(["key", core.uuid()]);
    // The live preview's answer for this very entry (js/match.js), when it came before the
    // connection went: the engine's standings and round line after the round, shown until the
    // server's come.
    var preview = window.CompanionPreview && window.CompanionPreview.answerFor(form);
    var counted = preview && preview.ok && preview.standings ? preview : {};
    var item = {
      match: match,
      account: account,
      url: form.getAttribute("action"),
      preview: form.dataset.preview,
      number: Number(core.valueIn(pairs, "number")), // the server's round after the waiting ones
      fields: pairs,
      summary: summary(form),
      state: "waiting",
      reason: "",
      standings: counted.standings || "",
      head: counted.head || "",
    };
    saveItem(item).then(function () {
      items.push(item);
      notice = "";
      core.clearDraft();
      nextForm(form); // render() gives it the next number
      render();
      flush();
    }).catch(function () {
      core.say(form, strings.saveOffline);
    });
  }

  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  }

  // ``probe``: send even when the browser says it is offline. Firefox may never tell a page that
  // was reloaded offline that the connection is back (no "online" event, onLine stays false):
  // a return to the page and a timer, ever less often, try anyway while rounds wait.
  function flush(probe) {
    if (flushing || !items.length || items[0].state !== "waiting") return;
    if (!navigator.onLine && probe !== true) {
      retryLater();
      return;
    }
    flushing = true;
    render();
    var item = items[0];
    var body = new FormData();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    // No answer in 15 s counts as no connection, as for htmx's own requests.
    var abort = window.AbortController ? new window.AbortController() : null;
    var timer = abort ? window.setTimeout(function () { abort.abort(); }, 15000) : null;
    window.fetch(item.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      signal: abort ? abort.signal : undefined,
      headers: {
        "HX-Request": "true",
        "HX-Current-URL": window.location.href,
        "X-CSRFToken": csrfToken(),
        "Companion-Outbox-Account": item.account,
      },
    }).then(function (response) {
      window.clearTimeout(timer);
      var login = response.headers.get("HX-Redirect");
      if (login) {
        stop(strings.loginAgain, login);
        return null;
      }
      if (response.headers.get("Companion-Round") === "other-account") {
        // Sent in another account's session (a logout and a login elsewhere since the page
        // opened): refused, and kept here for the account that saved it.
        return response.text().then(function (sentence) {
          flushing = false;
          items = [];
          render(sentence);
        });
      }
      if (!response.ok) {
        var stale = response.status === 403 && response.headers.get("Companion-Error") === "csrf";
        stop(stale ? strings.stale : response.status >= 500 ? strings.saveServer : strings.refused);
        retryLater();
        return null;
      }
      var outcome = response.headers.get("Companion-Round") || "";
      return response.text().then(function (html) { return answered(item, outcome, html); });
    }).catch(function () {
      window.clearTimeout(timer);
      stop("");
      retryLater();
    });
  }

  function answered(item, outcome, html) {
    core.touch();
    if (outcome === "saved") {
      return deleteItem(item).then(function () {
        items.shift();
        retryDelay = RETRY_FIRST;
        swapScoreboard(html);
        flushing = false;
        flush();
      });
    }
    if (outcome === "conflict") {
      item.state = "conflict";
    } else {
      item.state = "refused";
      var template = document.createElement("template");
      template.innerHTML = html;
      var reason = template.content.querySelector("#entry-error, [role=status]");
      item.reason = reason ? reason.textContent.trim() : "";
    }
    // The standings kept with the waiting rounds counted them after rounds the server no longer
    // has as they were: from now on only the server's are shown.
    items.forEach(function (each) { each.standings = each.head = ""; });
    return Promise.all(items.map(saveItem)).then(function () {
      if (outcome === "conflict" || outcome === "over") swapScoreboard(html);
      flushing = false;
      render();
    });
  }

  function stop(message, link) {
    flushing = false;
    render(message, link);
  }

  function retryLater() {
    window.clearTimeout(retryTimer);
    retryTimer = window.setTimeout(function () { flush(true); }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, RETRY_MOST);
    count();
  }

  // A waiting round nobody counted (typed with no connection): once the server answers again
  // while the rounds cannot be sent yet, the engine counts them all (play/preview.py, the rounds
  // before the newest sent as waiting) and its standings and round line are shown meanwhile.
  function count() {
    var last = items[items.length - 1];
    if (!last || last.standings || !last.preview || !navigator.onLine || !core.waitingFields()) return;
    var body = new FormData();
    last.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.append("waiting", JSON.stringify(items.slice(0, -1).map(function (item) { return item.fields; })));
    window.fetch(last.preview, { method: "POST", body: body, credentials: "same-origin", headers: { "X-CSRFToken": csrfToken() } })
      .then(function (response) { return response.ok ? response.json() : {}; })
      .then(function (answer) {
        if (!answer.ok || !answer.standings || items[items.length - 1] !== last || last.state !== "waiting") return null;
        last.standings = answer.standings;
        last.head = answer.head || "";
        return saveItem(last).then(function () { render(); });
      })
      .catch(function () { /* not counted yet: said by the standings */ });
  }

  function swapScoreboard(html) {
    var target = document.getElementById("scoreboard");
    if (!target || !window.htmx) return;
    window.htmx.swap(target, html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 });
    core.freshKey();
    core.remember(html);
    core.restoreDraft(false);
    core.keepCopy(html);
    render();
  }

  // The person's choice after a conflict or a refusal; later rounds move with it.
  function renumber(from, shift) {
    items.slice(from).forEach(function (item) {
      item.number += shift;
      setValue(item.fields, "number", item.number);
    });
    return Promise.all(items.slice(from).map(saveItem));
  }
  function keepBoth(item) {
    var next = serverNext(document.getElementById("scoreboard"));
    item.state = "waiting";
    renumber(0, Math.max(1, next - item.number)).then(flush);
  }
  function drop(item) {
    var refused = item.state === "refused";
    deleteItem(item).then(function () {
      items.shift();
      // A refused round was never stored, so the ones after it move up; after a conflict the
      // other phone's round took this number, so they stay.
      return refused ? renumber(0, -1) : null;
    }).then(function () {
      render();
      flush();
    });
  }

  // --- what the page shows --------------------------------------------------------
  function element(tag, className, text, attributes) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    Object.keys(attributes || {}).forEach(function (name) { el.setAttribute(name, attributes[name]); });
    return el;
  }


  // With rounds waiting, the page describes the round after them as the server will once they
  // are stored, in the server's words: the round line the engine's preview answered for the newest
  // waiting round, else the one the scoreboard keeps for that many rounds waiting
  // (play/scoreboard.heads_ahead): its round and dealer (the line and the dealer's card), the
  // form's number and heading, or that the match would be over (no form then). Undo then takes
  // back the newest waiting round. Nothing here counts rounds or dealers.
  function headAfterWaiting(scoreboard) {
    var last = items[items.length - 1];
    var holder = document.createElement("template");
    if (last && last.head) holder.innerHTML = last.head;
    var kept = scoreboard.querySelector("template[data-heads-ahead]");
    var head = holder.content.querySelector(".round-line") || (kept && kept.content.children[items.length]);
    return head ? head.cloneNode(true) : null;
  }
  // The round the server stores next (the first head it keeps), as "Keep both" offers mine.
  function serverNext(scoreboard) {
    var kept = scoreboard.querySelector("template[data-heads-ahead]");
    return kept ? Number(kept.content.firstElementChild.dataset.number) : 0;
  }
  function followWaiting() {
    var scoreboard = document.getElementById("scoreboard");
    var line = scoreboard && scoreboard.querySelector(".round-line");
    var head = line && headAfterWaiting(scoreboard);
    if (!head) return; // a finished match: nothing waits to follow
    if (head.outerHTML !== line.outerHTML) line.replaceWith(head);
    var form = core.entryForm();
    var section = form && form.closest("section.entry");
    if (section) {
      // Past the match's last round (or more rounds waiting than the page can name) no round is
      // offered: the server says how the match ended once the waiting rounds are sent.
      form.hidden = !head.dataset.number;
      if (form.hidden) {
        section.appendChild(element("p", "alert alert-info", head.hasAttribute("data-over") ? strings.overWaiting : strings.sendFirst, { "data-outbox": "" }));
      }
      form.querySelector("[name=number]").value = head.dataset.number || "";
      var heading = document.getElementById("entry-heading");
      if (heading) heading.textContent = head.dataset.heading;
    }
    followDealer(scoreboard, head.dataset.dealer);
    followUndo(scoreboard, takesBack() ? items[items.length - 1].number : null);
  }
  // The dealer's card: the one the round line names (none past the match's end).
  function followDealer(scoreboard, dealer) {
    var badge = scoreboard.querySelector("[data-dealer-badge]");
    if (!badge) return;
    var total = dealer && scoreboard.querySelector(".standing-total[data-player=\"" + window.CSS.escape(dealer) + "\"]");
    var card = total && total.closest(".standing");
    badge.hidden = !card;
    badge.closest(".standing").classList.toggle("is-dealer", !!card);
    if (!card || badge.closest(".standing") === card) return;
    badge.closest(".standing").classList.remove("is-dealer");
    card.classList.add("is-dealer");
    card.querySelector(".standing-tags").appendChild(badge);
  }
  function followUndo(scoreboard, waiting) {
    var undo = scoreboard.querySelector("form[data-undo]");
    if (!undo) return;
    var number = waiting || Number(undo.dataset.undo) || 0;
    undo.hidden = !number;
    if (!number) return;
    var button = undo.querySelector("button[type=submit]");
    var text = "\u21b6 " + format(undo.dataset.words, { number: number });
    if (button.textContent !== text) button.textContent = text;
    undo.querySelector("[name=number]").value = String(number);
  }

  // --- the standings with the waiting rounds ----------------------------------------------
  // The rules are the engine's alone: a waiting round is counted when the engine answered for it
  // (the live preview of its very entry, js/match.js, or count() above; the rounds waiting before
  // it included: play/preview.py) with the standing cards after it. The page shows the cards of
  // the newest such round; a round typed with no answer (no connection all along) is named as not
  // in them yet. The cards are marked while rounds wait; with none waiting the server's are back.
  function counted() {
    for (var i = items.length - 1; i >= 0; i--) if (items[i].standings) return i + 1;
    return 0;
  }
  function followStandings(scoreboard) {
    var shown = scoreboard.querySelector("ol.standings");
    if (!shown) return;
    var upTo = counted();
    var server = shown.companionServer || shown; // the server's cards, while the phone's are shown
    if (!upTo) {
      if (server !== shown) shown.replaceWith(server);
      // Marked while rounds wait: they are not in these totals yet.
      server.toggleAttribute("data-provisional", items.length > 0);
    } else if (shown.dataset.provisional !== String(items[upTo - 1].id)) {
      var template = document.createElement("template");
      template.innerHTML = items[upTo - 1].standings;
      var cards = template.content.querySelector("ol.standings");
      if (!cards) return;
      cards.dataset.provisional = String(items[upTo - 1].id);
      cards.companionServer = server;
      window.CompanionTotals.lightUp(cards, window.CompanionTotals.of(shown));
      shown.replaceWith(cards);
      shown = cards;
    }
    var uncounted = items.slice(upTo).map(function (item) { return item.number; });
    var said = [];
    if (upTo) said.push(format(upTo === 1 ? strings.countedOne : strings.countedMany, { count: upTo }));
    if (uncounted.length) {
      said.push(format(uncounted.length === 1 ? strings.uncountedOne : strings.uncountedMany, { numbers: uncounted.join(", ") }));
    }
    if (!said.length) return;
    scoreboard.querySelector("ol.standings").after(element("p", "standings-provisional small mb-1", said.join(" "), { "data-outbox": "" }));
  }
  // Undo while rounds wait: the newest waiting round goes, on this phone only (it never reached
  // the server). The one being sent right now is no longer this phone's to take back.
  // Only a round still waiting: after a conflict or a refusal the person chooses in the panel,
  // and Undo is the server's again.
  function takesBack() {
    return items.length > 0 && items[items.length - 1].state === "waiting";
  }
  var notice = "";
  var noticeFor = null; // the scoreboard it was said on: a new one from the server says where the match is
  function takeBack(undo) {
    var item = items[items.length - 1];
    if (!takesBack() || (flushing && items.length === 1)) return; // being sent: the answer comes in a moment
    deleteItem(item).then(function () {
      items.splice(items.indexOf(item), 1);
      notice = format(undo.dataset.undone, { number: item.number });
      noticeFor = document.getElementById("scoreboard");
      render();
    }).catch(function () {
      core.say(undo, strings.refused);
    });
  }

  function render(message, link) {
    var scoreboard = document.getElementById("scoreboard");
    if (!scoreboard) return;
    if (scoreboard !== noticeFor) notice = "";
    scoreboard.querySelectorAll("[data-outbox-row], [data-outbox]").forEach(function (el) { el.remove(); });
    followStandings(scoreboard);
    followWaiting();
    renderBanner(scoreboard);
    if (!items.length && !message && !notice) return;

    var panel = element("section", "outbox card card-body mb-3", undefined, { "data-outbox": "", "aria-live": "polite" });
    var entry = scoreboard.querySelector("section.entry");
    if (entry) entry.after(panel); else scoreboard.appendChild(panel);
    if (notice) panel.appendChild(element("p", "mb-1", notice));
    if (!items.length && !message) return;
    var heading = format(strings.waitingCount, { count: items.length });
    panel.appendChild(element("p", "fw-semibold mb-1", flushing ? heading + " · " + strings.sending : heading));
    if (message && link) {
      var go = element("a", "text-danger d-block mb-1", message);
      go.href = link; // the login page, which brings the person back to this match
      panel.appendChild(go);
    } else if (message) {
      panel.appendChild(element("p", "text-danger mb-1", message));
    }
    var first = items[0];
    if (first && first.state === "conflict") {
      panel.appendChild(element("p", "mb-2", format(strings.conflict, { number: first.number })));
      panel.appendChild(element("p", "outbox-mine mb-2", first.number + ": " + first.summary));
      var next = serverNext(scoreboard);
      panel.appendChild(button(format(strings.keepBoth, { next: next }), "btn btn-primary me-2 mb-1", function () { keepBoth(first); }));
      panel.appendChild(button(strings.dropMine, "btn btn-outline-danger mb-1", function () { drop(first); }));
    } else if (first && first.state === "refused") {
      panel.appendChild(element("p", "mb-2", format(strings.refusedEntry, { number: first.number, reason: first.reason })));
      panel.appendChild(element("p", "outbox-mine mb-2", first.summary));
      panel.appendChild(button(strings.drop, "btn btn-outline-danger mb-1", function () { drop(first); }));
    }

    var table = scoreboard.querySelector(".rounds-table");
    if (!table) {
      table = element("table", "table table-sm rounds-table align-middle", undefined, { "data-outbox": "" });
      table.appendChild(element("tbody"));
      panel.after(table);
    }
    var columns = table.querySelector("thead tr") ? table.querySelector("thead tr").children.length : 2;
    var body = table.querySelector("tbody");
    items.forEach(function (item) {
      var row = element("tr", "outbox-row" + (item.state === "waiting" ? " table-warning" : " table-danger"), undefined, { "data-outbox-row": "" });
      row.appendChild(element("th", "", String(item.number), { scope: "row" }));
      var cell = element("td", "", item.summary + " ");
      cell.colSpan = Math.max(1, columns - 1);
      cell.appendChild(element("span", "badge text-bg-warning", strings.waiting));
      row.appendChild(cell);
      body.insertBefore(row, body.firstChild); // newest first, like the stored rounds
    });
  }

  function button(text, className, action) {
    var b = element("button", className, text);
    b.type = "button";
    b.addEventListener("click", action);
    return b;
  }

  function renderBanner(scoreboard) {
    var banner = scoreboard.querySelector("[data-offline-banner]");
    if (navigator.onLine) {
      if (banner) banner.remove();
      return;
    }
    if (!banner) {
      banner = element("p", "alert alert-warning offline-banner mt-2 mb-2", undefined, { role: "status", "data-offline-banner": "" });
      var head = scoreboard.querySelector(".scoreboard-head");
      if (head) head.after(banner); else scoreboard.prepend(banner);
    }
    var since = Number(window.localStorage.getItem(core.contact) || 0);
    var lang = document.documentElement.lang || undefined;
    // "Offline" once: since when, when known, in the same sentence.
    banner.textContent = since
      ? format(strings.offlineSince, {
        // The page language's 24-hour clock, as every other time on the pages ("en" meant "02:05 PM").
        time: new Date(since).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
      })
      : strings.offlineNow;
  }

  // --- on load: the rounds waiting for this match, then what the page shows -----------
  var ready = window.indexedDB ? loadItems().catch(function () {}) : Promise.resolve();
  core.start({
    waiting: function () { return items.length; },
    // What the live preview sends as the rounds before its entry (play/preview.py): the waiting
    // rounds' forms, while each still waits its turn (after a conflict or a refusal, none).
    waitingFields: function () {
      return items.every(function (item) { return item.state === "waiting"; })
        ? items.map(function (item) { return item.fields; })
        : null;
    },
    takesBack: takesBack,
    // A save waits for the stored rounds: its number comes after theirs.
    enqueue: function (form) { ready.then(function () { enqueue(form); }); },
    takeBack: function (undo) { ready.then(function () { takeBack(undo); }); },
    render: function () { ready.then(function () { render(); }); },
    flush: function (probe) { ready.then(function () { flush(probe); }); },
  });
  ready.then(function () {
    // After a reload the form still says the next stored round; waiting ones come first.
    render();
    flush();
  });
})();
