"""Every code block of the how-to pages runs, in order, in one namespace (a page whose
example breaks fails here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["howto-agents.md"]


def blocks(page: str) -> list[str]:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)


@pytest.mark.parametrize("page", PAGES)
def test_every_code_block_runs(page: str, capsys: pytest.CaptureFixture[str]) -> None:
    found = blocks(page)
    assert len(found) >= 5
    namespace: dict[str, object] = {"__name__": f"docs.{page}"}
    for i, code in enumerate(found, start=1):
        try:
            exec(compile(code, f"docs/{page} block {i}", "exec"), namespace)
        except Exception as exc:  # name the block that broke
            raise AssertionError(
                f"docs/{page}, code block {i}: {type(exc).__name__}: {exc}"
            ) from exc
    assert capsys.readouterr().out  # the examples print what they show
