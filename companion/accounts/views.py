"""Accounts: first run (the host account), login and logout, signing up, the account page,
changing and resetting a password, and the host's reset links.

No page here tells whether a username exists: the login form gives one answer for a
wrong password and an unknown name, the reset-by-e-mail form always says "sent", and
the sign-up form (which must say "taken") is only shown with ``SIGNUP=open`` or behind a
working invite (``companion.access.may_sign_up``). Sign-up and reset attempts count
against the login rate limit (``companion.accounts.throttle``).
"""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import connection, transaction
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from companion.access import get_account_for_host, may_manage_accounts, may_sign_up
from companion.accounts import mailing, throttle
from companion.accounts.forms import EmailForm, HostAccountForm, SignUpForm
from companion.accounts.reset import reset_path
from companion.lib.security import lockout_response
from companion.offline.account import not_kept_offline

User = get_user_model()
BACKEND = "django.contrib.auth.backends.ModelBackend"


# Any fixed number: the key of PostgreSQL's advisory lock that lets one first run at a time.
FIRST_RUN_LOCK = 7_316_001


def hold_first_run_lock() -> None:
    """Until the transaction ends, no other first run gets past this point.

    Locking the rows of an empty table locks nothing, so on PostgreSQL twenty first
    visitors at once each found no account and made one. An advisory lock is held
    whether or not a row exists. SQLite needs none: its transactions begin with the
    write lock (``transaction_mode`` IMMEDIATE), which serialises them already.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [FIRST_RUN_LOCK])


@require_http_methods(["GET", "POST"])
def setup(request):
    """Create the host account; only while no account exists, like self-hosted apps do."""
    if User.objects.exists():
        return redirect("login")
    form = HostAccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            # Two first visitors at once: the second finds an account and is sent to login.
            hold_first_run_lock()
            if User.objects.exists():
                return redirect("login")
            user = form.save()
        login(request, user, backend=BACKEND)
        return redirect("home")
    return render(request, "accounts/setup.html", {"form": form})


class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def get(self, request, *args, **kwargs):
        if not User.objects.exists():
            return redirect("setup")
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "signup_open": settings.SIGNUP == "open"}


login_view = LoginView.as_view()
logout_view = auth_views.LogoutView.as_view()


def sign_up(request, form: SignUpForm):
    """Make the account from a bound form and log it in: the user, or None (form errors shown).

    Also returns a lockout response when this name or address is locked out.
    """
    username = str(request.POST.get("username", ""))
    locked = throttle.refused(request, username)
    if locked is not None:
        return None, locked
    if form.is_valid():
        user = form.save()
        login(request, user, backend=BACKEND)
        return user, None
    throttle.count_failure(request, username)
    return None, None


@require_http_methods(["GET", "POST"])
def signup(request):
    """Signing up without an invite: only with SIGNUP=open; otherwise a page saying how to get in."""
    if request.user.is_authenticated:
        return redirect("home")
    if not may_sign_up(None):
        return render(request, "accounts/signup_closed.html", {"mode": settings.SIGNUP})
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        user, locked = sign_up(request, form)
        if locked is not None:
            return locked
        if user is not None:
            messages.success(request, _("Welcome, %(name)s.") % {"name": user.username})
            return redirect("home")
    return render(request, "accounts/signup.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
@not_kept_offline
def account(request):
    """The account page: change the password; the e-mail address when e-mail is set up."""
    form = EmailForm(request.POST or None, instance=request.user) if settings.EMAIL_ENABLED else None
    if request.method == "POST" and form is not None and form.is_valid():
        form.save()
        messages.success(request, _("Saved."))
        return redirect("account")
    return render(
        request,
        "accounts/account.html",
        {"form": form, "is_host": may_manage_accounts(request.user)},
    )


OLD_PASSWORD_GUESSES = "old_password_guesses"  # wrong old passwords from this browser (its session)


class PasswordChangeView(auth_views.PasswordChangeView):
    """Changing the password asks for the old one: guesses of it count as failed logins.

    Whoever finds a phone still logged in could otherwise try old passwords here
    without limit and learn the one the person also uses elsewhere.
    """

    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("account")

    def post(self, request, *args, **kwargs):
        username = request.user.get_username()
        locked = throttle.refused(request, username)
        if locked is None and request.session.get(OLD_PASSWORD_GUESSES, 0) >= settings.AXES_FAILURE_LIMIT:
            # Counted per browser too: moving to another address (another network) starts no new count.
            locked = lockout_response(request)
        if locked is not None:
            return locked
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        if form.has_error("old_password"):
            throttle.count_failure(self.request, self.request.user.get_username())
            session = self.request.session
            session[OLD_PASSWORD_GUESSES] = session.get(OLD_PASSWORD_GUESSES, 0) + 1
        return super().form_invalid(form)

    def form_valid(self, form):
        messages.success(self.request, _("Your password was changed."))
        return super().form_valid(form)


password_change = not_kept_offline(PasswordChangeView.as_view())


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset by e-mail, rate-limited like logins; it always answers "sent" (no enumeration)."""

    template_name = "accounts/password_reset.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"
    success_url = reverse_lazy("password_reset_done")

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "email_enabled": settings.EMAIL_ENABLED}

    def post(self, request, *args, **kwargs):
        if not settings.EMAIL_ENABLED:
            return self.get(request, *args, **kwargs)
        email = str(request.POST.get("email", ""))
        locked = throttle.refused(request, email)
        if locked is not None:
            return locked
        # Every request counts, found or not: counting only the found ones would tell them apart.
        throttle.count_failure(request, email)
        if throttle.asked_for_from_everywhere(request, email) > settings.AXES_FAILURE_LIMIT:
            # One address's inbox gets a few links per cool-off, whoever asks from wherever; the
            # answer is the same "sent" (it must not tell whether the address has an account).
            return HttpResponseRedirect(self.get_success_url())
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        """Answer at once; the address is looked up and the link sent after the answer."""
        options = {
            "use_https": self.request.is_secure(),
            "token_generator": self.token_generator,
            "from_email": self.from_email,
            "email_template_name": self.email_template_name,
            "subject_template_name": self.subject_template_name,
            "html_email_template_name": self.html_email_template_name,
            "extra_email_context": self.extra_email_context,
            "domain_override": self.request.get_host(),
        }
        language = translation.get_language()

        def send():
            with translation.override(language):
                form.save(**options)

        mailing.send_later(send)
        return HttpResponseRedirect(self.get_success_url())


password_reset = PasswordResetView.as_view()
password_reset_done = auth_views.PasswordResetDoneView.as_view(
    template_name="accounts/password_reset_done.html"
)


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("password_reset_complete")


password_reset_confirm = PasswordResetConfirmView.as_view()
password_reset_complete = auth_views.PasswordResetCompleteView.as_view(
    template_name="accounts/password_reset_complete.html"
)


@login_required
@require_GET
@not_kept_offline
def account_list(request):
    """The host's list of accounts, each with a button for a one-time reset link."""
    get_account_for_host(request.user, request.user.pk)  # 404 for anyone but the host
    accounts = User.objects.order_by("username").only("pk", "username", "last_login", "is_superuser")
    return render(request, "accounts/account_list.html", {"accounts": accounts})


@login_required
@require_POST
def account_reset_link(request, pk):
    """A one-time link that sets a new password for the account: the host passes it on by hand."""
    target = get_account_for_host(request.user, pk)
    url = request.build_absolute_uri(reset_path(target))
    return render(request, "accounts/reset_link.html", {"target": target, "url": url})
