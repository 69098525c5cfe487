"""``{% bundle "site.js" %}``: the tag of a bundle (companion/lib/static_files.py) once collected, else its sources' tags.

``{% inline_script "js/theme.js" %}``: a script written into the page (companion/lib/inline_scripts.py).

``{% inline_image "favicon.svg" %}``: an image's ``data:`` URI, for ``href`` or ``src`` (companion/lib/inline_images.py).
"""

from django import template
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from companion.lib.inline_images import data_uri
from companion.lib.inline_scripts import inline_source
from companion.lib.static_files import bundle_files

register = template.Library()

TAGS = {
    ".js": '<script src="{}" defer></script>',
    ".css": '<link rel="stylesheet" href="{}">',
}


@register.simple_tag
def bundle(name: str):
    tag = TAGS[name[name.rfind(".") :]]
    return format_html_join("\n", tag, ((static(path),) for path in bundle_files(name)))


@register.simple_tag(takes_context=True)
def inline_script(context, name: str):
    """``<script>`` with the static script ``name`` inside, allowed by the response's CSP nonce.

    A page rendered without a request (Django's own 500 page) has no nonce to give: the script
    is left out there, and the page shows in the light theme.
    """
    request = context.get("request")
    if request is None or not hasattr(request, "csp_nonce"):
        return ""
    return format_html('<script nonce="{}">{}</script>', request.csp_nonce, mark_safe(inline_source(name)))


@register.simple_tag
def inline_image(name: str):
    """The static image ``name`` as a ``data:`` URI, written into the page instead of a file to fetch.

    Safe as it is in a double-quoted attribute: percent-encoding left no ``"``, ``&``, ``<``
    or ``>`` in it; escaping its ``'`` would cost five bytes each for nothing.
    """
    return mark_safe(data_uri(name))
