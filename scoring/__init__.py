"""Scoring engines for the four games, one module per game; pure Python, no Django.

``scoring.registry`` maps a game key (as in the match file) to its engine;
``scoring.matchfile`` reads and writes the match file of docs/match-format.md.
"""
