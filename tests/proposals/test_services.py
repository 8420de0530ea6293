"""Proposals: the same checks as the catalogue's, every refusal a field error with nothing
written, the drafts workflow for publishers, the players' origin on the published card."""

import pytest
from django.core.exceptions import ValidationError
from django.core.files.storage import default_storage

from cardbase.card_images import SIZES, image_name
from cardbase.editorial.history import entry_history, entry_revert
from cardbase.models import Card, Draft, Origin, Release
from proposals.models import CardProposal
from proposals.selectors import duplicates_of, proposal_view
from proposals.services import (
    ProposalLimitReached,
    proposal_publish,
    proposal_reject,
    proposal_return,
    proposal_submit,
)
from tests.factories import CardFactory
from tests.proposals import photos
from tests.proposals.data import EFFECT, PRINTED, SHIP, photo, proposal_data, ship

pytestmark = pytest.mark.django_db


def submit(player, data=None, image=None, **kwargs):
    image = image if image is not None else photo()
    return proposal_submit(
        data=data or proposal_data(), proposer=player, photo=image, photo_size=None, **kwargs
    )


def stored_files() -> list[str]:
    found = []

    def walk(path: str) -> None:
        directories, files = default_storage.listdir(path)
        found.extend(f"{path}/{name}" for name in files)
        for directory in directories:
            walk(f"{path}/{directory}")

    if default_storage.exists("card-images"):
        walk("card-images")
    return found


def nothing_written() -> bool:
    return not (CardProposal.objects.exists() or Draft.objects.exists() or stored_files())


def test_a_proposal_waits_as_a_players_draft_with_its_photo(komandor, player):
    proposal = submit(player)
    draft = proposal.draft
    assert (draft.kind, draft.status, draft.author) == ("proposal", "pending", player)
    assert draft.object_id is None
    values = draft.values
    assert values["origin"] == Origin.PLAYERS
    assert values["entered_by"] == "pilot"
    assert values["source_quote"] == PRINTED
    assert values["text"] == ""  # it has effects: its text is made from them
    assert values["attributes"]["effects"] == [EFFECT]
    assert values["key"].startswith("players-fregat")
    assert sorted(stored_files()) == sorted(image_name(values["image"], s) for s in SIZES)
    assert not Card.objects.filter(name_ru=SHIP["name"]).exists()  # players see nothing yet


def refused(player, data=None, image=None) -> dict:
    with pytest.raises(ValidationError) as error:
        submit(player, data, image)
    assert nothing_written()
    return {name: [e.code for e in items] for name, items in error.value.error_dict.items()}


def test_a_stat_out_of_range_is_refused_on_its_field(komandor, player):
    errors = refused(player, proposal_data(attributes=ship(critical=9, strength=7)))
    assert "critical_not_below_strength" in errors["attributes.strength"]


def test_a_missing_required_stat_is_refused_on_its_field(komandor, player):
    attributes = ship()
    del attributes["speed"]
    errors = refused(player, proposal_data(attributes=attributes))
    assert errors["attributes.speed"] == ["required"]


def test_an_effect_that_does_not_validate_is_refused_on_its_path(komandor, player):
    bad = {**EFFECT, "targets": {"side": "own", "kind": "ship", "size": "XL"}}
    errors = refused(player, proposal_data(attributes=ship(effects=[bad])))
    assert errors["attributes.effects.0.targets.size"] == ["bad_choice"]


def test_the_kind_and_the_shape_of_attributes_are_refused_as_fields(komandor, player):
    assert refused(player, proposal_data(attributes=[1, 2]))["attributes"] == ["not_an_object"]
    assert refused(player, proposal_data(attributes={**SHIP, "kind": "dragon"}))[
        "attributes.kind"
    ] == ["bad_choice"]
    assert refused(player, proposal_data(attributes={**SHIP, "text": "typed"}))[
        "attributes.text"
    ] == ["text_in_attributes"]


def test_the_printed_text_is_required(komandor, player):
    assert refused(player, proposal_data(printed_text="  "))["printed_text"] == ["required"]


def test_a_photo_is_required_and_every_bad_photo_refused(komandor, player):
    with pytest.raises(ValidationError) as error:
        proposal_submit(data=proposal_data(), proposer=player, photo=None)
    assert error.value.error_dict["image"][0].code == "required"
    assert refused(player, image=photo(photos.html_named_jpg()))["image"] == ["not_an_image"]
    assert refused(player, image=photo(photos.png_bomb()))["image"] == ["too_many_pixels"]


def test_every_problem_is_named_at_once(komandor, player):
    errors = refused(
        player,
        proposal_data(attributes=ship(speed=-1), printed_text=""),
        photo(photos.gif()),
    )
    assert {"attributes.speed", "printed_text", "image"} <= set(errors)


def test_a_database_failure_removes_the_photo_it_stored(komandor, player, monkeypatch):
    from proposals import services

    def broken(**kwargs):
        raise RuntimeError("database gone")

    monkeypatch.setattr(services, "_proposal_write", broken)
    with pytest.raises(RuntimeError):
        submit(player)
    assert nothing_written()


def test_proposals_are_limited_per_player_and_day(komandor, player, settings):
    settings.CARD_PROPOSALS_PER_DAY = 2
    submit(player)
    submit(player, proposal_data(attributes=ship(name="Второй")))
    with pytest.raises(ProposalLimitReached):
        submit(player, proposal_data(attributes=ship(name="Третий")))
    assert CardProposal.objects.count() == 2


