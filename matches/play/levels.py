"""The AI levels as players see them: each level's name, one line, and its rating on the ladder
(``games.agent_ladder``), for the play page's choice and the "AI levels" page."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy

from komandor.agents.registry import LEVELS, resolved_spec
from matches.games.agent_ladder import Ladder, Rung, read_ladder
from matches.games.agent_specs import agent_descriptions, level_descriptions

LEVEL_NAMES = {
    "novice": gettext_lazy("Novice"),
    "standard": gettext_lazy("Standard"),
    "expert": gettext_lazy("Expert"),
}


@dataclass(frozen=True, slots=True)
class LevelRow:
    name: str  # the level, or the agent's spec for the other agents
    title: str
    description: str
    agent: str  # the agent spec it plays with now
    rung: Rung | None  # None: not on the ladder yet


def rating_text(rung: Rung | None) -> str:
    """«1210 (95 %: 1180–1240)», or that it is not measured yet."""
    if rung is None:
        return gettext("not rated yet")
    return gettext("rating %(rating)s (95 %%: %(low)s to %(high)s)") % {
        "rating": round(rung.rating),
        "low": round(rung.low),
        "high": round(rung.high),
    }


def level_rows(ladder: Ladder | None = None) -> list[LevelRow]:
    """The levels, weakest first, each with the rung of the agent it names now."""
    ladder = read_ladder() if ladder is None else ladder
    lines = level_descriptions()
    return [
        LevelRow(
            name=level,
            title=str(LEVEL_NAMES[level]),
            description=lines[level],
            agent=resolved_spec(level),
            rung=None if ladder is None else ladder.rung(level),
        )
        for level in LEVELS
    ]


def other_rows(ladder: Ladder | None) -> list[LevelRow]:
    """The ladder's agents no level names now, strongest first."""
    if ladder is None:
        return []
    named = {resolved_spec(level) for level in LEVELS}
    descriptions = agent_descriptions()
    return [
        LevelRow(
            name=rung.spec,
            title=rung.spec,
            description=descriptions.get(rung.spec, ""),
            agent=rung.spec,
            rung=rung,
        )
        for rung in ladder.rungs
        if rung.spec not in named
    ]


def level_choices() -> list[tuple[str, str]]:
    """The play page's choice: «Standard — rating … — its line», weakest first."""
    return [
        (row.name, f"{row.title} — {rating_text(row.rung)}. {_capital(row.description)}.")
        for row in level_rows()
    ]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
