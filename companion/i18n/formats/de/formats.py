"""German as Swiss and German tables write it: "Freitag, 27. November 2026", "1,5"."""

DATE_FORMAT = "l, j. F Y"  # Freitag, 27. November 2026
DAY_MONTH_YEAR_FORMAT = "j. F Y"  # 27. November 2026
WEEKDAY_SHORT_DATE_FORMAT = "D, j. M Y"  # Fr, 27. Nov 2026
SHORT_DAY_MONTH_YEAR_FORMAT = "j. M Y"  # 27. Nov 2026
DAY_MONTH_TIME_FORMAT = "j. M, H:i"  # 27. Nov, 21:05
SHORT_YEAR_MONTH_FORMAT = "M Y"  # Nov 2026
