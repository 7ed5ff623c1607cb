"""Our games for outside game frameworks (optional, never shipped with the site's wheel).

* ``pygames.adapters.openspiel``: OpenSpiel Python games (``pip install pygames[openspiel]``);
* ``pygames.adapters.pettingzoo``: PettingZoo AEC environments (``pip install pygames[pettingzoo]``);
* ``pygames.adapters.spec``: what both share, each game's fixed action space and chance steps.

Nothing in ``pygames`` imports this package: the engine stays free of dependencies.
"""
