"""Spec data of the classic Dogfight board game: board, squadrons, card packs, setups.

Every file lives in ``specs/classic/``; values the rulebook does not give carry
``assumed = true`` and a ``reason`` (see ``docs/assumptions.md``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from msgspec import Meta

from aerodrome.api import Record, SpecError
from aerodrome.engine.specs import Assumed, builtin_specs, load, spec_cached

Pair = tuple[int, int]

CARD_KINDS: tuple[str, ...] = ("B1", "B2", "B3", "B4", "B5", "RO", "LP")
"""Card codes: Burst 1..5, Roll Out, Loop."""

CARD_NAMES: dict[str, str] = {
    "B1": "1 Burst",
    "B2": "2 Bursts",
    "B3": "3 Bursts",
    "B4": "4 Bursts",
    "B5": "5 Bursts",
    "RO": "Roll Out",
    "LP": "Loop",
}


class NoMansLand(Assumed, frozen=True, kw_only=True):
    """The Double Black Line: German side is rows ``0..german_last_row``."""

    german_last_row: int


class Airfield(Assumed, frozen=True, kw_only=True):
    """One squadron's airfield: 3 landing squares and the 4 AA dot squares around them."""

    squadron: str
    landing: tuple[Pair, ...]
    dots: tuple[Pair, ...]


class BoardSpec(Assumed, frozen=True, kw_only=True):
    width: int
    height: int
    no_mans_land: NoMansLand
    airfield: tuple[Airfield, ...]

    def __post_init__(self) -> None:
        super().__post_init__()
        seen: set[Pair] = set()
        for af in self.airfield:
            if len(af.landing) != 3 or len(af.dots) != 4:
                raise ValueError(f"airfield {af.squadron}: needs 3 landing and 4 dot squares")
            for c in (*af.landing, *af.dots):
                if not (0 <= c[0] < self.width and 0 <= c[1] < self.height):
                    raise ValueError(f"airfield {af.squadron}: square {c} is off the board")
                if c in seen:
                    raise ValueError(f"airfield {af.squadron}: square {c} is used twice")
                seen.add(c)
        if not 0 <= self.no_mans_land.german_last_row < self.height - 1:
            raise ValueError("no_mans_land.german_last_row must lie inside the board")


class SquadronSpec(Record, frozen=True):
    name: str
    side: str
    unit: str
    aircraft: str
    colour: str
    planes: int = 3


class SquadronsSpec(Record, frozen=True):
    squadron: tuple[SquadronSpec, ...]


#: Cards of one kind in a pack (20 in all in the stand-in: a wide margin).
Count = Annotated[int, Meta(ge=0, le=40)]


class Pack(Assumed, frozen=True, kw_only=True):
    burst: tuple[Count, Count, Count, Count, Count]
    roll_out: Count
    loop: Count

    def cards(self) -> list[str]:
        """The pack as card codes (unshuffled)."""
        out: list[str] = []
        for value, n in enumerate(self.burst, start=1):
            out.extend([f"B{value}"] * n)
        out.extend(["RO"] * self.roll_out)
        out.extend(["LP"] * self.loop)
        return out


class Guns(Assumed, frozen=True, kw_only=True):
    hit: int
    miss: int


class CardsSpec(Record, frozen=True):
    draw: int
    ace_draw: int
    double_ace_draw: int
    pack: Pack
    guns: Guns


class SeatSpec(Record, frozen=True):
    name: str
    side: str
    squadrons: tuple[str, ...]


class SetupSpec(Record, frozen=True):
    name: str
    title: str
    seats: tuple[SeatSpec, ...]
    description: str = ""
    max_rounds: int = 400


class SetupsSpec(Record, frozen=True):
    setup: tuple[SetupSpec, ...]


SPEC_TYPES: dict[str, type[Any]] = {
    "board.toml": BoardSpec,
    "squadrons.toml": SquadronsSpec,
    "cards.toml": CardsSpec,
    "setups.toml": SetupsSpec,
}


def specs_dir() -> Path:
    return builtin_specs("classic")


class Specs(Record, frozen=True):
    """All spec files of the ruleset, loaded and cross-checked."""

    board: BoardSpec
    squadrons: SquadronsSpec
    cards: CardsSpec
    setups: SetupsSpec

    def squadron(self, name: str) -> SquadronSpec:
        for s in self.squadrons.squadron:
            if s.name == name:
                return s
        raise SpecError(f"classic: unknown squadron {name!r}")

    def airfield(self, squadron: str) -> Airfield:
        for a in self.board.airfield:
            if a.squadron == squadron:
                return a
        raise SpecError(f"classic board.toml: no airfield for squadron {squadron!r}")


@spec_cached
def load_specs(root: Path | None = None) -> Specs:
    """Load every spec file; errors name the file and field."""
    base = root if root is not None else specs_dir()
    specs = Specs(
        board=load(base / "board.toml", BoardSpec),
        squadrons=load(base / "squadrons.toml", SquadronsSpec),
        cards=load(base / "cards.toml", CardsSpec),
        setups=load(base / "setups.toml", SetupsSpec),
    )
    names = {s.name for s in specs.squadrons.squadron}
    for af in specs.board.airfield:
        if af.squadron not in names:
            raise SpecError(f"{base / 'board.toml'}: airfield of unknown squadron {af.squadron!r}")
    for st in specs.setups.setup:
        for seat in st.seats:
            for sq in seat.squadrons:
                if sq not in names or specs.squadron(sq).side != seat.side:
                    raise SpecError(
                        f"{base / 'setups.toml'}: setup {st.name!r} seat {seat.name!r}: "
                        f"squadron {sq!r} is not a {seat.side} squadron"
                    )
    return specs
