"""What every game shares: the game protocol (``protocol``), errors a player can read
(``errors``), the locale catalog (``i18n``), the seeded generator (``rng``), outcomes
(``outcome``), position equality by text (``position``) and the match a record replays
(``session``)."""
