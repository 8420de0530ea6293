"""What is still missing, per game, for the editors' one-page overview.

Per game: the totals the rule books state against what is entered (``stated_count_rows``);
Komandor cards whose stored stats or effects the engine's card schema rejects
(``card_from_dict``, with the path of each problem), whose effects render no English text
(``cardbase.rules_text``, the engine's renderer), and that no precon deck uses; entries with
no source; drafts waiting.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import models
from django.db.models import Q

from cardbase import extensions
from cardbase.editorial.drafts import pending_drafts
from cardbase.editorial.rows import CATALOGUE_MODELS
from cardbase.models import Card, Draft, Game, Origin
from cardbase.rules_text import rules_text_of
from cardbase.selectors import KOMANDOR_SLUG, StatedCountRow, stated_count_rows
from komandor.rules.cards import CardSpecError, card_from_dict


@dataclass(frozen=True)
class CardProblem:
    card: Card
    problems: tuple[str, ...]


@dataclass
class GameCompleteness:
    game: Game
    stated: list[StatedCountRow]
    broken_cards: list[CardProblem] = field(default_factory=list)
    untranslated_cards: list[Card] = field(default_factory=list)
    unused_cards: list[Card] | None = None  # Komandor only
    unsourced: list[models.Model] = field(default_factory=list)

    @property
    def missing_total(self) -> int:
        return sum(row.progress.missing for row in self.stated if row.progress is not None)


@dataclass
class Completeness:
    games: list[GameCompleteness]
    drafts: list[Draft]


def _komandor_checks(report: GameCompleteness) -> None:
    precon_cards = extensions.precon_card_ids()
    report.unused_cards = []
    for card in Card.objects.filter(game=report.game).order_by("name_ru"):
        try:
            card_from_dict(card.attributes)
        except CardSpecError as error:
            problems = tuple(e.message for e in error.errors)  # each names its path
            report.broken_cards.append(CardProblem(card, problems))
            continue
        text = rules_text_of(game_slug=KOMANDOR_SLUG, attributes=card.attributes, text="")
        if text is not None and text.from_effects and not "".join(text.en).strip():
            report.untranslated_cards.append(card)
        if card.pk not in precon_cards:
            report.unused_cards.append(card)


def _unsourced(game: Game) -> list[models.Model]:
    rows: list[models.Model] = []
    # The project's own designs cite no book by definition (``Sourced.clean``).
    no_source = (Q(source_book="") | Q(source_section="")) & Q(origin=Origin.BOOK)
    for model in CATALOGUE_MODELS:
        if model is Game:
            continue
        rows.extend(model._default_manager.filter(no_source, game=game).order_by("pk")[:200])
    return rows


def catalogue_completeness() -> Completeness:
    games = []
    for game in Game.objects.all():
        report = GameCompleteness(game=game, stated=stated_count_rows(game=game))
        if game.slug == KOMANDOR_SLUG:
            _komandor_checks(report)
        report.unsourced = _unsourced(game)
        games.append(report)
    return Completeness(games=games, drafts=list(pending_drafts()))
