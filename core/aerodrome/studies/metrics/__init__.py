"""The built-in game-quality metrics (``builtin``) and the skill ladder's metric
(``ladder``), written against the metric contract of :mod:`aerodrome.engine.metrics`.

They only measure finished games: they import the engine's records and metric contract,
never what plays games (:mod:`aerodrome.runs`) or compares them
(:mod:`aerodrome.studies.compare`).
"""
