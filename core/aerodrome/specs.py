"""Spec files: msgspec Structs decoded from TOML, with errors naming file and field path.

Values a rulebook does not give are stand-ins marked ``assumed = true`` with a one-line
``reason`` (see :class:`Assumed`); ``docs/assumptions.md`` lists them all.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from aerodrome.data import Record
from aerodrome.errors import SpecError

T = TypeVar("T")

_ENV = "AERODROME_SPECS"


class Assumed(Record, frozen=True):
    """Mixin fields for a stand-in value: ``assumed = true`` and why."""

    assumed: bool = False
    reason: str = ""

    def __post_init__(self) -> None:
        if self.assumed and not self.reason:
            raise ValueError("a value marked assumed needs a one-line reason")


def builtin_specs_root() -> Path:
    """The folder of the built-in specs: ``$AERODROME_SPECS``, the wheel's copy, or the repo's."""
    import os

    env = os.environ.get(_ENV)
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent
    installed = here / "specs"
    if installed.is_dir():
        return installed
    return here.parent.parent / "specs"


def builtin_specs(ruleset: str) -> Path:
    """The built-in spec folder of ``ruleset`` (for the plugins shipped with aerodrome)."""
    return builtin_specs_root() / ruleset


def read_mapping(path: Path) -> dict[str, Any]:
    """Read a TOML or JSON file into a dict, with errors naming the file."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SpecError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        if path.suffix == ".json":
            data = json.loads(raw)
            if not isinstance(data, dict):
                raise SpecError(f"{path}: expected a JSON object at the top level")
            return data
        return tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SpecError(
            f"{path}: not valid {path.suffix.lstrip('.').upper() or 'TOML'}: {exc}"
        ) from None


def convert(data: Any, type_: type[T], source: str) -> T:
    """Convert plain data to ``type_``; errors name ``source`` and the field path."""
    try:
        return msgspec.convert(data, type_, strict=True)
    except msgspec.ValidationError as exc:
        raise SpecError(f"{source}: {exc}") from None


@cache
def _load_cached(path: Path, type_: Any) -> Any:
    return convert(read_mapping(path), type_, str(path))


def load(path: Path, type_: type[T]) -> T:
    """Load and validate the spec file ``path`` as ``type_`` (cached; specs are immutable)."""
    key: Any = type_
    loaded: T = _load_cached(path.resolve(), key)
    return loaded


def validate_tree(root: Path, types: Mapping[str, type[Any]]) -> Iterator[tuple[str, str | None]]:
    """Validate every file named in ``types`` under ``root``; yields (file, error or None)."""
    for name, type_ in types.items():
        path = root / name
        try:
            convert(read_mapping(path), type_, str(path))
        except SpecError as exc:
            yield name, str(exc)
        else:
            yield name, None


def json_schema(type_: type[Any]) -> dict[str, Any]:
    """The JSON Schema of a spec type, for plugin authors and editors."""
    return msgspec.json.schema(type_)
