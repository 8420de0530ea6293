"""Checks every content test shares: load one game alone, compare stated totals with what is
entered, and prove every row cites a heading of its book and quotes the book's own words."""

import re
import shutil
from pathlib import Path

from django.conf import settings

from cardbase.models import Game, Origin, Release, StatedCount
from content.loader import DATA_DIR, MODELS, content_load

RULES_DIR = settings.RULES_DIR


def load_game(tmp_path: Path, slug: str) -> Game:
    """Load one game's data files exactly as shipped and return the game."""
    shutil.copy(DATA_DIR / "games.yaml", tmp_path / "games.yaml")
    shutil.copytree(DATA_DIR / slug, tmp_path / slug)
    content_load(data_dir=tmp_path)
    return Game.objects.get(slug=slug)


def stated_and_entered(game: Game) -> dict[str, tuple[int, int]]:
    """For each stated total: the book's number and how many catalogue rows it selects."""
    result = {}
    for stated in StatedCount.objects.filter(game=game):
        model = MODELS[stated.counts["model"]]
        rows = model.objects.filter(game=game, **stated.counts.get("filter", {}))
        result[stated.key] = (stated.count, rows.count())
    return result


def words(text: str) -> str:
    """Letters and digits only, ё folded: layout (dashes, bullets, bold) does not matter."""
    return " ".join(re.findall(r"\w+", text.lower().replace("ё", "е")))


def book_problems(game: Game, book: str) -> list[str]:
    """Every row's section must be a heading line of the book and every quote (each part
    between '…') must be the book's own words; returns the rows that break this."""
    text = (RULES_DIR / book).read_text(encoding="utf-8")
    lines = {words(line) for line in text.splitlines()}
    body = f" {words(text)} "
    problems = []
    # Rows of this project's own design (``origin: project``) cite no book: only they are skipped.
    rows = [
        row
        for model in MODELS.values()
        if model is not Release
        for row in model.objects.filter(game=game, origin=Origin.BOOK)
    ]
    for row in rows:
        label = f"{type(row).__name__} {row.key}"
        if row.source_book != book:
            problems.append(f"{label}: source_book {row.source_book!r}")
        if words(row.source_section) not in lines:
            problems.append(f"{label}: section {row.source_section!r} is not a heading")
        quotes = [row.source_quote]
        quotes += [v for k, v in getattr(row, "attributes", {}).items() if k.endswith("_quote")]
        for quote in quotes:
            for part in quote.split("…"):
                if words(part) and f" {words(part)} " not in body:
                    problems.append(f"{label}: not the book's words: {part.strip()!r}")
    return problems
