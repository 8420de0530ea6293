"""The match-up heatmap as SVG geometry (rendered by ``templates/matches/_heatmap.svg``).

Cell (row i, column j) is deck i's score against deck j. Its colour runs from red (loses
every game) through white (even) to green (wins every game); a cell whose 95 % interval still
straddles 50 % cannot be called yet and is hatched and marked «?».

It fits a phone: rows are labelled «1 Short name…» (the full name on hover, in ``<title>``,
and under the drawing in a numbered legend, which a phone and a screen reader reach too),
columns by the same numbers only, so the drawing stays narrow and the page scales it to its
width (``viewBox``) without making the labels unreadable.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

CELL = 44
TOP = 28  # the column numbers' band
CHAR = 9.4  # width of one label character at the drawing's font size (15), Cyrillic
SHORT = 16  # a row label's characters before «…»


def colour(rate: float) -> str:
    """Red → white → green, as an ``rgb()`` string."""
    if rate < 0.5:
        t = rate / 0.5
        return f"rgb({round(220 + 35 * t)},{round(80 + 175 * t)},{round(80 + 175 * t)})"
    t = (rate - 0.5) / 0.5
    return f"rgb({round(255 - 175 * t)},{round(255 - 55 * t)},{round(255 - 175 * t)})"


def short_name(name: str, limit: int = SHORT) -> str:
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def heatmap(*, labels: Mapping[int, str], pairings: Sequence[Mapping[str, Any]]) -> dict:
    ranks = sorted(labels)
    index = {rank: position for position, rank in enumerate(ranks)}
    texts = [f"{position + 1} {short_name(labels[rank])}" for position, rank in enumerate(ranks)]
    left = round(12 + CHAR * max((len(text) for text in texts), default=0))
    cells = []
    for p in pairings:
        low, high = p["ci95"]
        for row, column, rate, ci in (
            (p["a"], p["b"], p["win_rate"], (low, high)),
            (p["b"], p["a"], 1 - p["win_rate"], (1 - high, 1 - low)),
        ):
            cells.append(
                {
                    "x": left + index[column] * CELL,
                    "y": TOP + index[row] * CELL,
                    "fill": colour(rate),
                    "percent": round(100 * rate),
                    "separated": p["separated"],
                    "title": f"{labels[row]} — {labels[column]}: {100 * rate:.0f} % "
                    f"[{100 * ci[0]:.0f}–{100 * ci[1]:.0f} %], {p['games']}",
                }
            )
    width = left + CELL * len(ranks)
    height = TOP + CELL * len(ranks)
    return {
        "width": width,
        "height": height,
        "max_width": round(width * 1.4),
        "cell": CELL,
        "half": CELL // 2,
        "left": left,
        "top": TOP,
        "rows": [
            {"y": TOP + position * CELL + CELL // 2, "text": texts[position], "name": labels[rank]}
            for position, rank in enumerate(ranks)
        ],
        "columns": [
            {"x": left + position * CELL + CELL // 2, "number": position + 1, "name": labels[rank]}
            for position, rank in enumerate(ranks)
        ],
        "diagonal": [
            {"x": left + position * CELL, "y": TOP + position * CELL}
            for position in range(len(ranks))
        ],
        "cells": cells,
    }
