"""A game's own link adapter, when the generic ones of ``pygames.link.games`` are not enough:
``pygames.link.adapters.<game id>`` holds a subclass of ``pygames.link.games.Game`` with ``GAME``
set to the id, which ``pygames.link.games.adapter`` imports on the game's first use.  Oriflamme's
deals hands from each seat's key (sealed link play); Turncoats' keeps its hands out of a
spectator's position text.  Okiya and a new game without secrets need none.
"""
