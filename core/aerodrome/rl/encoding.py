"""The generic flat encoding: an observation Struct as a fixed-length list of numbers.

Used for a ruleset whose :meth:`~aerodrome.ruleset.Ruleset.observation_vector` returns
``None``. The encoding walks the observation's *declared types* (not the values), so every
view of a set-up gets the same layout, in a fixed order:

- a Struct: its fields in declaration order;
- ``int``, ``float``: the number itself (not rescaled); ``bool``: 0 or 1;
- ``str`` (and ``bytes``): one number in [0, 1), a stable hash of the text (CRC-32, 24
  bits, exact in float32): equal texts give equal numbers, and the number means nothing else;
- ``Literal[...]`` and ``Enum`` fields: one-hot over the declared values (all zero for a
  value outside them);
- ``X | None``: a presence flag (1, or 0 and zeros for ``X``), then ``X``; another union:
  a one-hot of the member the value is, then every member's block (the others zero);
- ``tuple[X, Y]``: each element; ``tuple[X, ...]``, ``list[X]``, sets: the length, then
  ``cap`` items (sets sorted), zero-padded; items past ``cap`` are left out (the length says
  how many there were). ``dict[K, V]``: the length, then ``cap`` entries (key, value)
  sorted by key, padded the same way;
- anything else (``Any``, a type variable, an unknown class): one number, a stable hash of
  the value's msgpack encoding.

A ``cap`` belongs to a collection's *path* (``planes[].cell``: the cell of every plane) and
is found by probing games (:mod:`aerodrome.rl.layout`). The numbers are not rescaled: a
learner should normalise them.

The encoder is compiled once per layout into a plain Python function (straight-line code
with one loop per collection), because it runs at every step of a learning environment; the
numbers of a frozen item of a collection (an aircraft, an airman) are remembered by value,
since most items do not change from one step to the next.
"""

from __future__ import annotations

import enum
import struct
import types
import typing
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import Any, ClassVar

import msgspec

from aerodrome.errors import AerodromeError


class EncodingError(AerodromeError):
    """An observation cannot be encoded (an unsupported type, a value that breaks its
    declared type); the message names the ruleset and the field path."""


@lru_cache(maxsize=1 << 16)
def text_code(text: str) -> float:
    """A stable number in [0, 1) for ``text`` (24 bits of its CRC-32: exact in float32)."""
    return (zlib.crc32(text.encode("utf-8", "surrogatepass")) >> 8) / 16_777_216.0


def opaque_code(value: object) -> float:
    """A stable number in [0, 1) for a value of no known type (its msgpack bytes, else its
    repr)."""
    try:
        data = msgspec.msgpack.encode(value)
    except (TypeError, msgspec.EncodeError):
        data = repr(value).encode("utf-8", "surrogatepass")
    return (zlib.crc32(data) >> 8) / 16_777_216.0


def _bytes_code(value: bytes) -> float:
    return (zlib.crc32(value) >> 8) / 16_777_216.0


# -- the layout tree ---------------------------------------------------------------------------
class Node:
    """One declared type of the observation, with its fixed width in numbers."""

    width: int
    kind: ClassVar[str] = "?"

    def matches(self, value: object) -> bool:
        """Whether ``value`` is of this node's type (to pick a union's member)."""
        return True

    def names(self, path: str) -> list[str]:
        """A name for each number (``path`` is this node's place)."""
        return [path] if self.width == 1 else [f"{path}#{i}" for i in range(self.width)]

    def measure(self, value: Any, path: str, found: dict[str, int]) -> None:
        """Fields in ``found`` the longest collection seen at each path under this node."""

    def check(self, value: Any, path: str) -> str | None:
        """Where ``value`` breaks the declared type (a message), or ``None``."""
        return None


@dataclass
class Number(Node):
    """``int``, ``float`` or ``bool``: the number itself."""

    python: tuple[type, ...]
    width: int = 1
    kind: ClassVar[str] = "number"

    def matches(self, value: object) -> bool:
        if bool not in self.python and isinstance(value, bool):
            return False
        return isinstance(value, self.python)

    def check(self, value: Any, path: str) -> str | None:
        ok = isinstance(value, int | float)
        return None if ok else f"{path}: {type(value).__name__} where a number is declared"


