"""The conformance kit: the checks every ruleset passes, for the built-in rulesets and for
third-party plugins alike.

Run it with pytest (the kit is a pytest plugin, installed with aerodrome)::

    pytest --aerodrome-conformance=RULESET     # or =all: every registered ruleset

or outside pytest with :func:`aerodrome.conformance.kit.run`. Every set-up of the ruleset is
played by random agents and checked against the contracts of the Game API
(:class:`~aerodrome.conformance.broken.Contract`); a check that fails raises
:class:`~aerodrome.conformance.broken.BrokenContract`, whose message starts with the name of
the contract broken:

- random playouts reach the end; the ruleset's ``invariants()`` hold after every action;
  every action and observation serialises and every action decodes back; the state
  round-trips;
- determinism: a clone, a second game of the seed, and a twin played beside every check give
  the same game; playing a clone or a determinisation leaves the original untouched; a game
  played after others in the process is the same in a fresh process (:mod:`.fresh`: state
  kept outside the game, in a module, that games share);
- replay identity: a save replays to a byte-identical event log, the same result and state;
- an idle player's action and the owing player's illegal action are refused and change
  nothing;
- observations are frozen values that an agent cannot use to change the game;
- hidden information (:mod:`.secrecy`): a ruleset declaring perfect information shows
  everybody the same; a secret commitment stays secret until the reveal; at every decision,
  determinisations for each player show that player the same observation, prompt, legal
  actions and log as the real game (and keep doing so, played on); ``determinise()``
  resamples something; the declared capabilities match play;
- the clause catalogue (``clauses.toml``, see :mod:`.clauses`): every clause not out of
  scope has a test citing it, and tests cite only catalogued clauses.

The checks are plain functions in :mod:`.playouts`, :mod:`.contracts`, :mod:`.secrecy`,
:mod:`.fresh` and :mod:`.clauses` (they raise, or return a reason when they do not apply);
they play through :class:`.access.Table`, the one place that calls into a game (:mod:`.fresh`
also in a fresh process of its own). :mod:`.kit` lists them,
:mod:`.suite` holds them as pytest tests and :mod:`.plugin` is the pytest plugin. This
package imports nothing on its own: pytest loads the plugin in every run of an environment
where aerodrome is installed, and it must stay cheap when the kit is not asked for.

May import: engine, search, plugins, runs.
"""
