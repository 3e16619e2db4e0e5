"""One game of a ruleset as OpenSpiel sees it: decisions, chance nodes, numbers and strings
(no pyspiel here: :mod:`aerodrome.bridges.openspiel.games` wraps it).

A :class:`Spec` holds what every state of one loaded game shares (ruleset, set-up, seed,
numbering, observation vectors); a :class:`Play` is one state: the aerodrome game at its
current decision, or, at a chance node, the position before the answer being resolved, the
answer, the faces rolled so far and the sides of the rolls known to come
(:mod:`aerodrome.bridges.openspiel.chance`).

**The opening.** With ``opening="seed"`` (the default: the games of earlier versions) the
rolls and deals of the set-up, before the first decision, come from the game's ``seed``, and
the first state is the first decision. With ``opening="chance"`` they are chance nodes too
(the seed is unused): the first states are the opening's rolls, each seen by nobody (every
player's observation there is ``null``, its tensor zeros, its information state the same
for every opening: what it sees is the position at the first decision).

**Sequential form.** OpenSpiel's turn-based form of a simultaneous decision: its players
answer one at a time, in seat order, and each answer is committed in secret (the core's
contract: nothing the next player sees depends on it), so the game is one of imperfect
information whenever a ruleset has simultaneous decisions or hidden information.

**Perfect recall.** A player's information state is everything it has seen and done, in
order: its view at the start, every change of its view (with the number of moves played
when it changed), and each of its own answers. The sequence is kept as a chain of digests
(:func:`chain`: BLAKE2b of the previous digest and the new entry), so the information state
stays small in games of thousands of moves: two information states are equal exactly when
the player's sequences are (barring a collision of 256-bit digests). Keeping it costs every
player's view at every decision, so a game keeps it only once somebody has asked for an
information state (:attr:`Spec.recall_wanted`): until then the states of the game only note
that their recall is behind, and one asked for then is brought up to date by playing its
actions again (:meth:`Play.catch_up`). Random play, MCTS and the learning loops, which never
ask, do not pay for it.
"""

from __future__ import annotations

import hashlib
import pickle
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import msgspec
import numpy as np

from aerodrome.bridges.openspiel.chance import ScriptedDice, open_scripted, play_scripted
from aerodrome.bridges.rl.layout import Layout, find_layout
from aerodrome.bridges.rl.rewards import outcome
from aerodrome.bridges.rl.translate import Translator, Vector
from aerodrome.engine.capabilities import Numbering, capability
from aerodrome.engine.data import Action
from aerodrome.engine.dice import Dice
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Ruleset, Setup
from aerodrome.plugins import Plugins, default_plugins

#: The game parameters and their defaults: the set-up's name (``""``: the ruleset's first),
#: the seed of everything before the first decision (the set-up's own rolls and deals), a
#: round cap (0: the set-up's own), the longest game in moves (players' answers; the game
#: then ends unfinished, every return 0), and where the opening's rolls come from
#: (:data:`OPENINGS`: ``"seed"``, the default, or ``"chance"``: chance nodes).
PARAMETERS: dict[str, Any] = {
    "setup": "",
    "seed": 0,
    "max_rounds": 0,
    "max_moves": 20_000,
    "opening": "seed",
}
#: The values of the ``opening`` parameter (the module docstring, "The opening").
OPENINGS = ("seed", "chance")

_encode = msgspec.json.Encoder().encode

#: The bytes of a player's recall digest (:func:`chain`).
RECALL_BYTES = 32


def chain(digest: bytes, entry: str) -> bytes:
    """The recall digest after ``entry``: BLAKE2b of the digest before it and the entry."""
    return hashlib.blake2b(digest + entry.encode("utf-8"), digest_size=RECALL_BYTES).digest()


def zero_sum(setup: Setup) -> bool:
    """Whether every game of ``setup`` ends with returns that sum to 0: two sides of as many
    seats each (one side wins, +1 to each of its seats and -1 to each of the other's, or
    none does). An end with both sides among the winners would break it: :meth:`Play.returns`
    refuses such an end in one line rather than give a solver a wrong sum."""
    seats = Counter(seat.side for seat in setup.seats)
    return len(seats) == 2 and len(set(seats.values())) == 1


class Key(msgspec.Struct, frozen=True):
    """Which game: ruleset, set-up, seed, caps (a pickled state names its game by it)."""

    ruleset: str
    setup: str
    seed: int
    max_rounds: int
    max_moves: int
    simultaneous: bool = False
    opening: str = "seed"