@dataclass
class Text(Node):
    """``str`` or ``bytes``: a stable hash."""

    python: type
    width: int = 1
    kind: ClassVar[str] = "text"

    def matches(self, value: object) -> bool:
        return isinstance(value, self.python)

    def check(self, value: Any, path: str) -> str | None:
        ok = isinstance(value, self.python)
        return None if ok else f"{path}: {type(value).__name__} where {self.python.__name__} is declared"


@dataclass
class Opaque(Node):
    """A value of no type the encoding knows: a stable hash of its bytes."""

    width: int = 1
    kind: ClassVar[str] = "opaque"


@dataclass
class OneHot(Node):
    """``Literal`` or ``Enum``: one-hot over the declared values."""

    values: tuple[Any, ...]
    width: int = 0
    kind: ClassVar[str] = "one-hot"

    def __post_init__(self) -> None:
        self.width = len(self.values)

    def matches(self, value: object) -> bool:
        return value in self.values

    def names(self, path: str) -> list[str]:
        return [f"{path}={getattr(v, 'value', v)}" for v in self.values]


@dataclass
class Nothing(Node):
    """``None``: no numbers (a union's one-hot says it was None)."""

    width: int = 0
    kind: ClassVar[str] = "none"

    def matches(self, value: object) -> bool:
        return value is None

    def check(self, value: Any, path: str) -> str | None:
        return None if value is None else f"{path}: {type(value).__name__} where None is declared"


@dataclass
class Maybe(Node):
    """``X | None``: a presence flag, then ``X``."""

    item: Node
    width: int = 0
    kind: ClassVar[str] = "optional"

    def __post_init__(self) -> None:
        self.width = 1 + self.item.width

    def matches(self, value: object) -> bool:
        return value is None or self.item.matches(value)

    def names(self, path: str) -> list[str]:
        return [f"{path}?", *self.item.names(path)]

    def measure(self, value: Any, path: str, found: dict[str, int]) -> None:
        if value is not None:
            self.item.measure(value, path, found)

    def check(self, value: Any, path: str) -> str | None:
        return None if value is None else self.item.check(value, path)


@dataclass
class AnyOf(Node):
    """A union of several types: a one-hot of the member, then every member's block."""

    members: tuple[Node, ...]
    labels: tuple[str, ...]
    width: int = 0
    kind: ClassVar[str] = "union"

    def __post_init__(self) -> None:
        self.width = len(self.members) + sum(m.width for m in self.members)

    def member(self, value: object) -> int:
        for i, m in enumerate(self.members):
            if m.matches(value):
                return i
        return -1

    def matches(self, value: object) -> bool:
        return self.member(value) >= 0

    def names(self, path: str) -> list[str]:
        out = [f"{path}:{label}?" for label in self.labels]
        for m, label in zip(self.members, self.labels, strict=True):
            out += m.names(f"{path}:{label}")
        return out

    def measure(self, value: Any, path: str, found: dict[str, int]) -> None:
        i = self.member(value)
        if i >= 0:
            self.members[i].measure(value, f"{path}:{self.labels[i]}", found)

    def check(self, value: Any, path: str) -> str | None:
        i = self.member(value)
        if i < 0:
            return f"{path}: {type(value).__name__} is none of {', '.join(self.labels)}"
        return self.members[i].check(value, f"{path}:{self.labels[i]}")


@dataclass
class Row(Node):
    """``tuple[X, Y, ...]`` of a fixed length: each element."""

    items: tuple[Node, ...]
    width: int = 0
    kind: ClassVar[str] = "tuple"

    def __post_init__(self) -> None:
        self.width = sum(i.width for i in self.items)

    def matches(self, value: object) -> bool:
        return isinstance(value, tuple | list) and len(value) == len(self.items)

    def names(self, path: str) -> list[str]:
        return [n for i, item in enumerate(self.items) for n in item.names(f"{path}[{i}]")]

    def measure(self, value: Any, path: str, found: dict[str, int]) -> None:
        for i, item in enumerate(self.items):
            item.measure(value[i], f"{path}[{i}]", found)

    def check(self, value: Any, path: str) -> str | None:
        if not self.matches(value):
            return f"{path}: expected a sequence of {len(self.items)} items"
        for i, item in enumerate(self.items):
            bad = item.check(value[i], f"{path}[{i}]")
            if bad:
                return bad
        return None


