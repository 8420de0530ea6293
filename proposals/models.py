"""A player's proposal of a printed card (or of a correction to a catalogue card).

The card itself waits as a ``cardbase.Draft`` of kind ``proposal`` — the whole row as values,
the live values it started from for a correction — so publishers decide it in the drafts
workflow, the diff, preview, publish and history are the drafts' own, and nothing reaches the
catalogue's readers before it is published. The draft's status is the proposal's status, its
``decision_note`` the publisher's reason. What only a proposal has is here.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from cardbase.models import Draft


class CardProposal(models.Model):
    draft = models.OneToOneField(
        Draft, on_delete=models.CASCADE, related_name="proposal", verbose_name=_("draft")
    )
    proposer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="card_proposals",
        verbose_name=_("proposer"),
    )
    printed_text = models.TextField(_("text as printed"))
    release_name = models.CharField(
        _("release as printed"),
        max_length=200,
        blank=True,
        help_text=_("The release the card names, when the catalogue does not list it yet."),
    )
    created_at = models.DateTimeField(_("proposed"), auto_now_add=True, db_index=True)
    submitted_at = models.DateTimeField(_("last sent"), db_index=True)

    class Meta:
        ordering = ["-submitted_at", "-pk"]
        verbose_name = _("card proposal")
        verbose_name_plural = _("card proposals")

    def __str__(self) -> str:
        return str(self.draft.values.get("name_ru") or self.pk)

    @property
    def status(self) -> str:
        return self.draft.status
