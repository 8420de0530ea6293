"""A tuning by self-play (``manage.py tune``): an agent's parameters tuned by SPSA on the
precons, then the tuned values tested against the start (issue 31, item 6).

Its games are a tournament of format ``tuning`` (``matches/tournaments/spsa.py``): batches,
leases, healing and exact counting are the tournaments' own. The run keeps what it was asked
(agent, space, iterations, pairs, constants, seed) and, refreshed from the stored games
(``matches/tuning/services.py``), the current θ, the iterations so far and, once finished,
its record (also written as a JSON file)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from matches.models.tournaments import Tournament


class TuningState(models.TextChoices):
    TUNING = "tuning", _("tuning")
    VERIFYING = "verifying", _("testing the tuned values")
    FINISHED = "finished", _("finished")
    CANCELLED = "cancelled", _("cancelled")


class TuningRun(models.Model):
    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="tuning")
    agent = models.CharField(_("agent"), max_length=40)
    # The parameters as tuned: [name, start, low, high, c_end, r_end] per row (``spsa.Axis``).
    space = models.JSONField(_("parameter space"))
    iterations = models.PositiveIntegerField(_("iterations"))
    pairs_per_iteration = models.PositiveIntegerField(_("pairings per iteration"))
    # alpha, gamma, a_ratio, the verification's delta, sprt_alpha, sprt_beta, verify_games…
    constants = models.JSONField(_("SPSA and SPRT constants"))
    seed = models.BigIntegerField(_("seed"))
    state = models.CharField(
        _("state"), max_length=10, choices=TuningState.choices, default=TuningState.TUNING
    )
    theta = models.JSONField(_("current values"), default=dict)
    history = models.JSONField(_("iterations"), default=list)
    record = models.JSONField(_("record"), default=dict, blank=True)
    record_path = models.CharField(_("record file"), max_length=500, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("tuning run")
        verbose_name_plural = _("tuning runs")

    def __str__(self) -> str:
        return f"{self.agent} #{self.pk}"