@dataclass
class Items(Node):
    """A variable-length sequence or set: the length, then ``cap`` items, zero-padded."""

    item: Node
    cap: int
    ordered: bool
    hashable: bool = False  # declared as a tuple or a frozenset (not a list or a set)
    width: int = 0
    kind: ClassVar[str] = "sequence"

    def __post_init__(self) -> None:
        self.width = 1 + self.cap * self.item.width

    def matches(self, value: object) -> bool:
        if self.ordered:
            return isinstance(value, tuple | list)
        return isinstance(value, set | frozenset)

    def names(self, path: str) -> list[str]:
        out = [f"len({path})"]
        for i in range(self.cap):
            out += self.item.names(f"{path}[{i}]")
        return out

    def measure(self, value: Any, path: str, found: dict[str, int]) -> None:
        key = f"{path}[]"
        found[key] = max(found.get(key, 0), len(value))
        for item in value:
            self.item.measure(item, key, found)

    def check(self, value: Any, path: str) -> str | None:
        if not isinstance(value, tuple | list | set | frozenset):
            return f"{path}: {type(value).__name__} where a collection is declared"
        for i, item in enumerate(_in_order(value)):
            bad = self.item.check(item, f"{path}[{i}]")
            if bad:
                return bad
        return None


@dataclass
class Entries(Node):
    """A dict: the length, then ``cap`` entries (key, value) sorted by key, zero-padded."""

    key: Node
    value: Node
    cap: int
    width: int = 0
    kind: ClassVar[str] = "dict"

    def __post_init__(self) -> None:
        self.width = 1 + self.cap * (self.key.width + self.value.width)

    def matches(self, value: object) -> bool:
        return isinstance(value, Mapping)

    def names(self, path: str) -> list[str]:
        out = [f"len({path})"]
        for i in range(self.cap):
            out += self.key.names(f"{path}.key[{i}]") + self.value.names(f"{path}.value[{i}]")
        return out

    def measure(self, value: Any, path: str, found: dict[str, int]) -> None:
        key = f"{path}{{}}"
        found[key] = max(found.get(key, 0), len(value))
        for k, v in value.items():
            self.key.measure(k, f"{key}.key", found)
            self.value.measure(v, f"{key}.value", found)

    def check(self, value: Any, path: str) -> str | None:
        if not isinstance(value, Mapping):
            return f"{path}: {type(value).__name__} where a dict is declared"
        for k, v in value.items():
            bad = self.key.check(k, f"{path}.key") or self.value.check(v, f"{path}[{k!r}]")
            if bad:
                return bad
        return None


@dataclass
class Fields(Node):
    """A msgspec Struct: its number fields, then its text fields, then the others, each
    group in declaration order (numbers and texts are read in one call per group)."""

    cls: type
    fields: tuple[tuple[str, Node], ...]
    width: int = 0
    kind: ClassVar[str] = "struct"

    def __post_init__(self) -> None:
        self.width = sum(node.width for _, node in self.fields)
        self.numbers = tuple(n for n, node in self.fields if isinstance(node, Number))
        self.texts = tuple(
            n for n, node in self.fields if isinstance(node, Text) and node.python is str
        )
        grouped = {*self.numbers, *self.texts}
        self.others = tuple((n, node) for n, node in self.fields if n not in grouped)
        by_name = dict(self.fields)
        self.order = tuple((n, by_name[n]) for n in (*self.numbers, *self.texts)) + self.others

    def matches(self, value: object) -> bool:
        return isinstance(value, self.cls)

    def names(self, path: str) -> list[str]:
        prefix = f"{path}." if path else ""
        return [n for name, node in self.order for n in node.names(prefix + name)]

    def measure(self, value: Any, path: str, found: dict[str, int]) -> None:
        prefix = f"{path}." if path else ""
        for name, node in self.fields:
            node.measure(getattr(value, name), prefix + name, found)

    def check(self, value: Any, path: str) -> str | None:
        if not isinstance(value, self.cls):
            return f"{path or 'the observation'}: {type(value).__name__} where {self.cls.__name__} is declared"
        prefix = f"{path}." if path else ""
        for name, node in self.fields:
            bad = node.check(getattr(value, name), prefix + name)
            if bad:
                return bad
        return None


