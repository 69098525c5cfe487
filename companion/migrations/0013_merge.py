"""Joins the migrations that were written side by side after 0011."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("companion", "0012_live_events"),
        ("companion", "0012_places"),
        ("companion", "0012_ratings"),
        ("companion", "0012_security"),
        ("companion", "0012_settle_clock_notes"),
    ]

    operations = []
