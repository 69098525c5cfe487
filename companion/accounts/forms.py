"""The first run's host account."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm

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
