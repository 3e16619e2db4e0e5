"""Every installed ruleset as a pyspiel Python game (``aerodrome_<ruleset>``).

The game type says, per ruleset (:func:`game_type`):

- dynamics: sequential (simultaneous decisions in OpenSpiel's turn-based form, each answer
  committed in secret: :mod:`aerodrome.bridges.openspiel.play`); a ruleset with simultaneous
  decisions also has ``aerodrome_<ruleset>_simultaneous``, with simultaneous nodes (all the
  owing players' answers applied together by ``apply_actions``);
- chance: explicit (every roll after the first decision is a chance node, and with the
  parameter ``opening="chance"`` every roll before it too:
  :mod:`aerodrome.bridges.openspiel.chance`), deterministic for a ruleset that declares no
  chance;
- information: imperfect when the ruleset has hidden information or simultaneous decisions;
- utility, per set-up (:func:`utility`): zero-sum where the set-up has two sides of as many
  seats each (a win is +1 to each seat of one side and -1 to each of the other's; a draw or
  a game cut short 0), so that OpenSpiel's ``exploitability`` and its two-player zero-sum
  solvers take it; general-sum otherwise (classic's three-player set-ups: two seats of one
  side against one). Rewards at the end only. The registered type (what
  ``pyspiel.registered_games()`` lists) is zero-sum when every set-up of the ruleset is; a
  loaded game's ``get_type()`` is its own set-up's.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found,unused-ignore]

from aerodrome.bridges.openspiel.chance import MAX_FACES
from aerodrome.bridges.openspiel.play import (
    PARAMETERS,
    RECALL_BYTES,
    Key,
    Play,
    Spec,
    found_in,
    spec_of,
    zero_sum,
)
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.ruleset import Ruleset, Setup
from aerodrome.plugins import Plugins, default_plugins

PREFIX = "aerodrome_"


#: The suffix of the simultaneous form's name.
SIMULTANEOUS = "_simultaneous"


def game_name(ruleset: str, simultaneous: bool = False) -> str:
    """The pyspiel name of ``ruleset``: ``aerodrome_`` and the name, ``-`` as ``_``; the
    simultaneous form's ends in ``_simultaneous``."""
    return PREFIX + ruleset.replace("-", "_") + (SIMULTANEOUS if simultaneous else "")


def utility(ruleset: Ruleset[Any, Any, Any], setup: Setup | None = None) -> Any:
    """``pyspiel.GameType.Utility`` of ``setup`` (of every set-up of ``ruleset`` when
    ``None``): ``ZERO_SUM`` where :func:`zero_sum` holds, else ``GENERAL_SUM``."""
    setups = [setup] if setup is not None else list(ruleset.setups())
    kinds = pyspiel.GameType.Utility
    return kinds.ZERO_SUM if all(zero_sum(s) for s in setups) else kinds.GENERAL_SUM


def game_type(
    ruleset: Ruleset[Any, Any, Any], simultaneous: bool = False, setup: Setup | None = None
) -> Any:
    """The honest ``pyspiel.GameType`` of ``ruleset`` (see the module docstring), in the
    sequential form or (``simultaneous``) with simultaneous nodes; its utility that of
    ``setup`` (of every set-up when ``None``)."""
    caps = ruleset.capabilities
    seats = [len(s.seats) for s in ruleset.setups()]
    hidden = caps.hidden_information or caps.simultaneous
    info = pyspiel.GameType.Information
    chance = pyspiel.GameType.ChanceMode
    dynamics = pyspiel.GameType.Dynamics
    title = getattr(ruleset, "title", ruleset.name)
    return pyspiel.GameType(
        short_name=game_name(ruleset.name, simultaneous),
        long_name=f"aerodrome {title}" + (" (simultaneous)" if simultaneous else ""),
        dynamics=dynamics.SIMULTANEOUS if simultaneous else dynamics.SEQUENTIAL,
        chance_mode=chance.EXPLICIT_STOCHASTIC if caps.chance else chance.DETERMINISTIC,
        information=info.IMPERFECT_INFORMATION if hidden else info.PERFECT_INFORMATION,
        utility=utility(ruleset, setup),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(seats),
        min_num_players=min(seats),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(PARAMETERS),
    )


class AerodromeGame(pyspiel.Game):  # type: ignore[misc]
    """One ruleset × set-up (``pyspiel.load_game("aerodrome_df40k", {"setup": ...})``)."""

    ruleset_name = ""  # set per ruleset by :func:`register`
    simultaneous = False
    type_of: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(PARAMETERS)
        given.update(params or {})
        unknown = sorted(set(given) - set(PARAMETERS))
        if unknown:
            raise AerodromeError(
                f"{game_name(self.ruleset_name)}: unknown parameter {', '.join(unknown)} "
                f"(known: {', '.join(PARAMETERS)})"
            )
        self.spec: Spec = spec_of(
            Key(
                ruleset=self.ruleset_name,
                setup=str(given["setup"]),
                seed=int(given["seed"]),
                max_rounds=int(given["max_rounds"]),
                max_moves=int(given["max_moves"]),
                simultaneous=self.simultaneous,
                opening=str(given["opening"]),
            )
        )
        spec = self.spec
        if spec.seeded().is_over():
            raise AerodromeError(
                f"{game_name(self.ruleset_name, self.simultaneous)} {spec.setup.name}: the game "
                "is over before its "
                f"first decision (max_rounds {spec.setup.max_rounds}: too small to play one)"
            )
        # utility_sum only where it holds (an older pyspiel takes no None for it)
        total: dict[str, float] = {"utility_sum": 0.0} if spec.zero_sum else {}
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.actions,
            max_chance_outcomes=MAX_FACES if spec.chance else 0,
            num_players=spec.players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=spec.key.max_moves,
            **total,
        )
        kind = game_type(spec.ruleset, self.simultaneous, spec.setup)
        super().__init__(kind, info, given)

    def new_initial_state(self) -> AerodromeState:
        return AerodromeState(self, self.spec)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise AerodromeError(f"observer parameters are not supported: {sorted(params)}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise AerodromeError(
                "aerodrome games observe for one player with what it may see (public and its "
                "own private information): other observation types are not supported"
            )
        return Observer(self.spec, recall)


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
#: The outcomes of a chance node of each number of sides met.
_outcomes: dict[int, list[tuple[int, float]]] = {}


