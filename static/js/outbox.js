// The match page without a connection, and the entry that must not get lost: the part that
// runs on every load. The rest (js/outbox-queue.js) is loaded only when it is needed.
//
// - Draft: what is typed in the entry form is kept per match (localStorage) until it is
//   saved, so a login in between (an expired session) or a reload brings it back.
// - The service worker's copy of this page is kept up to date with each new scoreboard.
// - Saving: offline, or with rounds already waiting, a save goes to the outbox instead of
//   the server. The outbox (js/outbox-queue.js: rounds kept in IndexedDB, shown as
//   "waiting to send", sent in order when the connection returns, conflicts and the
//   offline banner) is loaded when the page opens offline or goes offline, when a save
//   fails for the network, or when rounds of this match are already waiting; the service
//   worker keeps it for use offline. While no worker holds it (a first visit, or plain
//   http on a LAN, where there is none) it is loaded after the page, so an outage finds it
//   there. If it cannot be loaded, the save says "no connection" and what was typed stays.
(function () {
  "use strict";

  var board = document.getElementById("scoreboard");
  if (!board || !board.dataset.match) return;
  var match = board.dataset.match;
  var readStrings = window.CompanionNet.readStrings;
  var format = window.CompanionNet.format;
  var strings = Object.assign(readStrings("net-strings"), readStrings("outbox-strings"));
  var DRAFT = "companion:draft:" + match;
  var CONTACT = "companion:last-contact";
  // Kept per account, as the service worker keeps them (js/sw.js, companion/offline/account.py).
  var PAGES = "companion-pages-" + (document.body.dataset.account || "none");
  var queue = null; // js/outbox-queue.js, once it runs
  var loading = null;
  var waiting = false; // rounds of this match in IndexedDB when the page opened


  function entryForm() {
    return document.querySelector("#scoreboard form.entry-form");
  }

  function say(elt, text) {
    window.CompanionNet.say(elt, text);
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

  // --- the IndexedDB store: one record per waiting round (opened here, so that the count on
  // load and the outbox create it the same way) ---------------------------------------------
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
  function countWaiting() {
    return db().then(function (database) {
      return new Promise(function (resolve, reject) {
        var request = database.transaction("outbox", "readonly").objectStore("outbox").index("match").count(match);
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    });
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
    // Tap-to-fill buttons change values without input events. Save itself changes nothing (what it
    // sends was kept at each input), and the draft is written while the save is under way otherwise.
    var target = event.target;
    if (target.closest && !target.closest("[type=submit]") && target.closest("#scoreboard form.entry-form")) window.setTimeout(saveDraft, 0);
  });

  // Each new form gets a key made here, on this phone: the server may hand the same
  // rendered scoreboard to several phones (it is cached per match version).
  function freshKey() {
    var key = document.querySelector("#scoreboard form.entry-form [name=key]");
    if (key) key.value = uuid();
  }

  // The empty form of the last scoreboard, for the outbox's next round made offline.
  var pristine = "";
  function remember(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var form = template.content.querySelector("form.entry-form");
    if (form) pristine = form.outerHTML;
  }

  // --- the outbox, loaded when needed ----------------------------------------------
  function needQueue() {
    if (!loading) {
      loading = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = document.body.dataset.outboxQueue;
        script.onload = function () { if (queue) resolve(queue); else reject(); };
        script.onerror = function () {
          script.remove();
          loading = null; // the next need tries again
          reject();
        };
        document.head.appendChild(script);
      });
    }
    return loading;
  }
  function withQueue(then) {
    needQueue().then(then).catch(function () { /* not loaded: the page works without it */ });
  }

  // --- saving: now, or into the outbox (asked by the save controller, js/match.js) ----------
  // Whether the outbox takes this request instead of the server.
  function takes(elt) {
    if (!elt.matches) return false;
    // Offline, a round goes into the outbox; online, it still joins the rounds waiting
    // there rather than overtaking them.
    if (elt.matches("#scoreboard form.entry-form") && (!navigator.onLine || (queue ? queue.waiting() : waiting))) {
      needQueue().then(function (outbox) { outbox.enqueue(elt); }, function () { say(elt, strings.saveOffline); });
    } else if (elt.matches("#scoreboard form[data-undo]") && queue && queue.takesBack()) {
      // Undo while rounds wait takes back the newest of them, which the server has never seen.
      queue.takeBack(elt);
    } else if (!navigator.onLine && elt.hasAttribute("data-needs-connection")) {
      say(elt, strings.needsConnection);
    } else {
      return false;
    }
    return true;
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-needs-connection]");
    if (link && !navigator.onLine) {
      event.preventDefault();
      say(link.closest("table") || link, strings.needsConnection);
    }
  }, true);
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
    // Out-of-band parts replace their element ("true"), or only what is inside it ("innerHTML":
    // the chart's place, inside its figure). The new rows wait in a <template>, below.
    holder.querySelectorAll("[hx-swap-oob]").forEach(function (part) {
      var how = part.getAttribute("hx-swap-oob");
      var target = page.getElementById(part.id);
      part.removeAttribute("hx-swap-oob");
      if (!target) return;
      if (how === "innerHTML") target.innerHTML = part.innerHTML;
      else target.replaceWith(part);
    });
    var rows = holder.querySelector("template");
    var body = page.getElementById("rounds-body");
    var added = rows && rows.content.querySelector("tbody");
    if (added && body) {
      while (added.lastChild) body.insertBefore(added.lastChild, body.firstChild);
    }
    return true;
  }

  // --- the end of each request of the scoreboard (the save controller, js/match.js) ---------
  document.addEventListener("companion:saved", function (event) {
    var saved = event.detail;
    if (saved.outcome === "queued") return;
    if (!saved.ok) {
      // A save lost to the network: the next outage finds the outbox loaded.
      if (!saved.status && saved.elt.matches("form.entry-form")) withQueue(function () {});
      return;
    }
    touch();
    if (saved.outcome === "saved") clearDraft();
    var target = saved.target;
    if (!target || (target.id !== "scoreboard" && target.id !== "table-top")) return;
    if (saved.outcome !== "invalid") freshKey(); // a refused entry keeps its key for the retry
    // A conflict answers with a fresh form: what was typed comes back into it.
    if (saved.outcome === "conflict") restoreDraft(false);
    if (queue) queue.render();
    // After the frame that shows the new scoreboard: the copy is not worth a later paint.
    if (!saved.html) return;
    window.requestAnimationFrame(function () {
      window.setTimeout(function () {
        if (saved.outcome !== "invalid") remember(saved.html);
        keepCopy(saved.html);
      }, 0);
    });
  });

  function tryAgain(probe) {
    if (!queue) return;
    queue.render();
    queue.flush(probe);
  }
  window.addEventListener("online", function () {
    touch();
    tryAgain(false);
  });
  // Firefox may not say "online" to a page reloaded offline: coming back to the page tries too.
  window.addEventListener("pageshow", function () { tryAgain(true); });
  window.addEventListener("focus", function () { tryAgain(true); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") tryAgain(true);
  });
  window.addEventListener("offline", function () { withQueue(function (outbox) { outbox.render(); }); });

  // What js/outbox-queue.js uses of this part; it sets ``queue`` through ``start``.
  window.CompanionOutbox = {
    match: match,
    strings: strings,
    format: format,
    say: say,
    uuid: uuid,
    db: db,
    fieldsOf: fieldsOf,
    valueIn: valueIn,
    entryForm: entryForm,
    clearDraft: clearDraft,
    restoreDraft: restoreDraft,
    freshKey: freshKey,
    remember: remember,
    keepCopy: keepCopy,
    touch: touch,
    contact: CONTACT,
    pristine: function () { return pristine; },
    takes: takes,
    start: function (outbox) { queue = outbox; },
    // The forms of the rounds waiting to be sent, for the live preview (js/match.js); null when none can be counted.
    waitingFields: function () { return queue ? queue.waitingFields() : null; },
  };

  // --- on load ----------------------------------------------------------------------
  var form = entryForm();
  if (form) pristine = form.outerHTML; // before the game's script enhances it
  freshKey();
  restoreDraft(true);
  if (navigator.onLine) touch();
  if (!navigator.onLine) {
    withQueue(function () {});
  } else if (window.indexedDB) {
    countWaiting().then(function (count) {
      waiting = count > 0;
      if (waiting) withQueue(function () {});
    }).catch(function () { /* no store: nothing waits */ });
  }
  // No service worker holds the outbox for an outage yet (a first visit, or plain http on a
  // LAN, where there is none): load it once the page is there, so an outage finds it.
  if (!(navigator.serviceWorker && navigator.serviceWorker.controller)) {
    if (document.readyState === "complete") withQueue(function () {});
    else window.addEventListener("load", function () { withQueue(function () {}); });
  }
  // The service worker keeps a copy of each page it fetches; a match page opened before it was
  // there (the first page on this phone: a QR code, a bookmark) has none, and an outage would
  // find no scoreboard. Once the worker is ready, such a page fetches itself once and keeps it.
  function keepFirstCopy() {
    if (!window.caches || !navigator.serviceWorker || !window.isSecureContext) return;
    navigator.serviceWorker.ready.then(function () {
      // In turn with the copies that saves update (keepCopy): a save's update then applies to it.
      copying = copying.then(function () {
        return window.caches.open(PAGES).then(function (cache) {
          return cache.match(window.location.href).then(function (hit) {
            if (hit) return null;
            return window.fetch(window.location.href, { credentials: "same-origin" }).then(function (response) {
              var type = response.headers.get("Content-Type") || "";
              if (!response.ok || response.redirected || type.indexOf("text/html") !== 0) return null;
              return cache.put(window.location.href, response);
            });
          });
        }).catch(function () { /* no copy then, as before */ });
      });
    });
  }
  keepFirstCopy();
})();
