"""A saved game as plain data, whatever its format: tests edit saves as one JSON object."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from aerodrome.runs.saves import FORMAT, encode_save, read_save


def save_data(path: Path) -> dict[str, Any]:
    """The save in ``path`` as the data of a whole save (``aerodrome-save/1``, one JSON
    object): ``play --save``'s JSON Lines (``aerodrome-save/2``) read and written out whole
    (the same ruleset, seed, actions, undos and digest)."""
    save = msgspec.structs.replace(read_save(path), format=FORMAT)
    data: dict[str, Any] = json.loads(encode_save(save))
    return data
