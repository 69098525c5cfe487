// Follow the system's light/dark preference with Bootstrap's colour modes.
// Loaded in <head> (not deferred) so the page never flashes the wrong theme.
// It also marks the page "js" before the first paint: the style sheets then lay out what the deferred
// scripts will show or hide (the Murlan taps, the Molotow sum line), so the page does not jump when
// they run (Lighthouse's layout shift).
(function () {
  document.documentElement.classList.add("js");
  var query = window.matchMedia("(prefers-color-scheme: dark)");
  function apply() {
    document.documentElement.setAttribute("data-bs-theme", query.matches ? "dark" : "light");
  }
  apply();
  query.addEventListener("change", apply);
})();
