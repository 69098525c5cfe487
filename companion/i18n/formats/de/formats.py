"""German as Swiss and German tables write it: "Freitag, 27. November 2026", "1,5"."""

DATE_FORMAT = "l, j. F Y"  # Freitag, 27. November 2026
DAY_MONTH_YEAR_FORMAT = "j. F Y"  # 27. November 2026
# "N": the month as German abbreviates it, with its dot ("Nov.", "März", "Sept."); "M" wrote "Dez".
WEEKDAY_SHORT_DATE_FORMAT = "D, j. N Y"  # Fr, 27. Nov. 2026
SHORT_DAY_MONTH_YEAR_FORMAT = "j. N Y"  # 27. Nov. 2026
DAY_MONTH_YEAR_TIME_FORMAT = "j. N Y, H:i"  # 27. Nov. 2026, 21:05
DAY_MONTH_TIME_FORMAT = "j. N, H:i"  # 27. Nov., 21:05
SHORT_YEAR_MONTH_FORMAT = "N Y"  # Nov. 2026
