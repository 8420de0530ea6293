"""Games against the AI (``matches/play``)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from decks.models import DeckVersion


class HumanMatchStatus(models.TextChoices):
    IN_PROGRESS = "in_progress", _("in progress")
    FINISHED = "finished", _("finished")


class HumanMatch(models.Model):
    """A game a person plays against an agent: ``deck`` (his) in seat ``human_seat``,
    ``opponent`` in the other, played by ``agent``. As every match, it is its deck versions,
    seed, turn cap and the option index of every choice so far (``actions``,
    ``match_state.encode_actions``); its state is rebuilt from them
    (``matches/play/services.py``). Its version is the number of actions applied."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="human_matches"
    )
    deck = models.ForeignKey(DeckVersion, on_delete=models.PROTECT, related_name="+")
    opponent = models.ForeignKey(DeckVersion, on_delete=models.PROTECT, related_name="+")
    agent = models.CharField(_("agent"), max_length=30)
    human_seat = models.PositiveSmallIntegerField(_("seat"), default=0)
    seed = models.BigIntegerField(_("seed"))
    turn_cap = models.PositiveIntegerField(_("turn cap"))
    actions = models.BinaryField(default=b"", blank=True, editable=False)
    version = models.PositiveIntegerField(default=0)  # len(decode_actions(actions))
    status = models.CharField(
        _("status"),
        max_length=12,
        choices=HumanMatchStatus.choices,
        default=HumanMatchStatus.IN_PROGRESS,
    )
    winner = models.PositiveSmallIntegerField(null=True, blank=True)  # seat; None: a draw
    termination = models.CharField(max_length=30, blank=True)
    reason = models.TextField(blank=True)
    turns = models.PositiveIntegerField(default=0)
    engine_version = models.CharField(max_length=20)
    agents_version = models.CharField(max_length=20)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        verbose_name = _("game against the AI")
        verbose_name_plural = _("games against the AI")
        indexes = [models.Index(fields=["owner", "status", "-updated_at"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(human_seat__in=(0, 1)), name="human_match_seat_0_or_1"
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner__in=(0, 1)),
                name="human_match_winner_0_or_1",
            ),
        ]

    def __str__(self) -> str:
        return f"game {self.pk}"

    @property
    def ai_seat(self) -> int:
        return 1 - self.human_seat

    @property
    def is_finished(self) -> bool:
        return self.status == HumanMatchStatus.FINISHED