class Spec:
    """What every state of one game shares. Never copied: a state's copy shares it."""

    def __init__(self, key: Key, plugins: Plugins | None = None) -> None:
        plugins = plugins if plugins is not None else default_plugins()
        self.key = key
        ruleset: Ruleset[Any, Any, Any] = plugins.ruleset(key.ruleset)
        setup: Setup = ruleset.setup(key.setup or None)
        if key.max_rounds:
            if key.max_rounds < 1:
                raise AerodromeError(f"max_rounds must be 0 or more, not {key.max_rounds}")
            setup = msgspec.structs.replace(setup, max_rounds=key.max_rounds)
        if key.max_moves < 1:
            raise AerodromeError(f"max_moves must be at least 1, not {key.max_moves}")
        if key.opening not in OPENINGS:
            raise AerodromeError(
                f"opening must be {' or '.join(map(repr, OPENINGS))}, not {key.opening!r}"
            )
        self.ruleset = ruleset
        self.setup = setup
        self.players = len(setup.seats)
        self.numbering: Numbering[Any, Any] | None = capability(ruleset, Numbering)
        where = (key.ruleset, key.setup, key.max_rounds)
        layout = _layouts.get(where)
        if layout is None:  # a probe of random games: once per set-up, whatever the seed
            layout = _layouts[where] = find_layout(ruleset, setup)
        self.layout: Layout = layout
        self.translator = Translator(ruleset, setup, self.layout)
        self.actions = self.layout.actions
        self.chance = ruleset.capabilities.chance
        self.zero_sum = zero_sum(setup)
        self.chance_opening = key.opening == "chance"
        #: Whether somebody asked for an information state of this game: from then on its
        #: states keep their recall as they are played (the module docstring).
        self.recall_wanted = False
        self._seeded: Game[Any, Any, Any] | None = None
        self._start: Game[Any, Any, Any] | None = None
        #: The sides of the opening's first rolls (chance openings; empty: no roll before
        #: the first decision, or the seed's opening).
        self.opening: tuple[int, ...] = ()
        if self.chance_opening:
            first = open_scripted(self.make, key.seed, ())
            if isinstance(first, tuple):
                self._chance_roll()
                self.opening = first
            else:
                self._start = first

    def make(self, dice: Dice) -> Game[Any, Any, Any]:
        """A new game of this set-up, rolling ``dice`` from its first roll."""
        return Game(self.ruleset, self.setup, self.key.seed, record=False, dice=dice)

    def seeded(self) -> Game[Any, Any, Any]:
        """The game of the seed at its first decision (laid out once: a set-up may take a
        while to lay out, and pyspiel asks for a new initial state to size every tensor it
        gives). Its dice are then scripted and empty (:mod:`.chance`): a copy is cheap to
        make and no roll is ever made with them (every answer is resolved on a copy)."""
        if self._seeded is None:
            game = Game(self.ruleset, self.setup, self.key.seed, record=False)
            game.use_dice(ScriptedDice((), self.key.seed))
            game._origin = None  # its copies roll scripted faces: no lineage to pickle
            self._seeded = game
        return self._seeded

    def start(self) -> Game[Any, Any, Any]:
        """A copy of the game at its first decision (a chance opening: one that rolls
        nothing before it)."""
        if self._start is None:
            self._start = self.seeded()
        return self._start.clone(record=False)

    def _chance_roll(self) -> None:
        """A roll of a ruleset that declares no chance is a one-line error."""
        if not self.chance:
            raise AerodromeError(f"{self.ruleset.name} declares no chance but rolled a die")

    def __deepcopy__(self, memo: dict[int, Any]) -> Spec:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (spec_of, (self.key,))

    def action_id(self, action: Action, legal: Sequence[Action]) -> int:
        """The number of the legal ``action``: the ruleset's numbering, else its place in
        the legal list (not stable from one decision to the next: docs)."""
        if self.numbering is not None:
            return self.translator.ids([action])[0]
        return list(legal).index(action)

    def ids(self, legal: Sequence[Action]) -> list[int]:
        """The numbers of ``legal``, in the list's order."""
        if self.numbering is not None:
            return self.translator.numbered(legal).ids
        if len(legal) > self.actions:
            raise self.translator.overflowed(len(legal), -1)
        return list(range(len(legal)))

    def action_text(self, number: int) -> str:
        """An action by its number, as text (the action's JSON, unique per action)."""
        if self.numbering is None:
            return f"#{number}"
        action = self.numbering.action_from_id(number, self.setup)
        return _encode(action).decode()


#: ``Play._player`` when not worked out yet.
_UNKNOWN = -2

