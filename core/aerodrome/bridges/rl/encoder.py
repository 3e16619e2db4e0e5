"""The compiled generic encoder: a layout tree (:mod:`aerodrome.bridges.rl.encoding`) turned into a
plain Python function.

The function is straight-line code with one loop per collection, because it runs at every
step of a learning environment; the numbers of a frozen item of a collection (an aircraft, an
airman) are remembered by value, since most items do not change from one step to the next.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any

from aerodrome.bridges.rl.encoding import (
    AnyOf,
    EncodingError,
    Entries,
    Fields,
    Items,
    Maybe,
    Node,
    Nothing,
    Number,
    OneHot,
    Opaque,
    Row,
    Text,
    bytes_code,
    in_order,
    opaque_code,
    text_code,
)

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
        self.line(indent, f"{s} = {expr}" if node.ordered else f"{s} = in_order({expr})")
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
            fn, memo, y, c = (
                self.item_function(node.item),
                self.const({}),
                self.var("y"),
                self.var("c"),
            )
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
            "_bytes": bytes_code,
            "_opaque": opaque_code,
            "in_order": in_order,
            "_sorted_items": _sorted_items,
            "_Mismatch": _Mismatch,
            **writer.consts,
        }
        exec(
            compile("\n".join(writer.lines), f"<aerodrome.bridges.rl encoder of {label}>", "exec"),
            namespace,
        )
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
