"""Running and keeping games: many seeded games in this process, a process pool or Dask
(``sim``, ``parallel``, ``cluster``), their results files (``results``), saves, replays and
the autosave of ``play`` (``saves``, ``autosave``), the versions recorded with them
(``versions``), and the replay viewer's recording and page (``viewer``).

May import: engine, search, plugins, and the ``aerodrome`` package itself (its version).
"""
