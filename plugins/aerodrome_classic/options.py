"""Classic's set-up options: the squadrons each seat flies [classic.setup.1-3]."""

from __future__ import annotations

from aerodrome.api import Options


class ClassicOptions(Options, frozen=True, kw_only=True):
    """The squadrons each seat flies, in seat order [classic.setup.1-3]."""

    squadrons: tuple[tuple[str, ...], ...]
