// Share links: the copy button on the share page; on a shared page (and the signed-in night
// page), hear of every change at once (server-sent events) and notice a revoked link (js/app.js
// keeps the screen on). The pages work
// without this file (the address can be copied by hand, the shared page polls, and has a
// Refresh link without JavaScript).
(function () {
  "use strict";

  // --- copy the link -------------------------------------------------------------
  function copyByHand(input) {
    input.select();
    try {
      return document.execCommand("copy");
    } catch (error) {
      return false;
    }
  }

  document.querySelectorAll("[data-copy]").forEach(function (button) {
    var input = document.querySelector(button.getAttribute("data-copy"));
    var status = document.querySelector(".share-copied");
    if (!input) return;
    button.hidden = false;
    function tell(copied) {
      if (status) status.textContent = status.getAttribute(copied ? "data-copied" : "data-copy-failed");
    }
    button.addEventListener("click", function () {
      input.select();
      // The Clipboard API needs HTTPS (or localhost); on a plain-HTTP LAN the older way still works.
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(function () { tell(true); }, function () { tell(copyByHand(input)); });
      } else {
        tell(copyByHand(input));
      }
    });
  });

  // --- a shared page ---------------------------------------------------------------
  if (!document.querySelector("[data-live]")) return;

  // --- live: the page's event stream, the poll every few seconds as the fallback ---------
  // The server says each new version at once (companion/live); the page then asks for its
  // part "live" as the poll would. While the stream works the polls are left out; a page
  // whose connection cannot hold a stream open (a proxy that buffers it) keeps polling.
  var streaming = false;
  function liveElement() {
    return document.querySelector("[data-live]");
  }
  var first = liveElement();
  if (window.EventSource && first && first.hasAttribute("data-events")) {
    var source = new EventSource(first.getAttribute("data-events"));
    source.addEventListener("version", function (event) {
      streaming = true;
      var live = liveElement();
      if (live && event.data !== live.getAttribute("data-version")) htmx.trigger(live, "live-version");
    });
    // The link was revoked (or the night deleted): the page says so when loaded again.
    source.addEventListener("gone", function () {
      source.close();
      window.location.reload();
    });
    // Until the stream answers again (EventSource reconnects by itself), the poll takes over.
    source.addEventListener("error", function () {
      streaming = false;
    });
  }
  document.body.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail || {};
    var asked = detail.triggeringEvent && detail.triggeringEvent.type === "live-version";
    if (streaming && !asked && detail.elt && detail.elt.hasAttribute("data-live")) event.preventDefault();
  });

  // A live refresh redraws the part: what the person had opened (a table's QR code on the
  // organiser's screen) stays open rather than closing whenever another table saves.
  var opened = [];
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    if (!event.detail.elt.hasAttribute("data-live")) return;
    opened = Array.prototype.map.call(event.detail.elt.querySelectorAll("details[data-keep-open][open]"),
      function (details) { return details.getAttribute("data-keep-open"); });
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    opened.forEach(function (key) {
      var details = document.querySelector('details[data-keep-open="' + key + '"]');
      if (details) details.open = true;
    });
    opened = [];
  });

  // A stopped link answers 410 to the poll (a night page one may no longer see, 404): load the
  // page again, which then says "Sharing was stopped" (or "Not found").
  document.body.addEventListener("htmx:responseError", function (event) {
    var detail = event.detail || {};
    var status = detail.xhr && detail.xhr.status;
    if ((status === 404 || status === 410) && detail.elt && detail.elt.hasAttribute("data-live")) {
      window.location.reload();
    }
  });
})();
