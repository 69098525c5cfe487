// make css: Bootstrap's CSS cut down to the selectors Companion's pages can use, twice:
// CSS_CUT=site (the default) for every page, CSS_CUT=match for the games' match pages only
// (what play/detail.html renders and everything swapped into it; see `content` below).
//
// PurgeCSS reads every place a class name, an element or an input type can come
// from: the templates, the Python code (form widget attributes), our JavaScript
// (classes it toggles), crispy-bootstrap5's form templates and Django's form widgets
// (PYTHON_PACKAGES: the folder holding the installed packages, set by the Makefile),
// and keeps a rule when the words in them match its selector. Whatever a template
// builds from a variable must be listed in the safelist below.
const packages = process.env.PYTHON_PACKAGES;
if (!packages) throw new Error("PYTHON_PACKAGES is not set: run `make css`");
const crispy = `${packages}/crispy_bootstrap5/templates/bootstrap5`;

// Bootstrap's custom properties (--bs-…) that our own style sheets, templates and
// scripts read: PurgeCSS only sees the ones Bootstrap's kept rules use.
const fs = require("node:fs");
const path = require("node:path");
function filesUnder(folder, extension) {
  return fs.readdirSync(folder, { recursive: true })
    .filter((name) => name.endsWith(extension))
    .map((name) => path.join(folder, name));
}
// Each game's own templates and static files are in its folder (companion/games/<game>/).
const ours = [
  ...filesUnder("static", ".css").filter((file) => !file.startsWith("static/vendor/")),
  ...filesUnder("static", ".js"),
  ...filesUnder("templates", ".html"),
  ...[".html", ".css", ".js"].flatMap((extension) => filesUnder("companion/games", extension)),
];
const readByUs = new Set(ours.flatMap((file) => fs.readFileSync(file, "utf8").match(/--bs-[\w-]+/g) || []));

// Django's widgets: their templates (<textarea>, <select>) and input types (number, checkbox).
const widgets = [
  `${packages}/django/forms/templates/django/forms/widgets/*.html`,
  `${packages}/django/forms/widgets.py`,
];

const contents = {
  site: [
    "templates/**/*.html",
    "companion/**/*.html",
    "companion/**/*.py",
    "static/**/*.js", // our scripts: static/js/
    "companion/games/*/static/games/*/*.js", // each game's entry.js
    // What the |crispy filter renders (no FormHelper layouts are used): a form, its
    // errors, and each field with the layout parts field.html includes.
    ...["uni_form", "errors", "field"].map((name) => `${crispy}/${name}.html`),
    `${crispy}/layout/{attrs,field_errors,field_errors_block,field_file,help_text,help_text_and_errors,radio_checkbox_select}.html`,
    ...widgets,
  ],
  // A match page (templates/play/detail.html) and every answer swapped into it: a save, an
  // undo, a restore, a conflict, Elfer raus!'s bonus board (companion/games/elfer/views.py),
  // all rendered by render_scoreboard. What it is made of: the page around it and what that
  // includes (the messages after a change or an end, the language switch), the scoreboard's
  // parts, each game's entry form, rows and status (companion/games/<game>/templates/games/<game>/,
  // its form's widgets in companion/games/), the rows, standings and chart the Python code writes
  // (companion/play/), and what the scripts it loads add (the network's and the outbox's
  // alerts and buttons, the highlights). No crispy form is on it.
  // tests/browser/test_match_css.py opens the match pages and fails on a rule this cut lacks.
  match: [
    "templates/base.html",
    "templates/_messages.html",
    "templates/_language_switch.html",
    "templates/play/{detail,_rounds_table,_standings}.html",
    "companion/games/*/templates/games/*/{entry,row,status}.html",
    "companion/play/*.py",
    "companion/games/**/*.py",
    "companion/form_renderer.py",
    "companion/templatetags/*.py",
    "static/js/{theme,net-errors,app,outbox,outbox-queue,match}.js",
    "companion/games/*/static/games/*/*.js",
    ...widgets,
  ],
};
const cut = process.env.CSS_CUT || "site";
if (!contents[cut]) throw new Error(`CSS_CUT=${cut}: one of ${Object.keys(contents)}`);

module.exports = {
  css: ["assets/vendor/bootstrap/bootstrap.min.css"],
  content: contents[cut],
  safelist: {
    // _messages.html: alert-{{ message.tags }} (debug, info, success, warning; error → danger)
    standard: [/^alert-(debug|info|success|warning|danger)$/],
    variables: [...readByUs].sort(), // custom properties our own files read (see above)
  },
  // Bootstrap floats a legend and clears whatever follows it with `legend + *`: a rule every
  // element of a page is matched against, which makes Chromium restyle all of an element's
  // children when one is put before them. A save puts its round on top of the rounds table,
  // so each save restyled every row (500-600 elements at 30 rounds instead of ~190). Our
  // legends are not floated (css/app.css has Bootstrap's legend rule without the float).
  blocklist: ["legend"],
  keyframes: true, // drop animations no kept rule uses
  fontFace: true,
  variables: true, // drop custom properties nothing reads
};
