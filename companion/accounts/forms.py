"""Accounts: the first run's host account, signing up, the account's e-mail address."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

User = get_user_model()


class HostAccountForm(UserCreationForm):
    """The first account, made on the first-run page; it may use the admin too."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)

    def save(self, commit: bool = True):
        user = super().save(commit=False)
        user.is_staff = True
        user.is_superuser = True
        if commit:
            user.save()
        return user


class SignUpForm(UserCreationForm):
    """A username and a password, nothing else.

    Its "already taken" answer tells whether a username exists, so the form is only
    ever shown behind a valid invite (or with ``SIGNUP=open``), and its refused
    attempts count against the login rate limit (``companion.accounts.throttle``).
    """

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)


class EmailForm(forms.ModelForm):
    """Optional: where a reset-by-e-mail link goes (only when the server can send e-mail)."""

    class Meta:
        model = User
        fields = ("email",)
        labels = {"email": _("E-mail address (optional)")}
        help_texts = {"email": _("Only used to send you a link when you forget your password.")}
