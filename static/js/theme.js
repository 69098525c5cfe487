// Follow the system's light/dark preference with Bootstrap's colour modes.
// Loaded in <head> (not deferred) so the page never flashes the wrong theme.
(function () {
  var query = window.matchMedia("(prefers-color-scheme: dark)");
  function apply() {
    document.documentElement.setAttribute("data-bs-theme", query.matches ? "dark" : "light");
  }
  apply();
  query.addEventListener("change", apply);
})();
