"""A proposal's photo files are removed once nothing needs them (cardbase/image_keeping.py): on
rejection, when a photo is replaced, with the account; never while a card, a card's history
or an open draft names them. ``manage.py card_images_prune`` removes what else is left over.
Real files, in the test's own MEDIA_ROOT (tests/conftest.py)."""

import io
import os
import time
from datetime import timedelta

import pytest
from django.core.files.storage import default_storage
from django.core.management import CommandError, call_command

from cardbase.card_images import SIZES, image_name, image_stored, photo_read, photo_store
from cardbase.editorial.drafts import draft_save, drafts_reject, entry_save_live
from cardbase.editorial.history import entry_history, entry_revert
from cardbase.image_keeping import images_release, orphans_remove
from cardbase.models import Card, Draft
from proposals.models import CardProposal
from proposals.selectors import proposal_view
from proposals.services import (
    proposal_publish,
    proposal_reject,
    proposal_return,
    proposal_submit,
)
from tests.proposals import photos
from tests.proposals.data import SHIP, photo, proposal_data, ship

pytestmark = pytest.mark.django_db


@pytest.fixture
def commits(django_capture_on_commit_callbacks):
    """Run what waits for the commit (the test's own transaction never commits)."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def picture(colour) -> bytes:
    return photos.jpeg(photos.card_picture(colour=colour))


def submit(player, data=None, image=None, **kwargs):
    return proposal_submit(
        data=data or proposal_data(),
        proposer=player,
        photo=photo(image) if image is not None else None,
        photo_size=None,
        **kwargs,
    )


def digest_of(proposal: CardProposal) -> str:
    return Draft.objects.get(pk=proposal.draft_id).values["image"]


def files_of(digest: str) -> list[bool]:
    return [default_storage.exists(image_name(digest, size)) for size in SIZES]


def test_rejecting_a_proposal_removes_its_photo_and_keeps_the_decision(
    komandor, player, publisher, commits, client
):
    proposal = submit(player, image=picture((10, 20, 30)))
    digest = digest_of(proposal)
    assert files_of(digest) == [True, True]
    with commits():
        proposal_reject(proposal=proposal, user=publisher, reason="Это не печатная карта.")
    assert files_of(digest) == [False, False]
    draft = Draft.objects.get(pk=proposal.draft_id)
    # What a reviewer needs stays: the decision, the reason, the text, the photo's digest.
    assert (draft.status, draft.decision_note) == ("rejected", "Это не печатная карта.")
    assert draft.values["image"] == digest
    view = proposal_view(CardProposal.objects.get(pk=proposal.pk))
    assert view.image is None and view.photo_removed
    client.force_login(player)
    page = client.get(f"/cards/proposals/{proposal.pk}/")
    assert page.status_code == 200
    assert 'id="photo-removed"' in page.content.decode()
    assert client.get(f"/card-images/{digest}/full.webp").status_code == 404
    answer = client.get(f"/api/card-proposals/{proposal.pk}/").json()
    assert answer["status"] == "rejected" and answer["image"] is None
    publisher_page = client_as(publisher).get(f"/admin/cardbase/draft/{draft.pk}/change/")
    assert 'id="photo-removed"' in publisher_page.content.decode()


def client_as(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


def test_a_rollback_of_the_rejection_removes_nothing(komandor, player, publisher):
    """The files go after the commit: a rejection rolled back leaves them (and the capture
    of on-commit callbacks is never run here)."""
    proposal = submit(player, image=picture((10, 20, 30)))
    proposal_reject(proposal=proposal, user=publisher, reason="Нет.")
    assert files_of(digest_of(proposal)) == [True, True]


def test_asking_for_changes_keeps_the_photo_and_a_new_one_replaces_it(
    komandor, player, publisher, commits
):
    proposal = submit(player, image=picture((10, 20, 30)))
    first = digest_of(proposal)
    with commits():
        proposal_return(proposal=proposal, user=publisher, reason="Скорость на фото — 6.")
    assert files_of(first) == [True, True]  # sent back: he sends it again keeping his photo
    with commits():
        submit(player, proposal_data(attributes=ship(speed=6)), proposal=proposal)
    assert files_of(first) == [True, True]  # sent again without a photo: the same one
    with commits():
        submit(player, proposal_data(), image=picture((200, 30, 30)), proposal=proposal)
    second = digest_of(proposal)
    assert second != first
    assert files_of(first) == [False, False] and files_of(second) == [True, True]


def test_a_photo_another_open_proposal_holds_stays(komandor, player, publisher, commits):
    same = picture((10, 20, 30))
    mine = submit(player, image=same)
    theirs = submit(player, proposal_data(attributes=ship(name="Другой")), image=same)
    assert digest_of(mine) == digest_of(theirs)
    with commits():
        proposal_reject(proposal=mine, user=publisher, reason="Дубль.")
    assert files_of(digest_of(theirs)) == [True, True]
    with commits():
        proposal_reject(proposal=theirs, user=publisher, reason="Тоже.")
    assert files_of(digest_of(theirs)) == [False, False]


def test_a_photo_a_card_or_its_history_shows_stays(komandor, player, publisher, commits):
    first_photo = picture((10, 20, 30))
    card = proposal_publish(proposal=submit(player, image=first_photo), user=publisher)
    first = Card.objects.get(pk=card.pk).image
    # A correction sent with the very photo the card shows, rejected: the card keeps it.
    same = submit(player, proposal_data(corrects=card.pk), image=first_photo)
    with commits():
        proposal_reject(proposal=same, user=publisher, reason="Ничего не меняет.")
    assert files_of(first) == [True, True]
    # A correction with a new photo, published: the old photo is in the card's history.
    newer = submit(
        player,
        proposal_data(attributes=ship(speed=6), corrects=card.pk),
        image=picture((90, 90, 200)),
    )
    proposal_publish(proposal=newer, user=publisher)
    assert Card.objects.get(pk=card.pk).image != first
    assert images_release([first]) == []
    assert files_of(first) == [True, True]
    oldest = entry_history(row=Card.objects.get(pk=card.pk))[-1]
    entry_revert(row=Card.objects.get(pk=card.pk), version=oldest.version, user=publisher)
    assert Card.objects.get(pk=card.pk).image == first


def test_an_editors_rejected_or_replaced_upload_goes_too(komandor, publisher, commits):
    card = Card.objects.create(
        game=komandor, key="frigate", name_ru=SHIP["name"], card_type="ship", attributes=ship()
    )
    uploads = []
    for colour in ((10, 20, 30), (200, 30, 30)):
        stored = photo_read(io.BytesIO(picture(colour)))
        photo_store(stored)
        uploads.append(stored.digest)
        card.image = stored.digest
        with commits():
            draft = draft_save(row=card, user=publisher, reason="фото")
    assert files_of(uploads[0]) == [False, False]  # replaced in the open draft
    with commits():
        drafts_reject(drafts=[draft], user=publisher)
    assert files_of(uploads[1]) == [False, False]


def test_deleting_the_account_removes_his_open_proposals_and_their_photos(
    komandor, player, publisher, commits
):
    from accounts.deletion import account_delete

    published = proposal_publish(
        proposal=submit(player, image=picture((10, 20, 30))), user=publisher
    )
    waiting = submit(
        player, proposal_data(attributes=ship(name="Другой")), image=picture((1, 2, 3))
    )
    waiting_photo, waiting_draft = digest_of(waiting), waiting.draft_id
    page = client_as(player).get("/accounts/delete/").content.decode()
    assert 'id="proposals-deleted"' in page  # the page that asks first says so
    with commits():
        account_delete(user=player)
    assert not Draft.objects.filter(pk=waiting_draft).exists()
    assert files_of(waiting_photo) == [False, False]
    card = Card.objects.get(pk=published.pk)
    assert files_of(card.image) == [True, True]  # a published card keeps its photo
    assert Draft.objects.filter(object_id=card.pk, status="published", author=None).exists()


def age(name: str, hours: float) -> None:
    path = default_storage.path(name)
    then = time.time() - hours * 3600
    os.utime(path, (then, then))


def test_the_prune_command_removes_old_files_nothing_needs(komandor, player, publisher, capsys):
    kept = digest_of(submit(player, image=picture((10, 20, 30))))
    old, young = (photo_read(io.BytesIO(picture(c))) for c in ((1, 2, 3), (4, 5, 6)))
    photo_store(old)
    photo_store(young)
    for size in SIZES:
        age(image_name(old.digest, size), 30)
        age(image_name(kept, size), 30)
    default_storage.save("card-images/readme.txt", io.BytesIO(b"not ours"))
    call_command("card_images_prune", "--dry-run")
    assert "would remove 2 files" in capsys.readouterr().out
    assert image_stored(old.digest)
    call_command("card_images_prune")
    out = capsys.readouterr().out
    assert image_name(old.digest, "full") in out
    assert "removed 2 files; kept 2 needed and 2 younger than 24 h" in out
    assert files_of(old.digest) == [False, False]
    assert image_stored(kept) and image_stored(young.digest)
    assert default_storage.exists("card-images/readme.txt")  # not a card image: never touched
    assert orphans_remove(grace=timedelta(0)).removed == [
        image_name(young.digest, size) for size in sorted(SIZES)
    ]
    with pytest.raises(CommandError):
        call_command("card_images_prune", "--grace-hours", "-1")


def test_the_prune_command_keeps_what_history_names(komandor, player, publisher, capsys):
    card = proposal_publish(proposal=submit(player, image=picture((10, 20, 30))), user=publisher)
    card = Card.objects.get(pk=card.pk)
    first = card.image
    card.image = ""
    entry_save_live(row=card, user=publisher, reason="без фото")
    assert orphans_remove(grace=timedelta(0)).removed == []
    assert files_of(first) == [True, True]
