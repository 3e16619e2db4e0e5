"""The property tests report how many cases they tried (docs/security.md quotes the figure)."""

from __future__ import annotations

from typing import Any

from tests.property.support import TRIED


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if TRIED:
        terminalreporter.write_line(
            f"property cases tried: {sum(TRIED.values()):,} in {len(TRIED)} properties"
        )
