"""Spec overrides: a number of a ruleset's spec files changed for a run, named by its path.

``aerodrome simulate dockfighters --set 'aircraft[name="Fw-802 E-1 Hawk"].yellow=3'`` plays
with that datasheet's yellow section at 3; ``--set tables.base_to_hit=4`` with another table
value. A path reads:

- the spec file's name without ``.toml`` (``tables``, ``aircraft``, ``weather``);
- then ``.key`` for a field or a table's key (``."two words"`` when it is not one word),
  ``[2]`` for an entry of a list (from 0), ``[name="..."]`` for the one entry of a list whose
  field ``name`` (or any field) has that value;
- a selector right after the file's name picks from the file's one list of tables
  (``aircraft[name="..."]`` is ``aircraft.aircraft[name="..."]``, ``weapons[name="..."]`` is
  ``weapons.weapon[name="..."]``).

A path must end at a number, a ``true``/``false`` or a choice (a ``Literal``: among numbers,
or among words, given by the word or by its place in the type's list, counted from 0, and
recorded by its place: an agility ``"high"`` is 3 of ``very low, low, medium, high, very
high``, so a sweep over places is a sweep over the choices in their order). Its bounds are
the spec type's own (``Annotated[int, Meta(ge=0, le=40)]``), and after the change the whole
file is decoded again by msgspec into its Struct, so every check of the spec (its
``__post_init__``: a minimum speed above the maximum...) holds for the run.

An override is a parameter whose name is its path (:func:`aerodrome.engine.parameters.find`
makes one on the fly): it travels with the games like any parameter (records, results files,
sweeps, the lineage a pickled game is rebuilt from, saves). A ruleset may also declare a
parameter that changes several spec numbers at once (``ParameterSpec.spec``: a function
editing the files' data, e.g. every fighter's structure track scaled).

How a ruleset sees the changed specs: every spec file goes through
:func:`aerodrome.engine.specs.load`, which reads the files of a folder as they are *in force*
(:func:`aerodrome.engine.specs.put_in_force`, called by
:meth:`aerodrome.plugins.Plugins.ruleset` with that plugin set's parameters); functions that
cache what they derive from specs use :func:`aerodrome.engine.specs.spec_cached`, cleared
whenever the specs in force change.
"""

from __future__ import annotations

import json
import math
import re
import types as pytypes
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import msgspec
import msgspec.inspect as mi

from aerodrome.engine.errors import AerodromeError, SpecError
from aerodrome.engine.terminal import describe, find_unsafe

#: A path's length at most, in characters (a command-line value, bounded).
MAX_PATH = 300
#: Steps in a path at most (the built-in specs nest at most 8 levels).
MAX_STEPS = 16
#: The bounds of a number whose spec type gives none.
LIMIT = 1_000_000

_WORD = r"[A-Za-z_][A-Za-z0-9_\-]*"
_QUOTED = r'"(?:[^"\\]|\\.)*"'
_NUMBER = r"-?[0-9]+(?:\.[0-9]+)?"
_HEAD = re.compile(_WORD)
_STEP = re.compile(
    rf"\.(?P<key>{_WORD})|\.(?P<qkey>{_QUOTED})|\[(?P<index>[0-9]+)\]"
    rf"|\[(?P<field>{_WORD})=(?P<match>{_QUOTED}|{_NUMBER}|{_WORD})\]"
)

#: A step of a path: ``("key", name)``, ``("index", n)`` or ``("select", (field, value))``.
Step = tuple[str, Any]


def is_path(name: str) -> bool:
    """Whether a parameter name is a spec path (declared names are hyphenated words)."""
    return "." in name or "[" in name


