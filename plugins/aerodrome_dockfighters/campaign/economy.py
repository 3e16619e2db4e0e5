"""The squadron's purse (Campaign: Rules for Free Play, Squadron Documents): founding a
squadron, recruiting, aircraft, equipment (clauses campaign.1, campaign.recruit.1,
campaign.aircraft.1-2, campaign.equipment.1-2).

Each function checks the rule, changes the sheet, and returns the journal entry with its fame
ledger lines; :func:`aerodrome_dockfighters.campaign.campaign.commit` books it.
"""

from __future__ import annotations

import hashlib

from aerodrome.engine.terminal import escape, find_unsafe_in_name
from aerodrome_dockfighters.campaign import bridge
from aerodrome_dockfighters.campaign.journal import Bought, Equipped, Founded, Recruited
from aerodrome_dockfighters.campaign.leadership import effect
from aerodrome_dockfighters.campaign.ledger import Line
from aerodrome_dockfighters.campaign.sheet import CampaignError, PersonalFile, Plane, Squadron
from aerodrome_dockfighters.campaign.specs import KINDS, Kind, tables

MAX_NAME = 40


def found(
    name: str, faction: str, pilots: list[str], seed: int, uid: str = ""
) -> tuple[Squadron, Founded]:
    """A new squadron: "You will receive 4 standard fighters of the chosen faction and 4 green
    pilots, which must be named"; "The squadron starts with 0 fame points" (campaign.1).
    ``uid`` tells it apart from every other squadron (``campaign new`` draws one; without it,
    it is derived from the founding)."""
    c = tables().campaign
    if faction not in ("Bavaria", "Saxony"):
        raise CampaignError(
            f"faction: Bavaria or Saxony, not {faction!r} [dockfighters.campaign.1]"
        )
    if len(pilots) != c.start_pilots:
        raise CampaignError(
            f"pilots: a squadron starts with {c.start_pilots} named green pilots, not {len(pilots)} [dockfighters.campaign.1]"
        )
    for p in pilots:
        _check_name(p, "pilots")
    if len(set(pilots)) != len(pilots):
        raise CampaignError("pilots: every pilot needs a name of his own [dockfighters.campaign.1]")
    _check_name(name, "name")
    fighter = bridge.standard_fighter(faction)
    uid = uid or derive_uid("squadron", name, faction, *pilots, seed)
    sq = Squadron(name=name, faction=faction, seed=seed, uid=uid, fame=c.start_fame)  # type: ignore[arg-type]
    for _ in range(c.start_fighters):
        sq.hangar.append(Plane(serial=sq.next_serial, datasheet=fighter))
        sq.next_serial += 1
    sq.barracks = [PersonalFile(name=p) for p in pilots]
    return sq, Founded(name=name, faction=faction, pilots=tuple(pilots), seed=seed, uid=uid)  # type: ignore[arg-type]


def derive_uid(*parts: object) -> str:
    """16 hex digits derived from ``parts`` (a squadron's founding, a scenario's inputs)."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


def _check_name(name: str, field: str, *, empty: bool = False) -> None:
    """A name (or a rank: ``empty`` allowed) of printable characters: no control character,
    no bidi control such as U+202E (it would turn the text around on a terminal)."""
    blank = not name.strip() and not (empty and not name)
    if blank or len(name) > MAX_NAME or find_unsafe_in_name(name) is not None:
        raise CampaignError(
            f"{field}: a name of 1 to {MAX_NAME} printable characters, not '{escape(name)}'"
        )


def recruit(sq: Squadron, name: str, kind: Kind = "pilot", rank: str = "") -> Recruited:
    """ "Recruit one additional pilot or crew (up to 14), or replace a lost one ... You can
    recruit up to 8 pilots, 2 airship crews or 4 bomber crews for your squadron, each one
    costing 1 fame point" (campaign.recruit.1)."""
    c = tables().campaign
    if kind not in KINDS:
        raise CampaignError(
            f"kind: one of {', '.join(KINDS)}, not {kind!r} [dockfighters.campaign.recruit.1]"
        )
    _check_name(name, "name")
    _check_name(rank, "rank", empty=True)
    if sq.pilot(name) is not None:
        raise CampaignError(
            f"barracks: there is already a {name!r} in the squadron's files [dockfighters.campaign.recruit.1]"
        )
    have, limit = len(sq.active(kind)), c.barracks.limit(kind)
    if have >= limit:
        total = len(sq.active())
        raise CampaignError(
            f"barracks: {have} {kind}s already, the squadron sheet has {limit} slots for them "
            f"({total} of 14 slots in use) [dockfighters.campaign.recruit.1]"
        )
    _afford(sq, c.recruit_cost, f"recruiting {name}", "campaign.recruit.1")
    sq.barracks.append(PersonalFile(name=name, kind=kind, rank=rank))
    return Recruited(
        name=name,
        kind=kind,
        rank=rank,
        ledger=(Line(fame=-c.recruit_cost, why="recruit", note=f"{kind} {name}"),),
    )


