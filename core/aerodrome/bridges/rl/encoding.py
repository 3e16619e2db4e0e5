"""The generic flat encoding: an observation Struct as a fixed-length list of numbers.

Used for a ruleset whose :meth:`~aerodrome.engine.ruleset.Ruleset.observation_vector` returns
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
is found by probing games (:mod:`aerodrome.bridges.rl.layout`). The numbers are not rescaled: a
learner should normalise them.

:func:`build` makes the layout tree of a declared type; :mod:`aerodrome.bridges.rl.encoder` compiles
it into the function that runs at every step.
"""

from __future__ import annotations

import enum
import types
import typing
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

import msgspec

from aerodrome.engine.errors import AerodromeError


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


def bytes_code(value: bytes) -> float:
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
        return (
            None
            if ok
            else f"{path}: {type(value).__name__} where {self.python.__name__} is declared"
        )


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
        for i, item in enumerate(in_order(value)):
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


def in_order(value: Any) -> Any:
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


def _union(
    args: tuple[Any, ...], caps: Mapping[str, int], path: str, within: tuple[type, ...]
) -> Node:
    others = [a for a in args if a is not type(None)]
    if len(others) == 1 and len(args) == 2:
        return Maybe(item=build(others[0], caps, path, within))
    labels = tuple(getattr(a, "__name__", None) or str(a) for a in args)
    members = tuple(
        build(a, caps, f"{path}:{label}", within) for a, label in zip(args, labels, strict=True)
    )
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
