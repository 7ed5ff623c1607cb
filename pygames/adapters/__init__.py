"""Our games for outside game frameworks (optional, never shipped with the site's wheel).

* ``pygames.adapters.openspiel``: OpenSpiel Python games (``pip install pygames[openspiel]``);
* ``pygames.adapters.pettingzoo``: PettingZoo AEC environments (``pip install pygames[pettingzoo]``);
* ``pygames.adapters.spec``: what both share, each game's fixed action space and chance steps;
* ``pygames.adapters.encode``: a seat's view as an array;
* ``pygames.adapters.games``: each game's part, one module per game found by its id
  (``pygames.adapters.games.<game id>``, the names of ``GameAdapter``): the rest knows no game.

Nothing in ``pygames`` imports this package: the engine stays free of dependencies.
"""
