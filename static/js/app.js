// Small progressive enhancements; every page works without this file.
(function () {
  "use strict";

  // Forms that destroy or rewrite something ask first (data-confirm="question").
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  // htmx asks the same question before requests from elements with hx-confirm;
  // nothing else to do here.

  // An htmx request that fails swaps nothing (htmx's default), so the form keeps what
  // was typed; the reason is said at the end of the form, by its button, where the
  // thumb is. A busy database answers 503 with the sentence as plain text
  // (companion/busy.py); other failures get the page's general sentence. Polls of
  // shared pages (data-live) handle their own.
  function failureBox(form) {
    var box = form.querySelector(".request-failure");
    if (box) return box;
    box = document.createElement("div");
    box.className = "alert alert-warning request-failure mt-2 mb-0";
    box.setAttribute("role", "alert");
    form.appendChild(box);
    return box;
  }

  function sayFailure(event, text) {
    var elt = event.detail && event.detail.elt;
    if (!elt || !elt.closest || elt.closest("[data-live]")) return;
    var form = elt.closest("form") || elt;
    var box = failureBox(form);
    box.textContent = text || document.body.getAttribute("data-request-failed") || "";
    if (box.scrollIntoView) box.scrollIntoView({ block: "nearest" });
  }

  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail && event.detail.xhr;
    var plain = xhr && /^text\/plain/.test(xhr.getResponseHeader("Content-Type") || "");
    sayFailure(event, xhr && xhr.status === 503 && plain ? xhr.responseText : "");
  });
  document.addEventListener("htmx:sendError", function (event) { sayFailure(event, ""); });
  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (!event.detail || !event.detail.successful || !elt || !elt.closest) return;
    var form = elt.closest("form");
    var box = form && form.querySelector(".request-failure");
    if (box) box.remove();
  });
})();
