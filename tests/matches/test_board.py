"""The board, decisions and events in words (``matches.words.board``,
``matches.words.decision_text``, ``matches.words.event_text.narrate``): what one seat sees, in
Russian and English."""

import json
import random
import re
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from komandor.rules.decks import deck_from_dict
from komandor.rules.effect_decks import effect_deck
from komandor.rules.match import MatchSetup, new_match
from matches.words.board import board_for, decision_view, narrate

ROOT = Path(__file__).resolve().parents[2]
PRECONS = [
    deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "content" / "precons").glob("*.json"))
]
# An internal key in words: a card uid, a «:»- or «>»-joined option key, a snake_case code, a
# raw dict, an open-space sector's code.
INTERNAL = re.compile(r"\bp[01]\.\d|\w[:>]\w|\b[a-z]+_[a-z_]+\b|\{'|\bs\d+\b|\bv\d\b")


def decks_for(seed):
    if seed % 3 == 2:  # the effect decks: every effect kind, rare decisions
        return [deck_from_dict(effect_deck(seed * 2 + side)) for side in (0, 1)]
    first = PRECONS[seed % len(PRECONS)]
    second = PRECONS[(seed * 3 + 1) % len(PRECONS)]
    if second is first:
        second = PRECONS[(seed + 1) % len(PRECONS)]
    return [first, second]


def names_of(decks):
    """As the pages name the players; the effect decks' Latin names as «Колода N»."""
    return [
        f"{deck.name if re.search('[а-я]', deck.name) else f'Колода {seat + 1}'} "
        f"({deck.commander.name})"
        for seat, deck in enumerate(decks)
    ]


def played(seed, steps=None):
    """A match of random choices, stopped after ``steps`` decisions (or at its end)."""
    decks = decks_for(seed)
    match = new_match(MatchSetup(decks=decks, seed=seed, turn_cap=30))
    rng = random.Random(seed)
    done = 0
    while match.decision is not None and (steps is None or done < steps):
        match.apply_index(rng.randrange(len(match.decision.options)))
        done += 1
    return match, names_of(decks)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ru", "en"])
def test_a_board_renders_for_a_seat_and_for_a_spectator(language):
    match, names = played(3, steps=150)
    with translation.override(language):
        for viewer in (0, 1, None):
            board = board_for(match, viewer=viewer, names=names)
            html = render_to_string("matches/board/_board.html", {"board": board})
            assert 'id="board"' in html and names[0] in html and names[1] in html
            assert not re.search(r"\bp[01]\.\d", html), html


def test_every_decision_and_option_reads_in_words_in_both_languages():
    """Many matches (precon pairings, the effect decks, random choices to reach rare
    decisions): no prompt, option label or told choice holds an internal key."""
    kinds = set()
    for seed in range(9):
        match, names = played(seed, steps=0)
        cards = {uid: card.spec.name for uid, card in match.state.cards.items()}
        rng = random.Random(seed)
        while (decision := match.decision) is not None:
            kinds.add(decision.kind)
            for language in ("ru", "en"):
                with translation.override(language):
                    view = decision_view(decision, names=names, cards=cards)
                    for text in [view.prompt, *(option.label for option in view.options)]:
                        assert text and not INTERNAL.search(text), (decision.kind, text)
                        if language == "ru":  # translated: no English word left
                            assert not re.search("[A-Za-z]{3,}", text), (decision.kind, text)
                    labels = [option.label for option in view.options]
                    assert len(set(labels)) == len(labels), (decision.kind, labels)
            match.apply_index(rng.randrange(len(decision.options)))
        for language in ("ru", "en"):
            with translation.override(language):
                for text in narrate(match.log, viewer=None, names=names, cards=cards, choices=True):
                    assert not INTERNAL.search(text), text
                    if language == "ru":
                        assert not re.search("[A-Za-z]{3,}", text), text
    assert {"battle.attack", "production.build", "move.ship", "effect.play"} <= kinds


def test_an_attack_option_and_its_prompt_in_russian_and_english():
    from komandor.rules.decisions import Decision, DecisionKind, Option
    from komandor.rules.facts import DecisionContext

    attack = Decision(
        0,
        DecisionKind.BATTLE_ATTACK,
        (Option("p0.12:plasma>p1.09"), Option("pass")),
        DecisionContext(round=2, range="medium"),
    )
    cards = {"p0.12": "Оса", "p1.09": "Шакал"}
    names = ["Лёгкий рой (Адмирал)", "Пираты (Корсар)"]
    with translation.override("en"):
        view = decision_view(attack, names=names, cards=cards)
        assert view.prompt == "Attack or pass (round 2, medium range)"
        assert [o.label for o in view.options] == ["«Оса»: plasma guns → «Шакал»", "do not attack"]
    with translation.override("ru"):
        view = decision_view(attack, names=names, cards=cards)
        assert view.options[0].label == "«Оса»: плазменные орудия → «Шакал»"
        assert "p0.12" not in view.prompt


