"""Downloads of a match or a night, and importing a night from a file."""

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from companion.access import get_match_for_user, get_night_for_user
from companion.i18n.errors import sentence
from companion.models import SpentToken
from companion.transfer import exporting, reading, storing
from companion.transfer.duplicates import same_night
from companion.transfer.forms import NightImportForm


def download(content: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = exporting.attachment(filename)
    return response


@login_required
@require_GET
def match_export_json(request, pk):
    match = get_match_for_user(request.user, pk)
    document = exporting.dumps(exporting.match_document(match))
    return download(document, "application/json", exporting.match_filename(match, "json"))


# Excel on Windows reads a CSV file as the local code page (Windows-1252) unless it starts
# with a UTF-8 byte-order mark: without it "Jürg" shows as "JÃ¼rg". LibreOffice, Numbers,
# Google Sheets and Python's "utf-8-sig" take the mark as what it is.
UTF8_BOM = "\ufeff"


@login_required
@require_GET
def match_export_csv(request, pk):
    match = get_match_for_user(request.user, pk)
    return download(
        UTF8_BOM + exporting.rounds_csv(match), "text/csv", exporting.match_filename(match, "csv")
    )


@login_required
@require_GET
def night_export_json(request, pk):
    night = get_night_for_user(request.user, pk)
    document = exporting.dumps(exporting.night_document(night))
    return download(document, "application/json", exporting.night_filename(night, "json"))


PENDING = "night_import_pending"  # the session's file waiting for "keep both" after a duplicate was found


@login_required
@require_http_methods(["GET", "POST"])
def night_import(request):
    """The night goes to the importing user, with players from (or added to) their roster.

    A night that is already there (same title, date and matches) is not imported at once: the
    page says so and offers to keep both or stop; the file waits in the session meanwhile.
    """
    form = NightImportForm(request.POST, request.FILES) if request.method == "POST" else NightImportForm()
    context = {"form": form, "error": "", "duplicate": None, "pending": ""}
    if request.method == "POST" and request.POST.get("duplicate") in {"keep", "stop"}:
        form = NightImportForm()
        context["form"] = form
        pending = request.session.pop(PENDING, None)
        # The choice counts once: the session is read by every post sent at the same moment.
        if (
            not pending
            or pending.get("token") != request.POST.get("pending")
            or not SpentToken.spend(pending["token"])
        ):
            context["error"] = _("That import is no longer waiting: choose the file again.")
        elif request.POST["duplicate"] == "stop":
            messages.info(request, _("Nothing was imported."))
            return redirect(pending["night_url"])
        else:
            return _import(request, pending["content"], context, check_duplicate=False)
    elif request.method == "POST" and form.is_valid():
        return _import(request, form.cleaned_data["file"].read(), context, check_duplicate=True)
    return render(request, "transfer/import.html", context)


def _import(request, content: bytes | str, context: dict, *, check_duplicate: bool):
    try:
        data = reading.parse_night_file(content)
        if check_duplicate:
            existing = same_night(reading.read_night(data), request.user)
            if existing is not None:
                token = secrets.token_urlsafe(16)
                text = content.decode("utf-8") if isinstance(content, bytes) else content
                request.session[PENDING] = {
                    "token": token,
                    "content": text,
                    "night_url": existing.get_absolute_url(),
                }
                context.update(duplicate=existing, pending=token)
                return render(request, "transfer/import.html", context)
        night = storing.import_night(data, request.user, request.user)
    except reading.NightFileError as problem:
        context["error"] = sentence(problem.message)
        return render(request, "transfer/import.html", context)
    count = night.matches.count()
    text = ngettext(
        "Imported “%(title)s” with %(count)d match.",
        "Imported “%(title)s” with %(count)d matches.",
        count,
    )
    messages.success(request, text % {"title": night.title, "count": count})
    return redirect(night)
