"""The command line's squadron leaders: :class:`CliLeader` takes the decisions given as
options (``--mission``, ``--send``, ``--bid``, ``--pay``) and leaves the rest to the bot;
:class:`PersonLeader` asks a person at the terminal what the options do not give.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from aerodrome.ui.cli.screen import note
from aerodrome_dockfighters.campaign import bridge, leadership
from aerodrome_dockfighters.campaign.botleader import BotLeader
from aerodrome_dockfighters.campaign.economy import usable
from aerodrome_dockfighters.campaign.journal import Arm, Pick, Send, Sent, TakeAbility
from aerodrome_dockfighters.campaign.person import choose
from aerodrome_dockfighters.campaign.sheet import Squadron
from aerodrome_dockfighters.campaign.specs import tables


class CliLeader(BotLeader):
    """The bot's decisions, except those given on the command line."""

    def __init__(
        self,
        seed: int,
        mission: str | None,
        picks: list[Pick] | None,
        bid: int | None,
        pay: bool | None,
    ) -> None:
        super().__init__(seed)
        self.chosen, self.picks, self.bid_cap, self.pay = mission, picks, bid, pay

    def mission(self, sq: Squadron, allowed: Sequence[str], other: str | None, budget: int) -> str:
        if self.chosen is None:
            return super().mission(sq, allowed, other, budget)
        named = {
            m.name.lower(): key for key, m in bridge.missions().items()
        }  # "--mission 'The Duel'"
        return named.get(self.chosen.strip().lower(), self.chosen)

    def send(self, sq: Squadron, mission: str, other: str, budget: int) -> Send:
        """``--send PILOT=SERIAL``: who is sent (step 4); the loads after the colon wait for
        the armament (step 8)."""
        if self.picks is None:
            return super().send(sq, mission, other, budget)
        return Send(picks=tuple(Pick(pilot=p.pilot, serial=p.serial) for p in self.picks))

    def arm(self, sq: Squadron, sent: Sequence[Sent], seat: int, seen: bridge.SetUp | None) -> Arm:
        """``--send PILOT=SERIAL:LOAD,LOAD``: the loads given (step 8); none given, the bot's."""
        if self.picks is None or not any(p.loads for p in self.picks):
            return super().arm(sq, sent, seat, seen)
        given = {(p.pilot, p.serial): p.loads for p in self.picks}
        return Arm(
            picks=tuple(
                Pick(pilot=s.pilot, serial=s.serial, loads=given.get((s.pilot, s.serial), ()))
                for s in sent
            )
        )

    def bid(self, sq: Squadron, own: int, other: int, other_bid: int | None, budget: int) -> int:
        if self.bid_cap is None:
            return super().bid(sq, own, other, other_bid, budget)
        need = max(0, other - own + 1)
        return need if need <= self.bid_cap else 0

    def pay_return(self, sq: Squadron, pilot: Any, cost: int) -> bool:
        return self.pay if self.pay is not None else super().pay_return(sq, pilot, cost)


#: The bids a person is offered: up to 12 fame (more can never be needed: two d6 and a bid).
BID_CHOICES = 12


