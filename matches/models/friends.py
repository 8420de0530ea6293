"""Games between two people (``matches/friends``)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from decks.models import DeckVersion


class FriendGameStatus(models.TextChoices):
    WAITING = "waiting", _("waiting for an opponent")
    IN_PROGRESS = "in_progress", _("in progress")
    FINISHED = "finished", _("finished")
    EXPIRED = "expired", _("expired")


class AwayClock(models.TextChoices):
    """What a disconnected player's clock does during his grace period (the table's
    option)."""

    RUNNING = "running", _("keeps running")
    PAUSED = "paused", _("is paused")


class FriendGame(models.Model):
    """A table for two people: the creator's deck in seat ``creator_seat``, the guest's (who
        joined with the single-use ``invite_token``) in the other. As every match, the game is its
        deck versions, seed, turn cap and the option index of every choice (``actions``); its
        version is the number of actions applied. The seed is drawn by the server and shown only
        once the game is over. Clocks are milliseconds left per seat, the running one counted from
        ``clock_since``; a seat whose last WebSocket closed is ``away`` from then (his clock paused
    meanwhile if ``away_clock`` says so)."""

    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="friend_games_created"
    )
    guest = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="friend_games_joined",
        null=True,
        blank=True,
    )
    creator_deck = models.ForeignKey(DeckVersion, on_delete=models.PROTECT, related_name="+")
    guest_deck = models.ForeignKey(
        DeckVersion, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    creator_seat = models.PositiveSmallIntegerField(_("creator's seat"), default=0)
    invite_token = models.CharField(max_length=64, unique=True, null=True, blank=True)
    listed = models.BooleanField(_("listed as open"), default=False)
    spectators = models.BooleanField(_("spectators allowed"), default=True)
    creator_open_hand = models.BooleanField(default=False)
    guest_open_hand = models.BooleanField(default=False)
    clock_seconds = models.PositiveIntegerField(null=True, blank=True)  # None: no clock
    clock_increment = models.PositiveIntegerField(default=0)  # seconds added per decision
    clock_left_ms = models.JSONField(default=list, blank=True)  # [seat 0, seat 1]
    clock_since = models.DateTimeField(null=True, blank=True)
    # A running clock of a seat that is away stops at ``away_since`` when PAUSED; his rejoin
    # banks the time used before and starts it again.
    away_clock = models.CharField(
        _("clock of a disconnected player"),
        max_length=8,
        choices=AwayClock.choices,
        default=AwayClock.RUNNING,
    )
    to_move = models.PositiveSmallIntegerField(null=True, blank=True)  # whose decision
    draw_offer = models.PositiveSmallIntegerField(null=True, blank=True)  # the seat offering
    sockets = models.JSONField(default=list, blank=True)  # open WebSockets per seat
    away_since = models.JSONField(default=list, blank=True)  # ISO time per seat, or None
    seed = models.BigIntegerField(_("seed"))
    turn_cap = models.PositiveIntegerField(_("turn cap"))
    actions = models.BinaryField(default=b"", blank=True, editable=False)
    version = models.PositiveIntegerField(default=0)
    status = models.CharField(
        _("status"),
        max_length=12,
        choices=FriendGameStatus.choices,
        default=FriendGameStatus.WAITING,
    )
    winner = models.PositiveSmallIntegerField(null=True, blank=True)  # seat; None: a draw
    termination = models.CharField(max_length=30, blank=True)
    reason = models.TextField(blank=True)
    turns = models.PositiveIntegerField(default=0)
    engine_version = models.CharField(max_length=20)
    rematch_of = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="rematch"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    moved_at = models.DateTimeField(null=True, blank=True)  # the last change of the game

    class Meta:
        ordering = ["-updated_at", "-id"]
        verbose_name = _("game between two people")
        verbose_name_plural = _("games between two people")
        indexes = [
            models.Index(fields=["creator", "status"]),
            models.Index(fields=["guest", "status"]),
            models.Index(fields=["status", "listed", "-created_at"]),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(creator_seat__in=(0, 1)), name="friend_game_seat_0_or_1"
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner__in=(0, 1)),
                name="friend_game_winner_0_or_1",
            ),
        ]

    def __str__(self) -> str:
        return f"friend game {self.pk}"

    @property
    def guest_seat(self) -> int:
        return 1 - self.creator_seat

    @property
    def is_over(self) -> bool:
        return self.status in (FriendGameStatus.FINISHED, FriendGameStatus.EXPIRED)

    def user_of(self, seat: int):
        return self.creator if seat == self.creator_seat else self.guest

    @property
    def clock_minutes(self) -> int | None:
        return None if self.clock_seconds is None else self.clock_seconds // 60

    @property
    def winner_user(self):
        return None if self.winner is None else self.user_of(self.winner)

    def deck_of(self, seat: int) -> DeckVersion | None:
        return self.creator_deck if seat == self.creator_seat else self.guest_deck

    def seat_of(self, user) -> int | None:
        """The seat ``user`` holds at this table, or None."""
        user_id = getattr(user, "pk", None)
        if user_id is None:
            return None
        if user_id == self.creator_id:
            return self.creator_seat
        if self.guest_id is not None and user_id == self.guest_id:
            return self.guest_seat
        return None

    @property
    def hands_open(self) -> bool:
        """Both players let spectators see their hands."""
        return self.creator_open_hand and self.guest_open_hand
