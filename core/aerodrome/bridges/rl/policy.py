"""A trained policy as a file and as an agent (``--agents policy:PATH``).

A policy file is JSON (``aerodrome-policy/1``): the rules it was trained on, the learning
environment's :class:`~aerodrome.bridges.rl.layout.Layout` (observation and action sizes),
a declared architecture and, per seat, the weights of a small network as base64 float32
arrays. Nothing in it is code: loading reads numbers into NumPy arrays (no pickle, no
``torch.load``), checked against the declared shapes and bounds, so a file from anyone can
be loaded safely.

The rules are those of the game a policy meets: the ruleset's name and set-up, the variants,
parameters and spec overrides plugged in (:class:`~aerodrome.engine.lineage.Plugged`), and a
digest of the ruleset's spec files. A policy trained on other rules is refused in one line
naming what differs: its numbers would read another game's observation.

The network is ``mlp-tanh``: dense layers with tanh between them, the last giving one logit
per action number. An agent plays the legal action with the highest logit (ties: the lowest
number), so it is deterministic given the game: the same seed and actions, the same choice.
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import msgspec
import numpy as np
import numpy.typing as npt

from aerodrome.bridges.rl.layout import Layout
from aerodrome.bridges.rl.translate import Translator
from aerodrome.engine.agents import Agent, PlayerView
from aerodrome.engine.capabilities import SpecFiles, capability
from aerodrome.engine.data import Action
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.files import read_limited, write_atomic
from aerodrome.engine.ruleset import Ruleset, Setup

FORMAT: Literal["aerodrome-policy/1"] = "aerodrome-policy/1"
ARCHITECTURE: Literal["mlp-tanh"] = "mlp-tanh"
#: A policy file is at most this big (a few networks of a few hundred thousand weights).
MAX_BYTES = 64 * 1024 * 1024
#: The widest layer and the most layers a network may declare.
MAX_WIDTH = 4096
MAX_LAYERS = 8
F32 = np.dtype("<f4")


class Dense(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One layer: ``outputs`` × ``inputs`` weights (row-major) and ``outputs`` biases, each
    base64 of little-endian float32."""

    inputs: int
    outputs: int
    weights: str
    bias: str