def parse_path(path: str) -> tuple[str, tuple[Step, ...]]:
    """``path`` as (file stem, steps); a one-line error says where it stops making sense."""
    if len(path) > MAX_PATH:
        raise AerodromeError(f"spec path of {len(path)} characters: at most {MAX_PATH}")
    head = _HEAD.match(path)
    if head is None:
        raise AerodromeError(
            f"spec path {path!r}: starts with a spec file's name (tables, aircraft...)"
        )
    steps: list[Step] = []
    at = head.end()
    while at < len(path):
        m = _STEP.match(path, at)
        if m is None:
            raise AerodromeError(
                f"spec path {path!r}: cannot read {path[at:]!r} (after the file name: .key, "
                '."quoted key", [index] or [field="value"])'
            )
        if m["key"] is not None:
            steps.append(("key", m["key"]))
        elif m["qkey"] is not None:
            steps.append(("key", _unquote(m["qkey"], path)))
        elif m["index"] is not None:
            steps.append(("index", int(m["index"])))
        else:
            steps.append(("select", (m["field"], _literal(m["match"], path))))
        at = m.end()
    if not steps:
        raise AerodromeError(f"spec path {path!r}: names a whole file; add the field to change")
    if len(steps) > MAX_STEPS:
        raise AerodromeError(f"spec path {path!r}: more than {MAX_STEPS} steps")
    return head.group(), tuple(steps)


def _unquote(text: str, path: str) -> str:
    try:
        found: str = json.loads(text)
    except json.JSONDecodeError as exc:
        raise AerodromeError(f"spec path {path!r}: {text}: {exc.msg}") from None
    return found


def _literal(text: str, path: str) -> Any:
    if text.startswith('"'):
        return _unquote(text, path)
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


@dataclass(frozen=True)
class Target:
    """What a spec path names: the file, the concrete steps (keys and indexes) and where
    (``$.aircraft[3].yellow``), its kind (``int``, ``float`` or ``bool``), its bounds (the
    spec type's), its numeric choices if it is a choice, and its value in the files."""

    path: str
    file: str
    steps: tuple[str | int, ...]
    where: str
    kind: str
    low: float
    high: float
    choices: tuple[float, ...] = ()
    current: float | None = None
    words: tuple[str, ...] = ()

    def allowed(self) -> str:
        """The values allowed, in words."""
        if self.words:
            return "one of " + ", ".join(f"{w!r} ({i})" for i, w in enumerate(self.words))
        if self.choices:
            return "one of " + ", ".join(f"{c:g}" for c in self.choices)
        if self.kind == "bool":
            return "true or false"
        return f"{'whole numbers' if self.kind == 'int' else 'numbers'} {self.low:g}..{self.high:g}"

    def value(self, raw: float) -> Any:
        """``raw`` as the value the spec file holds (a bool for ``true``/``false`` fields);
        a one-line error naming the path and what is allowed otherwise."""
        if not math.isfinite(raw):
            raise AerodromeError(f"{self.path}: {raw} is not a number")
        bad = f"{self.path}={raw:g}: {self.file} {self.where} takes {self.allowed()}"
        if self.kind in ("int", "bool") and raw != int(raw):
            raise AerodromeError(bad)
        if not self.low <= raw <= self.high or (self.choices and raw not in self.choices):
            raise AerodromeError(bad)
        if self.kind == "bool":
            return bool(raw)
        if self.words:
            return self.words[int(raw)]
        if self.kind == "int":
            return int(raw)
        return float(raw)

    def set(self, data: dict[str, dict[str, Any]], raw: float) -> None:
        """Set the target in ``data`` (file name → the file's data) to ``raw``."""
        node: Any = data[self.file]
        for step in self.steps[:-1]:
            node = node[step]
        node[self.steps[-1]] = self.value(raw)


def _describe(t: Any) -> str:
    if isinstance(t, mi.StrType):
        return "a text"
    if isinstance(t, mi.LiteralType):
        return "a choice of " + ", ".join(repr(v) for v in t.values)
    if isinstance(t, mi.StructType):
        return "a table"
    if isinstance(t, mi.DictType):
        return "a table"
    if isinstance(t, mi.TupleType | mi.VarTupleType | mi.ListType):
        return "a list"
    return type(t).__name__.removesuffix("Type").lower()


def _bounds(t: mi.IntType | mi.FloatType) -> tuple[float, float]:
    step = 1 if isinstance(t, mi.IntType) else 0
    low: float = -LIMIT
    high: float = LIMIT
    if t.ge is not None:
        low = t.ge
    elif t.gt is not None:
        low = t.gt + step
    if t.le is not None:
        high = t.le
    elif t.lt is not None:
        high = t.lt - step
    return low, high


