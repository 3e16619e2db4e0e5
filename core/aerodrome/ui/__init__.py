"""The user interfaces: the ``aerodrome`` command line (``cli``), the table in the browser
(``web``, ``aerodrome serve``) and choosing among legal actions by the words of their
labels, which every front end shares (``choices``). The top layer: nothing imports it.

May import: every other layer.
"""
