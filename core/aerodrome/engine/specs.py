"""Spec files: msgspec Structs decoded from TOML, with errors naming file and field path.

Values a rulebook does not give are stand-ins marked ``assumed = true`` with a one-line
``reason`` (see :class:`Assumed`); ``docs/assumptions.md`` lists them all.

Every spec file of every ruleset is read through :func:`load`: the one place where a run's
spec overrides (``--set``, :mod:`aerodrome.engine.overrides`) reach the rules. The files of a
folder are read as they are *in force* (:func:`put_in_force`); what a ruleset derives from
them and caches is cached with :func:`spec_cached`, cleared when the specs in force change.
"""

from __future__ import annotations

import json
import math
import tomllib
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

import msgspec

from aerodrome.engine.data import Record
from aerodrome.engine.errors import AerodromeError, SpecError
from aerodrome.engine.files import read_limited
from aerodrome.engine.terminal import describe, find_unsafe

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
    package = Path(__file__).resolve().parents[1]  # aerodrome/ (this module is engine/specs.py)
    installed = package / "specs"
    if installed.is_dir():
        return installed
    return package.parents[1] / "specs"


def builtin_specs(ruleset: str) -> Path:
    """The built-in spec folder of ``ruleset`` (for the plugins shipped with aerodrome)."""
    return builtin_specs_root() / ruleset


#: The deepest nesting of tables and arrays accepted in a spec, position or save file. The
#: built-in specs nest at most 8 levels; 32 is a wide margin that keeps every reader (the
#: JSON and TOML parsers, msgspec, the rulesets) far from Python's recursion limit.
MAX_DEPTH = 32


