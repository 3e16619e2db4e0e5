"""The conformance kit: the checks every ruleset passes, for the built-in rulesets and for
third-party plugins alike.

Run it with pytest (the kit is a pytest plugin, installed with aerodrome)::

    pytest --aerodrome-conformance=RULESET     # or =all: every registered ruleset

Every set-up of the ruleset is played by random agents and checked (see :mod:`.playouts`
and :mod:`.contracts`):

- random playouts reach the end; the ruleset's ``invariants()`` hold after every action;
  every action and observation serialises and every action decodes back; the state
  round-trips;
- determinism: a clone played the same way gives the same log, and the original is not
  touched by its clone;
- replay identity: a save replays to a byte-identical event log and the same result;
- an idle player's action and the owing player's illegal action are refused and change
  nothing;
- observations are frozen values that an agent cannot use to change the game;
- hidden information: a ruleset declaring perfect information shows everybody the same; a
  secret commitment stays secret until the reveal; nothing a player sees depends on what is
  hidden from them (with ``determinise()``); the declared capabilities match play;
- the clause catalogue (``clauses.toml``, see :mod:`.clauses`): every clause not out of
  scope has a test citing it, and tests cite only catalogued clauses.

The checks are plain functions in :mod:`.playouts`, :mod:`.contracts` and :mod:`.clauses`
(they raise :class:`AssertionError`, or return a reason when they do not apply), so they run
outside pytest too; :mod:`.suite` holds them as pytest tests and :mod:`.plugin` is the pytest
plugin. This package imports nothing on its own: pytest loads the plugin in every run of an
environment where aerodrome is installed, and it must stay cheap when the kit is not asked for.
"""
