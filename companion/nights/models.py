"""What a member proposes a night plays for, waiting for the owner's yes (issue 36, finding 10)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class MoneyProposal(models.Model):
    """A currency and prices a member would have the night play for; nothing about money changes until
    the night's owner accepts it (``companion.nights.services.accept_proposal``).

    One per night: who pays whom is one decision, so a newer proposal replaces the older one.
    ``prices`` as the night keeps them: per game key, hundredths of the currency.
    """

    night = models.OneToOneField(
        "companion.GameNight",
        on_delete=models.CASCADE,
        related_name="money_proposal",
        verbose_name=_("night"),
    )
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("proposed by"),
    )
    currency = models.CharField(_("currency"), max_length=3)
    prices = models.JSONField(_("prices"), default=dict, blank=True)
    proposed_at = models.DateTimeField(_("proposed"), default=timezone.now)

    class Meta:
        verbose_name = _("proposal for what a night plays for")
        verbose_name_plural = _("proposals for what a night plays for")

    def __str__(self) -> str:
        return f"{self.night_id}: {self.currency} {self.prices}"
