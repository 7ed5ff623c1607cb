"""The end of the game (section 7): most influence wins; a tie goes to the most cards
in the queue, then is shared.  Kept apart so the rule and its account (the catalog
key and parameters the page shows) read in one place."""

from __future__ import annotations

from typing import Any

from pygames.core.outcome import Outcome, seat_params
from pygames.oriflamme.rules import O_TIE_COVERED


def outcome(s: Any) -> Outcome:
    """Section 7: most influence; tie-break most own cards in the queue; then a shared win."""
    pools = s.pools
    best = max(pools)
    tied = [p for p in range(s.players) if pools[p] == best]
    if len(tied) == 1:
        (w,) = tied
        return Outcome(tuple(pools), (w,), "score", "oriflamme.win.score", {**_seat(w), "score": best})
    names = {p: _seat(p)["name"] for p in range(s.players)}
    counts = {p: s.queue_cards(p) for p in tied}
    most = max(counts.values())
    winners = tuple(p for p in tied if counts[p] == most)
    covered = "covered" if s.options & O_TIE_COVERED else "top"
    if len(winners) == 1:
        (w,) = winners
        others = [p for p in tied if p != w]
        return Outcome(
            tuple(pools),
            winners,
            "tiebreak",
            f"oriflamme.win.tiebreak.{covered}",
            {
                **_seat(w),
                "score": best,
                "cards": most,
                "others": [names[p] for p in others],
                "other_seats": others,
                "other_cards": max(counts[p] for p in others),
            },
        )
    return Outcome(
        tuple(pools),
        winners,
        "shared",
        f"oriflamme.win.shared.{covered}",
        {"score": best, "cards": most, "names": [names[p] for p in winners], "seats": list(winners)},
    )


def _seat(seat: int) -> dict[str, Any]:
    """``seat_params(seat)``, worked out once per seat (every search playout ends here)."""
    found = _SEATS.get(seat)
    if found is None:
        found = _SEATS[seat] = seat_params(seat)
    return found


_SEATS: dict[int, dict[str, Any]] = {}
