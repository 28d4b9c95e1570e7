"""Errors the engine raises at its callers."""


class IllegalAction(Exception):
    """A player tried something the rules do not allow at this moment."""
