"""Helpers for the campaign tests: squadrons, a scripted leader, hand-made mission reports."""

from __future__ import annotations

from collections.abc import Sequence

from aerodrome_dockfighters.campaign import bridge, campaign
from aerodrome_dockfighters.campaign.journal import Arm, Pick, Recruited, Send, Sent, TakeAbility
from aerodrome_dockfighters.campaign.ledger import Line
from aerodrome_dockfighters.campaign.sheet import PersonalFile, Squadron

BAVARIANS = ["Hans", "Fritz", "Sepp", "Alois"]
SAXONS = ["Karl", "Otto", "Paul", "Emil"]
HAWK, HARRIER, SPRITE, MILKCOW = (
    "Fw-802 E-1 Hawk",
    "Fw-127 B-2 Royal Harrier",
    "Bf-229 R-6 Sprite",
    "Bf-682 D-3 Milkcow",
)
ARROW = "Do-335 L-3 Arrow"


def squadron(
    faction: str = "Bavaria", fame: int = 0, seed: int = 1, name: str | None = None
) -> Squadron:
    """A new squadron with ``fame`` booked as one earned line (so the ledger balances)."""
    pilots = BAVARIANS if faction == "Bavaria" else SAXONS
    sq = campaign.found(name or f"{faction} test", faction, list(pilots), seed)
    if fame:
        sq.fame += fame
        sq.journal.append(
            Recruited(name="test fame", ledger=(Line(fame=fame, why="mission", note="test"),))
        )
    return sq


class Stub:
    """A leader answering from given values (and the bot's picks where none are given)."""

    def __init__(
        self,
        *,
        bids: Sequence[int] = (),
        mission: str = "aerial-dominance",
        picks: Sequence[Pick] = (),
        pay: bool = True,
        take: int = 0,
    ) -> None:
        self.bids = list(bids)
        self.chosen = mission
        self.picks = tuple(picks)
        self.pay = pay
        self.take = take
        self.asked_missions: list[list[str]] = []

    def bid(self, sq: Squadron, own: int, other: int, other_bid: int | None, budget: int) -> int:
        return self.bids.pop(0) if self.bids else 0

    def mission(self, sq: Squadron, allowed: Sequence[str], other: str | None, budget: int) -> str:
        self.asked_missions.append(list(allowed))
        return self.chosen

    def send(self, sq: Squadron, mission: str, other: str, budget: int) -> Send:
        if self.picks:
            return Send(picks=tuple(Pick(pilot=p.pilot, serial=p.serial) for p in self.picks))
        ready = [p for p in sq.barracks if p.status == "ready"][:2]
        planes = [p for p in sq.hangar if p.status == "ready"][:2]
        return Send(
            picks=tuple(
                Pick(pilot=p.name, serial=pl.serial) for p, pl in zip(ready, planes, strict=False)
            )
        )

    def arm(self, sq: Squadron, sent: Sequence[Sent], seat: int, seen: object) -> Arm:
        """The loads of the given picks (step 8), none for the others."""
        given = {(p.pilot, p.serial): p.loads for p in self.picks}
        return Arm(
            picks=tuple(
                Pick(pilot=s.pilot, serial=s.serial, loads=given.get((s.pilot, s.serial), ()))
                for s in sent
            )
        )

    def pay_return(self, sq: Squadron, pilot: PersonalFile, cost: int) -> bool:
        return self.pay

    def bail_out(
        self, sq: Squadron, pilot: PersonalFile, land: int, bail: int, wounded: bool
    ) -> bool:
        return False  # always tries to land

    def take_ability(
        self, sq: Squadron, pilot: PersonalFile, options: Sequence[TakeAbility]
    ) -> TakeAbility:
        return options[self.take]


def crew(**kw: object) -> bridge.CrewReport:
    """A sent aircraft at the end of its mission; what it received is what it has left unless
    ``damage_taken`` / ``crits_taken`` say more (repaired in the mission)."""
    kw.setdefault("damage_taken", kw.get("damage", 0))
    kw.setdefault("crits_taken", kw.get("crits", 0))
    kw.setdefault("how", "shot down" if kw.get("aircraft_lost") else "")
    base: dict[str, object] = dict(
        fate="fit",
        aircraft_lost=False,
        home=True,
        wounded=False,
        damage=0,
        crits=0,
        gear_damaged=False,
        victories=0,
        kills=0,
    )
    base.update(kw)
    return bridge.CrewReport(**base)  # type: ignore[arg-type]


def report(
    crews0: Sequence[bridge.CrewReport],
    crews1: Sequence[bridge.CrewReport] = (),
    *,
    kills: Sequence[bridge.Kill] = (),
    mission: tuple[tuple[bool, int], tuple[bool, int]] = ((False, 0), (False, 0)),
    defender: int = -1,
) -> bridge.Report:
    return bridge.Report(
        crews=(tuple(crews0), tuple(crews1)),
        kills=tuple(kills),
        mission=mission,
        defender=defender,
        turns=12,
    )
