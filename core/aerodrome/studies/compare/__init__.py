"""``aerodrome compare`` and ``aerodrome sweep``: plan columns of games, run them on the
engine, measure them with the metrics, and compare paired columns game by game.

- :mod:`.plan`: the columns and their configurations (:func:`plan`);
- :mod:`.studies`: the seam for the studies run beside the matchups (the skill ladder,
  :mod:`aerodrome.studies.ladder`);
- :mod:`.run`: plan, play and measure (:func:`run_comparison`);
- :mod:`.measure`: levels and differences from streamed games (:func:`measure`);
- :mod:`.paired` and :mod:`.stats`: paired intervals (Newcombe, McNemar, paired t, the
  Poisson bootstrap); :mod:`.verdicts`: what a variant changes, in words;
- :mod:`.sweep`: a parameter swept over its values, and the value where a metric crosses a
  target;
- :mod:`.progress`: games done and time left, from the engine's measured costs.

The metrics (:mod:`aerodrome.engine.metrics`) only measure finished games: they never import this
package or the engine.
"""

from __future__ import annotations

#: Games a matchup by default, and in ``--quick`` (whose skill ladder has no search rung).
DEFAULT_GAMES = 100
QUICK_GAMES = 30