class PersonLeader(CliLeader):
    """A person's decisions as their squadron's leader (``--seat N=human``): what the command
    line does not give is asked at the terminal - the initiative bid, the mission, bringing a
    bailed-out pilot home, landing or bailing out of a damaged plane on the way home, an
    ace's new ability; who is sent stays ``--send`` or the bot's pick (the mission starts by
    saying who flies what)."""

    def __init__(
        self,
        seed: int,
        mission: str | None,
        picks: list[Pick] | None,
        bid: int | None,
        pay: bool | None,
        read: Callable[[str], str] = input,
    ) -> None:
        super().__init__(seed, mission, picks, bid, pay)
        self.read = read

    def bid(self, sq: Squadron, own: int, other: int, other_bid: int | None, budget: int) -> int:
        if self.bid_cap is not None or budget <= 0:
            return super().bid(sq, own, other, other_bid, budget) if self.bid_cap is not None else 0
        theirs = "" if other_bid is None else f", bid {other_bid}"
        texts = [
            f"{n} fame: {own + n} against {other}" for n in range(min(budget, BID_CHOICES) + 1)
        ]
        question = f"Initiative: your d6 shows {own}, theirs {other}{theirs}. Bid fame for +1 each (you have {budget})"
        return choose(self.read, sq.name, question, texts)

    def mission(self, sq: Squadron, allowed: Sequence[str], other: str | None, budget: int) -> str:
        if self.chosen is not None:
            return super().mission(sq, allowed, other, budget)
        infos = bridge.missions()
        discount = leadership.effect(sq).mission_discount + (
            tables().campaign.club_discount
            if any(p.club and p.status == "ready" for p in sq.barracks)
            else 0
        )
        keys = [k for k in allowed if max(0, infos[k].fame_cost - discount) <= budget] or list(
            allowed
        )
        briefings = tables().briefings
        texts = [
            f"{infos[k].name}: value {infos[k].value}, costs {infos[k].fame_cost}, wins "
            f"{infos[k].fame_win} - {briefings.get(k, 'no description')}"
            for k in keys
        ]
        beside = f"; the other squadron flies {infos[other].name}" if other else ""
        return keys[
            choose(
                self.read, sq.name, f"Choose your mission (you have {budget} fame{beside})", texts
            )
        ]

    def pay_return(self, sq: Squadron, pilot: Any, cost: int) -> bool:
        if self.pay is not None:
            return self.pay
        texts = [
            f"pay {cost} fame to bring {pilot.name} home",
            f"leave {pilot.name} to be captured",
        ]
        return choose(self.read, sq.name, f"{pilot.name} bailed out over enemy ground", texts) == 0

    def arm(self, sq: Squadron, sent: Sequence[Sent], seat: int, seen: bridge.SetUp | None) -> Arm:
        """Step 8 at the terminal (unless ``--send`` gave the loads): what was set up, then
        each aircraft's load points or docking points, one at a time."""
        if seen is None or (self.picks is not None and any(p.loads for p in self.picks)):
            return super().arm(sq, sent, seat, seen)
        armable = [s for s in sent if _choices(sq, s, ())]
        if not armable:
            return super().arm(sq, sent, seat, seen)
        for line in set_up_lines(seen, seat):
            note(line)
        picks = []
        for s in sent:
            loads: tuple[str, ...] = ()
            while True:
                options = _choices(sq, s, loads)
                if not options:
                    break
                texts = ["nothing more", *options]
                what = (
                    "docking point"
                    if bridge.catalogue()[s.datasheet].klass == "airship"
                    else "load"
                )
                question = f"Arm #{s.serial} {s.datasheet} ({s.pilot}): {what} {len(loads) + 1}" + (
                    f" (so far: {', '.join(loads)})" if loads else ""
                )
                pick = choose(self.read, sq.name, question, texts)
                if pick == 0:
                    break
                loads = (*loads, options[pick - 1])
            picks.append(Pick(pilot=s.pilot, serial=s.serial, loads=loads))
        return Arm(picks=tuple(picks))

    def bail_out(self, sq: Squadron, pilot: Any, land: int, bail: int, wounded: bool) -> bool:
        failed = "killed" if wounded else "wounded"
        texts = [
            f"land: a pilot check ({land}+); if it fails the plane is lost and {pilot.name} {failed}",
            f"bail out over the base: a pilot check ({bail}+); the plane is lost, and if it fails "
            f"{pilot.name} is killed",
        ]
        question = f"{pilot.name} brings a damaged plane home"
        return choose(self.read, sq.name, question, texts) == 1

    def take_ability(self, sq: Squadron, pilot: Any, options: Sequence[TakeAbility]) -> TakeAbility:
        texts = [f"{o.ability} level {o.level}" for o in options]
        return options[
            choose(self.read, sq.name, f"{pilot.name}: five more victories, an ace ability", texts)
        ]


def _choices(sq: Squadron, s: Sent, loads: tuple[str, ...]) -> list[str]:
    """What ``s`` may carry next beside ``loads``: the squadron's unlocked or automatic loads
    that still fit its load points, or the systems for its next docking point."""
    info = bridge.catalogue()[s.datasheet]
    docking = info.klass == "airship"
    items = [
        name for name, d in tables().depot.items() if d.docking == docking and usable(sq, name)
    ]
    if docking:
        if len(loads) >= info.docking_points:
            return []
        return [x for x in items if bridge.fits_point(s.datasheet, len(loads), x)]
    used = sum(bridge.load_points(x) for x in loads)
    return [x for x in items if used + bridge.load_points(x) <= info.load_points]


def set_up_lines(seen: bridge.SetUp, seat: int) -> list[str]:
    """The missions' set-up as the leader of ``seat`` reads it before arming (step 8)."""
    out = ["Armament: the missions are set up; the weather is determined after it."]
    for who in (seat, 1 - seat):
        whose = "Your" if who == seat else "Their"
        mission = bridge.missions()[seen.missions[who]].name
        targets = [g for g in seen.ground if g.seat == who]
        objectives = [o for o in seen.objectives if o.seat == who]
        parts = [
            f"{g.name} on {g.hex}" + (" (bombs, missiles or cannons only)" if g.armoured else "")
            for g in targets
        ]
        parts += [f"{o.kind} objective on {o.hex}" for o in objectives]
        out.append(f"{whose} mission, {mission}: " + ("; ".join(parts) or "nothing set up"))
    return out
