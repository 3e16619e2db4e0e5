"""Planning a comparison: which columns, which games in each, and which columns are paired.

A column is a ruleset on a set-up, with rule variants plugged in or parameters set. Every
column plays the same matchups with the same run seed (bot against bot, random against
random, the bot against random agents on each side in turn, and the games of its studies),
so game *i* of a matchup is played from the same dice seed in every column: a variant's
column is paired with its base column game by game (:mod:`aerodrome.studies.compare.paired`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence

import msgspec

from aerodrome.engine.errors import AerodromeError, UnknownNameError
from aerodrome.engine.metrics import Column, Matchup
from aerodrome.engine.parameters import ParameterSpec, find, label, normalise
from aerodrome.engine.records import ParamValue
from aerodrome.engine.variants import VariantSpec
from aerodrome.plugins import Plugins
from aerodrome.runs.parallel import Config
from aerodrome.studies.compare.studies import BUDGET, Study
from aerodrome.studies.ladder import LadderStudy

BOT = "bot"
RANDOM = "random"
#: ``NAME=VALUE`` of ``compare --param``.
_SETTING = re.compile(r"^\s*([a-z][a-z0-9-]*)\s*=\s*(\S+)\s*$")
#: ``--param`` options a comparison takes at most (a ruleset declares a handful).
MAX_PARAMS = 20


class ColumnPlan(msgspec.Struct, frozen=True, kw_only=True):
    """A column, the configurations (with their matchups) it needs, and the column it is
    paired with (``base``: its name; ``None`` for a base column)."""

    column: Column
    configs: tuple[tuple[Config, Matchup], ...]
    base: str | None = None


def column_name(ruleset: str, variants: Sequence[str], params: Sequence[ParamValue]) -> str:
    """``classic``, ``classic+head-on-ties-kill-both``, ``classic cards=6``."""
    name = "+".join((ruleset, *variants))
    return f"{name} {label(params)}" if params else name


def plan(
    plugins: Plugins,
    rulesets: Sequence[str],
    variants: Sequence[str],
    games: int,
    seed: int,
    *,
    studies: Sequence[Study] = (),
    study_seconds: float = BUDGET,
    setup: str | None = None,
    params: Sequence[str] = (),
    sets: Sequence[ParamValue] = (),
) -> list[ColumnPlan]:
    """Columns for ``rulesets`` (all registered when empty) and ``variants`` (each next to
    its base ruleset, which is added if missing, and paired with it), each with its
    configurations: ``games`` bot-vs-bot and random-vs-random games, bot-vs-random games
    split over the sides, and the games of ``studies`` (within ``study_seconds`` of CPU a
    column). ``setup`` names the set-up (default: each ruleset's first).

    ``params`` (``NAME=VALUE`` texts, :func:`parameter_values`) set declared parameters of
    the one ruleset compared: one more column with all of them set, paired with the base
    like a variant, and with each variant a column with the variant and the values together.
    ``sets`` (checked values of spec paths, ``--set``: :func:`aerodrome.engine.parameters.
    spec_sets`) join them in that column.
    """
    known = plugins.variants()
    names = list(dict.fromkeys(rulesets)) or plugins.ruleset_names()
    for n in names:
        plugins.ruleset(n)  # unknown names fail here, with suggestions
    if setup is not None and len(names) > 1:
        raise AerodromeError("--setup: name one ruleset to choose its set-up")
    by_base: dict[str, list[VariantSpec]] = {}
    for v in dict.fromkeys(variants):
        if v not in known:
            raise UnknownNameError("variant", v, known)
        spec = known[v]
        by_base.setdefault(spec.ruleset, []).append(spec)
        if spec.ruleset not in names:
            names.append(spec.ruleset)
    values: tuple[ParamValue, ...] = ()
    plugs: tuple[str, ...] = ()  # the variants the parameters belong to
    if params or sets:
        if len(names) != 1:
            raise AerodromeError(
                f"{'--param' if params else '--set'}: name the one ruleset whose parameters "
                "it sets (e.g. aerodrome compare classic --param cards=6)"
            )
        declared = plugins.parameters()
        values = parameter_values(declared, names[0], params)
        both = {n for n, _ in values} & {n for n, _ in sets}
        if both:
            raise AerodromeError(f"--set {min(both)}: given with --param too")
        values = normalise((*values, *sets))
        owners = [find(declared, names[0], n).variant for n, _ in values]
        plugs = tuple(dict.fromkeys(o for o in owners if o is not None))
    out: list[ColumnPlan] = []
    for name in names:
        base = column_plan(plugins, name, (), (), games, seed, studies, study_seconds, setup)
        out.append(base)
        columns: list[tuple[tuple[str, ...], tuple[ParamValue, ...]]] = [
            ((spec.name,), ()) for spec in by_base.get(name, [])
        ]
        if values:
            columns.append((plugs, values))
            columns += [
                (tuple(dict.fromkeys((spec.name, *plugs))), values)
                for spec in by_base.get(name, [])
            ]
        for plugged, set_values in columns:
            out.append(
                column_plan(
                    plugins,
                    name,
                    plugged,
                    set_values,
                    games,
                    seed,
                    studies,
                    study_seconds,
                    setup,
                    base=base.column.name,
                )
            )
    return out


def parameter_values(
    declared: Mapping[tuple[str, str], ParameterSpec], ruleset: str, texts: Sequence[str]
) -> tuple[ParamValue, ...]:
    """``cards=6`` texts as values of ``ruleset``'s declared parameters, sorted by name: a
    one-line error naming ``--param`` for a text that is not ``NAME=VALUE``, an unknown
    parameter (with the ones ``ruleset`` declares), a value that is not a number, not whole
    where the parameter takes whole numbers, or outside its bounds (naming them)."""
    if len(texts) > MAX_PARAMS:
        raise AerodromeError(f"--param: {len(texts)} given; at most {MAX_PARAMS}")
    out: dict[str, ParamValue] = {}
    for text in texts:
        m = _SETTING.match(text)
        if m is None:
            raise AerodromeError(
                f"--param {text!r}: write NAME=VALUE (e.g. cards=6; `aerodrome variants "
                f"{ruleset}` lists the parameters)"
            )
        name, raw = m.groups()
        try:
            spec = find(declared, ruleset, name)
        except UnknownNameError as exc:
            raise AerodromeError(f"--param {name}: {exc}") from None
        takes = f"{name} takes {'whole numbers' if spec.integer else 'numbers'} in {spec.bounds()}"
        try:
            number = float(raw)
        except ValueError:
            number = math.nan
        if not math.isfinite(number):
            raise AerodromeError(f"--param {name}={raw}: not a number; {takes}")
        if spec.integer and not number.is_integer():
            raise AerodromeError(f"--param {name}={raw}: not a whole number; {takes}")
        if name in out:
            raise AerodromeError(f"--param {name}: given twice")
        out[name] = name, spec.value(number)
    return normalise(out.values())


def column_plan(
    plugins: Plugins,
    name: str,
    variants: tuple[str, ...],
    params: Sequence[ParamValue],
    games: int,
    seed: int,
    studies: Sequence[Study] = (),
    study_seconds: float = BUDGET,
    setup_name: str | None = None,
    *,
    base: str | None = None,
) -> ColumnPlan:
    """One column: ``name`` with ``variants`` plugged in and ``params`` set."""
    ruleset = plugins.ruleset(name)
    setup = ruleset.setup(setup_name)
    params = normalise(params)
    seat_sides = tuple(s.side for s in setup.seats)
    offered = plugins.agents_for(name)
    has_bot = BOT in offered
    ladder = next(
        (
            s.labels(has_bot, s.policy_for(name, variants, params))
            for s in studies
            if isinstance(s, LadderStudy)
        ),
        (),
    )
    column = Column(
        name=column_name(name, variants, params),
        ruleset=name,
        title=ruleset.title,
        setup=setup.name,
        sides=setup.sides,
        seat_sides=seat_sides,
        variants=variants,
        has_bot=has_bot,
        ladder=ladder,
        params=params,
    )

    def config(agents: Iterable[str], n: int) -> Config:
        return Config(
            ruleset=name,
            setup=setup.name,
            agents=tuple(agents),
            variants=variants,
            games=n,
            seed=seed,
            params=params,
        )

    seats = len(seat_sides)
    configs: list[tuple[Config, Matchup]] = []
    if has_bot:
        configs.append((config([BOT] * seats, games), Matchup(kind="bot-vs-bot")))
    configs.append((config([RANDOM] * seats, games), Matchup(kind="random-vs-random")))
    if has_bot:
        per_side = math.ceil(games / len(setup.sides))
        for side in setup.sides:
            agents = [BOT if s == side else RANDOM for s in seat_sides]
            configs.append((config(agents, per_side), Matchup(kind="bot-vs-random", bot_side=side)))
    for study in studies:
        for match in study.matches(column, tuple(offered), study_seconds):
            configs.append((config(match.agents, match.games), match.matchup))
    return ColumnPlan(column=column, configs=tuple(configs), base=base)


def total_games(plans: Iterable[ColumnPlan]) -> int:
    return sum(c.games for p in plans for c, _ in p.configs)


def configs_of(plans: Iterable[ColumnPlan]) -> list[Config]:
    """Every configuration of ``plans``, once (two columns never share one)."""
    return list(dict.fromkeys(c for p in plans for c, _ in p.configs))
