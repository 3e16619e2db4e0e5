"""A bot squadron leader: spends fame and chooses missions, pilots and loads sensibly, so a
whole campaign runs unattended (its pilots are flown in the missions by Konrad).

Its judgement, in short: keep two aircraft with pilots ready (or the squadron is disbanded),
replace losses and keep a reserve of fame, promote a squadron leader and unlock his levels,
choose the mission worth most fame for what it costs by how often Konrad wins it (the
mission table of docs/rules/dockfighters.md), send the two free planes (a third when rich),
bomb with bombers and fighterbombers on ground missions, bring bailed-out pilots home when it
can pay, and send an ace to the League's challenges when fame is plenty.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from aerodrome.api import derive_seed
from aerodrome_dockfighters.campaign import bridge, campaign, leadership
from aerodrome_dockfighters.campaign.economy import aircraft_price, usable
from aerodrome_dockfighters.campaign.journal import Arm, Pick, Scenario, Send, Sent, TakeAbility
from aerodrome_dockfighters.campaign.procedure import flies
from aerodrome_dockfighters.campaign.sheet import CampaignError, PersonalFile, Squadron
from aerodrome_dockfighters.campaign.specs import EXPERIENCE, tables

#: How often Konrad wins each mission against Konrad (docs/rules/dockfighters.md, 200 games
#: each, measured after issue 26): the bot's estimate of a mission's worth.
WIN_CHANCE = {
    "aerial-dominance": 0.09,
    "fighter-sweep": 0.40,
    "aerial-surveillance": 0.34,
    "recon-escort": 0.46,
    "agents-insertion": 0.86,
    "big-hunt": 0.27,
    "ale-raid": 0.39,
    "bomb-run": 0.11,
    "cargo-escort": 0.99,
    "flying-eye": 0.04,
    "duel": 0.0,
    "airstrip-visit": 0.04,
}
#: Fame the bot keeps for bringing pilots home and for the next scenario.
RESERVE = 2
#: Scenarios between two attempts at the League's challenges.
CHALLENGE_PAUSE = 4
SURNAMES = {
    "Bavaria": (
        "Huber",
        "Gruber",
        "Maier",
        "Hofer",
        "Brandl",
        "Sedlmayr",
        "Wimmer",
        "Obermaier",
        "Kastner",
        "Loibl",
    ),
    "Saxony": (
        "Schulze",
        "Richter",
        "Krause",
        "Lehmann",
        "Naumann",
        "Seidel",
        "Kuehn",
        "Winkler",
        "Hertel",
        "Lorenz",
    ),
}


class BotLeader:
    """The bot's decisions (the :class:`~.procedure.Leader` protocol) and its spending."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(derive_seed(seed, "bot squadron leader"))

    # -- the set-up ------------------------------------------------------------------------
    def bid(self, sq: Squadron, own: int, other: int, other_bid: int | None, budget: int) -> int:
        """Close a gap of one or two with fame when there is plenty to spare."""
        gap = other - own + 1
        if 0 < gap <= 2 and budget >= gap + 4 * RESERVE:
            return gap
        return 0

    def mission(self, sq: Squadron, allowed: Sequence[str], other: str | None, budget: int) -> str:
        discount = leadership.effect(sq).mission_discount
        infos = bridge.missions()

        def worth(key: str) -> float:
            m = infos[key]
            return WIN_CHANCE.get(key, 0.1) * m.fame_win - max(0, m.fame_cost - discount)

        affordable = [
            k
            for k in allowed
            if max(0, infos[k].fame_cost - discount) + RESERVE <= budget or infos[k].fame_cost == 0
        ]
        return max(affordable or list(allowed), key=lambda k: (worth(k), -infos[k].value, k))

    def send(self, sq: Squadron, mission: str, other: str, budget: int) -> Send:
        if mission in bridge.CHALLENGES:
            return self._challengers(sq)
        c = tables().campaign
        room = budget - bridge.missions()[mission].fame_cost - RESERVE
        want = c.free_planes + (1 if room >= 4 else 0)
        crews = self._crews(sq)
        for pool in (
            crews,
            [x for x in crews if bridge.catalogue()[self._sheet(sq, x)].klass != "airship"],
        ):
            sent: list[Pick] = []
            planes = 0
            for pick in pool:
                info = bridge.catalogue()[self._sheet(sq, pick)]
                extra = max(0, planes + info.planes - c.free_planes) * c.extra_plane_cost
                if planes >= want or extra > max(0, room):
                    continue
                sent.append(pick)
                planes += info.planes
            if planes >= c.free_planes:  # an airship counts 2 (setup.4)
                break
        return Send(picks=tuple(sent))

    @staticmethod
    def _sheet(sq: Squadron, pick: Pick) -> str:
        plane = sq.plane(pick.serial)
        assert plane is not None
        return plane.datasheet

    def _crews(self, sq: Squadron) -> list[Pick]:
        """The best pairs: aircraft by value, each with the most experienced pilot of its kind;
        ready ones first, then (a Ruthless leader's) wounded pilots and damaged aircraft."""
        e = leadership.effect(sq)
        pilot_ok = ("ready", "hospital") if e.wounded_flies else ("ready",)
        plane_ok = ("ready", "workshop") if e.damaged_flies else ("ready",)
        pilots = sorted(
            (p for p in sq.barracks if p.status in pilot_ok),
            key=lambda p: (p.status != "ready", -p.level, -p.victories, p.name),
        )
        planes = sorted(
            (p for p in sq.hangar if p.status in plane_ok),
            key=lambda p: (p.status != "ready", -bridge.catalogue()[p.datasheet].value, p.serial),
        )
        used: set[str] = set()
        out: list[Pick] = []
        for plane in planes:
            info = bridge.catalogue()[plane.datasheet]
            p = next((p for p in pilots if p.name not in used and flies(p.kind, info.klass)), None)
            if p is None:
                continue
            used.add(p.name)
            out.append(Pick(pilot=p.name, serial=plane.serial))
        return out

    # -- step 8 ------------------------------------------------------------------------------
    def arm(self, sq: Squadron, sent: Sequence[Sent], seat: int, seen: bridge.SetUp | None) -> Arm:
        """Airships get their turrets (and a dockfighter when unlocked); bombers and
        fighterbombers get bombs when ground targets of their own mission were set up."""
        targets = seen is not None and any(g.seat == seat for g in seen.ground)
        return Arm(
            picks=tuple(
                Pick(pilot=s.pilot, serial=s.serial, loads=self._loads(sq, s.datasheet, targets))
                for s in sent
            )
        )

    @staticmethod
    def _loads(sq: Squadron, datasheet: str, targets: bool) -> tuple[str, ...]:
        info = bridge.catalogue()[datasheet]
        if info.klass == "airship":
            systems = ["light anti-aircraft turret"] * info.docking_points
            if usable(sq, "dockfighter") and info.docking_points >= 2:
                systems[1] = "dockfighter"
            return tuple(systems)
        if targets and info.klass in ("fighterbomber", "bomber") and usable(sq, "AB 250 bomb"):
            return ("AB 250 bomb",) * (info.load_points // bridge.load_points("AB 250 bomb"))
        return ()

    def _challengers(self, sq: Squadron) -> Send:
        ace = self.challenger(sq)
        if ace is None:
            raise CampaignError(
                "barracks: no ready ace fighter pilot with a challenge still to master; the challenges are for aces "
                "[dockfighters.challenge.1]"
            )
        wing = next(
            (
                p
                for p in sorted(sq.ready(), key=lambda p: (-p.level, p.name))
                if p.kind == "pilot" and p.level < EXPERIENCE.index("ace")
            ),
            None,
        )
        fighters = [
            p
            for p in sq.hangar
            if p.status == "ready"
            and bridge.catalogue()[p.datasheet].klass in ("standard fighter", "advanced fighter")
        ]
        fighters.sort(key=lambda p: (-bridge.catalogue()[p.datasheet].value, p.serial))
        if not fighters:
            raise CampaignError("hangar: no ready fighter for the ace [dockfighters.challenge.1]")
        picks = [Pick(pilot=ace.name, serial=fighters[0].serial)]
        if wing is not None and len(fighters) > 1:
            picks.append(Pick(pilot=wing.name, serial=fighters[1].serial))
        return Send(picks=tuple(picks))

    # -- after the mission ------------------------------------------------------------------
    def pay_return(self, sq: Squadron, pilot: PersonalFile, cost: int) -> bool:
        return True

    def bail_out(
        self, sq: Squadron, pilot: PersonalFile, land: int, bail: int, wounded: bool
    ) -> bool:
        """Land, unless the pilot is wounded already (a failed landing kills him as a failed
        bail-out does) and bailing out is easier for him (an ace's ability): the plane is
        lost either way then, his life is what counts."""
        return wounded and bail < land

    def take_ability(
        self, sq: Squadron, pilot: PersonalFile, options: Sequence[TakeAbility]
    ) -> TakeAbility:
        upgrades = [o for o in options if o.level == 2]
        return (upgrades or list(options))[0]

    # -- between scenarios -----------------------------------------------------------------------
    def challenger(self, sq: Squadron) -> PersonalFile | None:
        """A ready ace fighter pilot with a challenge still to master."""
        aces = [
            p
            for p in sq.ready()
            if p.kind == "pilot" and p.level == EXPERIENCE.index("ace") and len(p.challenges) < 3
        ]
        return min(aces, key=lambda p: (-len(p.challenges), p.name)) if aces else None

    def wants_challenge(self, sq: Squadron) -> int:
        """The challenge to fly now (0: none): an ace, a ready fighter, fame to spare (more for
        the hard ones), and at least ``CHALLENGE_PAUSE`` scenarios since the last attempt."""
        ace = self.challenger(sq)
        if ace is None:
            return 0
        since = 0
        for e in reversed(sq.journal):
            if isinstance(e, Scenario):
                if e.challenge:
                    break
                since += 1
        else:
            since = CHALLENGE_PAUSE
        number = len(ace.challenges) + 1
        cost = bridge.missions()[f"ace-challenge-{number}"].fame_cost
        fighters = [
            p
            for p in sq.hangar
            if p.status == "ready"
            and bridge.catalogue()[p.datasheet].klass in ("standard fighter", "advanced fighter")
        ]
        spare = 3 * RESERVE if number == 1 else 6 * RESERVE
        return number if fighters and since >= CHALLENGE_PAUSE and sq.fame >= cost + spare else 0

    def spend(self, sq: Squadron) -> None:
        """The bot's purchases before a scenario, each booked in the journal."""
        c = tables().campaign
        if not leadership.leader_active(sq):
            best = max(
                sq.active(),
                key=lambda p: (p.level, p.victories, -sq.barracks.index(p)),
                default=None,
            )
            if best is not None:
                campaign.promote(sq, best.name)
        fighter = bridge.standard_fighter(sq.faction)
        while (
            campaign.pairs(sq, ready_only=True) < c.free_planes
        ):  # never disbanded while it can pay
            if (
                len(sq.ready()) < 2
                and len(sq.active("pilot")) < c.barracks.pilot
                and sq.fame >= c.recruit_cost
            ):
                campaign.recruit(sq, self._name(sq))
            elif sq.fame >= aircraft_price(sq, fighter):
                campaign.buy(sq, fighter)
            else:
                return
        planes = [p for p in sq.aircraft() if bridge.catalogue()[p.datasheet].klass != "airship"]
        while (
            len(sq.active("pilot")) < min(len(planes), c.barracks.pilot)
            and sq.fame >= c.recruit_cost + RESERVE
        ):
            campaign.recruit(sq, self._name(sq))
        while (
            len(sq.aircraft()) < c.start_fighters
            and sq.fame >= aircraft_price(sq, fighter) + RESERVE
        ):
            campaign.buy(sq, fighter)
        self._unlock(sq)
        advanced = next(
            a.name for a in bridge.for_sale(sq.faction) if a.klass == "advanced fighter"
        )
        if (
            sq.fame >= aircraft_price(sq, advanced) + 4 * RESERVE
            and len(sq.aircraft()) < len(sq.active("pilot")) + 1
        ):
            campaign.buy(sq, advanced)

    def _unlock(self, sq: Squadron) -> None:
        lead = sq.leader
        if (
            lead is None
            or not leadership.leader_active(sq)
            or lead.levels >= len(tables().leaders.level)
            or lead.unlocked_after >= sq.missions
        ):
            return
        level = tables().leaders.level[lead.levels]
        p = sq.pilot(lead.pilot)
        if (
            p is not None
            and p.level >= EXPERIENCE.index(level.name)
            and sq.fame >= level.cost + RESERVE
        ):
            campaign.unlock(sq)

    def _name(self, sq: Squadron) -> str:
        names = SURNAMES[sq.faction]
        for n in range(1, 1000):
            name = f"{names[self.rng.randrange(len(names))]} {n}"
            if sq.pilot(name) is None:
                return name
        raise AssertionError("no free name")
