"""Companion's infrastructure: what serves, protects and measures the app rather than what it does.

Settings, middleware, start-up checks, the environment, compression, static files, error
pages, tokens: each module here is used by the features (``companion/<feature>/``) and the
games, and knows none of them.
"""
