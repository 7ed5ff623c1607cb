"""The one error a link can raise."""

from pygames.core.errors import PlayerError


class BadLink(PlayerError):
    """A link that is not a valid record of a game (truncated, corrupted, foreign, tampered
    or contradicting this device's copy); its message says so in words a player understands."""
