"""Numeric rule parameters that a ruleset (or a rule variant) declares for ``aerodrome sweep``.

A plugin declares each parameter with a :class:`ParameterSpec` returned from the
``aerodrome_register_parameters`` hook (conventionally from a ``parameters.py`` module that
its ``plugin.py`` registers): a name, the ruleset, its bounds, the rulebook's value and how a
value changes the game. A value reaches the game in one of two ways, or both:

- ``setup``: a pure function ``(setup, value) -> setup`` (a battle's length, a squadron's
  size: what a set-up's options hold);
- ``plugin``: a function ``value -> plugin object`` whose hook implementations change a rule
  through the ruleset's own hookspecs (cards in a hand), plugged in like a variant;
- ``spec``: a function ``(data, value) -> None`` that changes the numbers of the ruleset's
  spec files (``data``: file name → the file's data, edited in place; every fighter's
  structure track scaled, say), decoded again into the spec types before any game.

Any number of a spec file is also a parameter, named by its path (``tables.base_to_hit``,
``aircraft[name="Fw-802 E-1 Hawk"].yellow``: :mod:`aerodrome.engine.overrides`); :func:`find`
makes its :class:`ParameterSpec` from the spec type's bounds and the file's value. This is
what ``--set`` sets and what ``aerodrome sweep --param PATH=LOW..HIGH`` sweeps.

A parameter of a variant names it in ``variant``: sweeping it plugs that variant in, and the
parameter's own hook implementation (registered after the variant's) answers first.

Values travel with the games (:attr:`aerodrome.engine.records.GameRecord.params`), so a results
file says what every game was played with, and a worker rebuilds the same game from them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aerodrome.engine import overrides
from aerodrome.engine.errors import AerodromeError, PluginError, UnknownNameError
from aerodrome.engine.records import ParamValue
from aerodrome.engine.specs import Edited, edited

if TYPE_CHECKING:
    from aerodrome.engine.ruleset import Setup

#: A parameter's name: lower-case words joined by hyphens (it goes on the command line).
NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")

Value = int | float
#: The data of a ruleset's spec files, as a ``spec`` function edits it: file name → data.
SpecData = dict[str, dict[str, Any]]


@dataclass(frozen=True)
class ParameterSpec:
    """A numeric parameter ``name`` of ``ruleset`` with its bounds ``[low, high]``.

    :param summary: what the parameter is, in a few words ("In Flight cards a plane holds").
    :param default: the rulebook's value (``None``: it depends on the set-up; see ``read``).
    :param integer: whole values only (a sweep's default step is then 1).
    :param clause: the rule clause the parameter changes (``classic.aces.4``).
    :param setup: changes a set-up for a value; ``plugin``: a plugin object for a value.
    :param read: the value a set-up plays with now (for listings and sweeps).
    :param variant: the variant this parameter belongs to (plugged in with it).
    :param spec: changes the data of the ruleset's spec files for a value (in place).
    """

    name: str
    ruleset: str
    summary: str
    low: Value
    high: Value
    default: Value | None = None
    integer: bool = True
    unit: str = ""
    clause: str = ""
    setup: Callable[[Setup, Value], Setup] | None = None
    plugin: Callable[[Value], object] | None = None
    read: Callable[[Setup], Value] | None = None
    variant: str | None = None
    spec: Callable[[SpecData, Value], None] | None = None

    def check(self, plugin: str) -> None:
        """A declaration that cannot work is a :class:`PluginError` naming the plugin."""
        where = f"plugin {plugin!r}: parameter {self.name!r}"
        if not NAME.fullmatch(self.name):
            raise PluginError(f"{where}: a name is lower-case words joined by hyphens")
        if self.setup is None and self.plugin is None and self.spec is None:
            raise PluginError(
                f"{where}: give `setup`, `plugin` or `spec` (how a value changes the game)"
            )
        for what, v in (("low", self.low), ("high", self.high), ("default", self.default)):
            if v is not None and (not isinstance(v, int | float) or not math.isfinite(v)):
                raise PluginError(f"{where}: {what} {v!r} is not a finite number")
        if not self.low < self.high:
            raise PluginError(f"{where}: low {self.low} must be below high {self.high}")
        if self.default is not None and not self.low <= self.default <= self.high:
            raise PluginError(
                f"{where}: default {self.default} is outside [{self.low}, {self.high}]"
            )

    def value(self, raw: float, option: str = "--param") -> Value:
        """``raw`` as this parameter's value (a whole number if ``integer``), checked against
        the bounds: one line naming the parameter otherwise."""
        if not math.isfinite(raw):
            raise AerodromeError(f"{option} {self.name}: {raw} is not a number")
        if self.integer:
            if raw != int(raw):
                raise AerodromeError(f"{option} {self.name}: takes whole numbers, got {raw:g}")
            raw = int(raw)
        if not self.low <= raw <= self.high:
            raise AerodromeError(
                f"{option} {self.name}={raw:g}: outside its bounds {self.bounds()} ({self.summary})"
            )
        return raw

    def bounds(self) -> str:
        return f"{self.low:g}..{self.high:g}"

    def current(self, setup: Setup) -> Value | None:
        """The value ``setup`` plays with (the rulebook's, or what the set-up holds)."""
        if self.read is not None:
            return self.read(setup)
        return self.default


def find(known: Mapping[tuple[str, str], ParameterSpec], ruleset: str, name: str) -> ParameterSpec:
    """The parameter ``name`` of ``ruleset``; an unknown one is a one-line error with the
    names that ruleset declares."""
    found = known.get((ruleset, name))
    if found is None and overrides.is_path(name):
        return path_parameter(ruleset, name)
    if found is None:
        own = {n: s for (r, n), s in known.items() if r == ruleset}
        raise UnknownNameError(f"parameter of {ruleset}", name, own)
    return found


# -- spec paths as parameters ----------------------------------------------------------------
#: Where each ruleset's spec files are: name → a function giving (folder, file name → Struct),
#: or None for a ruleset without spec files (filled by :meth:`aerodrome.plugins.Plugins.collect`).
SPEC_FILES: dict[str, Callable[[], tuple[Path, Mapping[str, type[Any]]] | None]] = {}
_PATHS: dict[tuple[str, str], ParameterSpec] = {}


def spec_files(ruleset: str) -> tuple[Path, Mapping[str, type[Any]]]:
    """The folder and spec types of ``ruleset``; a one-line error when it has none."""
    where = SPEC_FILES.get(ruleset)
    found = where() if where is not None else None
    if found is None:
        raise AerodromeError(f"ruleset {ruleset!r} has no spec files to change")
    return found


def path_parameter(ruleset: str, path: str) -> ParameterSpec:
    """The parameter that sets the spec number at ``path`` of ``ruleset`` (see
    :mod:`aerodrome.engine.overrides`): its bounds the spec type's, its default the file's."""
    found = _PATHS.get((ruleset, path))
    if found is None:
        root, types = spec_files(ruleset)
        target = overrides.resolve(path, root, types)
        low, high = target.low, target.high
        if not low < high:  # a field fixed to one value: any other is refused by its check
            high = low + 1
        found = _PATHS[(ruleset, path)] = ParameterSpec(
            name=path,
            ruleset=ruleset,
            summary=f"{target.file} {target.where}: {target.allowed()}",
            low=int(low) if target.kind != "float" else low,
            high=int(high) if target.kind != "float" else high,
            default=(
                int(target.current)
                if target.current is not None and target.kind != "float"
                else target.current
            ),
            integer=target.kind != "float",
            spec=target.set,
        )
    return found


def spec_sets(
    known: Mapping[tuple[str, str], ParameterSpec],
    ruleset: str,
    texts: Sequence[str],
    option: str = "--set",
) -> tuple[ParamValue, ...]:
    """The ``PATH=VALUE`` texts of ``option`` as checked parameter values (sorted by path,
    the last of one path counting; a PATH may also name a declared group of spec numbers,
    ``ParameterSpec.spec``): each path resolved and its value within the spec type's bounds, then the spec files decoded again with all of them (their checks across fields):
    one line naming the option, the path or file, and what is allowed, when one fails."""
    if len(texts) > overrides.MAX_SETS:
        raise AerodromeError(f"{option}: given {len(texts)} times, at most {overrides.MAX_SETS}")
    values = {}
    try:
        for text in texts:
            path, given = overrides.parse_set(text, option)
            spec = find(known, ruleset, path)
            if spec.spec is None:
                raise AerodromeError(
                    f"{option} {text!r}: {path!r} is a parameter of {ruleset} that changes no "
                    "spec number (set it with --param: sweep, compare)"
                )
            target = (
                overrides.resolve(path, *spec_files(ruleset)) if overrides.is_path(path) else None
            )
            if isinstance(given, str):
                if target is None or given not in target.words:
                    takes = f"takes {target.allowed()}" if target is not None else "takes numbers"
                    raise AerodromeError(
                        f"{option} {text!r}: {given!r} is not a number; {path} {takes}"
                    )
                given = target.words.index(given)
            values[path] = spec.value(given, option)
            if target is not None:
                target.value(given)  # one of its choices
        out = normalise(values.items())
        spec_changes(known, ruleset, out)
    except AerodromeError as exc:
        if str(exc).startswith(option):
            raise
        raise AerodromeError(f"{option} {exc}") from None
    return out


def is_spec(spec: ParameterSpec) -> bool:
    """Whether ``spec`` changes spec files (a path, or a declared group of numbers)."""
    return spec.spec is not None


def spec_changes(
    known: Mapping[tuple[str, str], ParameterSpec], ruleset: str, values: Sequence[ParamValue]
) -> Edited | None:
    """The spec files of ``ruleset`` as the spec parameters among ``values`` change them (each
    file decoded again into its type: one line naming the file, the field and the values
    when a check fails); None when none of ``values`` changes a spec."""
    changes = [(find(known, ruleset, n), v) for n, v in normalise(values)]
    changes = [(s, v) for s, v in changes if s.spec is not None]
    if not changes:
        return None
    root, types = spec_files(ruleset)

    def edit(data: SpecData) -> None:
        for param, v in changes:
            assert param.spec is not None
            try:
                param.spec(data, param.value(v, "--set"))
            except AerodromeError:
                raise
            except Exception as exc:  # a plugin's spec function failed: say which
                raise PluginError(
                    f"parameter {param.name!r} of {ruleset}: cannot set {v:g} in the spec "
                    f"files: {type(exc).__name__}: {exc}"
                ) from None

    key = tuple((s.name, v) for s, v in changes)
    return edited(root, types, key, label(key), edit)


def normalise(values: Iterable[ParamValue]) -> tuple[ParamValue, ...]:
    """Parameter values sorted by name, whole numbers as ``int`` (one spelling per game)."""
    out = {}
    for name, v in values:
        out[name] = int(v) if float(v).is_integer() else float(v)
    return tuple(sorted(out.items()))


def apply_setup(
    known: Mapping[tuple[str, str], ParameterSpec],
    ruleset: str,
    setup: Setup,
    values: Sequence[ParamValue],
) -> Setup:
    """``setup`` with every set-up parameter of ``values`` applied (in name order)."""
    for name, v in values:
        spec = find(known, ruleset, name)
        if spec.setup is not None:
            try:
                setup = spec.setup(setup, v)
            except AerodromeError:
                raise
            except Exception as exc:  # a plugin bug: say which parameter and set-up
                raise PluginError(
                    f"parameter {name!r} of {ruleset}: cannot set {v:g} on setup "
                    f"{setup.name!r}: {type(exc).__name__}: {exc}"
                ) from None
    return setup


def hook_values(
    known: Mapping[tuple[str, str], ParameterSpec], ruleset: str, values: Sequence[ParamValue]
) -> tuple[ParamValue, ...]:
    """The values of ``values`` whose parameters plug in hook implementations or change spec
    files (the ones a plugin set must be rebuilt for; set-up parameters share the plugins)."""
    out = []
    for n, v in values:
        spec = find(known, ruleset, n)
        if spec.plugin is not None or spec.spec is not None:
            out.append((n, v))
    return tuple(out)


def label(values: Sequence[ParamValue]) -> str:
    """``cards=6,turns=4`` (empty for no values)."""
    return ",".join(f"{n}={v:g}" for n, v in values)