def test_the_narration_names_players_by_deck_and_tells_the_attack_arithmetic():
    events = [
        {"type": "turn", "turn": 3},
        {
            "type": "attack",
            "by": "p0.12",
            "weapon": "plasma",
            "target": "p1.09",
            "damage": 4,
            "power": 5,
            "shield": 1,
        },
        {"type": "destroyed", "uid": "p1.09", "player": 1, "cause": "damage"},
        {
            "type": "victory",
            "winner": 0,
            "termination": "commander_lost",
            "turn": 3,
            "reason": "player 1 lost the Commander",
        },
    ]
    cards = {"p0.12": "Оса", "p1.09": "Шакал"}
    names = ["Рой (Адмирал)", "Пираты (Корсар)"]
    with translation.override("en"):
        told = narrate(events, viewer=0, names=names, cards=cards)
    assert told == [
        "Turn 3 begins",
        "«Оса» fires plasma guns at «Шакал»: power 5 − shield 1 = 4 damage",
        "«Шакал» is destroyed",
        "Рой (Адмирал) wins: Commander lost",
    ]
    with translation.override("ru"):
        told = narrate(events, viewer=0, names=names, cards=cards)
    assert told[1].endswith("мощность 5 − мощность щита 1 = 4 повреждения")
    assert "Рой (Адмирал)" in told[3] and "player" not in told[3] and "игрок" not in told[3]


def hidden_names(match):
    """Names of player 1's cards that were only ever in his hand or deck, never shown, and that
    no public card shares."""
    state = match.state
    public = set()
    for card in state.cards.values():
        if card.owner == 0 or card.entered or card.zone.value not in ("hand", "deck"):
            public.add(card.spec.name)
    for event in match.log.events:
        if event["type"] in ("revealed", "effect", "built"):
            public.add(event.get("name"))
        for key in ("card", "uid"):
            if isinstance(event.get(key), str) and event[key] in state.cards:
                public.add(state.cards[event[key]].spec.name)
    return {
        card.spec.name
        for card in state.cards.values()
        if card.owner == 1 and card.spec.name not in public
    }


@pytest.mark.parametrize("seed", [0, 1, 3, 4])
def test_the_narration_for_a_seat_never_names_the_opponents_hidden_cards(seed):
    match, names = played(seed)
    hidden = hidden_names(match)
    assert hidden, "the test needs a match with cards player 1 never showed"
    cards = {uid: card.spec.name for uid, card in match.state.cards.items()}
    text = "\n".join(narrate(match.log, viewer=0, names=names, cards=cards, choices=True))
    assert not [name for name in hidden if f"«{name}»" in text]
    # The spectator is told the same choices with the cards (the test can fail).
    spectator = "\n".join(narrate(match.log, viewer=None, names=names, cards=cards, choices=True))
    assert spectator != text


@pytest.mark.django_db
def test_a_seats_board_shows_its_own_hand_and_only_counts_of_the_opponents():
    match, names = played(4, steps=120)
    state = match.state
    own = {state.cards[uid].spec.name for uid in state.players[0].hand}
    theirs = {state.cards[uid].spec.name for uid in state.players[1].hand}
    shown = ("hand", "deck")
    public = {c.spec.name for c in state.cards.values() if c.zone.value not in shown}
    secret = theirs - own - public - {deck.commander.name for deck in decks_for(4)}
    assert own and secret, "the test needs cards only player 1 holds"
    with translation.override("ru"):
        board = board_for(match, viewer=0, names=names)
        html = render_to_string("matches/board/_board.html", {"board": board})
    me, other = board.players
    assert other.hand is None and other.hand_count == len(state.players[1].hand)
    assert [card.uid for card in me.hand] == state.players[0].hand
    assert all(name in html for name in own)
    assert not [name for name in secret if name in html]
    spectator = render_to_string(
        "matches/board/_board.html", {"board": board_for(match, viewer=None, names=names)}
    )
    assert all(name in spectator for name in secret)  # the test can fail


def first_battle_attack():
    """The first ``battle.attack`` decision of the random precon matches ``played`` plays
    (seeds 0, 1, 3, …: ``decks_for`` gives the effect decks to the others)."""
    for seed in (0, 1, 3, 4, 6, 7):
        decks = decks_for(seed)
        match = new_match(MatchSetup(decks=decks, seed=seed, turn_cap=30))
        rng = random.Random(seed)
        while match.decision is not None:
            if match.decision.kind == "battle.attack":
                return match, names_of(decks)
            match.apply_index(rng.randrange(len(match.decision.options)))
    raise AssertionError("no battle.attack decision in these matches")


@pytest.mark.django_db
def test_the_board_marks_damage_the_commander_and_the_battle():
    match, names = first_battle_attack()
    board = board_for(match, viewer=None, names=names)
    assert board.battle is not None and board.battle.round and board.battle.range
    cards = [c for place in board.places for c in [place.card, *place.ground, *place.ships]]
    cards += [c for sector in board.sectors for c in sector.ships]
    assert sum(card.commander for card in cards) == 2
    assert all(card.face is not None for card in cards)
    assert board.decision is not None and board.decision.kind == "battle.attack"


