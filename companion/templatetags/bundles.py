"""``{% bundle "site.js" %}``: the tag of a bundle (companion/static_files.py) once collected, else its sources' tags."""

from django import template
from django.templatetags.static import static
from django.utils.html import format_html_join

from companion.static_files import bundle_files

register = template.Library()

TAGS = {
    ".js": '<script src="{}" defer></script>',
    ".css": '<link rel="stylesheet" href="{}">',
}


@register.simple_tag
def bundle(name: str):
    tag = TAGS[name[name.rfind(".") :]]
    return format_html_join("\n", tag, ((static(path),) for path in bundle_files(name)))