_specs: dict[Key, Spec] = {}
#: The spaces of each (ruleset, set-up, round cap) loaded (:func:`find_layout`).
_layouts: dict[tuple[str, str, int], Layout] = {}
#: The plugins each registered ruleset was found in (:func:`aerodrome.bridges.openspiel.register`).
found_in: dict[str, Plugins] = {}


def spec_of(key: Key) -> Spec:
    """The shared :class:`Spec` of ``key`` (made once per process)."""
    spec = _specs.get(key)
    if spec is None:
        spec = _specs[key] = Spec(key, found_in.get(key.ruleset))
    return spec


class Play:
    """One state (see the module docstring). ``moves``: the answers played; ``answers``:
    (player, number) of each; ``actions``: every OpenSpiel action so far (answers and chance
    outcomes), for pickling; ``recall``: each player's digest of what it saw and did, and
    ``seen`` its view when it was last taken (perfect recall: the module docstring).
    ``opening``: the opening's rolls are being chosen (a chance opening: no game yet)."""

    __slots__ = (
        "_game",
        "_ids",
        "_player",
        "actions",
        "answers",
        "faces",
        "move",
        "moves",
        "opening",
        "pending",
        "recall",
        "resampled",
        "seen",
        "sides",
        "spec",
        "stale",
    )

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self._game: Game[Any, Any, Any] | None = None  # made when first needed
        self.move: tuple[int, Action] | None = None  # the answer being resolved
        self.faces: list[int] = []  # its rolls so far
        #: the sides of the rolls known to come, the current chance node's first
        self.pending: tuple[int, ...] = spec.opening
        self.opening = bool(spec.opening)
        self.sides = spec.opening[0] if spec.opening else 0  # 0: not a chance node
        self.moves = 0
        self.actions: list[int | tuple[int, ...]] = []
        self.answers: list[tuple[int, int]] = []
        self.resampled = False
        self.recall: list[bytes] = []  # taken at the first move or question (_started)
        self.seen: list[str | None] = []
        self.stale = False  # the recall is behind (nobody asked for it yet: catch_up)
        self._player: int | None = _UNKNOWN  # player(), worked out once per state
        self._ids: dict[int, list[int]] = {}  # the numbers of each player's legal answers

    @property
    def game(self) -> Game[Any, Any, Any]:
        """The game at the current decision (at a chance node: before the answer)."""
        game = self._game
        if game is None:
            game = self._game = self.spec.start()
        return game

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        new = Play.__new__(Play)
        new.spec = self.spec
        new._game = None if self._game is None else self._game.clone(record=False)
        new.move = self.move
        new.faces = list(self.faces)
        new.pending = self.pending
        new.opening = self.opening
        new.sides = self.sides
        new.moves = self.moves
        new.actions = list(self.actions)
        new.answers = list(self.answers)
        new.resampled = self.resampled
        new.recall = list(self.recall)
        new.seen = list(self.seen)
        new.stale = self.stale
        new._player = self._player
        new._ids = self._ids  # never changed in place: replaced when the state changes
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        if self.resampled:
            raise pickle.PicklingError(
                "a state made by resample_from_infostate cannot be pickled: it was not played"
            )
        return (replay, (self.spec.key, tuple(self.actions)))

    # -- what each player remembers -----------------------------------------------------------
    def _started(self) -> None:
        """Every player's recall begins with its view of the start (taken once, lazily, at
        the first decision: the opening's rolls are seen by nobody)."""
        if not self.recall and not self.opening:
            players = self.spec.players
            self.recall = [b""] * players
            self.seen = [None] * players
            self._look()

    def _look(self) -> None:
        """Each player whose view changed remembers the new view and when it came (once
        somebody wants the recall: else the recall is only marked behind)."""
        if not self.spec.recall_wanted:
            self.stale = True
            return
        for player in range(self.spec.players):
            text = self.observation_text(player)
            if text != self.seen[player]:
                self.seen[player] = text
                self.recall[player] = chain(self.recall[player], f"saw at {self.moves}: {text}")

    def recall_digest(self, player: int) -> bytes:
        """``player``'s digest of the sequence of its views and its own answers (during a
        chance opening: zeros, the same for every opening)."""
        self.catch_up()
        return self.recall[player] if self.recall else bytes(RECALL_BYTES)

    def catch_up(self) -> None:
        """Bring the recall up to date: a state whose recall is behind plays its actions
        again from the start, keeping it. From now on every state of the game keeps its
        recall as it is played (:attr:`Spec.recall_wanted`)."""
        self.spec.recall_wanted = True
        self._started()
        if self.stale:
            if self.resampled:  # made after somebody asked: never behind
                raise AssertionError("a resampled state's recall fell behind")
            fresh = played(self.spec, self.actions)
            fresh._started()
            self.recall, self.seen, self.stale = fresh.recall, fresh.seen, False

    # -- where the game is --------------------------------------------------------------------
    def is_chance(self) -> bool:
        return self.sides > 0

    def is_over(self) -> bool:
        return self.sides == 0 and (self.game.is_over() or self.moves >= self.spec.key.max_moves)

    def player(self) -> int | None:
        """The player to answer now (``None`` at a chance node, at the end, and at a
        simultaneous node of the simultaneous form: :meth:`joint`)."""
        found = self._player
        if found != _UNKNOWN:
            return found
        if self.sides or self.is_over():
            found = None
        else:
            waiting = self.game.waiting_for()
            found = None if self.spec.key.simultaneous and len(waiting) > 1 else waiting[0]
        self._player = found
        return found

    def joint(self) -> bool:
        """A simultaneous node (simultaneous form only): several players answer at once."""
        return (
            self.spec.key.simultaneous
            and not self.sides
            and not self.is_over()
            and len(self.game.waiting_for()) > 1
        )

    def legal(self, player: int) -> list[int]:
        """The sorted numbers of ``player``'s legal answers (empty unless it is to answer)."""
        if player != self.player() and not (self.joint() and player in self.game.waiting_for()):
            return []
        return sorted(self._numbers(player))

    def _numbers(self, player: int) -> list[int]:
        """The numbers of ``player``'s legal answers, in the legal list's order (once a state)."""
        ids = self._ids.get(player)
        if ids is None:
            ids = self.spec.ids(self.game.legal_actions(player))
            self._ids = {**self._ids, player: ids}
        return ids

    def _changed(self) -> None:
        """The state is about to change: what was worked out for it is forgotten."""
        self._player = _UNKNOWN
        if self._ids:
            self._ids = {}

    def returns(self) -> list[float]:
        """+1 for each seat whose side won, -1 for the others when somebody won, else 0;
        all 0 before the end and in a game cut short (by its round cap or ``max_moves``)."""
        seats = self.spec.setup.seats
        if not self.is_over() or not self.game.is_over():
            return [0.0] * len(seats)
        result = self.game.result()
        returns = [outcome(result, seat.side) for seat in seats]
        if self.spec.zero_sum and sum(returns) != 0:
            spec = self.spec
            raise AerodromeError(
                f"{spec.ruleset.name} {spec.setup.name}: the game ended with "
                f"{' and '.join(result.winners)} winning, returns {returns}: not zero-sum, "
                "as OpenSpiel was told (two sides of as many seats: one side wins or none)"
            )
        return returns

    # -- playing --------------------------------------------------------------------------------
    def apply(self, number: int) -> None:
        """Play OpenSpiel action ``number``: a chance outcome at a chance node, else the
        answer of the player to answer (an illegal one is an :class:`AerodromeError`).
        A chance outcome of a batch (:mod:`.chance`) whose other rolls are known costs no
        replay: the answer is played again once the batch has all its faces."""
        if self.sides:
            self._changed()
            if not 0 <= number < self.sides:
                raise AerodromeError(f"chance outcome {number} of a {self.sides}-sided roll")
            self.faces.append(number + 1)
            self.actions.append(number)
            pending = self.pending[1:]
            if pending:
                self.pending = pending
                self.sides = pending[0]
            else:
                self._resolve()
            return
        self._started()
        player = self.player()
        if player is None:
            raise AerodromeError(
                "the game is over" if self.is_over() else "a simultaneous node: apply_actions"
            )
        action = self._answer(player, number)
        self._changed()
        self.actions.append(number)
        game = self.game
        if len(game.waiting_for()) > 1:  # a commitment that others still owe: no roll yet
            game.apply(player, action)
            self._look()
            return
        self.move = (player, action)
        self.faces = []
        self._resolve()

    def apply_joint(self, numbers: Sequence[int]) -> None:
        """Play a simultaneous node: ``numbers[p]`` is player ``p``'s answer (a player who
        owes none gives any number, ignored), committed in seat order, the last resolving."""
        if not self.joint():
            raise AerodromeError("not a simultaneous node: apply_action")
        self._started()
        game = self.game
        waiting = game.waiting_for()
        if len(numbers) != self.spec.players:
            raise AerodromeError(f"{len(numbers)} actions for {self.spec.players} players")
        answers = [(p, self._answer(p, int(numbers[p]))) for p in waiting]
        self._changed()
        self.actions.append(tuple(int(n) for n in numbers))
        for p, action in answers[:-1]:
            game.apply(p, action)
        self.move = answers[-1]
        self.faces = []
        self._resolve()

    def _answer(self, player: int, number: int) -> Action:
        """``player``'s legal action numbered ``number`` (counted as a move)."""
        legal: Sequence[Action] = self.game.legal_actions(player)
        ids = self._numbers(player)
        try:
            action = legal[ids.index(number)]
        except ValueError:
            raise AerodromeError(
                f"{self.spec.ruleset.name}: action {number} is not legal for player {player} now"
            ) from None
        self.answers.append((player, number))
        self.moves += 1
        if not self.stale:
            self.recall[player] = chain(self.recall[player], f"played {number}")
        return action

    def _resolve(self) -> None:
        """Play the answer (or lay out the opening) again with the faces chosen so far: the
        next chance node, or the next decision."""
        if self.opening:
            got = open_scripted(self.spec.make, self.spec.key.seed, self.faces)
        else:
            assert self.move is not None
            got = play_scripted(self.game, *self.move, self.faces)
        if isinstance(got, tuple):
            self.spec._chance_roll()
            self.pending = got
            self.sides = got[0]
            return
        self._game = got
        self.move = None
        self.faces = []
        self.pending = ()
        self.sides = 0
        if self.opening:
            self.opening = False  # the recall begins at the first decision (_started)
        else:
            self._look()

    def resampled_for(self, player: int, seed: int) -> Play:
        """A state ``player`` cannot tell from this one (at ``player``'s decision): hidden
        information resampled (:meth:`Game.determinised`), and the answers other players
        committed in secret to this decision replaced by random legal ones."""
        if self.player() != player and not (self.joint() and player in self.game.waiting_for()):
            raise AerodromeError(
                f"resample_from_infostate for player {player}, but player "
                f"{self.player()} is to answer (resampling is done at the player's decision)"
            )
        self.catch_up()
        game = self.game.determinised(player, seed, record=False)
        rng = random.Random(seed)
        decision = game.decision()
        while decision is not None and decision.simultaneous:
            waiting = game.waiting_for()
            if not waiting or waiting[0] == player:
                break
            other = waiting[0]
            game.apply(other, rng.choice(list(game.legal_actions(other))))
        new = Play(self.spec)
        new.pending, new.opening, new.sides = (), False, 0
        new._game = game
        new.moves = self.moves
        new.actions = list(self.actions)
        new.answers = [(p, a) for p, a in self.answers if p == player]  # the others' unknown
        new.resampled = True
        # the player remembers what it did; the others' pasts are unknown here: theirs
        # begin at the resampling, with their views of the resampled position
        fresh = chain(b"", f"resampled at {self.moves}")
        new.recall = [self.recall[p] if p == player else fresh for p in range(self.spec.players)]
        new.seen = [self.seen[p] if p == player else None for p in range(self.spec.players)]
        new._look()
        return new

    # -- what is seen ---------------------------------------------------------------------------
    def view(self, player: int | None) -> Any:
        """What ``player`` sees (``None``: everything); ``None`` during a chance opening."""
        return None if self.opening else self.game.observation(player)

    def text(self) -> str:
        """Everything (the referee's view), for ``str(state)``."""
        if self.opening:
            return f"opening: {self.faces} rolled, next a die of {self.sides} sides"
        out = _encode(self.view(None)).decode()
        if self.sides:
            out += f"\nresolving: {self.faces} rolled, next a die of {self.sides} sides"
        return out

    def observation_text(self, player: int) -> str:
        return _encode(self.view(player)).decode()

    def information_text(self, player: int) -> str:
        """``player``'s information state: the number of moves, every answer it gave (by
        number), the digest of everything it saw and did in order (perfect recall: the
        module docstring) and its current observation."""
        mine = [a for p, a in self.answers if p == player]
        recall = self.recall_digest(player).hex()
        seen = self.seen[player] if self.seen else self.observation_text(player)
        return f"moves {self.moves}; mine {mine}; recall {recall}; view {seen}"

    def vector(self, player: int) -> Vector:
        if self.opening:
            return np.zeros(self.spec.layout.observation, np.float32)
        return self.spec.translator.vector(self.view(player))


def replay(key: Key, actions: Sequence[int | tuple[int, ...]]) -> Play:
    """The state reached by playing ``actions`` from the start of the game ``key``."""
    return played(spec_of(key), actions)


def played(spec: Spec, actions: Sequence[int | tuple[int, ...]]) -> Play:
    """The state reached by playing ``actions`` from the start of ``spec``'s game."""
    play = Play(spec)
    for number in actions:
        if isinstance(number, tuple):
            play.apply_joint(number)
        else:
            play.apply(number)
    return play