class AerodromeState(pyspiel.State):  # type: ignore[misc]
    """One state of an aerodrome game (a :class:`~aerodrome.bridges.openspiel.play.Play`)."""

    def __init__(self, game: AerodromeGame, spec: Spec) -> None:
        super().__init__(game)
        self.play = Play(spec)
        self.who: int | None = None  # current_player(), worked out once a state

    def current_player(self) -> int:
        who = self.who
        if who is None:
            play = self.play
            if play.is_chance():
                who = _CHANCE
            elif play.joint():
                who = _SIMULTANEOUS
            else:
                player = play.player()
                who = _TERMINAL if player is None else player
            self.who = who
        return who

    def _legal_actions(self, player: int) -> list[int]:
        return self.play.legal(player)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """pyspiel's ``legal_actions``, answered here for the player to move and at a chance
        node (the same numbers: sorted answers, or every outcome); else pyspiel's own. A call
        from Python through pyspiel's C++ costs about 5 µs (a whole decision of the joust);
        C++ algorithms still go through it."""
        who = self.current_player()
        if player is None or player == who:
            if who >= 0:
                return self.play.legal(who)
            if who == _CHANCE:
                return list(range(self.play.sides))
        found: list[int] = (
            super().legal_actions() if player is None else super().legal_actions(player)
        )
        return found

    def chance_outcomes(self) -> list[tuple[int, float]]:
        sides = self.play.sides
        outcomes = _outcomes.get(sides)
        if outcomes is None:
            outcomes = _outcomes[sides] = [(i, 1.0 / sides) for i in range(sides)]
        return list(outcomes)

    def _apply_action(self, action: int) -> None:
        self.who = None
        self.play.apply(int(action))

    def _apply_actions(self, actions: list[int]) -> None:
        self.who = None
        self.play.apply_joint([int(a) for a in actions])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"roll {int(action) + 1}"
        return self.play.spec.action_text(int(action))

    def is_terminal(self) -> bool:
        return self.play.is_over()

    def returns(self) -> list[float]:
        return self.play.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> AerodromeState:
        """A state ``player_id`` cannot tell from this one (ISMCTS's root samples): hidden
        information resampled with the ruleset's ``determinise``, secret answers of the others
        to this decision resampled uniformly, future rolls still chance nodes."""
        seed = int(float(probability_sampler()) * 2**31)
        new: AerodromeState = self.clone()
        new.play = self.play.resampled_for(int(player_id), seed)
        new.who = None
        return new

    def __str__(self) -> str:
        return self.play.text()


#: The numbers of the information-state tensor that hold the recall digest: 16 bits each
#: (exact in a float32), the digest's 256 bits in all.
RECALL_NUMBERS = RECALL_BYTES // 2


def recall_numbers(digest: bytes) -> Any:
    """The recall digest as :data:`RECALL_NUMBERS` numbers in [0, 1): 16 bits each."""
    return np.frombuffer(digest, dtype=">u2").astype(np.float32) / np.float32(65536)


class Observer:
    """Observations for OpenSpiel: the ruleset's observation vector (the learning
    environments' numbers) as the tensor, and the observation as JSON as the string. With
    perfect recall (the information state), the string adds the number of moves, the
    player's own answers and the digest of everything it saw and did
    (:mod:`aerodrome.bridges.openspiel.play`, "Perfect recall"), and the tensor is the
    observation vector followed by that digest (:func:`recall_numbers`): two information
    states have equal tensors exactly when their strings are equal."""

    def __init__(self, spec: Spec, recall: bool) -> None:
        self.spec = spec
        self.recall = recall
        size = spec.layout.observation
        self.tensor = np.zeros(size + (RECALL_NUMBERS if recall else 0), np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if recall:
            self.dict["recall"] = self.tensor[size:]

    def set_from(self, state: AerodromeState, player: int) -> None:
        if player < 0:
            self.tensor.fill(0)
            return
        self.dict["observation"][:] = state.play.vector(player)
        if self.recall:
            self.dict["recall"][:] = recall_numbers(state.play.recall_digest(player))

    def string_from(self, state: AerodromeState, player: int) -> str:
        play = state.play
        return play.information_text(player) if self.recall else play.observation_text(player)


_registered: set[str] = set()


def register(plugins: Plugins | None = None) -> list[str]:
    """Register every installed ruleset with pyspiel (once per process); returns the names."""
    plugins = plugins if plugins is not None else default_plugins()
    names = []
    for name in plugins.ruleset_names():
        found_in.setdefault(name, plugins)
        ruleset = plugins.ruleset(name)
        forms = (False, True) if ruleset.capabilities.simultaneous else (False,)
        for simultaneous in forms:
            short = game_name(name, simultaneous)
            names.append(short)
            if short in _registered:
                continue
            kind = game_type(ruleset, simultaneous)
            cls = type(
                f"AerodromeGame_{short}",
                (AerodromeGame,),
                {
                    "ruleset_name": name,
                    "simultaneous": simultaneous,
                    "type_of": kind,
                    "__module__": __name__,
                },
            )
            pyspiel.register_game(kind, cls)
            _registered.add(short)
    return names