class SeatPolicy(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    seat: int
    layers: list[Dense]


class Rules(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The rules a policy was trained on (see the module docstring)."""

    ruleset: str
    setup: str
    plugged: dict[str, Any]
    specs: str


class PolicyFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    format: Literal["aerodrome-policy/1"]
    rules: Rules
    layout: Layout
    architecture: Literal["mlp-tanh"]
    seats: list[SeatPolicy]
    #: How it was trained (steps, minutes, opponents, seed...), for people and reports.
    trained: dict[str, str | int | float] = {}


class PolicyError(AerodromeError):
    """A policy file that cannot be read or does not fit the game (one line)."""


def specs_digest(ruleset: Ruleset[Any, Any, Any]) -> str:
    """SHA-256 of the ruleset's spec files (names and bytes, in name order); empty for a
    ruleset without spec files."""
    files = capability(ruleset, SpecFiles)
    return "" if files is None else _folder_digest(files.specs_dir())


@functools.lru_cache(maxsize=16)
def _folder_digest(root: Path) -> str:
    """The digest of one spec folder, worked out once a process (an agent is made for every
    game, and checks its rules each time)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*.toml") if p.is_file()):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def rules_of(ruleset: Ruleset[Any, Any, Any], setup: Setup | None) -> Rules:
    """The rules of ``ruleset`` × ``setup`` as a policy records them (``setup`` None: no
    set-up named)."""
    plugged: dict[str, Any] = {}
    if ruleset.plugged is not None:
        plugged = msgspec.to_builtins(ruleset.plugged)
        plugged.pop("modules", None)
        plugged.pop("restorable", None)
    return Rules(
        ruleset=ruleset.name,
        setup="" if setup is None else setup.name,
        plugged=plugged,
        specs=specs_digest(ruleset),
    )


def differences(trained: Rules, now: Rules) -> list[str]:
    """What differs between the rules a policy was trained on and the game's."""
    found = []
    if trained.ruleset != now.ruleset:
        found.append(f"ruleset {trained.ruleset!r}, not {now.ruleset!r}")
    if trained.setup != now.setup:
        found.append(f"set-up {trained.setup!r}, not {now.setup!r}")
    for key in sorted(set(trained.plugged) | set(now.plugged)):
        a, b = trained.plugged.get(key), now.plugged.get(key)
        if key != "name" and a != b and (a or b):
            found.append(f"{key} {a!r}, not {b!r}")
    if trained.specs != now.specs:
        found.append("other spec files (their digest differs)")
    return found


# -- arrays ------------------------------------------------------------------------------------
def encode_array(values: npt.ArrayLike) -> str:
    return base64.b64encode(np.asarray(values, dtype=F32).tobytes()).decode("ascii")


def _decode_array(text: str, count: int, where: str) -> npt.NDArray[np.float32]:
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise PolicyError(f"{where}: not base64") from None
    if len(raw) != 4 * count:
        raise PolicyError(f"{where}: {len(raw) // 4} numbers, expected {count}")
    array = np.frombuffer(raw, dtype=F32).astype(np.float32)
    if not np.all(np.isfinite(array)):
        raise PolicyError(f"{where}: a number that is not finite")
    return array


class Network:
    """The arrays of one seat's network, checked."""

    def __init__(self, seat: SeatPolicy, layout: Layout, where: str) -> None:
        if not 1 <= len(seat.layers) <= MAX_LAYERS:
            raise PolicyError(f"{where}: {len(seat.layers)} layers (1 to {MAX_LAYERS})")
        self.layers: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]] = []
        width = layout.observation
        for i, layer in enumerate(seat.layers):
            at = f"{where}.layers[{i}]"
            if layer.inputs != width:
                raise PolicyError(f"{at}: {layer.inputs} inputs, expected {width}")
            # the last layer gives one logit per action (Dockfighters: 19,975 actions)
            most = max(MAX_WIDTH, layout.actions) if i == len(seat.layers) - 1 else MAX_WIDTH
            if not 1 <= layer.outputs <= most:
                raise PolicyError(f"{at}: {layer.outputs} outputs (1 to {most})")
            w = _decode_array(layer.weights, layer.inputs * layer.outputs, f"{at}.weights")
            b = _decode_array(layer.bias, layer.outputs, f"{at}.bias")
            self.layers.append((w.reshape(layer.outputs, layer.inputs), b))
            width = layer.outputs
        if width != layout.actions:
            raise PolicyError(f"{where}: {width} outputs, expected {layout.actions} actions")

    def logits(self, x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            x = w @ x + b
            if i < last:
                x = np.tanh(x)
        return x


class Policy:
    """A policy file, read and checked: its rules, layout and one network per seat."""

    def __init__(self, data: PolicyFile, where: str) -> None:
        if data.layout.observation > MAX_WIDTH * 64 or data.layout.actions > MAX_WIDTH * 64:
            raise PolicyError(f"{where}: the layout is larger than a policy may be")
        self.data = data
        self.where = where
        self.networks: dict[int, Network] = {}
        for i, seat in enumerate(data.seats):
            if seat.seat in self.networks:
                raise PolicyError(f"{where}: $.seats[{i}]: seat {seat.seat} given twice")
            self.networks[seat.seat] = Network(seat, data.layout, f"{where}: $.seats[{i}]")

    def check(self, ruleset: Ruleset[Any, Any, Any], setup: Setup | None, player: int) -> None:
        """Refuse in one line a game of other rules (``setup`` None: the ruleset only, before
        a game starts), or a seat this policy has no network for."""
        now = rules_of(ruleset, setup)
        if setup is None:
            now = msgspec.structs.replace(now, setup=self.data.rules.setup)
        differ = differences(self.data.rules, now)
        if differ:
            raise PolicyError(
                f"{self.where}: trained on other rules: "
                + "; ".join(differ)
                + " (train a policy for these rules: aerodrome train)"
            )
        if player not in self.networks:
            seats = ", ".join(str(s) for s in sorted(self.networks)) or "none"
            raise PolicyError(f"{self.where}: no network for seat {player} (seats: {seats})")


def read_policy(path: Path | str) -> Policy:
    """The policy file at ``path``, checked (a :class:`PolicyError` naming the file and the
    field otherwise)."""
    raw = read_limited(Path(path), "a policy", MAX_BYTES)
    try:
        data = msgspec.json.decode(raw, type=PolicyFile)
    except msgspec.ValidationError as exc:
        raise PolicyError(f"{path}: not a policy file ({FORMAT}): {exc}") from None
    except msgspec.DecodeError as exc:
        raise PolicyError(f"{path}: not JSON: {exc}") from None
    return Policy(data, str(path))


def write_policy(path: Path | str, data: PolicyFile, option: str = "--out") -> Path:
    """Write ``data`` atomically (checked by reading it back first)."""
    encoded = msgspec.json.encode(data)
    Policy(msgspec.json.decode(encoded, type=PolicyFile), str(path))
    return write_atomic(path, encoded, option)


class PolicyAgent:
    """Plays the legal action its seat's network rates highest (see the module docstring)."""

    def __init__(self, policy: Policy, ruleset: Ruleset[Any, Any, Any], player: int) -> None:
        self.policy = policy
        self.ruleset = ruleset
        self.player = player
        self._translator: Translator | None = None

    def check_setup(self, setup: Setup) -> None:
        """Refuse in one line, before a game, a set-up other than the policy's (a study that
        plans games checks this first: ``compare --ladder-policy``)."""
        self.policy.check(self.ruleset, setup, self.player)

    def _ready(self, view: PlayerView[Any, Any]) -> Translator:
        if self._translator is None:
            setup = view.setup
            self.policy.check(self.ruleset, setup, self.player)
            self._translator = Translator(self.ruleset, setup, self.policy.data.layout)
        return self._translator

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action:
        translator = self._ready(view)
        network = self.policy.networks[self.player]
        logits = network.logits(translator.vector(view.observation()))
        numbers = np.flatnonzero(translator.mask(legal, self.player))
        best = int(numbers[np.argmax(logits[numbers])])  # ties: the lowest number
        return translator.action(best, legal, self.player)


def policy_factory(path: str) -> Any:
    """The agent factory of ``policy:PATH`` (the file read once, here)."""
    policy = read_policy(path)

    def make(ruleset: Ruleset[Any, Any, Any], player: int, seed: int) -> Agent:
        policy.check(ruleset, None, player)  # before the game: the rules and the seat
        return PolicyAgent(policy, ruleset, player)

    return make