def _in_order(value: Any) -> Any:
    """A set's items sorted (by value, else by repr); a sequence as it is."""
    if isinstance(value, set | frozenset):
        try:
            return sorted(value)
        except TypeError:
            return sorted(value, key=repr)
    return value


# -- from types to the layout tree -------------------------------------------------------------
_SEQUENCES = {tuple, list, typing.Sequence, typing.MutableSequence}
_SETS = {set, frozenset, typing.AbstractSet, typing.MutableSet}
_MAPPINGS = {dict, typing.Mapping, typing.MutableMapping}


def _origin_set(kinds: set[Any]) -> set[Any]:
    import collections.abc as cabc

    extra = {
        typing.Sequence: cabc.Sequence,
        typing.MutableSequence: cabc.MutableSequence,
        typing.AbstractSet: cabc.Set,
        typing.MutableSet: cabc.MutableSet,
        typing.Mapping: cabc.Mapping,
        typing.MutableMapping: cabc.MutableMapping,
    }
    return kinds | {extra[k] for k in kinds if k in extra}


_SEQ_ORIGINS = _origin_set(_SEQUENCES)
_SET_ORIGINS = _origin_set(_SETS)
_MAP_ORIGINS = _origin_set(_MAPPINGS)


def build(tp: Any, caps: Mapping[str, int], path: str = "", within: tuple[type, ...] = ()) -> Node:
    """The layout node of the declared type ``tp`` at ``path`` (``caps``: items kept per
    collection path; a path not in ``caps`` keeps none)."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Annotated:
        return build(args[0], caps, path, within)
    if hasattr(tp, "__supertype__"):  # typing.NewType
        return build(tp.__supertype__, caps, path, within)
    if tp is type(None) or tp is None:
        return Nothing()
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return _record(tp, caps, path, within)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return OneHot(values=tuple(tp))
    if tp is bool:
        return Number(python=(bool,))
    if tp is int:
        return Number(python=(int,))
    if tp is float:
        return Number(python=(int, float))
    if tp is str or tp is bytes:
        return Text(python=tp)
    if origin is typing.Literal:
        return OneHot(values=tuple(args))
    if origin is typing.Union or origin is types.UnionType:
        return _union(args, caps, path, within)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return Items(
                item=build(args[0], caps, f"{path}[]", within),
                cap=caps.get(f"{path}[]", 0),
                ordered=True,
                hashable=True,
            )
        if args == ((),):
            return Row(items=())
        return Row(items=tuple(build(a, caps, f"{path}[{i}]", within) for i, a in enumerate(args)))
    if origin in _SEQ_ORIGINS or origin in _SET_ORIGINS or tp in (list, tuple, set, frozenset):
        item = args[0] if args else Any
        return Items(
            item=build(item, caps, f"{path}[]", within),
            cap=caps.get(f"{path}[]", 0),
            ordered=not (origin in _SET_ORIGINS or tp in (set, frozenset)),
            hashable=origin is frozenset or tp is frozenset,
        )
    if origin in _MAP_ORIGINS or tp is dict:
        key, value = args if len(args) == 2 else (Any, Any)
        return Entries(
            key=build(key, caps, f"{path}{{}}.key", within),
            value=build(value, caps, f"{path}{{}}.value", within),
            cap=caps.get(f"{path}{{}}", 0),
        )
    return Opaque()


def _union(args: tuple[Any, ...], caps: Mapping[str, int], path: str, within: tuple[type, ...]) -> Node:
    others = [a for a in args if a is not type(None)]
    if len(others) == 1 and len(args) == 2:
        return Maybe(item=build(others[0], caps, path, within))
    labels = tuple(getattr(a, "__name__", None) or str(a) for a in args)
    members = tuple(build(a, caps, f"{path}:{label}", within) for a, label in zip(args, labels, strict=True))
    return AnyOf(members=members, labels=labels)


def _record(cls: type, caps: Mapping[str, int], path: str, within: tuple[type, ...]) -> Node:
    if cls in within:
        raise EncodingError(
            f"{path or cls.__name__}: {cls.__name__} contains itself; the generic encoding "
            "needs a finite layout (implement Ruleset.observation_vector)"
        )
    try:
        hints = typing.get_type_hints(cls, include_extras=True)
    except Exception as exc:  # an unresolvable annotation: name it
        raise EncodingError(f"{cls.__name__}: cannot read its field types ({exc})") from None
    prefix = f"{path}." if path else ""
    names: tuple[str, ...] = cls.__struct_fields__  # type: ignore[attr-defined]
    fields = tuple(
        (name, build(hints.get(name, Any), caps, prefix + name, (*within, cls))) for name in names
    )
    return Fields(cls=cls, fields=fields)


# -- compiled encoder --------------------------------------------------------------------------
#: Items remembered per collection before the memo starts afresh.
MEMO = 1 << 14


def hashable(node: Node) -> bool:
    """Whether every value of ``node``'s declared type hashes by value (frozen Structs,
    tuples, frozensets, numbers, texts), so that its numbers can be remembered."""
    if isinstance(node, Number | Text | OneHot | Nothing):
        return True
    if isinstance(node, Maybe):
        return hashable(node.item)
    if isinstance(node, AnyOf):
        return all(hashable(m) for m in node.members)
    if isinstance(node, Row):
        return all(hashable(i) for i in node.items)
    if isinstance(node, Items):
        return node.hashable and hashable(node.item)
    if isinstance(node, Fields):
        config = getattr(node.cls, "__struct_config__", None)
        return bool(config and config.frozen) and all(hashable(n) for _, n in node.fields)
    return False


class _Writer:
    """Writes the source of an encoder function for a layout tree."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.functions: list[str] = []
        self.consts: dict[str, object] = {}
        self.count = 0

    def item_function(self, node: Node) -> str:
        """A function returning ``node``'s numbers as a tuple (for the memo of items)."""
        name = self.var("item")
        outer, self.lines = self.lines, []
        self.line(0, f"def {name}(v):")
        self.line(1, "out = []")
        self.line(1, "a = out.append")
        self.line(1, "e = out.extend")
        self.emit(node, "v", 1)
        self.line(1, "return tuple(out)")
        self.functions += self.lines
        self.lines = outer
        return name

    def var(self, stem: str) -> str:
        self.count += 1
        return f"{stem}{self.count}"

    def const(self, value: object) -> str:
        name = self.var("k")
        self.consts[name] = value
        return name

    def zeros(self, width: int) -> str:
        return self.const((0.0,) * width)

    def line(self, indent: int, text: str) -> None:
        self.lines.append("    " * indent + text)

    def emit(self, node: Node, expr: str, indent: int) -> None:
        """Code appending ``node``'s numbers for the value of the expression ``expr``."""
        if node.width == 0:
            return
        if isinstance(node, Number):
            self.line(indent, f"a({expr})")
        elif isinstance(node, Text):
            fn = "_text" if node.python is str else "_bytes"
            self.line(indent, f"a({fn}({expr}))")
        elif isinstance(node, Opaque):
            self.line(indent, f"a(_opaque({expr}))")
        elif isinstance(node, OneHot):
            table = {v: tuple(1.0 if v == w else 0.0 for w in node.values) for v in node.values}
            self.line(indent, f"e({self.const(table)}.get({expr}, {self.zeros(node.width)}))")
        elif isinstance(node, Maybe):
            v = self.var("o")
            self.line(indent, f"{v} = {expr}")
            self.line(indent, f"if {v} is None:")
            self.line(indent + 1, f"e({self.zeros(node.width)})")
            self.line(indent, "else:")
            self.line(indent + 1, "a(1.0)")
            self.emit(node.item, v, indent + 1)
            if node.item.width == 0:
                self.line(indent + 1, "pass")
        elif isinstance(node, AnyOf):
            self._union(node, expr, indent)
        elif isinstance(node, Row):
            v = self.var("t")
            self.line(indent, f"{v} = {expr}")
            for i, item in enumerate(node.items):
                self.emit(item, f"{v}[{i}]", indent)
        elif isinstance(node, Items):
            self._many(node, expr, indent)
        elif isinstance(node, Entries):
            self._table(node, expr, indent)
        elif isinstance(node, Fields):
            v = self.var("r") if "." in expr or "[" in expr else expr
            if v != expr:
                self.line(indent, f"{v} = {expr}")
            self._fields(node, v, indent)
        else:  # pragma: no cover - every node kind is handled above
            raise AssertionError(type(node))

    def _fields(self, node: Fields, v: str, indent: int) -> None:
        if len(node.numbers) == 1:
            self.line(indent, f"a({v}.{node.numbers[0]})")
        elif node.numbers:
            self.line(indent, f"e({self.const(attrgetter(*node.numbers))}({v}))")
        if len(node.texts) == 1:
            self.line(indent, f"a(_text({v}.{node.texts[0]}))")
        elif node.texts:
            self.line(indent, f"e(map(_text, {self.const(attrgetter(*node.texts))}({v})))")
        for name, child in node.others:
            self.emit(child, f"{v}.{name}", indent)

    def _union(self, node: AnyOf, expr: str, indent: int) -> None:
        v = self.var("u")
        self.line(indent, f"{v} = {expr}")
        self.line(indent, f"m = {self.const(node.member)}({v})")
        widths = [m.width for m in node.members]
        k = len(node.members)
        for i, member in enumerate(node.members):
            tag = tuple(1.0 if j == i else 0.0 for j in range(k))
            self.line(indent, f"{'if' if i == 0 else 'elif'} m == {i}:")
            self.line(indent + 1, f"e({self.const(tag)})")
            before, after = sum(widths[:i]), sum(widths[i + 1 :])
            if before:
                self.line(indent + 1, f"e({self.zeros(before)})")
            self.emit(member, v, indent + 1)
            if after:
                self.line(indent + 1, f"e({self.zeros(after)})")
        self.line(indent, "else:")
        self.line(indent + 1, f"raise _Mismatch({v})")

    def _many(self, node: Items, expr: str, indent: int) -> None:
        s, n = self.var("s"), self.var("n")
        self.line(indent, f"{s} = {expr}" if node.ordered else f"{s} = _in_order({expr})")
        self.line(indent, f"{n} = len({s})")
        self.line(indent, f"a({n})")
        if node.cap == 0 or node.item.width == 0:
            return
        kept = f"({s} if {n} <= {node.cap} else {s}[:{node.cap}])"
        if isinstance(node.item, Number):
            self.line(indent, f"e({kept})")
        elif isinstance(node.item, Text) and node.item.python is str:
            self.line(indent, f"e(map(_text, {kept}))")
        elif isinstance(node.item, Fields) and hashable(node.item):
            # Frozen items (an aircraft, an airman) mostly stay the same from one step to
            # the next: their numbers are remembered by value (equal items, equal numbers).
            fn, memo, y, c = self.item_function(node.item), self.const({}), self.var("y"), self.var("c")
            self.line(indent, f"for {y} in {kept}:")
            self.line(indent + 1, f"{c} = {memo}.get({y})")
            self.line(indent + 1, f"if {c} is None:")
            self.line(indent + 2, f"{c} = {fn}({y})")
            self.line(indent + 2, f"if len({memo}) >= {MEMO}:")
            self.line(indent + 3, f"{memo}.clear()")
            self.line(indent + 2, f"{memo}[{y}] = {c}")
            self.line(indent + 1, f"e({c})")
        else:
            y = self.var("y")
            self.line(indent, f"for {y} in {kept}:")
            self.emit(node.item, y, indent + 1)
        self.line(indent, f"if {n} < {node.cap}:")
        self.line(indent + 1, f"e({self.zeros(node.item.width)} * ({node.cap} - {n}))")

    def _table(self, node: Entries, expr: str, indent: int) -> None:
        s, n = self.var("d"), self.var("n")
        self.line(indent, f"{s} = {expr}")
        self.line(indent, f"{n} = len({s})")
        self.line(indent, f"a({n})")
        width = node.key.width + node.value.width
        if node.cap == 0 or width == 0:
            return
        k, v = self.var("dk"), self.var("dv")
        self.line(indent, f"for {k}, {v} in _sorted_items({s}, {node.cap}):")
        self.emit(node.key, k, indent + 1)
        self.emit(node.value, v, indent + 1)
        self.line(indent, f"if {n} < {node.cap}:")
        self.line(indent + 1, f"e({self.zeros(width)} * ({node.cap} - {n}))")


