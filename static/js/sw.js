// The service worker (loaded by /sw.js, which sets self.COMPANION_SW: the shell's file names).
// Static files come from the cache (a new deployment is a new worker with new names).
// Pages come from the network and a copy is kept, so a scoreboard opened without a
// connection shows its last known standings; a page never opened shows /offline/.
// POSTs are never touched: saving is the page's business (js/outbox.js).
//
// A phone may be shared, so the copies are kept per account (companion/offline/account.py):
// every page names its account in the Companion-Account header ("none": nobody logged in).
// A page of another account than the copies' drops them all first: a login, a logout, a
// sign-up through an invite, an expired session. Offline, the copies are shown only while
// the companion_account cookie (gone with the session, or with cleared cookies) still names
// their account. Pages marked "Companion-Offline: never" (a live invite link, the account's
// settings) and no-store pages of nobody are never kept.
/* global self, caches, fetch */
(function () {
  "use strict";

  var config = self.COMPANION_SW;
  var SHELL = "companion-shell-" + config.version;
  var PAGES = "companion-pages"; // + "-" + the account; also named in net-errors.js and outbox.js
  var OWNER = "companion-account"; // one entry: the account the kept pages belong to
  var OWNER_KEY = "/sw/account";
  var NOBODY = "none";
  var MATCH_PAGE = /^\/matches\/\d+\/$/;

  self.addEventListener("install", function (event) {
    event.waitUntil(
      caches.open(SHELL)
        .then(function (cache) { return cache.addAll(config.shell); })
        .then(function () { return self.skipWaiting(); })
    );
  });

  self.addEventListener("activate", function (event) {
    event.waitUntil(
      caches.keys()
        .then(function (names) {
          return Promise.all(names.filter(function (name) {
            return name.indexOf("companion-shell-") === 0 && name !== SHELL;
          }).map(function (name) { return caches.delete(name); }));
        })
        .then(function () { return self.clients.claim(); })
    );
  });

  // WebKit was seen with the caches emptied, and an offline reload then had no styles or scripts:
  // each page opened online asks the worker (js/net-errors.js) to put back what is missing.
  self.addEventListener("message", function (event) {
    if (event.data !== "refill") return;
    event.waitUntil(caches.open(SHELL).then(function (cache) {
      return Promise.all(config.shell.map(function (url) {
        return cache.match(url).then(function (hit) { return hit || cache.add(url); });
      }));
    }).catch(function () { /* the next page asks again */ }));
  });

  self.addEventListener("fetch", function (event) {
    var request = event.request;
    if (request.method !== "GET") return;
    var url = new URL(request.url);
    if (url.origin !== self.location.origin) return;
    if (request.mode === "navigate") {
      event.respondWith(page(request, url));
    } else if (url.pathname.indexOf(config.static) === 0) {
      event.respondWith(staticFile(request));
    }
  });

  // --- whose copies these are ------------------------------------------------------------
  function owner() {
    return caches.open(OWNER).then(function (cache) { return cache.match(OWNER_KEY); })
      .then(function (hit) { return hit ? hit.text() : ""; });
  }
  function forgetPages() {
    return caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf(PAGES) === 0;
      }).map(function (name) { return caches.delete(name); }));
    });
  }
  var switching = Promise.resolve(); // one change of owner at a time
  function ownedBy(account) {
    switching = switching.then(function () {
      return owner().then(function (current) {
        if (current === account) return null;
        return forgetPages().then(function () {
          return caches.open(OWNER).then(function (cache) { return cache.put(OWNER_KEY, new Response(account)); });
        });
      });
    }).catch(function () { /* no copies then */ });
    return switching;
  }
  // The account the browser's cookies name now: "" when the worker cannot tell.
  function cookieAccount() {
    if (!self.cookieStore) return Promise.resolve("");
    return self.cookieStore.get("companion_account").then(function (cookie) {
      return cookie ? cookie.value : NOBODY;
    }).catch(function () { return ""; });
  }

  function page(request, url) {
    return fetch(request).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      var account = response.headers.get("Companion-Account");
      if (account) {
        var kept = ownedBy(account);
        var cacheControl = response.headers.get("Cache-Control") || "";
        var never = response.headers.get("Companion-Offline") === "never" ||
          (account === NOBODY && cacheControl.indexOf("no-store") >= 0);
        if (response.ok && type.indexOf("text/html") === 0 && !never) {
          var copy = response.clone();
          kept.then(function () { return keep(copy, new URL(response.url || request.url), account); });
        }
      }
      return response;
    }).catch(function () {
      return Promise.all([owner(), cookieAccount()]).then(function (who) {
        // A page's own first copy (js/outbox.js) may be all there is: no page came through the
        // worker yet to name its owner, and the session's cookie names the account then.
        var account = who[0] || (who[1] !== NOBODY ? who[1] : "");
        // Offline, the copies are shown only to the session they were kept for.
        if (!account || (who[1] && who[1] !== account)) {
          if (who[1]) forgetPages();
          return caches.match(config.offline);
        }
        return caches.open(PAGES + "-" + account).then(function (cache) {
          // The installed app starts at /play/ (the running match): offline, the last scoreboard.
          var key = url.pathname === config.start ? config.start : url.href;
          return cache.match(key).then(function (hit) {
            return hit || caches.match(config.offline);
          });
        });
      });
    });
  }

  function keep(response, url, account) {
    return caches.open(PAGES + "-" + account).then(function (cache) {
      var puts = [cache.put(url.href, response.clone())];
      if (MATCH_PAGE.test(url.pathname)) puts.push(cache.put(config.start, response));
      return Promise.all(puts);
    });
  }

  function staticFile(request) {
    return caches.match(request).then(function (hit) {
      var fresh = fetch(request).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(SHELL).then(function (cache) { cache.put(request, copy); });
        }
        return response;
      });
      if (hit) {
        fresh.catch(function () { /* offline: the cached copy was answered */ });
        return hit;
      }
      return fresh;
    });
  }
})();
