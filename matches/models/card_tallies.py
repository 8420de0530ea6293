"""Card figures kept as sums (issue 36): per tournament, deck version and card, what the
figures are computed from, added to as each batch is recorded (``batch_record``), so a
tournament page and a card page read a few rows instead of every game's tally."""

from django.db import models

from decks.models import DeckVersion
from matches.models.tournaments import Tournament


class CardTally(models.Model):
    """The games of ``deck_version`` in ``tournament`` that carried a tally, summed for the
    card ``name``. Points are doubled scores (a win 2, a draw 1), so every sum is whole."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    deck_version = models.ForeignKey(DeckVersion, on_delete=models.PROTECT, related_name="+")
    name = models.CharField(max_length=200)
    games = models.PositiveIntegerField(default=0)
    drawn_games = models.PositiveIntegerField(default=0)
    drawn_points = models.PositiveIntegerField(default=0)
    not_drawn_points = models.PositiveIntegerField(default=0)
    played_games = models.PositiveIntegerField(default=0)
    played_points = models.PositiveIntegerField(default=0)
    copies_drawn = models.PositiveIntegerField(default=0)
    copies_played = models.PositiveIntegerField(default=0)
    copies_at_end = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "deck_version", "name"], name="card_tally_unique"
            )
        ]
        indexes = [models.Index(fields=["name"], name="card_tally_name")]

    def __str__(self) -> str:
        return f"{self.tournament_id}/{self.deck_version_id}/{self.name}"
