"""Playing the campaign and replaying its journal (Campaign: Rules for Free Play; clause
campaign.free.1): "Each time the players meet for play, they generally play a scenario as
described in the scenario set-up. After the game, they record wins, losses and fame won".

Every change to a squadron is a journal entry booked by :func:`commit` (its fame lines move
the fame, and only they do). :func:`rebuild` plays a journal again from its first entry: the
purchases, promotions, and every scenario with its recorded decisions and game actions. A
squadron rebuilt from its own journal is byte-identical to its file.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence

import msgspec

from aerodrome.api import Agent, Dice, derive_seed
from aerodrome_dockfighters.campaign import bridge, economy, leadership
from aerodrome_dockfighters.campaign.aftermath import settle
from aerodrome_dockfighters.campaign.journal import (
    Bought,
    Disbanded,
    Equipped,
    Founded,
    JournalEntry,
    LevelUnlocked,
    Promoted,
    Recruited,
    Scenario,
    Send,
    Side,
)
from aerodrome_dockfighters.campaign.ledger import Line, total
from aerodrome_dockfighters.campaign.procedure import (
    Leader,
    Party,
    Scripted,
    arm,
    flies,
    inferior,
    initiative,
    missions,
    send,
    sortie,
)
from aerodrome_dockfighters.campaign.sheet import CampaignError, Squadron
from aerodrome_dockfighters.campaign.specs import EXPERIENCE, tables
from aerodrome_dockfighters.campaign.story import set_up_lines

HUMAN = "human"
LEAGUE_NAME = "The League"
ACE = EXPERIENCE.index("ace")


class Abandoned(CampaignError):
    """A human left the mission before its end: nothing is recorded."""


def commit(sq: Squadron, entry: JournalEntry) -> None:
    """Book ``entry``: it joins the journal and its fame lines move the fame."""
    sq.journal.append(entry)
    sq.fame += total(entry.ledger)
    if sq.fame < 0:
        raise CampaignError(f"fame: the squadron would have {sq.fame} fame [dockfighters.fame.6]")


def _open(sq: Squadron) -> None:
    if sq.disbanded:
        raise CampaignError(
            f"disbanded: {sq.name} was disbanded; the campaign is over for it [dockfighters.campaign.sortie.2]"
        )


# -- between scenarios ----------------------------------------------------------------------------
def found(name: str, faction: str, pilots: list[str], seed: int, uid: str = "") -> Squadron:
    sq, entry = economy.found(name, faction, pilots, seed, uid)
    commit(sq, entry)
    return sq


def recruit(sq: Squadron, name: str, kind: str = "pilot", rank: str = "") -> None:
    _open(sq)
    commit(sq, economy.recruit(sq, name, kind, rank))  # type: ignore[arg-type]


def buy(sq: Squadron, datasheet: str) -> None:
    _open(sq)
    commit(sq, economy.buy(sq, datasheet))


def equip(sq: Squadron, item: str) -> None:
    _open(sq)
    commit(sq, economy.equip(sq, item))


def promote(sq: Squadron, pilot: str) -> None:
    _open(sq)
    commit(sq, leadership.promote(sq, pilot))


def unlock(sq: Squadron) -> None:
    _open(sq)
    commit(sq, leadership.unlock(sq))


def pairs(sq: Squadron, ready_only: bool = False) -> int:
    """How many planes the squadron can get airborne, each aircraft with a pilot or crew of
    its kind, "airships are treated as 2 aircraft" (ready ones; unless ``ready_only``, a
    Ruthless leader's wounded and damaged ones too)."""
    e = leadership.effect(sq)
    wounded = e.wounded_flies and not ready_only
    damaged = e.damaged_flies and not ready_only
    pilots = [p for p in sq.active() if p.status == "ready" or wounded]
    planes = [p for p in sq.aircraft() if p.status == "ready" or damaged]
    used: set[str] = set()
    count = 0
    for plane in planes:
        klass = bridge.catalogue()[plane.datasheet].klass
        p = next((p for p in pilots if p.name not in used and flies(p.kind, klass)), None)
        if p is not None:
            used.add(p.name)
            count += bridge.catalogue()[plane.datasheet].planes
    return count


def can_fly(sq: Squadron) -> bool:
    """ "2 planes are mandatory for each scenario. If a squadron is not in the position to get
    2 planes and 2 pilots airborne, the squadron is rated as combat ineffective and
    disbanded" (clause campaign.sortie.2); an airship with its crew is 2 planes (setup.4)."""
    return pairs(sq) >= tables().campaign.free_planes


def disband(sq: Squadron, reason: str) -> None:
    sq.disbanded = True
    commit(sq, Disbanded(reason=reason))


# -- a scenario -----------------------------------------------------------------------------------
def _bots(agents: Sequence[str], seats: Sequence[int]) -> tuple[int, ...]:
    """The seats the solo bot flies (its simplified landing, konrad.19)."""
    return tuple(sorted(seats[n] for n, a in enumerate(agents) if bridge.bot_rules(a)))


def _play(
    sides: tuple[Side, Side],
    initiative_seat: int,
    bots: tuple[int, ...],
    agents: Sequence[str],
    seed: int,
    challenge: int,
    human: bridge.Human | None,
    arm: Callable[[bridge.SetUp], tuple[Side, Side]],
) -> tuple[bridge.Report, tuple[str, ...], tuple[Side, Side]]:
    """Steps 6-10: the engine sets the missions up (6/7) without the loads; the leaders arm
    their planes knowing that set-up (8, ``arm`` returns the armed sides); the armed game
    answers the set-up as it was answered, determines the weather (9) and is played (10).
    Returns the report, the armed game's actions and the armed sides."""
    # a person sees what happens (the log); bots alone need no log (the same game either way)
    record = human is not None and HUMAN in agents

    def players() -> list[Agent | None]:
        return [
            None if name == HUMAN else bridge.bot_agent(name, seat, seed)
            for seat, name in enumerate(agents)
        ]

    unarmed = bridge.setup(sides, initiative_seat, bots, challenge=challenge)
    preview = bridge.new_game(unarmed, seed, record=record)
    if not bridge.play(preview, players(), human, until=bridge.armament_due):
        raise Abandoned("the mission was left before its end; nothing is recorded")
    armed = arm(bridge.set_up(preview.state))
    game = bridge.new_game(
        bridge.setup(armed, initiative_seat, bots, challenge=challenge), seed, record=record
    )
    bridge.rearm(preview, game)
    if not bridge.play(game, players(), human):
        raise Abandoned("the mission was left before its end; nothing is recorded")
    return bridge.report(game), bridge.encode_actions(game), armed


def scenario(
    a: Squadron,
    b: Squadron,
    leaders: Sequence[Leader],
    agents: Sequence[str],
    seed: int,
    human: bridge.Human | None = None,
) -> tuple[Scenario, Scenario]:
    """Set up, play and book a scenario between ``a`` (whose leader called it) and ``b``;
    ``agents[n]`` flies squadron n's aircraft (``human`` or an agent name). Both squadrons
    are changed in place: work on copies and keep them only when this returns."""
    for sq in (a, b):
        _open(sq)
        if not can_fly(sq):
            raise CampaignError(
                f"hangar: {sq.name} cannot get 2 planes and 2 pilots airborne; recruit or buy first, or it is "
                "disbanded [dockfighters.campaign.sortie.2]"
            )
    if a is b:
        raise CampaignError("against: a squadron cannot fly a scenario against itself")
    parties = [Party(a, leaders[0]), Party(b, leaders[1])]
    winner, rolls, seats = _set_up(parties, seed)
    if human is not None:  # the fame the game's header shows, explained
        human.tell(set_up_lines([p.name for p in parties], [p.lines for p in parties]))
    bots = _bots(agents, seats)
    by_seat = [agents[seats.index(s)] for s in (0, 1)]

    def arming(seen: bridge.SetUp) -> tuple[Side, Side]:
        arm(parties, seats, seen)
        return _sides(parties, seats)

    report, actions, sides = _play(
        _sides(parties, seats), seats[winner], bots, by_seat, seed, 0, human, arming
    )
    out = []
    shared = economy.derive_uid("scenario", a.uid, len(a.journal), b.uid, len(b.journal), seed)
    for n, party in enumerate(parties):
        outcome = settle(party, seats[n], report, sides, seed)
        assert party.sq is not None
        entry = Scenario(
            id=shared,
            partner=(b if n == 0 else a).uid,
            seed=seed,
            player=seats[n],
            party=n,
            sides=sides,
            choices=tuple(party.choices),
            bots=bots,
            rolls=tuple(rolls),
            initiative=seats[winner],
            actions=actions,
            outcome=outcome,
            ledger=tuple(party.lines),
        )
        assert party.sq is not None
        commit(party.sq, entry)
        out.append(entry)
    return out[0], out[1]


def _set_up(parties: list[Party], seed: int) -> tuple[int, list[tuple[int, int]], list[int]]:
    """Steps 1-5: initiative, missions, the seats (the chooser of a value-5 mission is the
    engine's first seat), who is sent, superior and inferior (the armament, step 8, follows
    the missions' set-up in :func:`_play`)."""
    dice = Dice(derive_seed(seed, "scenario set-up"))
    winner, rolls = initiative(parties, dice)
    missions(parties, winner)
    drawn = parties[1 - winner].drawn
    first = winner if drawn else 0
    seats = [0, 1] if first == 0 else [1, 0]
    send(parties, seats, seed)
    inferior(parties)
    return winner, rolls, seats


def _sides(parties: Sequence[Party], seats: Sequence[int]) -> tuple[Side, Side]:
    """The sides by seat, each with the fame its set-up booked (a recorded side as it was)."""
    by_seat: list[Side] = [Side(squadron="", faction="Bavaria", mission="")] * 2
    for n, party in enumerate(parties):
        assert party.side is not None
        side = party.side
        if party.sq is not None:
            side = msgspec.structs.replace(side, fame=total(party.lines))
        by_seat[seats[n]] = side
    return by_seat[0], by_seat[1]


# -- an ace challenge -----------------------------------------------------------------------------
def challenge(
    sq: Squadron,
    number: int,
    leader: Leader,
    agent: str,
    seed: int,
    human: bridge.Human | None = None,
) -> Scenario:
    """Fly ace challenge ``number`` against the League (clauses challenge.*): the leader's
    Send names the ace first, then at most a wingman who is not an ace."""
    _open(sq)
    party = Party(sq, leader)
    return _challenge(sq, number, party, agent, seed, human, None)


def _challenge(
    sq: Squadron,
    number: int,
    party: Party,
    agent: str,
    seed: int,
    human: bridge.Human | None,
    recorded: Scenario | None,
) -> Scenario:
    c = tables().campaign
    if number not in (1, 2, 3):
        raise CampaignError(f"challenge: 1, 2 or 3, not {number} [dockfighters.challenge.1]")
    key = f"ace-challenge-{number}"
    info = bridge.missions()[key]
    assert party.leader is not None
    choice = party.leader.send(sq, key, bridge.LEAGUE, party.budget)
    party.choices.append(choice)
    _check_challengers(sq, number, choice)
    party.mission = key
    party.sent = sortie(sq, choice, Dice(derive_seed(seed, "set-up", 0)), least=1)
    cost = max(
        0,
        info.fame_cost
        - leadership.effect(sq).mission_discount
        - (c.club_discount if any(s.club for s in party.sent) else 0),
    )
    if cost > party.budget:
        raise CampaignError(
            f"fame: challenge {number} costs {cost} fame, the squadron has {party.budget} [dockfighters.challenge.1]"
        )
    if cost:
        party.lines.append(Line(fame=-cost, why="mission cost", note=info.name))
    side = Side(
        squadron=sq.name,
        faction=sq.faction,
        mission=key,
        sent=party.sent,
        in_play=leadership.in_play(sq),
        fame=total(party.lines),
    )
    league = Side(
        squadron=LEAGUE_NAME,
        faction="Saxony" if sq.faction == "Bavaria" else "Bavaria",
        mission=bridge.LEAGUE,
    )
    party.side = side

    def arming(seen: bridge.SetUp | None) -> tuple[Side, Side]:
        arm([party], [0], seen)
        assert party.side is not None
        return party.side, league

    bots = tuple(sorted({1} | ({0} if agent and bridge.bot_rules(agent) else set())))
    if human is not None:
        human.tell(set_up_lines([sq.name], [party.lines]))
    if recorded is None:
        report, actions, sides = _play(
            (side, league), -1, bots, (agent, "konrad"), seed, number, human, arming
        )
    else:
        sides = arming(None)
        if recorded.sides != sides:
            raise CampaignError("sides: the squadron could not have sent what the journal says")
        bots, actions = recorded.bots, recorded.actions
        report = _replayed(sides, -1, bots, seed, number, actions, "challenge")
    outcome = settle(party, 0, report, sides, seed)
    ace = sq.pilot(choice.picks[0].pilot)
    assert ace is not None
    if outcome.mission_won and ace.active:  # challenge.2: all three, then the club
        ace.challenges.append(number)
        if sorted(ace.challenges) == [1, 2, 3]:
            ace.club = True
    entry = Scenario(
        id=recorded.id
        if recorded is not None
        else economy.derive_uid("challenge", sq.uid, len(sq.journal), number, seed),
        seed=seed,
        player=0,
        sides=sides,
        choices=tuple(party.choices),
        bots=bots,
        challenge=number,
        actions=actions,
        outcome=outcome,
        ledger=tuple(party.lines),
    )
    commit(sq, entry)
    return entry


def _check_challengers(sq: Squadron, number: int, choice: Send) -> None:
    """ "The pilot must have reached the experience level Ace"; "You have to master them one
    after the other and always with the same pilot"; "You can take a wingman with you ...
    His experience level may be Green, Experienced or Veteran, but not Ace" (challenge.1)."""
    if not 1 <= len(choice.picks) <= 2:
        raise CampaignError(
            "send: an ace challenge is flown by the ace and at most one wingman [dockfighters.challenge.1]"
        )
    ace = sq.pilot(choice.picks[0].pilot)
    if ace is None or ace.status != "ready":
        raise CampaignError(
            f"send.picks[0]: {choice.picks[0].pilot!r} is not a ready pilot [dockfighters.challenge.1]"
        )
    if ace.kind != "pilot":
        raise CampaignError(
            f"send.picks[0]: {ace.name} is a {ace.kind}; the challenges are for pilots [dockfighters.challenge.1]"
        )
    if ace.level != ACE:
        raise CampaignError(
            f"send.picks[0]: {ace.name} is {ace.experience}; the challenges are for aces [dockfighters.challenge.1]"
        )
    if number in ace.challenges:
        raise CampaignError(
            f"challenge: {ace.name} has mastered challenge {number} already [dockfighters.challenge.1]"
        )
    before = [n for n in (1, 2, 3) if n < number]
    if sorted(ace.challenges) != before:
        raise CampaignError(
            f"challenge: {ace.name} must master the challenges one after the other; he has "
            f"{sorted(ace.challenges) or 'none'} [dockfighters.challenge.1]"
        )
    if len(choice.picks) == 2:
        wing = sq.pilot(choice.picks[1].pilot)
        if wing is not None and wing.level == ACE:
            raise CampaignError(
                f"send.picks[1]: the wingman {wing.name} may not be an ace [dockfighters.challenge.1]"
            )


def _replayed(
    sides: tuple[Side, Side],
    initiative_seat: int,
    bots: tuple[int, ...],
    seed: int,
    challenge: int,
    actions: Sequence[str],
    where: str,
) -> bridge.Report:
    the_setup = bridge.setup(sides, initiative_seat, bots, challenge=challenge)
    return bridge.report(bridge.replay(the_setup, seed, actions, where))


# -- the journal played again ---------------------------------------------------------------------
def rebuild(journal: Sequence[JournalEntry], where: str = "journal") -> Squadron:
    """The squadron its journal describes, every entry played again in order."""
    if not journal or not isinstance(journal[0], Founded):
        raise CampaignError(f"{where}[0]: a journal starts with the squadron's founding")
    first = journal[0]
    sq = found(first.name, first.faction, list(first.pilots), first.seed, first.uid)
    for n, entry in enumerate(journal[1:], 1):
        here = f"{where}[{n}]"
        try:
            apply(sq, entry, here)
        except CampaignError as exc:
            msg = str(exc)
            raise CampaignError(msg if msg.startswith(where) else f"{here}: {msg}") from None
    return sq


def apply(sq: Squadron, entry: JournalEntry, where: str) -> None:
    """Play one journal entry again on ``sq``."""
    if isinstance(entry, Recruited):
        recruit(sq, entry.name, entry.kind, entry.rank)
    elif isinstance(entry, Bought):
        buy(sq, entry.datasheet)
    elif isinstance(entry, Equipped):
        equip(sq, entry.item)
    elif isinstance(entry, Promoted):
        promote(sq, entry.pilot)
    elif isinstance(entry, LevelUnlocked):
        unlock(sq)
    elif isinstance(entry, Disbanded):
        disband(sq, entry.reason)
    elif isinstance(entry, Scenario):
        _replay_scenario(sq, entry, where)
    else:
        raise CampaignError(f"{where}: a squadron is founded once")


def _replay_scenario(sq: Squadron, e: Scenario, where: str) -> None:
    _open(sq)
    script = Scripted(e.choices, where)
    me = Party(sq, script)
    if e.challenge:
        _challenge(sq, e.challenge, me, "", e.seed, None, e)
        script.check_done()
        return
    other = Party(None, None, recorded=e.sides[1 - e.player])
    parties = [me, other] if e.party == 0 else [other, me]
    winner, rolls, seats = _set_up(parties, e.seed)
    if seats[e.party] != e.player or seats[winner] != e.initiative:
        raise CampaignError(f"{where}: the set-up does not seat the squadrons as recorded")
    arm(parties, seats, None)  # step 8 as recorded (the set-up it saw is in the actions)
    sides = _sides(parties, seats)
    if sides != e.sides:
        raise CampaignError(
            f"{where}.sides: the squadron could not have sent what the journal says"
        )
    report = _replayed(sides, e.initiative, e.bots, e.seed, 0, e.actions, where)
    outcome = settle(me, e.player, report, sides, e.seed)
    script.check_done()
    commit(
        sq,
        Scenario(
            id=e.id,
            partner=e.partner,
            seed=e.seed,
            player=e.player,
            party=e.party,
            sides=sides,
            choices=tuple(me.choices),
            bots=e.bots,
            rolls=tuple(rolls),
            initiative=e.initiative,
            actions=e.actions,
            outcome=outcome,
            ledger=tuple(me.lines),
        ),
    )


def copy_of(sq: Squadron) -> Squadron:
    """A deep copy to work on (the file is written only when everything went well)."""
    return copy.deepcopy(sq)
