// The service worker (loaded by /sw.js, which sets self.COMPANION_SW: the shell's file names).
// Static files come from the cache (a new deployment is a new worker with new names).
// Pages come from the network and a copy is kept, so a scoreboard opened without a
// connection shows its last known standings; a page never opened shows /offline/.
// POSTs are never touched: saving is the page's business (js/outbox.js).
/* global self, caches, fetch */
(function () {
  "use strict";

  var config = self.COMPANION_SW;
  var SHELL = "companion-shell-" + config.version;
  var PAGES = "companion-pages"; // also named in net-errors.js and outbox.js
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

  function page(request, url) {
    return fetch(request).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (response.ok && type.indexOf("text/html") === 0) {
        keep(response.clone(), new URL(response.url || request.url));
      }
      return response;
    }).catch(function () {
      return caches.open(PAGES).then(function (cache) {
        // The installed app starts at /play/ (the running match): offline, the last scoreboard.
        var key = url.pathname === config.start ? config.start : url.href;
        return cache.match(key).then(function (hit) {
          return hit || caches.match(config.offline);
        });
      });
    });
  }

  function keep(response, url) {
    return caches.open(PAGES).then(function (cache) {
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
