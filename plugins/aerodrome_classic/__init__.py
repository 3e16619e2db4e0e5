"""Dogfight, the classic 1960s card-and-dice board game, as an aerodrome ruleset (``classic``).

Modules: specs (TOML data), board (grid, airfields, walk tables), state (state, actions,
events), cards, movement, combat, turn (the turn sequence), view (observations), position
(position files), render, odds (exact attack odds), cli, bot, hookspecs, ruleset, plugin.
"""
