"""Companion in several languages: the catalogue, the language switch, the engines' errors."""