class _Mismatch(Exception):
    """A value of a union that is none of its members (reported by :meth:`Encoder.encode`)."""


def _sorted_items(mapping: Mapping[Any, Any], cap: int) -> list[tuple[Any, Any]]:
    try:
        items = sorted(mapping.items())
    except TypeError:
        items = sorted(mapping.items(), key=lambda kv: repr(kv[0]))
    return items[:cap]


class Encoder:
    """The compiled generic encoding of one observation type with given caps."""

    def __init__(self, root: Node, label: str) -> None:
        self.root = root
        self.label = label
        self.width = root.width
        writer = _Writer()
        writer.line(0, "def encode(v, out):")
        writer.line(1, "a = out.append")
        writer.line(1, "e = out.extend")
        writer.emit(root, "v", 1)
        writer.line(1, "return out")
        writer.lines = writer.functions + writer.lines
        namespace: dict[str, Any] = {
            "_text": text_code,
            "_bytes": _bytes_code,
            "_opaque": opaque_code,
            "_in_order": _in_order,
            "_sorted_items": _sorted_items,
            "_Mismatch": _Mismatch,
            **writer.consts,
        }
        exec(compile("\n".join(writer.lines), f"<aerodrome.rl encoder of {label}>", "exec"), namespace)
        self._encode: Callable[[Any, list[Any]], list[Any]] = namespace["encode"]
        self.source = "\n".join(writer.lines)
        self._packer = struct.Struct(f"={self.width}f")

    def encode_f32(self, view: object) -> bytearray:
        """The numbers of ``view`` as ``width`` native float32 (for ``numpy.frombuffer``:
        packing with :mod:`struct` is several times faster than ``numpy.array`` of a list of
        mixed ints, floats and bools)."""
        out = self.encode(view)
        buffer = bytearray(self._packer.size)
        try:
            self._packer.pack_into(buffer, 0, *out)
        except (struct.error, OverflowError, TypeError):
            raise self.error(view) from None
        return buffer

    def encode(self, view: object) -> list[Any]:
        """The numbers of ``view`` (a list of ``width`` ints, floats and bools)."""
        try:
            out = self._encode(view, [])
        except Exception:
            raise self.error(view) from None
        if len(out) != self.width:
            raise self.error(view)
        return out

    def error(self, view: object) -> EncodingError:
        """The error for a view that breaks its declared types (found by a slow walk)."""
        bad = self.root.check(view, "")
        return EncodingError(
            f"{self.label}: observation {bad or 'does not match its declared field types'} "
            "(the generic encoding follows the declared types; fix the field or implement "
            "Ruleset.observation_vector)"
        )

    def names(self) -> list[str]:
        """A name for each number, e.g. ``planes[0].cell[1]``, ``len(planes)``."""
        return self.root.names("")

    def measure(self, view: object, found: dict[str, int]) -> None:
        """Fields the longest collection of ``view`` at each path into ``found``."""
        self.root.measure(view, "", found)


def collection_paths(root: Node, path: str = "") -> list[str]:
    """Every collection path of a layout tree (what ``caps`` may hold)."""
    out: list[str] = []
    if isinstance(root, Items):
        out.append(f"{path}[]")
        out += collection_paths(root.item, f"{path}[]")
    elif isinstance(root, Entries):
        out.append(f"{path}{{}}")
        out += collection_paths(root.key, f"{path}{{}}.key")
        out += collection_paths(root.value, f"{path}{{}}.value")
    elif isinstance(root, Fields):
        prefix = f"{path}." if path else ""
        for name, child in root.fields:
            out += collection_paths(child, prefix + name)
    elif isinstance(root, Maybe):
        out += collection_paths(root.item, path)
    elif isinstance(root, AnyOf):
        for label, member in zip(root.labels, root.members, strict=True):
            out += collection_paths(member, f"{path}:{label}")
    elif isinstance(root, Row):
        for i, item in enumerate(root.items):
            out += collection_paths(item, f"{path}[{i}]")
    return out
