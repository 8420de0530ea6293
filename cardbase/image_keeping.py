"""Which stored card images are still needed, and removing the files of those that are not.

An image is kept once per photo (``card_images``: the name is the photo's digest), so its
files may serve several rows at once: a card, a player's proposal, an editor's draft, the same
photo sent twice. Its files are removed only when nothing needs them any more:

- a catalogue card shows it (a retired card too: it can come back);
- a card's recorded history names it (reverting brings it back, and a revert must find it);
- an open draft holds it — waiting for a publisher, or sent back for changes (its author sends
  it again keeping the photo, and the publisher looks at it again then).

A rejected draft (a rejected proposal) needs nothing: the decision, the publisher's reason, the
text as printed and the photo's digest stay on the proposal's page, the photo's files go. A
published draft's image is the card's, or in its history. So the files go when a draft is
rejected, when a draft's photo is replaced (a proposal sent again with another photo, an
editor's new upload), and when an account goes with its open proposals — each after the
database commit, checking again then. ``orphans_remove`` (``manage.py card_images_prune``)
removes whatever else nothing needs: files left by a crash between the two steps, or by
anything before this existed; it leaves files younger than a grace period alone, because a
photo is stored before the row that names it is committed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone
from reversion.models import Version

from cardbase.card_images import DIGEST, PREFIX, SIZES, image_name
from cardbase.models import Card, Draft

OPEN_DRAFTS = (Draft.Status.PENDING, Draft.Status.CHANGES_REQUESTED)
# A card's image in a recorded version (Django's JSON serialisation of the row's fields).
IMAGE_IN_VERSION = re.compile(r'"image":\s*"([0-9a-f]{64})"')
FILE_NAME = re.compile(r"([0-9a-f]{64})-(" + "|".join(SIZES) + r")\.webp")


def images_needed(digests: Iterable[str]) -> set[str]:
    """Those of ``digests`` that a card, a card's history or an open draft still names."""
    wanted = {digest for digest in digests if digest and DIGEST.fullmatch(digest)}
    if not wanted:
        return set()
    needed = set(
        Card.all_objects.filter(image__in=wanted).values_list("image", flat=True).distinct()
    )
    for digest in wanted - needed:
        if (
            Draft.objects.filter(status__in=OPEN_DRAFTS, values__image=digest).exists()
            or Version.objects.get_for_model(Card).filter(serialized_data__contains=digest).exists()
        ):
            needed.add(digest)
    return needed


def images_release(digests: Iterable[str]) -> list[str]:
    """Remove the files of those of ``digests`` that nothing needs; returns their digests."""
    wanted = {digest for digest in digests if digest and DIGEST.fullmatch(digest)}
    gone = sorted(wanted - images_needed(wanted))
    for digest in gone:
        for size in SIZES:
            default_storage.delete(image_name(digest, size))
    return gone


def images_release_on_commit(digests: Iterable[str]) -> None:
    """``images_release`` once the current transaction commits (at once outside one), so a
    rolled-back decision removes nothing and the check sees the committed rows."""
    wanted = sorted({digest for digest in digests if digest})
    if wanted:
        transaction.on_commit(lambda: images_release(wanted))


def draft_image(draft: Draft) -> str:
    return str((draft.values or {}).get("image") or "")


@dataclass(frozen=True)
class StoredFile:
    name: str
    digest: str
    modified: datetime


def stored_files() -> Iterator[StoredFile]:
    """Every card image file in storage (``card-images/<aa>/<digest>-<size>.webp``); other
    names there are not ours and are never touched."""
    if not default_storage.exists(PREFIX):
        return
    directories, _files = default_storage.listdir(PREFIX)
    for directory in sorted(directories):
        _subdirectories, files = default_storage.listdir(f"{PREFIX}/{directory}")
        for name in sorted(files):
            match = FILE_NAME.fullmatch(name)
            if match is None or match.group(1)[:2] != directory:
                continue
            path = f"{PREFIX}/{directory}/{name}"
            yield StoredFile(path, match.group(1), default_storage.get_modified_time(path))


def all_needed() -> set[str]:
    """Every digest a card, a card's history or an open draft names (one pass each)."""
    needed = set(Card.all_objects.exclude(image="").values_list("image", flat=True))
    for values in Draft.objects.filter(status__in=OPEN_DRAFTS).values_list("values", flat=True):
        image = str((values or {}).get("image") or "")
        if image:
            needed.add(image)
    versions = Version.objects.get_for_model(Card).filter(serialized_data__contains='"image"')
    for data in versions.values_list("serialized_data", flat=True).iterator():
        needed.update(IMAGE_IN_VERSION.findall(data))
    return needed


@dataclass(frozen=True)
class Pruned:
    removed: list[str]  # file names
    kept_young: int  # unneeded files left alone because they are younger than the grace
    needed: int  # files something needs


def orphans_remove(*, grace: timedelta, dry_run: bool = False) -> Pruned:
    """Remove every card image file nothing needs and older than ``grace`` (a photo is
    stored just before the row naming it is committed); ``dry_run`` only lists them."""
    needed = all_needed()
    oldest = timezone.now() - grace
    unneeded: list[StoredFile] = []
    young = kept = 0
    for stored in stored_files():
        if stored.digest in needed:
            kept += 1
        elif stored.modified > oldest:
            young += 1
        else:
            unneeded.append(stored)
    if not dry_run and unneeded:
        # Checked again just before: a row naming one may have been committed meanwhile.
        late = images_needed({stored.digest for stored in unneeded})
        unneeded = [stored for stored in unneeded if stored.digest not in late]
        for stored in unneeded:
            default_storage.delete(stored.name)
    return Pruned(removed=[stored.name for stored in unneeded], kept_young=young, needed=kept)
