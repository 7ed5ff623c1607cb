"""Turncoats in link play, at the friendly level: hands and bag follow from the shared seed
(every device computes them; only the page hides them), so the public and private positions
are one; a spectator's position text keeps them sealed."""

from __future__ import annotations

from pygames.link.games import Game


class TurncoatsGame(Game):
    """Turncoats at the friendly level: hands and bag follow from the shared seed."""

    GAME = "turncoats"

    def public_text(self) -> str:
        """The spectator's position: hands, bag and the draw order stay sealed."""
        return self.module().from_view(self.position.view(None)).to_text()
