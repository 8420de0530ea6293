"""The match-up heatmap as SVG geometry (rendered by ``templates/matches/_heatmap.svg``).

Cell (row i, column j) is deck i's score against deck j. Its colour runs from red (loses
every game) through white (even) to green (wins every game); a cell whose 95 % interval still
straddles 50 % cannot be called yet and is hatched and marked «?».
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

CELL = 56
LABEL = 180


def colour(rate: float) -> str:
    """Red → white → green, as an ``rgb()`` string."""
    if rate < 0.5:
        t = rate / 0.5
        return f"rgb({round(220 + 35 * t)},{round(80 + 175 * t)},{round(80 + 175 * t)})"
    t = (rate - 0.5) / 0.5
    return f"rgb({round(255 - 175 * t)},{round(255 - 55 * t)},{round(255 - 175 * t)})"


def heatmap(*, labels: Mapping[int, str], pairings: Sequence[Mapping[str, Any]]) -> dict:
    ranks = sorted(labels)
    index = {rank: position for position, rank in enumerate(ranks)}
    cells = []
    for p in pairings:
        low, high = p["ci95"]
        for row, column, rate, ci in (
            (p["a"], p["b"], p["win_rate"], (low, high)),
            (p["b"], p["a"], 1 - p["win_rate"], (1 - high, 1 - low)),
        ):
            cells.append(
                {
                    "x": LABEL + index[column] * CELL,
                    "y": LABEL + index[row] * CELL,
                    "fill": colour(rate),
                    "percent": round(100 * rate),
                    "separated": p["separated"],
                    "title": f"{labels[row]} — {labels[column]}: {100 * rate:.0f} % "
                    f"[{100 * ci[0]:.0f}–{100 * ci[1]:.0f} %], {p['games']}",
                }
            )
    size = LABEL + CELL * len(ranks)
    return {
        "size": size,
        "cell": CELL,
        "half": CELL // 2,
        "label": LABEL,
        "rows": [
            {"y": LABEL + position * CELL + CELL // 2, "name": labels[rank]}
            for position, rank in enumerate(ranks)
        ],
        "columns": [
            {"x": LABEL + position * CELL + CELL // 2, "name": labels[rank]}
            for position, rank in enumerate(ranks)
        ],
        "diagonal": [
            {"x": LABEL + position * CELL, "y": LABEL + position * CELL}
            for position in range(len(ranks))
        ],
        "cells": cells,
    }
