"""Words for the campaign's sentences: counts with their noun in the right number."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 scenario``, ``2 scenarios``; ``many`` when the plural is not ``word + "s"``."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {many if many is not None else word + 's'}"