def _bare(py: Any) -> Any:
    """A Python annotation without its ``Annotated`` constraints and its ``| None``."""
    while True:
        origin = get_origin(py)
        if origin is Annotated:
            py = get_args(py)[0]
        elif origin in (Union, pytypes.UnionType):
            own = [a for a in get_args(py) if a is not type(None)]
            if len(own) != 1:
                return py
            py = own[0]
        else:
            return py


def _field_hint(cls: Any, name: str) -> Any:
    try:
        return typing.get_type_hints(cls, include_extras=True).get(name)
    except (NameError, TypeError):  # an annotation that cannot be evaluated: no word order
        return None


def _item_hint(py: Any, index: int, fixed: bool) -> Any:
    args = get_args(_bare(py))
    if fixed:
        return args[index] if index < len(args) else None
    return args[0] if args else None


def _list_field(struct: mi.StructType) -> str | None:
    lists = [
        f.encode_name
        for f in struct.fields
        if isinstance(f.type, mi.VarTupleType | mi.ListType)
        and isinstance(f.type.item_type, mi.StructType)
    ]
    return lists[0] if len(lists) == 1 else None


def resolve(path: str, root: Path, types: Mapping[str, type[Any]]) -> Target:
    """The :class:`Target` of ``path`` in the spec files ``types`` (file name → Struct) of the
    folder ``root``; a one-line error naming the path, the file and what is there otherwise."""
    from aerodrome.engine.specs import read_mapping

    stem, steps = parse_path(path)
    file = f"{stem}.toml"
    if file not in types:
        names = ", ".join(sorted(n.removesuffix(".toml") for n in types))
        raise AerodromeError(f"{path}: no spec file {file!r}; the files are {names}")
    t: Any = mi.type_info(types[file])
    py: Any = types[file]  # the Python annotation beside it: a Literal's words in their order
    if steps[0][0] != "key":
        inner = _list_field(t) if isinstance(t, mi.StructType) else None
        if inner is None:
            raise AerodromeError(
                f"{path}: {file} holds no one list of tables to pick from: name its field "
                f"({stem}.field[...])"
            )
        steps = (("key", inner), *steps)
    try:
        node: Any = read_mapping(root / file)
    except SpecError as exc:
        raise AerodromeError(str(exc)) from None
    where = "$"
    concrete: list[str | int] = []
    missing = False
    for kind, arg in steps:
        if missing:
            raise AerodromeError(f"{path}: {file} {where} is not in the file (nothing to change)")
        if isinstance(t, mi.UnionType):
            own = [u for u in t.types if not isinstance(u, mi.NoneType)]
            t = own[0] if len(own) == 1 else t
        if kind == "key":
            if isinstance(t, mi.StructType):
                fields = {f.encode_name: f for f in t.fields}
                found = fields.get(arg)
                if found is None:
                    raise AerodromeError(
                        f"{path}: {file} {where} has no field {arg!r}; its fields: "
                        + ", ".join(fields)
                    )
                py = _field_hint(_bare(py), found.name) if py is not None else None
                t = found.type
                if isinstance(node, dict) and arg in node:
                    node = node[arg]
                else:
                    missing = True
                    node = None if found.default is msgspec.NODEFAULT else found.default
            elif isinstance(t, mi.DictType) and isinstance(node, dict):
                if arg not in node:
                    keys = ", ".join(repr(k) for k in list(node)[:12])
                    raise AerodromeError(f"{path}: {file} {where} has no key {arg!r}; keys: {keys}")
                t, node = t.value_type, node[arg]
                args = get_args(_bare(py)) if py is not None else ()
                py = args[1] if len(args) == 2 else None
            else:
                raise AerodromeError(f"{path}: {file} {where} is {_describe(t)}, not a table")
            concrete.append(arg)
            where += f".{arg}"
            continue
        if not isinstance(t, mi.TupleType | mi.VarTupleType | mi.ListType) or not isinstance(
            node, list
        ):
            raise AerodromeError(f"{path}: {file} {where} is {_describe(t)}, not a list")
        if kind == "index":
            if not 0 <= arg < len(node):
                raise AerodromeError(
                    f"{path}: {file} {where} has {len(node)} entries (0..{len(node) - 1})"
                )
            index = arg
        else:
            field, wanted = arg
            hits = [i for i, e in enumerate(node) if isinstance(e, dict) and e.get(field) == wanted]
            if len(hits) != 1:
                seen = [e.get(field) for e in node if isinstance(e, dict) and field in e]
                shown = ", ".join(json.dumps(v) for v in seen[:12]) + (", ..." * (len(seen) > 12))
                raise AerodromeError(
                    f"{path}: {file} {where}: "
                    + (f"{len(hits)} entries have {field}={json.dumps(wanted)}" if hits else "")
                    + ("" if hits else f"no entry has {field}={json.dumps(wanted)}")
                    + (f"; {field}: {shown}" if seen else f"; no entry has a field {field!r}")
                )
            index = hits[0]
        fixed = isinstance(t, mi.TupleType)
        py = _item_hint(py, index, fixed) if py is not None else None
        t = t.item_types[index] if isinstance(t, mi.TupleType) else t.item_type
        node = node[index]
        concrete.append(index)
        where += f"[{index}]"
    return _target(path, file, tuple(concrete), where, t, node, py)


