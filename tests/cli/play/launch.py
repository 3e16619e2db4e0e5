"""``python -m tests.cli.play.launch ARGS``: the ``aerodrome`` command with the test plugins
(every built-in ruleset and the example ruleset ``joust``), for tests that drive ``play``
through a pipe or a pseudo-terminal as a person would."""

from __future__ import annotations

import sys

import aerodrome.plugins as plugins_module
from aerodrome.ui.cli import main
from tests.conftest import PLUGINS

if __name__ == "__main__":
    plugins_module._default = PLUGINS
    main(sys.argv[1:])
