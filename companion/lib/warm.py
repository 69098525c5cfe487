"""Load in advance what a worker's first requests would otherwise load while a table waits.

gunicorn imports the app once in its master (``preload_app``), but Django loads most of
itself lazily: the URL patterns (and with them every view module) on the first request,
each template when it is first rendered, each language's catalogue when it is first
activated. Every worker paid that again on its first scoreboard, 60-70 ms on this
machine; with four workers, the first save at a table after each deployment was likely
to meet a cold one. ``warm()`` runs in the master before the workers are forked
(companion/gunicorn_conf.py), so they all start with it done and share its memory.

It touches no database: connections opened before a fork would be shared by every worker.
"""

from pathlib import Path

from django.conf import settings
from django.forms.renderers import get_default_renderer
from django.template import engines
from django.template.loaders.app_directories import get_app_template_dirs
from django.urls import get_resolver, reverse
from django.utils import translation


def warm() -> None:
    get_resolver().resolve("/")  # imports every view module
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            translation.gettext("Save round")  # loads the language's catalogue
            reverse("healthz")  # builds the language's table that reverse() looks names up in
    pages = engines["django"].engine
    for name in templates_in([Path(folder) for folder in settings.TEMPLATES[0]["DIRS"]]):
        pages.get_template(name)
    for name in templates_in(get_app_template_dirs("templates"), "games"):
        pages.get_template(name)  # each game's own (companion/games/<game>/templates/)
    for name in templates_in(get_app_template_dirs("templates"), "bootstrap5"):
        pages.get_template(name)  # crispy-forms' templates, rendered by the pages' engine
    # Widgets are rendered by the form renderer, which has an engine (and a cache) of its own.
    forms = get_default_renderer()
    for name in templates_in(forms.engine.engine.dirs, "django/forms"):
        forms.get_template(name)


def templates_in(folders, under: str = "") -> list[str]:
    """The names of the templates in ``folders`` (only in their subfolder ``under`` if given)."""
    return [
        str(path.relative_to(folder))
        for folder in folders
        for path in sorted((Path(folder) / under).rglob("*.html"))
    ]
