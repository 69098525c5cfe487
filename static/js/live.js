// Every open match page follows the match. The server names each new version of the match on a
// stream of events (#scoreboard data-events, companion/live): a save, undo, edit, restore, end or
// resume on any phone. The page then fetches its scoreboard as it is now (data-scoreboard-url) and puts it in,
// within a moment of the change, and says in the entry form what happened on the other phone.
//
// Someone who is typing keeps what they typed: only the standings, the rounds and the actions are
// put in, the entry stays as it is, and if its round was taken (another phone saved it) or moved
// (a round was undone), Save gives way to the choice "Save mine as round N" / "Drop mine", the same
// the server offers when a Save was overtaken (play/views.round_add). Nothing moves to another round
// without that choice.
//
// Without JavaScript, or without EventSource, nothing of this runs: the page is as the server sent
// it, with its Refresh link.
(function () {
  "use strict";

  var board = document.getElementById("scoreboard");
  if (!board || !board.dataset.events || !board.dataset.scoreboardUrl || !window.EventSource || !window.htmx) return;
  var eventsUrl = board.dataset.events;
  var scoreboardUrl = board.dataset.scoreboardUrl;
  var format = window.CompanionNet.format;
  var strings = window.CompanionNet.readStrings("live-strings");
  var RETRY_MS = 3000;

  var newest = ""; // the newest version the stream named
  var fetching = false;
  var source = null;

  // The version of the match the page shows (play/detail.html#table-top, in every answer that puts it in).
  function shown() {
    var top = document.getElementById("table-top");
    return top ? top.dataset.version || "" : "";
  }

  function entryForm(root) {
    return (root || document).querySelector("#scoreboard form.entry-form, form.entry-form");
  }

  function numberOf(form) {
    var field = form && form.querySelector("[name=number]");
    return field ? Number(field.value) || 0 : 0;
  }

  // What the form would send, less what the page sets by itself (the key, the version it shows).
  function entryOf(text) {
    var data = new URLSearchParams(text);
    ["csrfmiddlewaretoken", "key", "seen"].forEach(function (name) { data.delete(name); });
    return data.toString();
  }
  // Typed into since it was shown (js/match.js keeps the form as it came: data-pristine).
  function typed(form) {
    if (!form || form.dataset.pristine === undefined) return false;
    return entryOf(new URLSearchParams(new FormData(form)).toString()) !== entryOf(form.dataset.pristine);
  }

  function announce(text) {
    var announcer = document.getElementById("table-announcer");
    if (!announcer || !text) return;
    announcer.textContent = "";
    window.setTimeout(function () { announcer.textContent = text; }, 50);
  }

  // What happened on the other phone, told by the round the entry was for (0: none) and the next
  // round now (0: the match is over or ended).
  function whatHappened(before, after, last) {
    if (before && after > before) return format(strings.savedThere, { number: after - 1 });
    if (before && after && after < before) return format(strings.undoneThere, { number: after });
    if (before && !after && last >= before) return format(strings.savedThere, { number: last });
    return strings.changedThere || "";
  }

  function swap(target, html) {
    window.htmx.swap(target, html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 });
  }

  // --- putting the match as it is now into the page ----------------------------------------
  function apply(html) {
    var holder = document.createElement("template");
    holder.innerHTML = html;
    var fresh = holder.content.querySelector("#scoreboard");
    var freshTop = fresh && fresh.querySelector("#table-top");
    var current = document.getElementById("scoreboard");
    if (!freshTop || !current || freshTop.dataset.version === shown()) return;
    var form = entryForm(current);
    var freshForm = fresh.querySelector("form.entry-form");
    var before = numberOf(form);
    var after = numberOf(freshForm);
    var undo = fresh.querySelector("[data-undo]");
    var last = undo ? Number(undo.dataset.undo) || 0 : 0;
    var totals = window.CompanionTotals.of(current);
    var scrollY = window.scrollY;

    // This phone's own save, whose answer was lost (the network): stored, so not kept as typed.
    // When the page has said "Not saved" (js/net-errors.js), it now says the round was saved; a
    // save still waiting for its answer says nothing, as its answer puts in the same.
    var key = form && form.querySelector("[name=key]");
    var ours = !!(key && key.value && key.value === freshTop.dataset.lastKey);
    var toldNotSaved = !!(form && form.querySelector("[data-net-error]:not([hidden])"));
    if (form && freshForm && typed(form) && !ours) {
      keepEntry(current, fresh, form, before, after);
    } else {
      var sentence = "";
      if (!ours) sentence = whatHappened(before, after, last);
      else if (toldNotSaved) sentence = format(strings.savedAfterAll, { number: last || before });
      var note = fresh.querySelector("[data-live-note]");
      if (note) note.textContent = sentence; // seen, and heard through the announcer below
      swap(current, fresh.outerHTML);
      var outbox = window.CompanionOutbox;
      if (outbox) {
        if (ours) outbox.clearDraft();
        outbox.freshKey(); // each phone's own key for its next save
        outbox.restoreDraft(true); // a draft kept for the round the form is for now
        outbox.remember(html);
        outbox.keepCopy(html);
      }
      announce(sentence);
    }
    window.CompanionTotals.lightUp(document.getElementById("scoreboard"), totals);
    window.requestAnimationFrame(function () {
      if (window.scrollY !== scrollY) window.scrollTo({ top: scrollY, left: 0, behavior: "instant" });
    });
  }

  // The person is typing: the standings, the rounds and the actions are put in around the entry,
  // which stays as it is, said to be overtaken when its round was taken or moved.
  function keepEntry(current, fresh, form, before, after) {
    var top = document.getElementById("table-top");
    var standings = current.querySelector("section.table-standings");
    var freshStandings = fresh.querySelector("section.table-standings");
    if (standings && freshStandings) swap(standings, freshStandings.outerHTML);
    var more = current.querySelector("#match-more");
    var freshMore = fresh.querySelector("#match-more");
    if (more && freshMore) swap(more, freshMore.outerHTML);
    var freshTop = fresh.querySelector("#table-top");
    top.dataset.version = freshTop.dataset.version;
    // The page shows this version now: a save's answer can be an update of it (play/views.round_add).
    var seen = form.querySelector("[name=seen]");
    if (seen) seen.value = freshTop.dataset.version;
    overtaken(form, before, after);
  }

  // Said by Save: the entry's round was taken or moved (the choice takes Save's place), or it is
  // still the next round (an edit, a rename, a round taken back on the other phone): Save again.
  function overtaken(form, before, after) {
    var note = form.querySelector("[data-live-note]");
    var choice = form.querySelector("[data-live-choice]");
    var save = form.querySelector(".save-round");
    var mine = choice && choice.querySelector("[name=as_next]");
    if (!note || !choice || !save || !mine) return;
    choice.hidden = before === after;
    save.hidden = before !== after;
    if (before === after) {
      note.textContent = strings.changedThere || "";
      return;
    }
    var values = { number: before, next: after };
    note.textContent = format(after > before ? strings.savedKept : strings.movedKept, values);
    mine.value = String(after);
    mine.textContent = format(strings.saveAsNext, values);
  }

  // "Save mine as round N": the entry is round N now, also for the offline outbox, which sends the
  // form's fields as they are (js/outbox-queue.js).
  document.addEventListener("click", function (event) {
    var mine = event.target.closest && event.target.closest("#scoreboard [data-live-choice] [name=as_next]");
    var form = mine && mine.form;
    var number = form && form.querySelector("[name=number]");
    if (number && mine.value) number.value = mine.value;
  }, true);


  // --- when to fetch -------------------------------------------------------------------------
  // Not while the page's own requests on the scoreboard are under way (their answers may replace
  // what a fetch brings): the save controller (js/match.js) counts them and says when each ends.
  // A version is a random token, not a number, so a fetched answer can't tell whether it is older
  // than the page: one asked for before the page's own request began may be (an undo's answer
  // already put in, then this one putting the round back); its count of requests sent tells.
  var save = window.CompanionSave;
  document.addEventListener("companion:saved", function (event) {
    // "Drop mine" shows the match as it is now: what was typed is not kept as a draft either.
    var elt = event.detail.elt;
    if (event.detail.ok && elt.id === "drop-entry" && window.CompanionOutbox) window.CompanionOutbox.clearDraft();
    // After htmx has put the answer in: it may be the version the stream named, or an older one.
    window.setTimeout(check, 0);
  });

  // Rounds waiting in the offline outbox: its own answers bring the match, and its rows stay.
  function outboxBusy() {
    return !!document.querySelector("#scoreboard [data-outbox-row], #scoreboard .outbox-row");
  }

  // ``asking``: without a stream (the server refused it), fetch even though no new version was named.
  function check(asking) {
    if (!asking && (!newest || newest === shown())) return;
    if (fetching || save.pending() > 0 || outboxBusy()) return;
    fetching = true;
    var asked = save.sent;
    window.fetch(scoreboardUrl, { credentials: "same-origin", headers: { "HX-Request": "true" } })
      .then(function (response) {
        if (response.status === 404 || response.status === 403 || response.redirected) return gone();
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text().then(function (html) {
          fetching = false;
          // A request of this page began meanwhile (none was pending when this was asked): its
          // answer is newer, or comes, and then this is asked again.
          if (asked === save.sent) apply(html);
          check();
        });
      })
      .catch(function () {
        fetching = false;
        window.setTimeout(check, RETRY_MS); // the stream names nothing new until the match changes again
      });
  }

  // --- the stream -------------------------------------------------------------------------------
  function gone() {
    // This person no longer has the match (removed from the night, logged out): the page says so.
    if (source) source.close();
    source = null;
    window.location.reload();
  }

  function live(on) {
    document.documentElement.classList.toggle("is-live", on);
    document.documentElement.classList.toggle("live-lost", !on);
  }

  function listen() {
    if (source) return;
    var url = eventsUrl + (eventsUrl.indexOf("?") === -1 ? "?" : "&") + "v=" + encodeURIComponent(shown());
    source = new window.EventSource(url);
    source.addEventListener("open", function () { live(true); });
    source.addEventListener("version", function (event) {
      newest = String(event.data || "").trim();
      check();
    });
    source.addEventListener("gone", gone);
    source.addEventListener("error", function () {
      live(false);
      // The browser tries again by itself unless the server refused the stream (429: it holds as
      // many streams from this place as it may; 503: busy). Then the page asks for the scoreboard
      // itself every few seconds (a little apart from the other phones), until a stream is taken.
      if (source && source.readyState === window.EventSource.CLOSED) {
        source = null;
        window.setTimeout(function () {
          check(true);
          listen();
        }, RETRY_MS + Math.random() * RETRY_MS);
      }
    });
  }

  window.addEventListener("online", function () {
    if (!source) listen();
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") {
      if (!source) listen();
      check();
    }
  });
  listen();
})();
