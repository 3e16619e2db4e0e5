"""The engine a plugin builds on: the plugin contract and the game that runs it.

It holds the typed data and errors (``data``, ``errors``), the events and their bus
(``events``), seeded dice (``dice``, ``odds``, ``testing``), the turn sequence and its
questions (``turns``), the ruleset base class and its capabilities (``ruleset``,
``capabilities``, ``rulehooks``, ``hookspecs``, ``variants``, ``parameters``), the agent
protocol (``agents``), the metric contract and the record it reads (``metrics``,
``records``), the game and the one play loop (``game``, ``driver``, ``lineage``), words
from a ruleset's presentation (``describe``), spec files, their numbers set by path, rule
clauses and stand-ins (``specs``, ``overrides``, ``clauses``, ``assumptions``), and the one policy for files and terminal text
(``files``, ``terminal``, ``lazy``). It is the bottom layer.

May import: nothing else of aerodrome.
"""
