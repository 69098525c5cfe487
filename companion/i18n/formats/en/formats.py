"""English: "Friday 27 November 2026", as the pages said before they had a German side."""

DATE_FORMAT = "l j F Y"  # Friday 27 November 2026
DAY_MONTH_YEAR_FORMAT = "j F Y"  # 27 November 2026
WEEKDAY_SHORT_DATE_FORMAT = "D j M Y"  # Fri 27 Nov 2026
SHORT_DAY_MONTH_YEAR_FORMAT = "j M Y"  # 27 Nov 2026
DAY_MONTH_YEAR_TIME_FORMAT = "j M Y, H:i"  # 27 Nov 2026, 21:05
DAY_MONTH_TIME_FORMAT = "j M H:i"  # 27 Nov 21:05
SHORT_YEAR_MONTH_FORMAT = "M Y"  # Nov 2026
