"""Bridges to other ecosystems: every registered ruleset as PettingZoo and Gymnasium
environments for learning agents (``rl``, the ``rl`` extra) and as OpenSpiel games
(``openspiel``, the ``openspiel`` extra). Their third-party packages are imported here
only: the rest of aerodrome never needs them.

May import: engine, search, plugins.
"""