def test_publishing_makes_a_players_card_with_history_and_revert(komandor, player, publisher):
    proposal = submit(player)
    card = proposal_publish(proposal=proposal, user=publisher)
    card = Card.objects.get(pk=card.pk)
    assert (card.origin, card.entered_by, card.source_quote) == ("players", "pilot", PRINTED)
    assert card.image == proposal.draft.values["image"]
    assert card.attributes["effects"] == [EFFECT]
    proposal.draft.refresh_from_db()
    assert proposal.draft.status == "published" and proposal.draft.object_id == card.pk
    (version,) = entry_history(row=card)
    assert version.kind == "publish" and version.draft_author == "pilot"
    assert version.author == "boss"
    # History and revert as for every card: a change, then back.
    card.attributes = {**card.attributes, "speed": 6}
    from cardbase.editorial.drafts import entry_save_live

    entry_save_live(row=card, user=publisher, reason="typo")
    entry_revert(row=card, version=version.version, user=publisher)
    assert Card.objects.get(pk=card.pk).attributes["speed"] == 5


def test_a_release_named_as_printed_becomes_a_players_release(komandor, player, publisher):
    proposal = submit(player, proposal_data(release_name="Базовый набор", collector_number="17"))
    card = proposal_publish(proposal=proposal, user=publisher)
    release = Release.objects.get(pk=card.release_id)
    assert (release.name_ru, release.origin, card.collector_number) == (
        "Базовый набор",
        "players",
        "17",
    )
    second = submit(
        player, proposal_data(attributes=ship(name="Другой"), release_name="базовый НАБОР")
    )
    assert proposal_publish(proposal=second, user=publisher).release_id == release.pk


def test_reject_and_ask_for_changes_need_a_reason_the_player_reads(komandor, player, publisher):
    proposal = submit(player)
    with pytest.raises(ValidationError) as error:
        proposal_reject(proposal=proposal, user=publisher, reason=" ")
    assert error.value.error_dict["reason"][0].code == "required"
    proposal_return(proposal=proposal, user=publisher, reason="Скорость на фото — 6.")
    proposal.draft.refresh_from_db()
    assert proposal.draft.status == "changes_requested"
    assert proposal.draft.decision_note == "Скорость на фото — 6."
    # Sent again, changed, without a new photo: the first is kept, and it waits again.
    again = submit(player, proposal_data(attributes=ship(speed=6)), image=None, proposal=proposal)
    assert again.pk == proposal.pk
    draft = Draft.objects.get(pk=proposal.draft_id)
    assert draft.status == "pending" and draft.values["attributes"]["speed"] == 6
    proposal_reject(proposal=again, user=publisher, reason="Это не печатная карта.")
    with pytest.raises(ValidationError):
        submit(player, proposal_data(), proposal=again)


def test_a_correction_is_a_diff_against_the_card(komandor, player, publisher):
    live = CardFactory(
        game=komandor,
        key="frigate",
        name_ru=SHIP["name"],
        cost=4,
        rarity="common",
        attributes={k: v for k, v in SHIP.items()},
        origin=Origin.PLAYERS,
        entered_by="first",
        source_book="",
        source_section="",
    )
    proposal = submit(player, proposal_data(attributes={**SHIP, "speed": 6}, corrects=live.pk))
    view = proposal_view(proposal)
    assert view.corrects
    changed = {change.name: (change.old, change.new) for change in view.changes}
    assert changed["attributes.speed"] == ("5", "6")
    assert "attributes.effects" not in changed
    card = proposal_publish(proposal=proposal, user=publisher)
    assert card.pk == live.pk and Card.objects.get(pk=live.pk).attributes["speed"] == 6
    assert Card.objects.get(pk=live.pk).entered_by == "first"


def test_the_projects_own_cards_are_not_corrected_from_photos(komandor, player):
    own = CardFactory(game=komandor, origin=Origin.PROJECT, source_book="", source_section="")
    assert refused(player, proposal_data(corrects=own.pk))["card"] == ["not_printed"]


def test_same_and_near_names_are_flagged(komandor, player):
    CardFactory(game=komandor, key="same", name_ru=SHIP["name"], attributes=SHIP)
    CardFactory(game=komandor, key="near", name_ru="Фрегат класса «Тестовый-2»", attributes=SHIP)
    first = submit(player)
    flagged = {
        (d.name, d.closeness) for d in duplicates_of(name=SHIP["name"], proposal_id=first.pk)
    }
    assert (SHIP["name"], "same") in flagged
    assert ("Фрегат класса «Тестовый-2»", "near") in flagged
    second = submit(player)
    names = duplicates_of(name=SHIP["name"], proposal_id=second.pk)
    assert any(d.proposal_id == first.pk and d.closeness == "same" for d in names)


def test_a_card_without_effects_plays_as_printed_stats_and_says_so(komandor, player, publisher):
    proposal = submit(player, proposal_data(attributes=dict(SHIP), effects_gap="всё"))
    assert proposal_view(proposal).has_effects is False
    card = proposal_publish(proposal=proposal, user=publisher)
    assert card.text == PRINTED  # shown on its face, marked as not played
    assert card.effects_gap == "всё"


def test_a_release_must_be_a_printed_one_of_the_catalogue(komandor, player):
    Release.objects.create(game=komandor, code="KST", name_ru="Свой набор", origin="project")
    assert refused(player, proposal_data(release="KST"))["release"] == ["not_found"]
    assert refused(player, proposal_data(release="nope"))["release"] == ["not_found"]
