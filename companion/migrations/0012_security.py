"""Invite and share tokens kept as SHA-256 hashes; an invite admits each account once; one-time tokens.

Existing links keep working: each token is replaced by its hash (they cannot be shown
again; a new link can). Every membership that came through an invite is recorded as
that account's use of it, so a member removed earlier cannot rejoin with the same link.
"""

import hashlib

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def hash_tokens(apps, schema_editor):
    for name in ("Invite", "ShareLink"):
        model = apps.get_model("companion", name)
        for pk, token in model.objects.values_list("pk", "token").iterator():
            digest = hashlib.sha256(token.encode()).hexdigest()
            model.objects.filter(pk=pk).update(token_hash=digest)


def record_invite_uses(apps, schema_editor):
    Membership = apps.get_model("companion", "Membership")
    InviteUse = apps.get_model("companion", "InviteUse")
    InviteUse.objects.bulk_create(
        [
            InviteUse(invite_id=invite_id, user_id=user_id, accepted_at=joined_at)
            for invite_id, user_id, joined_at in Membership.objects.filter(invite__isnull=False)
            .values_list("invite_id", "user_id", "joined_at")
            .iterator()
        ],
        ignore_conflicts=True,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("companion", "0011_round_key"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="invite",
            name="token_hash",
            field=models.CharField(default="", editable=False, max_length=64, verbose_name="token hash"),
        ),
        migrations.AddField(
            model_name="invite",
            name="token_seed",
            field=models.CharField(
                blank=True, default="", editable=False, max_length=64, verbose_name="token seed"
            ),
        ),
        migrations.AddField(
            model_name="sharelink",
            name="token_hash",
            field=models.CharField(default="", editable=False, max_length=64, verbose_name="token hash"),
        ),
        migrations.AddField(
            model_name="sharelink",
            name="token_seed",
            field=models.CharField(
                blank=True, default="", editable=False, max_length=64, verbose_name="token seed"
            ),
        ),
        migrations.RunPython(hash_tokens, migrations.RunPython.noop),
        migrations.RemoveField(model_name="invite", name="token"),
        migrations.RemoveField(model_name="sharelink", name="token"),
        migrations.AlterField(
            model_name="invite",
            name="token_hash",
            field=models.CharField(editable=False, max_length=64, unique=True, verbose_name="token hash"),
        ),
        migrations.AlterField(
            model_name="sharelink",
            name="token_hash",
            field=models.CharField(editable=False, max_length=64, unique=True, verbose_name="token hash"),
        ),
        migrations.CreateModel(
            name="InviteUse",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "accepted_at",
                    models.DateTimeField(default=django.utils.timezone.now, verbose_name="accepted"),
                ),
                (
                    "invite",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="acceptances",
                        to="companion.invite",
                        verbose_name="invite",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="user",
                    ),
                ),
            ],
            options={
                "verbose_name": "invite use",
                "verbose_name_plural": "invite uses",
                "constraints": [
                    models.UniqueConstraint(fields=("invite", "user"), name="invite_use_once_per_user")
                ],
            },
        ),
        migrations.RunPython(record_invite_uses, migrations.RunPython.noop),
        migrations.CreateModel(
            name="SpentToken",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("token_hash", models.CharField(max_length=64, unique=True, verbose_name="token hash")),
                ("spent_at", models.DateTimeField(default=django.utils.timezone.now, verbose_name="spent")),
            ],
            options={"verbose_name": "spent token", "verbose_name_plural": "spent tokens"},
        ),
    ]
