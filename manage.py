#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
    if sys.argv[1:2] in (["score"], ["club_standings"], ["club_draw"]):
        # Scoring a file or drawing from one signs nothing, so it runs without a deployment's SECRET_KEY.
        os.environ.setdefault("COMPANION_OFFLINE_TOOL", "1")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