def nesting_depth(data: Any) -> int:
    """How deeply tables and arrays nest in ``data`` (a scalar: 0), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            items: Any = value.values()
        elif isinstance(value, list):
            items = value
        else:
            continue
        deepest = max(deepest, depth)
        if depth <= MAX_DEPTH:
            stack.extend((v, depth + 1) for v in items)
    return deepest


def unsafe_text(data: Any) -> tuple[str, str] | None:
    """The first string of ``data`` (a key or a value, at any depth) holding a character
    unsafe on a terminal (:func:`aerodrome.engine.terminal.find_unsafe`: ESC, a C1 control, a bidi
    override such as U+202E), as ``(field path, character)``; None if there is none. Walks
    without recursion (``data`` nests at most :data:`MAX_DEPTH` levels when called)."""
    stack: list[tuple[Any, str]] = [(data, "$")]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            bad = find_unsafe(value)
            if bad is not None:
                return where, bad
        elif isinstance(value, dict):
            for key, item in reversed(value.items()):
                bad = find_unsafe(key) if isinstance(key, str) else None
                if bad is not None:
                    return f"{where} (a key)", bad
                stack.append((item, f"{where}.{key}"))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{i}]") for i, item in reversed(list(enumerate(value))))
    return None


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text!r}: numbers must be finite")
    return value


def read_mapping(path: Path) -> dict[str, Any]:
    """Read a TOML or JSON file into a dict, with errors naming the file. The file may hold
    at most :data:`~aerodrome.engine.files.MAX_INPUT_BYTES` and nest :data:`MAX_DEPTH` levels, and
    no text in it (key or value) a character unsafe on a terminal (:func:`unsafe_text`)."""
    try:
        raw = read_limited(path)
    except AerodromeError as exc:
        raise SpecError(str(exc)) from None
    return parse_mapping(raw, str(path), "JSON" if path.suffix == ".json" else "TOML")


def parse_mapping(raw: bytes, source: str, kind: str = "JSON") -> dict[str, Any]:
    """Parse ``raw`` (``kind``: ``JSON`` or ``TOML``) into a dict, bounded as
    :func:`read_mapping` says; errors name ``source`` (a file, or a line of one)."""
    try:
        if kind == "JSON":
            data = json.loads(raw, parse_float=_finite, parse_constant=_finite)
            if not isinstance(data, dict):
                raise SpecError(f"{source}: expected a JSON object at the top level")
        else:
            data = tomllib.loads(raw.decode("utf-8"), parse_float=_finite)
    except RecursionError:
        data = None
    except UnicodeDecodeError as exc:
        raise SpecError(f"{source}: not valid {kind}: not UTF-8 text (byte {exc.start})") from None
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise SpecError(f"{source}: not valid {kind}: {exc}") from None
    except ValueError as exc:  # e.g. an integer of thousands of digits
        raise SpecError(f"{source}: not valid {kind}: {exc}") from None
    if data is None or nesting_depth(data) > MAX_DEPTH:
        raise SpecError(f"{source}: nested too deeply (more than {MAX_DEPTH} levels)")
    unsafe = unsafe_text(data)
    if unsafe is not None:
        where, char = unsafe
        raise SpecError(
            f"{source}: {where}: the control character {describe(char)} is not allowed in a "
            "text (it would reach the terminal)"
        )
    mapping: dict[str, Any] = data
    return mapping


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
    """Load and validate the spec file ``path`` as ``type_`` (cached; specs are immutable),
    as it is in force (:func:`put_in_force`: with a run's overrides)."""
    key: Any = type_
    path = path.resolve()
    edited = _IN_FORCE.get(path.parent)
    if edited is not None and path.name in edited.data:
        loaded: T = _load_edited(path, key, edited)
        return loaded
    loaded = _load_cached(path, key)
    return loaded


# -- the specs in force: a run's overrides -------------------------------------------------------
#: Changes to a folder's spec files: the files' data (file name → data) edited in place.
Edits = Callable[[dict[str, dict[str, Any]]], None]


class Edited:
    """The spec files of a folder with changes made (``label``: what changed, in words; ``key``:
    a hashable name of the changes, e.g. the parameter values that made them)."""

    __slots__ = ("data", "key", "label")

    def __init__(self, key: Any, label: str, data: dict[str, dict[str, Any]]) -> None:
        self.key = key
        self.label = label
        self.data = data


_IN_FORCE: dict[Path, Edited] = {}
_EDITED: dict[tuple[Path, Any], Edited] = {}
_LOADED: dict[tuple[Path, Any, Any], Any] = {}
#: Edited spec sets kept in a process at most (a sweep's points; each is a few files).
MAX_EDITED = 64


class _Clearable(Protocol):
    def cache_clear(self) -> None: ...


_SPEC_CACHES: list[_Clearable] = []

F = TypeVar("F", bound=Callable[..., Any])


def spec_cached(fn: F) -> F:
    """``functools.cache`` for a function of what the specs say (a ruleset's spec accessor, a
    table derived from datasheets): cleared whenever the specs in force change."""
    cached = cache(fn)
    _SPEC_CACHES.append(cached)
    out: F = cached  # type: ignore[assignment]  # cache keeps the signature
    return out


def edited(
    root: Path, types: Mapping[str, type[Any]], key: Any, label: str, edits: Edits
) -> Edited:
    """The spec files ``types`` of ``root`` with ``edits`` made, each decoded again into its
    Struct (its types, bounds and checks): a :class:`SpecError` naming the file, the field
    and ``label`` (the changes) when one no longer holds. Kept per ``(root, key)``."""
    root = root.resolve()
    found = _EDITED.get((root, key))
    if found is None:
        data = {name: read_mapping(root / name) for name in types}
        edits(data)
        for name, type_ in types.items():
            convert(data[name], type_, f"{root / name} (with {label})")
        if len(_EDITED) >= MAX_EDITED:
            _EDITED.clear()
            _LOADED.clear()
        found = _EDITED[(root, key)] = Edited(key, label, data)
    return found


def put_in_force(root: Path, changed: Edited | None) -> None:
    """Read the spec files of ``root`` as ``changed`` (None: as they are) from now on, in this
    process; the caches of :func:`spec_cached` are cleared when that changes anything."""
    root = root.resolve()
    now = _IN_FORCE.get(root)
    if now is changed:
        return
    if changed is None:
        del _IN_FORCE[root]
    else:
        _IN_FORCE[root] = changed
    for c in _SPEC_CACHES:
        c.cache_clear()


def clear_in_force() -> None:
    """Read every spec folder as its files are again (no changes in force)."""
    for root in list(_IN_FORCE):
        put_in_force(root, None)


def anything_in_force() -> bool:
    """Whether any spec files are read with changes in this process."""
    return bool(_IN_FORCE)


def in_force(root: Path) -> Edited | None:
    """The changes in force for the spec files of ``root`` (None: the files as they are)."""
    return _IN_FORCE.get(root.resolve())


def _load_edited(path: Path, type_: Any, edited: Edited) -> Any:
    key = (path, type_, edited.key)
    found = _LOADED.get(key)
    if found is None:
        found = _LOADED[key] = convert(
            edited.data[path.name], type_, f"{path} (with {edited.label})"
        )
    return found


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
