"""Joust: a minimal ruleset, the required core of an aerodrome plugin and nothing more.

Rules (clause ids in brackets):

- [joust.1] Two aces, each with 3 structure points, fly at each other.
- [joust.2] Every round both pilots secretly choose to pass HIGH or LOW; choices are
  revealed together.
- [joust.3] If both chose the same height they meet: each rolls a d6, the higher roll scores
  one hit on the other; a tie scores nothing.
- [joust.4] An ace reduced to 0 structure is shot down and the other side wins; after
  10 rounds with both aloft the joust is a draw.

Modules, as in every aerodrome plugin: ``plugin`` registers, ``state`` holds the state and
the actions, ``view`` the observation, ``ruleset`` the rules. The clause catalogue is
``specs/clauses.toml`` beside them (found there by convention). Words, pictures, odds, position files... are optional capabilities
(``Presentation``, ``Odds``... from ``aerodrome.api``) a larger ruleset adds; without them the core shows each action
by its ``describe()`` and the view pretty-printed.
"""
