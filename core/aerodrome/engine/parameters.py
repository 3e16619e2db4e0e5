"""Numeric rule parameters that a ruleset (or a rule variant) declares for ``aerodrome sweep``.

A plugin declares each parameter with a :class:`ParameterSpec` returned from the
``aerodrome_register_parameters`` hook (conventionally from a ``parameters.py`` module that
its ``plugin.py`` registers): a name, the ruleset, its bounds, the rulebook's value and how a
value changes the game. A value reaches the game in one of two ways, or both:

- ``setup``: a pure function ``(setup, value) -> setup`` (a battle's length, a squadron's
  size: what a set-up's options hold);
- ``plugin``: a function ``value -> plugin object`` whose hook implementations change a rule
  through the ruleset's own hookspecs (cards in a hand), plugged in like a variant.

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
from typing import TYPE_CHECKING

from aerodrome.engine.errors import AerodromeError, PluginError, UnknownNameError
from aerodrome.engine.records import ParamValue

if TYPE_CHECKING:
    from aerodrome.engine.ruleset import Setup

#: A parameter's name: lower-case words joined by hyphens (it goes on the command line).
NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")

Value = int | float


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

    def check(self, plugin: str) -> None:
        """A declaration that cannot work is a :class:`PluginError` naming the plugin."""
        where = f"plugin {plugin!r}: parameter {self.name!r}"
        if not NAME.fullmatch(self.name):
            raise PluginError(f"{where}: a name is lower-case words joined by hyphens")
        if self.setup is None and self.plugin is None:
            raise PluginError(f"{where}: give `setup` or `plugin` (how a value changes the game)")
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
    if found is None:
        own = {n: s for (r, n), s in known.items() if r == ruleset}
        raise UnknownNameError(f"parameter of {ruleset}", name, own)
    return found


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
    """The values of ``values`` whose parameters plug in hook implementations (the ones a
    plugin set must be rebuilt for; set-up parameters share the plugins)."""
    return tuple((n, v) for n, v in values if find(known, ruleset, n).plugin is not None)


def label(values: Sequence[ParamValue]) -> str:
    """``cards=6,turns=4`` (empty for no values)."""
    return ",".join(f"{n}={v:g}" for n, v in values)
