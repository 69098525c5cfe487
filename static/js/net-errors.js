// Every failed htmx request says so, in place: no connection, no answer in time, a refusal
// or a server error. Nothing is swapped in on a failure (never an error page, a login page
// or a traceback inside a fragment), so what was typed stays and the button works again.
// Also registers the service worker (js/sw.js through /sw.js) that keeps pages for offline.
(function () {
  "use strict";

  // The sentences a page carries for its scripts, translated by the server ({% script_strings %},
  // companion/offline/strings.py), and their %(name)s filled in: for the other scripts too.
  function readStrings(id) {
    var element = document.getElementById(id);
    try { return element ? JSON.parse(element.textContent) : {}; } catch (e) { return {}; }
  }
  function format(template, values) {
    return (template || "").replace(/%\((\w+)\)s/g, function (_, key) { return String(values[key]); });
  }
  var strings = readStrings("net-strings");

  function say(elt, text) {
    var region = regionFor(elt);
    if (!region) return;
    region.textContent = text;
    region.hidden = false;
    if (region.scrollIntoView) region.scrollIntoView({ block: "nearest" });
  }

  function clear(elt) {
    var region = regionFor(elt, true);
    if (region) region.hidden = true;
    // A made region whose element was swapped away (a poll that works again) goes too.
    var anchor = elt && elt.closest ? elt.closest("form") || elt : elt;
    document.querySelectorAll("[data-net-error-made]").forEach(function (made) {
      if (!made.netErrorFor || !made.netErrorFor.isConnected || made.netErrorFor === anchor) made.remove();
    });
  }

  // The sentence goes where the thumb is: the form's own error region ([data-net-error],
  // by its Save button), else one made at the end of the form, or just before an element
  // that is no form.
  function regionFor(elt, existingOnly) {
    if (!elt || !elt.isConnected) return null;
    var anchor = elt.closest("form") || elt;
    var region = anchor.querySelector("[data-net-error]");
    var before = anchor.previousElementSibling;
    if (!region && before && before.hasAttribute("data-net-error")) region = before;
    if (region || existingOnly) return region;
    region = document.createElement("div");
    region.className = "alert alert-danger net-error";
    region.setAttribute("role", "alert");
    region.setAttribute("data-net-error", "");
    region.setAttribute("data-net-error-made", "");
    region.netErrorFor = anchor;
    if (anchor.tagName === "FORM") {
      region.className += " mt-2 mb-0";
      anchor.appendChild(region);
    } else {
      anchor.parentNode.insertBefore(region, anchor);
    }
    return region;
  }

  function saving(detail) {
    var verb = (detail.requestConfig && detail.requestConfig.verb) || "get";
    return verb.toLowerCase() !== "get";
  }

  function sentence(detail, kind) {
    var save = saving(detail);
    if (kind === "offline") return save ? strings.saveOffline : strings.loadOffline;
    if (kind === "timeout") return save ? strings.saveTimeout : strings.loadOffline;
    var xhr = detail.xhr;
    var status = xhr ? xhr.status : 0;
    if (status === 403 && xhr.getResponseHeader("Companion-Error") === "csrf") return strings.stale;
    // A busy database says why in plain text (companion/lib/busy.py): nothing was saved, try again.
    if (status === 503 && /^text\/plain/.test(xhr.getResponseHeader("Content-Type") || "")) return xhr.responseText;
    if (status === 404) return strings.missing;
    if (status >= 400 && status < 500) return strings.refused;
    return save ? strings.saveServer : strings.loadServer;
  }

  // A whole page (<html>…) is never a fragment: a redirect the server should have turned
  // into HX-Redirect, or a proxy's own error page.
  function isWholePage(text) {
    return /^\s*(<!doctype|<html[\s>])/i.test(text || "");
  }

  // Polls of shared pages (data-live) handle their own failures (js/share.js).
  function fail(kind) {
    return function (event) {
      var elt = event.detail.elt;
      if (elt && elt.closest && elt.closest("[data-live]")) return;
      say(elt, sentence(event.detail, kind));
    };
  }
  document.addEventListener("htmx:sendError", fail("offline"));
  document.addEventListener("htmx:timeout", fail("timeout"));
  document.addEventListener("htmx:responseError", fail("server"));
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail;
    // A request that picks its part out of a whole page (hx-select) expects a whole page.
    var picks = detail.selectOverride || (detail.elt && detail.elt.closest && detail.elt.closest("[hx-select]"));
    var wholePage = !picks && detail.target !== document.body && isWholePage(detail.serverResponse);
    if (detail.isError || (detail.shouldSwap && wholePage)) {
      detail.shouldSwap = false;
      detail.isError = true; // htmx then fires htmx:responseError, which says so
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) clear(event.detail.elt);
  });

  // outbox.js says its sentences in the same places.
  window.CompanionNet = { say: say, clear: clear, readStrings: readStrings, format: format };

  // --- the service worker: pages and static files for offline use ---------------------
  // Only in a secure context (HTTPS or localhost); a phone on plain http over the LAN
  // still gets every message above, just no offline copies.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function (registration) {
        // Online, the worker checks its copies of the app's files (js/sw.js, "refill").
        if (navigator.onLine && registration.active) registration.active.postMessage("refill");
      }).catch(function () { /* works without */ });
    });
  }
  // Signed out: the copies of private pages go, whoever's they were (the outbox of unsent
  // rounds stays, kept per account: js/outbox.js).
  if (document.body.hasAttribute("data-signed-out") && window.caches) {
    window.caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("companion-pages") === 0;
      }).map(function (name) { return window.caches.delete(name); }));
    }).catch(function () {});
  }
})();
