"""Studies of rules: what a designer asks of many games. The comparison and the sweep
(``compare``), the built-in game-quality metrics (``metrics``; their contract is
``aerodrome.engine.metrics``), the skill ladder (``ladder``), the tournament
(``tournament``), and the HTML report with its plots and sample games (``report``,
``report_plots``, ``report_search``, ``samples``).

May import: engine, search, plugins, runs, and the ``aerodrome`` package itself.
"""
