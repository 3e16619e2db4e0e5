"""Reading the parameters of a search agent's name (``mcts:500:c=0.5``, ``search:64:k=4``):
whole numbers and non-negative numbers, each wrong one a one-line
:class:`~aerodrome.engine.agents.AgentParameterError` naming the agent and the part."""

from __future__ import annotations

import math

from aerodrome.engine.agents import AgentFactory, AgentLookup, AgentParameterError


def integer(full: str, what: str, text: str, low: int, high: int, unit: str = "ms") -> int:
    """``text`` as a whole number from ``low`` to ``high`` (``what`` names it in errors; a
    ``budget`` is given its ``unit``)."""
    if not text.isdigit():
        hint = (
            " (a budget is a whole number of iterations, of steps: 8000steps, or of "
            "milliseconds: 200ms)"
            if full.startswith("mcts")
            else " (a budget is a whole number of rollouts, of steps: 3000steps, or of milliseconds: 200ms)"
        )
        raise AgentParameterError(
            f"agent {full!r}: {what} {text!r} is not a whole number{hint if what == 'budget' else ''}"
        )
    value = int(text)
    if not low <= value <= high:
        unit_text = f" {unit}" if what == "budget" else ""
        raise AgentParameterError(
            f"agent {full!r}: {what} must be from {low} to {high}{unit_text}, got {value}"
        )
    return value


def number(full: str, what: str, text: str) -> float:
    """``text`` as a finite number ≥ 0."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value >= 0):
        raise AgentParameterError(f"agent {full!r}: {what} must be a number ≥ 0, got {text!r}")
    return value


def ruleset_bot(full: str, lookup: AgentLookup, *, required: bool) -> AgentFactory | None:
    """The factory of the ruleset's ``bot`` agent, found through ``lookup``; a ruleset
    without one gives ``None``, or, when ``required`` (the name asked to roll out with the
    bot), an :class:`AgentParameterError` naming the agent ``full``."""
    try:
        return lookup("bot").factory
    except KeyError:
        if required:
            raise AgentParameterError(
                f"agent {full!r}: this ruleset has no 'bot' agent to roll out with (use random)"
            ) from None
        return None