def _target(
    path: str, file: str, steps: tuple[str | int, ...], where: str, t: Any, node: Any, py: Any
) -> Target:
    current = float(node) if isinstance(node, int | float) else None
    if isinstance(t, mi.BoolType):
        return Target(path, file, steps, where, "bool", 0, 1, (), current)
    if isinstance(t, mi.IntType | mi.FloatType):
        low, high = _bounds(t)
        kind = "int" if isinstance(t, mi.IntType) else "float"
        return Target(path, file, steps, where, kind, low, high, (), current)
    if isinstance(t, mi.LiteralType) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in t.values
    ):
        choices = tuple(sorted(float(v) for v in t.values if isinstance(v, int)))
        return Target(path, file, steps, where, "int", choices[0], choices[-1], choices, current)
    bare = _bare(py) if py is not None else None
    if isinstance(t, mi.LiteralType) and get_origin(bare) is Literal:
        words = tuple(w for w in get_args(bare) if isinstance(w, str))
        if len(words) == len(t.values) and len(words) > 1:
            now = float(words.index(node)) if node in words else None
            return Target(path, file, steps, where, "int", 0, len(words) - 1, (), now, words)
    raise AerodromeError(
        f"{path}: {file} {where} is {_describe(t)}: --set changes numbers, true/false and choices"
    )


#: ``--set`` options of one command at most, and the characters of one.
MAX_SETS = 64
MAX_SET_CHARS = MAX_PATH + 40


def parse_set(text: str, option: str = "--set") -> tuple[str, int | float | str]:
    """``PATH=VALUE`` (``tables.base_to_hit=5``, ``aircraft[name="X"].yellow=3``,
    ``...reroll_hits=true``, ``aircraft[name="X"].agility=high``, or a ruleset's named group
    of spec numbers: ``fighter-structure=150``) as (path or name, number or word):
    ``true``/``false`` are 1 and 0, a word (quotes optional) is checked against the choices
    of the spec type by :func:`aerodrome.engine.parameters.spec_sets`. The value is what
    follows the last ``=``; a one-line error naming ``option`` otherwise."""
    if len(text) > MAX_SET_CHARS:
        raise AerodromeError(f"{option}: {len(text)} characters, at most {MAX_SET_CHARS}")
    bad = find_unsafe(text)
    if bad is not None:
        raise AerodromeError(
            f"{option}: the control character {describe(bad)} is not allowed (it would reach "
            "the terminal)"
        )
    path, eq, raw = text.rpartition("=")
    path, raw = path.strip(), raw.strip()
    if not eq or not path or not raw:
        raise AerodromeError(
            f"{option} {text!r}: write PATH=VALUE (e.g. tables.base_to_hit=5; see "
            "docs/user-guide.md, 'Changing spec numbers')"
        )
    flags = {"true": 1, "false": 0}
    if raw.lower() in flags:
        return path, flags[raw.lower()]
    try:
        value = float(raw)
    except ValueError:
        if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "\"'":
            raw = raw[1:-1]
        return path, raw  # a word: one of a choice's (checked against the spec's type)
    if not math.isfinite(value):
        raise AerodromeError(f"{option} {text!r}: {raw!r} is not a finite number")
    return path, int(value) if value.is_integer() else value
