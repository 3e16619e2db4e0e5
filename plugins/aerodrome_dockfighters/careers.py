"""What a campaign brings into a mission (issue 10): the initiative bought with fame, the
squadrons' nations, pilots flying wounded or in damaged aircraft, aces' abilities and the
squadron leader's skills in play.

The campaign layer (:mod:`aerodrome_dockfighters.campaign`) builds a set-up whose options
carry a :class:`~aerodrome_dockfighters.options.CampaignOptions`; without it a mission plays
exactly as before. Every rule here cites the clause of the campaign catalogue it serves.

- An ace's abilities (clause pilot.3) are :class:`~aerodrome_dockfighters.state.Knacks` on
  his aircraft: modifiers of his own target numbers, of the attacks at him, of his pilot
  checks, fire discipline and agility (applied in ``rules`` and ``combat``).
- A squadron leader's skills in play (clauses leader.dread.*, leader.drunken.*) are the
  counters of :class:`~aerodrome_dockfighters.state.Leadership`: a failed skill check
  re-rolled (Dread: wounded if it fails again) or treated as passed (Drunken) and wounds
  ignored (Drunken) live in ``rules``; an attack re-rolled (Dread) and the Drunken pilots'
  first shot each turn +1 harder live here. aerodrome asks no question in the middle of a
  roll, so a leader spends a once-a-game skill on the first roll that needs it (assumed,
  see the clauses).
"""

from __future__ import annotations

import msgspec

from aerodrome.api import SpecError
from aerodrome_dockfighters.context import DfContext, announce
from aerodrome_dockfighters.events import LeaderSkillUsed
from aerodrome_dockfighters.options import NATIONS, CampaignOptions, Crew
from aerodrome_dockfighters.state import Aircraft, DfState, Leadership


def options(got: CampaignOptions | None, where: str) -> CampaignOptions:
    """The set-up's campaign options, checked: one line naming the set-up and the field."""
    if got is None:
        return CampaignOptions()
    if got.nations and (len(got.nations) != 2 or not set(got.nations) <= set(NATIONS)):
        raise SpecError(
            f"{where}: campaign.nations: two of {', '.join(NATIONS)}, not {list(got.nations)}"
        )
    if got.crews and len(got.crews) != 2:
        raise SpecError(f"{where}: campaign.crews: one list per player")
    if got.leaders and len(got.leaders) != 2:
        raise SpecError(f"{where}: campaign.leaders: one per player")
    if not -1 <= got.initiative <= 1:
        raise SpecError(f"{where}: campaign.initiative: -1, 0 or 1, not {got.initiative}")
    if got.fame and (len(got.fame) != 2 or any(abs(f) > 1000 for f in got.fame)):
        raise SpecError(f"{where}: campaign.fame: two numbers of -1000..1000, not {list(got.fame)}")
    return got


def nation(opts: CampaignOptions, player: int) -> str:
    return opts.nations[player] if opts.nations else NATIONS[player]


def sides(opts: CampaignOptions) -> tuple[str, str]:
    """The sides' names: the nations when they differ (a Saxon squadron may be player 0, the
    chooser of a value-5 mission), else Bavaria and Saxony (two squadrons of one nation are
    told apart by their seat)."""
    if opts.nations and opts.nations[0] != opts.nations[1]:
        return opts.nations[0], opts.nations[1]
    return NATIONS[0], NATIONS[1]


def man(a: Aircraft, c: Crew) -> None:
    """Put the campaign's word about ``a``'s crew and condition on the aircraft."""
    a.wounded = c.wounded
    a.damage = c.damage
    a.knacks = c.knacks


def crew(opts: CampaignOptions, player: int, n: int) -> Crew:
    if not opts.crews or n >= len(opts.crews[player]):
        return Crew()
    return opts.crews[player][n]


def leadership(opts: CampaignOptions, player: int) -> Leadership:
    if not opts.leaders:
        return Leadership()
    return msgspec.convert(opts.leaders[player], Leadership, from_attributes=True)


# -- in play (the rules of the squadron leader's skills that live above the foundation) -------
def first_shot(state: DfState, a: Aircraft, ctx: DfContext) -> int:
    """Drunken, green level: "First pilot or crew that shoots each turn hit -1 harder"
    (clause leader.drunken.1): +1 to the target number of the squadron's first attack of
    each turn."""
    lead = state.squadrons[a.player].leadership
    if not lead.first_shot_harder or lead.first_shot_turn == state.turn:
        return 0
    lead.first_shot_turn = state.turn
    announce(
        ctx,
        LeaderSkillUsed,
        player=a.player,
        aircraft=a.id,
        skill="first shot of the turn +1 harder",
    )
    return 1


def reroll_attack(state: DfState, a: Aircraft, ctx: DfContext) -> bool:
    """Dread, experienced level: "Once a game an attack roll can be re-rolled. If no damage
    is scored, the pilot or crew gets wounded" (clause leader.dread.2): spent on the first
    attack of the squadron that deals no damage."""
    lead = state.squadrons[a.player].leadership
    if lead.reroll_attacks <= 0:
        return False
    lead.reroll_attacks -= 1
    announce(ctx, LeaderSkillUsed, player=a.player, aircraft=a.id, skill="re-roll an attack")
    return True
