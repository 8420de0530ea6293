"""Matches and tournaments: which deck versions met, on which engine, and how it ended.

A match row is everything needed to play it again: the two deck versions in their seats, the
agents, the seed and the engine version (the engine is deterministic, so the log of a bulk
match is regenerated on demand instead of stored). Tournament matches are keyed on
(tournament, pairing, game), so a redelivered batch overwrites instead of duplicating.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from decks.models import DeckVersion


class Format(models.TextChoices):
    ROUND_ROBIN = "round_robin", _("round robin")
    DOUBLE_ROUND_ROBIN = "double_round_robin", _("double round robin")
    SWISS = "swiss", _("Swiss")
    SINGLE_ELIMINATION = "single_elimination", _("single elimination")
    GAUNTLET = "gauntlet", _("gauntlet")
    HEAD_TO_HEAD = "head_to_head", _("head-to-head test (SPRT)")
    SWAP = "swap", _("swap test (one card changed, SPRT)")
    DOCTOR = "doctor", _("deck doctor (candidate swaps screened, then SPRT)")
    TUNING = "tuning", _("tuning by self-play (SPSA, then SPRT)")


class Status(models.TextChoices):
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")
    CANCELLED = "cancelled", _("cancelled")


class Tournament(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournaments"
    )
    name = models.CharField(_("name"), max_length=200)
    # The English of a name the site made (a field test's, a swap test's), shown to English
    # readers; empty for a name a person gave (issue 36).
    name_en = models.CharField(_("name (English)"), max_length=200, blank=True)
    format = models.CharField(_("format"), max_length=20, choices=Format.choices)
    options = models.JSONField(_("format options"), default=dict, blank=True)
    games_per_pairing = models.PositiveIntegerField(_("games per pairing"))
    agents = models.JSONField(_("agents"))  # [agent of each pairing's deck A, of deck B]
    seed = models.BigIntegerField(_("seed"))
    turn_cap = models.PositiveIntegerField(_("turn cap"))
    is_public = models.BooleanField(_("public"), default=False)
    engine_version = models.CharField(_("engine version"), max_length=20)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.RUNNING
    )
    # Progress: ``done`` is the counter the batches increment; ``total`` the planned games (an
    # adaptive format that stops early, the head-to-head test, sets it to ``done`` at the end).
    done = models.PositiveIntegerField(_("games played"), default=0)
    total = models.PositiveIntegerField(_("games planned"))
    round = models.PositiveIntegerField(_("round"), default=1)
    round_target = models.PositiveIntegerField(default=0)  # ``done`` when this round is over
    decision = models.CharField(_("decision"), max_length=20, blank=True)  # head-to-head only
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    # Why a running tournament is not progressing (a ``Problem`` code, its detail), set by the
    # sweep (``matches/tournaments/progress.py``) and cleared by the next batch recorded.
    problem = models.CharField(_("problem"), max_length=30, blank=True)
    problem_detail = models.CharField(max_length=300, blank=True)
    progressed_at = models.DateTimeField(null=True, blank=True)  # last batch recorded

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        indexes = [models.Index(fields=["owner", "status"])]

    def __str__(self) -> str:
        return self.name

    def localised_name(self, language: str) -> str:
        return self.name_en if language.startswith("en") and self.name_en else self.name


class Problem(models.TextChoices):
    """Why a running tournament is not progressing; each heals by itself once the cause goes."""

    BROKER_UNREACHABLE = "broker_unreachable", _("the task queue cannot be reached")
    WAITING_FOR_WORKER = "waiting_for_worker", _("no worker has taken its games")
    WORKER_LOST = "worker_lost", _("a worker stopped while playing its games")
    WAITING_FOR_LOST_BATCH = (
        "waiting_for_lost_batch",
        _("waiting for a batch whose worker stopped answering; it is sent again shortly"),
    )
    BATCH_FAILED = "batch_failed", _("a batch of its games keeps failing")


class Batch(models.Model):
    """Games of one round played by one task. A worker takes a lease on it (``lease_owner``
    until ``lease_expires``, renewed while it plays) and records its games with ``done`` in
    one transaction; the sweep sends again a batch whose lease ran out or whose message was
    never taken (``matches/tournaments/progress.py``)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="batches")
    round = models.PositiveIntegerField()
    number = models.PositiveIntegerField()
    items = models.JSONField()  # [[pairing id, game], ...]
    done = models.BooleanField(default=False)
    lease_owner = models.CharField(max_length=200, blank=True)
    lease_expires = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)  # last message sent for it
    claimed_at = models.DateTimeField(null=True, blank=True)  # last lease taken
    sends = models.PositiveIntegerField(default=0)
    failures = models.PositiveIntegerField(default=0)  # errors that are not an outage
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["tournament", "round", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "number"], name="batch_unique_number"
            )
        ]
        indexes = [
            models.Index(fields=["tournament", "done"]),
            models.Index(fields=["claimed_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id}/{self.round}/{self.number}"


class Entry(models.Model):
    """One deck version in a tournament; ``rank`` is its seed (0 = first listed)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    deck_version = models.ForeignKey(DeckVersion, on_delete=models.PROTECT, related_name="+")
    rank = models.PositiveIntegerField()

    class Meta:
        ordering = ["tournament", "rank"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "rank"], name="entry_unique_rank")
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id}#{self.rank}"


class Pairing(models.Model):
    """Deck A against deck B for ``games`` games in one round: each seed twice, seats swapped."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.PositiveIntegerField()
    slot = models.PositiveIntegerField()  # order within the round (bracket position)
    a = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    b = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    games = models.PositiveIntegerField()
    # The games stored so far, counted by result from deck A's side: added to in the
    # transaction that stores them (``batches.batch_record``), never recounted on a read, so
    # standings, pairings and the list of games read these rows, not every game (issue 36).
    a_wins = models.PositiveIntegerField(default=0)
    b_wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["tournament", "round", "slot"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "slot"], name="pairing_unique_slot"
            )
        ]

    def __str__(self) -> str:
        return f"{self.a} – {self.b} (round {self.round})"

    @property
    def stored(self) -> int:
        """Games of this pairing stored so far."""
        return self.a_wins + self.b_wins + self.draws


class Match(models.Model):
    """One game. ``seat0``/``seat1`` are the deck versions in seats 0 and 1; in a tournament
    ``a_seat`` says which seat the pairing's deck A had. ``winner_seat`` is None for a draw."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="matches", null=True, blank=True
    )
    pairing = models.ForeignKey(
        Pairing, on_delete=models.CASCADE, related_name="matches", null=True, blank=True
    )
    game = models.PositiveIntegerField(default=0)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="matches",
        null=True,
        blank=True,
    )
    seat0 = models.ForeignKey(DeckVersion, on_delete=models.PROTECT, related_name="+")
    seat1 = models.ForeignKey(DeckVersion, on_delete=models.PROTECT, related_name="+")
    a_seat = models.PositiveSmallIntegerField(default=0)
    agents = models.JSONField()  # [seat 0, seat 1]
    seed = models.BigIntegerField()
    turn_cap = models.PositiveIntegerField()
    engine_version = models.CharField(max_length=20)
    # How the agents chose (``agents.AGENTS_VERSION``): a change of it never affects a replay.
    agents_version = models.CharField(max_length=20, blank=True, default="")
    # The option index of every choice, in order (``match_state.encode_actions``: about a byte
    # each): the replay applies them, with no agent. None for a match played before they were
    # kept, or ended by the per-game limit.
    actions = models.BinaryField(null=True, blank=True, editable=False)
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    termination = models.CharField(max_length=30)
    reason = models.TextField(blank=True)
    turns = models.PositiveIntegerField()
    cpu_ms = models.FloatField()
    summary = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "pairing", "game"], name="match_unique_tournament_game"
            ),
            models.CheckConstraint(
                condition=Q(winner_seat__isnull=True) | Q(winner_seat__in=(0, 1)),
                name="match_winner_seat_0_or_1",
            ),
        ]

    def __str__(self) -> str:
        return f"match {self.pk}"

    @property
    def a_result(self) -> str:
        """The game from the pairing's deck A's side: ``win``, ``loss`` or ``draw``."""
        if self.winner_seat is None:
            return "draw"
        return "win" if self.winner_seat == self.a_seat else "loss"


class WorkerSeen(models.Model):
    """A worker that plays batches, as its sweep last reported it (issue 36): the tournament
    form's estimate divides by the processes of the workers seen lately, not by a setting."""

    name = models.CharField(max_length=200, unique=True)  # its node name, e.g. celery@host
    processes = models.PositiveIntegerField()
    seen_at = models.DateTimeField()

    def __str__(self) -> str:
        return self.name