@pytest.mark.django_db
def test_a_face_drawn_again_from_the_kept_html_has_its_own_ids_and_language():
    from matches.templatetags.board_faces import board_face

    match, names = played(3, steps=150)
    board = board_for(match, viewer=None, names=names)
    cards = [c for p in board.players for c in p.hand]
    first, second = cards[0], cards[1]
    with translation.override("ru"):
        one, two = board_face(first), board_face(second)
        assert f"{first.dom_id}-" in one  # its tooltip ids
        assert first.dom_id in one and second.dom_id not in one
        assert second.dom_id in two and "\x00" not in one + two
        again = board_face(first)
    with translation.override("en"):
        english = board_face(first)
    assert again == one and english != one


def test_a_space_objects_built_in_units_are_named_by_the_object_and_the_unit():
    from matches.words.board import card_names

    for seed in range(9):
        match, _names = played(seed, steps=0)
        objects = [c for c in match.state.cards.values() if c.spec.built_in]
        if objects:
            break
    obj = objects[0]
    with translation.override("ru"):
        named = card_names(match)
    assert named[f"{obj.uid}#0"] == f"{obj.spec.name}: {obj.spec.built_in[0].name}"
    attack = {"type": "destroyed", "uid": f"{obj.uid}#0", "player": obj.owner}
    with translation.override("ru"):
        (told,) = narrate([attack], viewer=None, names=["А", "Б"], cards=named)
    assert obj.spec.built_in[0].name in told


@pytest.mark.django_db
def test_the_decision_form_posts_each_options_key_with_the_state_version():
    from django.utils.html import escape

    match, names = played(0, steps=3)
    board = board_for(match, viewer=match.decision.player, names=names)
    html = render_to_string(
        "matches/board/_decision.html",
        {"decision": board.decision, "action_url": "/play/7/act/", "version": 3},
    )
    assert '<form method="post" action="/play/7/act/"' in html
    assert '<input type="hidden" name="version" value="3">' in html
    for option in board.decision.options:
        assert f'name="key" value="{escape(option.key)}"' in html
        assert escape(option.label) in html
    other = board_for(match, viewer=1 - match.decision.player, names=names)
    assert other.decision is None  # the other seat waits: no buttons
    assert render_to_string("matches/board/_decision.html", {"decision": None}).strip() == ""


def test_every_decision_kind_the_engine_asks_has_a_prompt_in_both_languages():
    """Every kind the engine may ask (``DecisionKind``: a decision's kind is one of them), so a
    new kind without words fails here even before a match reaches it."""
    from komandor.rules.decisions import DecisionKind
    from komandor.rules.facts import DecisionContext
    from matches.words.decision_text import PROMPTS, prompt
    from matches.words.terms import Words

    asked = {kind.value for kind in DecisionKind}
    assert len(asked) > 30 and asked <= set(PROMPTS), asked - set(PROMPTS)
    words = Words(lambda index: "Игрок", {"p0.01": "Оса"})
    context = DecisionContext(card="p0.01", ship="p0.01", round=1, range="long")
    for kind in asked:
        for language in ("ru", "en"):
            with translation.override(language):
                text = prompt(kind, context, words)
            assert not INTERNAL.search(text), (kind, text)
            if language == "ru":
                assert not re.search("[A-Za-z]{3,}", text), (kind, text)


def test_a_commercial_runs_reward_reads_as_its_kind_and_amount_in_both_languages():
    run = {
        "type": "commercial_run",
        "card": "p0.01",
        "target": "p1.02",
        "reward": 1,
        "reward_kind": "action_tokens",
    }
    cards = {"p0.01": "«Контрабандист»", "p1.02": "«Феррум»"}
    with translation.override("en"):
        (english,) = narrate([run], viewer=0, names=["A", "B"], cards=cards)
    with translation.override("ru"):
        (russian,) = narrate([run], viewer=0, names=["A", "B"], cards=cards)
    assert english.endswith("action tokens +1") and "1 action tokens" not in english
    assert "+1" in russian and "action" not in russian


@pytest.mark.django_db
def test_a_card_drawn_from_the_kept_html_is_the_card_drawn_afresh():
    """``board_card`` (the board's card kept by face, marks and language) gives exactly what
    ``matches/board/_card.html`` draws for every card of a board, twice, in both languages."""
    from matches.templatetags.board_faces import board_card

    match, names = played(3, steps=300)
    board = board_for(match, viewer=None, names=names)
    cards = [c for p in board.players for c in [*p.hand, *p.production, *p.situations]]
    cards += [c for place in board.places for c in [place.card, *place.ground, *place.ships]]
    assert len(cards) > 10
    for language in ("ru", "en"):
        with translation.override(language):
            for card in cards:
                fresh = render_to_string("matches/board/_card.html", {"card": card})
                assert board_card(card) == fresh
                assert board_card(card) == fresh  # from the kept HTML
