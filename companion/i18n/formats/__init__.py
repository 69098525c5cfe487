"""Date and number formats per language (settings.FORMAT_MODULE_PATH).

Templates name a format, never spell one: ``{{ night.date|date:"DATE_FORMAT" }}``.
Besides Django's own names, Companion's pages need a few more; every language
module defines all of them (a name missing in one would print as the format itself).
"""
