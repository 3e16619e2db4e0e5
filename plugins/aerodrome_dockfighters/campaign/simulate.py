"""A campaign between two bot squadrons, unattended: the bot squadron leaders spend, choose,
send; Konrad flies every mission. A disbanded squadron is followed by a new one of its
faction ("you have to start with a new one"). Reports fame curves, pilot survival and aces.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import msgspec

from aerodrome.api import derive_seed
from aerodrome_dockfighters.campaign import campaign, files
from aerodrome_dockfighters.campaign.botleader import SURNAMES, BotLeader
from aerodrome_dockfighters.campaign.journal import Scenario
from aerodrome_dockfighters.campaign.sheet import Squadron
from aerodrome_dockfighters.campaign.specs import EXPERIENCE, tables

FACTIONS = ("Bavaria", "Saxony")
ACE = EXPERIENCE.index("ace")


class SideReport(msgspec.Struct, kw_only=True):
    """One faction's campaign: its squadrons (a new one after each disbanding), the fame
    after every scenario, its pilots and what became of them."""

    faction: str
    squadrons: list[str] = []
    fame: list[int] = []
    missions_won: int = 0
    missions_lost: int = 0
    pilots: int = 0
    pilots_alive: int = 0
    killed: int = 0
    missing: int = 0
    captured: int = 0
    aces: int = 0
    challenges_flown: int = 0
    challenges_mastered: int = 0
    club_members: int = 0
    disbanded: int = 0


class Report(msgspec.Struct, kw_only=True):
    scenarios: int
    seed: int
    seconds: float
    scenarios_per_second: float
    sides: list[SideReport]
    files: list[str] = []


class Simulation:
    """Two bot squadrons playing scenario after scenario (keeps every squadron ever made)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.generations = [0, 0]
        self.all: list[list[Squadron]] = [[], []]
        self.current = [self._found(0), self._found(1)]
        self.leaders = [BotLeader(derive_seed(seed, "leader", n)) for n in (0, 1)]
        self.fame: list[list[int]] = [[], []]

    def _found(self, n: int) -> Squadron:
        faction = FACTIONS[n]
        gen = self.generations[n]
        names = SURNAMES[faction][: tables().campaign.start_pilots]
        name = f"{faction} squadron {gen + 1}"
        sq = campaign.found(
            name, faction, [f"{x} {gen + 1}" for x in names], derive_seed(self.seed, faction, gen)
        )
        self.all[n].append(sq)
        return sq

    def step(self, index: int) -> None:
        """Scenario ``index``: spending (and maybe an ace challenge) first, then the mission."""
        for n in (0, 1):
            sq, leader = self.current[n], self.leaders[n]
            leader.spend(sq)
            number = leader.wants_challenge(sq)
            if number:
                campaign.challenge(
                    sq, number, leader, "konrad", derive_seed(self.seed, "challenge", index, n)
                )
                leader.spend(sq)
            if not campaign.can_fly(sq):
                campaign.disband(sq, "could not get 2 planes and 2 pilots airborne")
                self.generations[n] += 1
                self.current[n] = self._found(n)
        a, b = self.current
        campaign.scenario(
            a, b, self.leaders, ("konrad", "konrad"), derive_seed(self.seed, "scenario", index)
        )
        for n in (0, 1):
            self.fame[n].append(self.current[n].fame)

    def report(self, scenarios: int, seconds: float) -> Report:
        sides = []
        for n, faction in enumerate(FACTIONS):
            r = SideReport(faction=faction, fame=list(self.fame[n]))
            for sq in self.all[n]:
                r.squadrons.append(sq.name)
                r.missions_won += sq.won
                r.missions_lost += sq.lost
                r.disbanded += sq.disbanded
                for p in sq.barracks:
                    r.pilots += 1
                    r.pilots_alive += p.active
                    r.killed += p.status == "killed"
                    r.missing += p.status == "missing"
                    r.captured += p.status == "captured"
                    r.aces += p.level == ACE
                    r.club_members += p.club
                for e in sq.journal:
                    if isinstance(e, Scenario) and e.challenge:
                        r.challenges_flown += 1
                        r.challenges_mastered += e.outcome.mission_won
            sides.append(r)
        return Report(
            scenarios=scenarios,
            seed=self.seed,
            seconds=round(seconds, 3),
            scenarios_per_second=round(scenarios / seconds, 2) if seconds else 0.0,
            sides=sides,
        )

    def save(self, folder: Path) -> list[str]:
        """Write every squadron file into ``folder`` (atomically)."""
        items = [
            (folder / file_name(sq.faction, k), sq)
            for n in (0, 1)
            for k, sq in enumerate(self.all[n])
        ]
        files.save(items)
        return [str(p) for p, _ in items]


def file_name(faction: str, k: int) -> str:
    """The file of a faction's ``k``-th squadron (from 0) in ``--out``: ``bavaria-1.json``."""
    return f"{faction.lower()}-{k + 1}.json"


def earlier_files(folder: Path) -> list[str]:
    """The squadron files a simulation writes that ``folder`` holds already (an earlier
    run's): a new run would overwrite some and leave others beside its own."""
    return sorted(
        p.name
        for faction in FACTIONS
        for p in folder.glob(f"{faction.lower()}-*.json")
        if p.stem.removeprefix(f"{faction.lower()}-").isdigit()
    )


def simulate(
    scenarios: int,
    seed: int,
    *,
    out: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> Report:
    """Play ``scenarios`` scenarios between two bot squadrons seeded from ``seed``."""
    sim = Simulation(seed)
    start = time.perf_counter()
    for i in range(scenarios):
        sim.step(i)
        if progress is not None:
            progress(1)
    report = sim.report(scenarios, time.perf_counter() - start)
    if out is not None:
        report.files = sim.save(out)
    return report
