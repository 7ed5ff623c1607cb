"""Play by link: one game over days between devices that pass a URL (no server).

A game is a *record*: a header (game, players, options, seat names, the creator's
commitments) and its events (joins, the creator's start, moves, standing orders,
the keys revealed at the end).  The link carries the record compactly in the URL
fragment (``wire``); every device replays it by the rules (``table``) with the seat
keys it holds, so a link is never a state the engine must trust.  Commitments
(``commit``) keep randomness unbiased and Oriflamme's cards private until the
end-of-game audit.

    >>> from pygames.link import decode, BadLink
    >>> decode("g=not-a-link")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pygames.link.errors.BadLink: This link is damaged: ...
"""

from pygames.link.errors import BadLink
from pygames.link.table import Table, relation
from pygames.link.wire import Record, decode

__all__ = ["BadLink", "Record", "Table", "decode", "relation"]
