// The match page without a connection, and the entry that must not get lost.
//
// - Draft: what is typed in the entry form is kept per match (localStorage) until it is
//   saved, so a login in between (an expired session) or a reload brings it back.
// - Outbox: a round saved while offline goes into IndexedDB (it survives a reload and a
//   closed tab), shows in the rounds table as "waiting to send", and is sent in order, with
//   its key, when the connection returns. The key makes a resend safe: a round the server
//   already has is answered as saved, never stored twice. If another phone saved that round
//   meanwhile, both are shown and the person chooses.
// - Offline: a banner says since when; undo and edit need a connection and say so; the
//   service worker's copy of this page is kept up to date with each new scoreboard.
(function () {
  "use strict";

  var board = document.getElementById("scoreboard");
  if (!board || !board.dataset.match) return;
  var match = board.dataset.match;
  var strings = Object.assign(readStrings("net-strings"), readStrings("outbox-strings"));
  var DRAFT = "companion:draft:" + match;
  var CONTACT = "companion:last-contact";
  var PAGES = "companion-pages";
  var items = []; // this match's outbox, oldest first
  var flushing = false;
  var retryTimer = null;
  var lastSwapOutcome = "";

  function readStrings(id) {
    var element = document.getElementById(id);
    try { return element ? JSON.parse(element.textContent) : {}; } catch (e) { return {}; }
  }

  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, key) { return String(values[key]); });
  }

  function entryForm() {
    return document.querySelector("#scoreboard form.entry-form");
  }

  function say(elt, text) {
    if (window.CompanionNet) window.CompanionNet.say(elt, text);
  }

  // crypto.randomUUID needs a secure context; a phone on http over the LAN has only getRandomValues.
  function uuid() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    var b = window.crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  // --- a tiny IndexedDB store: one record per waiting round -------------------------
  var dbPromise = null;
  function db() {
    if (!dbPromise) {
      dbPromise = new Promise(function (resolve, reject) {
        var open = window.indexedDB.open("companion", 1);
        open.onupgradeneeded = function () {
          open.result.createObjectStore("outbox", { keyPath: "id", autoIncrement: true }).createIndex("match", "match");
        };
        open.onsuccess = function () { resolve(open.result); };
        open.onerror = function () { reject(open.error); };
      });
    }
    return dbPromise;
  }
  function store(mode, work) {
    return db().then(function (database) {
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
      items = (all || []).sort(function (a, b) { return a.id - b.id; });
    });
  }
  function saveItem(item) {
    return store("readwrite", function (s) { return s.put(item); }).then(function (id) { item.id = id; return item; });
  }
  function deleteItem(item) {
    return store("readwrite", function (s) { return s.delete(item.id); });
  }

  // --- the entry form's fields, as pairs --------------------------------------------
  function fieldsOf(form) {
    var pairs = [];
    // Not the version the page showed ("seen"): a draft or a waiting round outlives it.
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && name !== "seen") pairs.push([name, String(value)]);
    });
    return pairs;
  }
  function valueIn(pairs, name) {
    for (var i = 0; i < pairs.length; i++) if (pairs[i][0] === name) return pairs[i][1];
    return "";
  }
  function setValue(pairs, name, value) {
    pairs.forEach(function (pair) { if (pair[0] === name) pair[1] = String(value); });
  }
  function fill(form, pairs, skip) {
    var byName = {};
    pairs.forEach(function (pair) { (byName[pair[0]] = byName[pair[0]] || []).push(pair[1]); });
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.name === "csrfmiddlewaretoken" || el.name === "seen" || skip.indexOf(el.name) >= 0) return;
      var values = byName[el.name] || [];
      if (el.type === "radio" || el.type === "checkbox") {
        el.checked = values.indexOf(el.value) >= 0;
      } else if (el.tagName === "SELECT") {
        Array.prototype.forEach.call(el.options, function (o) { o.selected = values.indexOf(o.value) >= 0; });
      } else if (el.type !== "submit" && el.type !== "button") {
        el.value = values.length ? values[0] : "";
      }
    });
  }

  // What a person recognises of an entry: each filled field's label and value.
  function summary(form) {
    var parts = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "hidden" || el.type === "submit" || el.type === "button") return;
      if ((el.type === "radio" || el.type === "checkbox") && !el.checked) return;
      var value = el.tagName === "SELECT" ? (el.selectedOptions[0] || { textContent: "" }).textContent : el.value;
      if (!String(value).trim()) return;
      var label = el.labels && el.labels[0] ? el.labels[0].textContent.trim() : el.getAttribute("aria-label") || "";
      if (el.type === "radio" || el.type === "checkbox") {
        var legend = el.closest("fieldset") && el.closest("fieldset").querySelector("legend");
        parts.push((legend ? legend.textContent.trim() + ": " : "") + label);
      } else {
        parts.push((label ? label + " " : "") + String(value).trim());
      }
    });
    return parts.join(" · ");
  }

  // --- the draft: typed values kept per match until saved ---------------------------
  function saveDraft() {
    var form = entryForm();
    if (!form) return;
    var pairs = fieldsOf(form);
    try {
      window.localStorage.setItem(DRAFT, JSON.stringify({ number: valueIn(pairs, "number"), fields: pairs }));
    } catch (e) { /* storage full or off: the form itself still holds the values */ }
  }
  function readDraft() {
    try { return JSON.parse(window.localStorage.getItem(DRAFT) || "null"); } catch (e) { return null; }
  }
  function clearDraft() {
    try { window.localStorage.removeItem(DRAFT); } catch (e) { /* nothing kept */ }
  }
  // On load: the same round's draft comes back whole (with its key, so a save that did reach
  // the server is recognised). After a swap that dropped the typed values: the values only.
  function restoreDraft(sameRound) {
    var form = entryForm();
    var draft = readDraft();
    if (!form || !draft) return;
    var number = form.querySelector("[name=number]");
    if (sameRound) {
      if (!number || number.value !== draft.number) return;
      fill(form, draft.fields, []);
    } else {
      fill(form, draft.fields, ["number", "key"]);
    }
  }
  document.addEventListener("input", function (event) {
    if (event.target.closest && event.target.closest("#scoreboard form.entry-form")) saveDraft();
  });
  document.addEventListener("change", function (event) {
    if (event.target.closest && event.target.closest("#scoreboard form.entry-form")) saveDraft();
  });
  document.addEventListener("click", function (event) {
    // Tap-to-fill buttons change values without input events.
    if (event.target.closest && event.target.closest("#scoreboard form.entry-form")) window.setTimeout(saveDraft, 0);
  });

  // Each new form gets a key made here, on this phone: the server may hand the same
  // rendered scoreboard to several phones (it is cached per match version).
  function freshKey() {
    var key = document.querySelector("#scoreboard form.entry-form [name=key]");
    if (key) key.value = uuid();
  }

  // --- a fresh form for the next round, made offline -------------------------------
  var pristine = "";
  function remember(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var form = template.content.querySelector("form.entry-form");
    if (form) pristine = form.outerHTML;
  }
  function nextForm(form) {
    if (!pristine) return;
    var template = document.createElement("template");
    template.innerHTML = pristine;
    var fresh = template.content.firstElementChild;
    var key = fresh.querySelector("[name=key]");
    if (key) key.value = uuid();
    form.replaceWith(fresh);
    if (window.htmx) {
      window.htmx.process(fresh);
      // match.js enhances what htmx loads (the game's taps, the focus for the next round).
      window.htmx.trigger(fresh.parentNode, "htmx:load");
    }
  }

  // --- saving: now, or into the outbox ----------------------------------------------
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (!elt.matches) return;
    // Offline, a round goes into the outbox; online, it still joins the rounds waiting
    // there rather than overtaking them.
    if (elt.matches("#scoreboard form.entry-form") && (!navigator.onLine || items.length)) {
      event.preventDefault();
      enqueue(elt);
    } else if (!navigator.onLine && elt.hasAttribute("data-needs-connection")) {
      event.preventDefault();
      say(elt, strings.needsConnection);
    }
  });
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-needs-connection]");
    if (link && !navigator.onLine) {
      event.preventDefault();
      say(link.closest("table") || link, strings.needsConnection);
    }
  }, true);

  function enqueue(form) {
    var pairs = fieldsOf(form);
    var last = items.length ? items[items.length - 1].number : 0;
    var number = Math.max(Number(valueIn(pairs, "number")) || 1, last + 1);
    setValue(pairs, "number", number);
    if (!valueIn(pairs, "key")) pairs.push(["key", uuid()]);
    var item = {
      match: match,
      url: form.getAttribute("action"),
      number: number,
      fields: pairs,
      summary: summary(form),
      state: "waiting",
      reason: "",
    };
    saveItem(item).then(function () {
      items.push(item);
      clearDraft();
      nextForm(form); // render() gives it the next number
      render();
      flush();
    }).catch(function () {
      say(form, strings.saveOffline);
    });
  }

  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  }

  function flush() {
    if (flushing || !navigator.onLine || !items.length || items[0].state !== "waiting") return;
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
      headers: { "HX-Request": "true", "HX-Current-URL": window.location.href, "X-CSRFToken": csrfToken() },
    }).then(function (response) {
      window.clearTimeout(timer);
      var login = response.headers.get("HX-Redirect");
      if (login) {
        stop(strings.loginAgain, login);
        return null;
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
    touch();
    if (outcome === "saved") {
      return deleteItem(item).then(function () {
        items.shift();
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
    return saveItem(item).then(function () {
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
    retryTimer = window.setTimeout(flush, 10000);
  }

  function swapScoreboard(html) {
    var target = document.getElementById("scoreboard");
    if (!target || !window.htmx) return;
    lastSwapOutcome = "outbox";
    window.htmx.swap(target, html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 });
    freshKey();
    remember(html);
    restoreDraft(false);
    keepCopy(html);
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
    var next = Number((document.querySelector("#scoreboard form.entry-form [name=number]") || { value: item.number + 1 }).value);
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
  function element(tag, className, text) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  // With rounds waiting, the form is for the round after them, and its heading says so.
  function followWaiting() {
    var form = entryForm();
    var field = form && form.querySelector("[name=number]");
    if (!field || !items.length) return;
    var next = items[items.length - 1].number + 1;
    var heading = document.getElementById("entry-heading");
    var shown = heading && heading.dataset.shown ? Number(heading.dataset.shown) : Number(field.value);
    if (Number(field.value) < next) field.value = String(next);
    if (heading && shown < next) {
      heading.textContent = heading.textContent.replace(new RegExp("\\b" + shown + "\\b"), String(next));
      heading.dataset.shown = String(next);
    }
  }

  function render(message, link) {
    var scoreboard = document.getElementById("scoreboard");
    if (!scoreboard) return;
    followWaiting();
    scoreboard.querySelectorAll("[data-outbox-row], [data-outbox]").forEach(function (el) { el.remove(); });
    renderBanner(scoreboard);
    if (!items.length && !message) return;

    var panel = element("section", "outbox card card-body mb-3");
    panel.setAttribute("data-outbox", "");
    panel.setAttribute("aria-live", "polite");
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
      var next = Number((scoreboard.querySelector("form.entry-form [name=number]") || { value: first.number + 1 }).value);
      panel.appendChild(button(format(strings.keepBoth, { next: next }), "btn btn-primary me-2 mb-1", function () { keepBoth(first); }));
      panel.appendChild(button(strings.dropMine, "btn btn-outline-danger mb-1", function () { drop(first); }));
    } else if (first && first.state === "refused") {
      panel.appendChild(element("p", "mb-2", format(strings.refusedEntry, { number: first.number, reason: first.reason })));
      panel.appendChild(element("p", "outbox-mine mb-2", first.summary));
      panel.appendChild(button(strings.drop, "btn btn-outline-danger mb-1", function () { drop(first); }));
    }
    var entry = scoreboard.querySelector("section.entry");
    if (entry) entry.after(panel); else scoreboard.appendChild(panel);

    var table = scoreboard.querySelector(".rounds-table");
    if (!table) {
      table = element("table", "table table-sm rounds-table align-middle");
      table.setAttribute("data-outbox", "");
      table.appendChild(element("tbody"));
      panel.after(table);
    }
    var columns = table.querySelector("thead tr") ? table.querySelector("thead tr").children.length : 2;
    var body = table.querySelector("tbody");
    items.forEach(function (item) {
      var row = element("tr", "outbox-row" + (item.state === "waiting" ? " table-warning" : " table-danger"));
      row.setAttribute("data-outbox-row", "");
      var head = element("th", "", String(item.number));
      head.setAttribute("scope", "row");
      row.appendChild(head);
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
      banner = element("p", "alert alert-warning offline-banner mt-2 mb-2");
      banner.setAttribute("role", "status");
      banner.setAttribute("data-offline-banner", "");
      var head = scoreboard.querySelector(".scoreboard-head");
      if (head) head.after(banner); else scoreboard.prepend(banner);
    }
    var since = Number(window.localStorage.getItem(CONTACT) || 0);
    var lang = document.documentElement.lang || undefined;
    banner.textContent = since
      ? format(strings.offlineSince, {
        time: new Date(since).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" }),
      }) + " " + strings.offlineNow
      : strings.offlineNow;
  }

  // The time of the last answer from the server: what "offline since" means.
  function touch() {
    try { window.localStorage.setItem(CONTACT, String(Date.now())); } catch (e) { /* not kept */ }
  }

  // The service worker keeps a copy of this page; put the newest scoreboard into it so the
  // copy opened offline shows the last known standings, not those of when it was loaded.
  var copying = Promise.resolve(); // one copy at a time: each applies to the one before
  function keepCopy(html) {
    if (!window.caches) return;
    copying = copying.then(function () { return copyInto(html); });
  }
  function copyInto(html) {
    return window.caches.open(PAGES).then(function (cache) {
      return cache.match(window.location.href).then(function (hit) {
        if (!hit) return null;
        return hit.text().then(function (text) {
          var page = new DOMParser().parseFromString(text, "text/html");
          var holder = page.createElement("div");
          holder.innerHTML = html;
          if (!applyAnswer(page, holder)) return null;
          var headers = new Headers(hit.headers);
          headers.delete("Content-Length");
          headers.delete("Content-Encoding");
          return cache.put(window.location.href, new Response("<!doctype html>\n" + page.documentElement.outerHTML, {
            status: 200,
            headers: headers,
          }));
        });
      });
    }).catch(function () { /* no copy then: the page itself is fine */ });
  }

  // Put an answer into the copy as htmx put it into the page. A whole scoreboard replaces
  // the copy's. An update (a save's answer when the rest of the page was still right: the
  // top of the scoreboard, out-of-band parts, the new rows) applies only to a copy of the
  // version it was made for; any other copy is left as it is.
  function applyAnswer(page, holder) {
    var old = page.getElementById("scoreboard");
    var whole = holder.querySelector("#scoreboard");
    if (!old) return false;
    if (whole) {
      old.replaceWith(whole);
      return true;
    }
    var top = holder.querySelector("#table-top[data-after]");
    var seen = old.querySelector("form.entry-form [name=seen]");
    var oldTop = page.getElementById("table-top");
    if (!top || !oldTop || !seen || seen.value !== top.dataset.after) return false;
    oldTop.replaceWith(top);
    holder.querySelectorAll("[hx-swap-oob=true]").forEach(function (part) {
      var target = page.getElementById(part.id);
      part.removeAttribute("hx-swap-oob");
      if (target) target.replaceWith(part);
    });
    var rows = holder.querySelector("template");
    var body = page.getElementById("rounds-body");
    var added = rows && rows.content.querySelector("tbody");
    if (added && body) {
      while (added.lastChild) body.insertBefore(added.lastChild, body.firstChild);
    }
    return true;
  }

  // After the frame that shows the new scoreboard: the copy is not worth a later paint.
  function afterPaint(work) {
    window.requestAnimationFrame(function () { window.setTimeout(work, 0); });
  }

  // --- htmx's own requests on this page -------------------------------------------
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    lastSwapOutcome = (xhr && xhr.getResponseHeader("Companion-Round")) || "";
    if (lastSwapOutcome === "saved") clearDraft();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    if (!detail.successful || !detail.xhr) return;
    touch();
    var target = detail.target;
    if (target && (target.id === "scoreboard" || target.id === "table-top") && detail.xhr.responseText) {
      var html = detail.xhr.responseText;
      var outcome = lastSwapOutcome;
      afterPaint(function () {
        if (outcome !== "invalid") remember(html);
        keepCopy(html);
      });
    }
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail.target;
    if (!target || (target.id !== "scoreboard" && target.id !== "table-top")) return;
    if (lastSwapOutcome !== "invalid") freshKey(); // a refused entry keeps its key for the retry
    // A conflict answers with a fresh form: what was typed comes back into it.
    if (lastSwapOutcome === "conflict") restoreDraft(false);
    render();
  });

  window.addEventListener("online", function () {
    touch();
    render();
    flush();
  });
  window.addEventListener("offline", function () { render(); });

  // --- on load ----------------------------------------------------------------------
  var form = entryForm();
  if (form) pristine = form.outerHTML; // before the game's script enhances it
  freshKey();
  restoreDraft(true);
  if (navigator.onLine) touch();
  if (window.indexedDB) {
    loadItems().then(function () {
      // After a reload the form still says the next stored round; waiting ones come first.
      render();
      flush();
    }).catch(function () { render(); });
  } else {
    render();
  }
})();