def aircraft_price(sq: Squadron, datasheet: str) -> int:
    """ "Each aircraft has a point value which must be paid for" (the Publicity expert's
    stand-in veteran level takes 1 off, to a minimum of 1)."""
    info = bridge.aircraft(datasheet)
    assert info is not None
    discount = effect(sq).aircraft_discount
    return max(1, info.value - discount) if discount else info.value


def buy(sq: Squadron, datasheet: str) -> Bought:
    """ "Receive one additional aircraft, or replace a lost one (according to the aircraft
    costs)"; "only 2 [airships] can be bought for the squadron maximum" (campaign.aircraft.1,
    campaign.aircraft.2)."""
    c = tables().campaign
    info = bridge.aircraft(datasheet)
    choices = [a.name for a in bridge.for_sale(sq.faction)]
    if info is None or datasheet not in choices:
        raise CampaignError(
            f"hangar: a {sq.faction} squadron can buy {', '.join(choices)}, not {datasheet!r} [dockfighters.campaign.aircraft.1]"
        )
    if info.klass == "airship":
        ships = [p for p in sq.aircraft() if bridge.catalogue()[p.datasheet].klass == "airship"]
        if len(ships) >= c.max_airships:
            raise CampaignError(
                f"hangar: the squadron has {len(ships)} airships; only {c.max_airships} can be bought for a squadron "
                "[dockfighters.campaign.aircraft.2]"
            )
    price = aircraft_price(sq, datasheet)
    _afford(sq, price, f"a {datasheet}", "campaign.aircraft.1")
    serial = sq.next_serial
    sq.hangar.append(Plane(serial=serial, datasheet=datasheet))
    sq.next_serial += 1
    return Bought(
        datasheet=datasheet,
        serial=serial,
        ledger=(Line(fame=-price, why="aircraft", note=f"{datasheet} #{serial}"),),
    )


def equipment_price(sq: Squadron, item: str) -> int:
    """The depot's cost; the Publicity expert takes 1 off, "to a minimum of 1"."""
    cost = tables().depot[item].cost
    discount = effect(sq).equipment_discount
    return max(1, cost - discount) if discount else cost


def equip(sq: Squadron, item: str) -> Equipped:
    """ "Equipment must only be paid for once: if you choose to unlock 'Swarm Missiles', you
    pay only the fame for unlocking the equipment once and can arm as many aircraft as you
    want" (campaign.equipment.1, campaign.equipment.2)."""
    depot = tables().depot
    if item not in depot:
        raise CampaignError(
            f"equipment: the depots have {', '.join(depot)}, not {item!r} [dockfighters.campaign.equipment.2]"
        )
    if depot[item].automatic:
        raise CampaignError(
            f"equipment: {item} is assigned automatically, nothing to unlock [dockfighters.campaign.equipment.2]"
        )
    if item in sq.equipment:
        raise CampaignError(
            f"equipment: {item} is already unlocked; it is paid for once [dockfighters.campaign.equipment.1]"
        )
    price = equipment_price(sq, item)
    _afford(sq, price, item, "campaign.equipment.1")
    sq.equipment.append(item)
    return Equipped(item=item, ledger=(Line(fame=-price, why="equipment", note=item),))


def usable(sq: Squadron, item: str) -> bool:
    """Whether ``item`` may be armed: assigned automatically or unlocked."""
    d = tables().depot.get(item)
    return d is not None and (d.automatic or item in sq.equipment)


def _afford(sq: Squadron, cost: int, what: str, clause: str) -> None:
    if cost > sq.fame:
        raise CampaignError(
            f"fame: {what} costs {cost} fame, the squadron has {sq.fame} [dockfighters.{clause}]"
        )
