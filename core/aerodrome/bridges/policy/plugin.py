"""The module the ``policy`` entry point names: it registers the ``policy`` agent."""

from __future__ import annotations

from typing import Any

from aerodrome.engine.agents import AgentParameterError, AgentSpec
from aerodrome.engine.hookspecs import hookimpl


def _configure(path: str, lookup: Any) -> Any:
    """``policy:PATH``: the file read and checked now, once (one-line errors)."""
    try:
        from aerodrome.bridges.rl.policy import policy_factory
    except ImportError as exc:
        raise AgentParameterError(
            f"agent 'policy:{path}': policies need the rl extra ({exc.name} is missing): "
            "pip install 'aerodrome[rl]'"
        ) from None
    return policy_factory(path)


def _needs_a_file(ruleset: Any, player: int, seed: int) -> Any:
    raise AgentParameterError("agent 'policy' needs a policy file: policy:PATH")


POLICY = AgentSpec(
    "policy",
    _needs_a_file,
    "a trained policy (aerodrome train): policy:PATH",
    configure=_configure,
    parameters="PATH",
)


@hookimpl
def aerodrome_register_agents() -> list[AgentSpec]:
    return [POLICY]
