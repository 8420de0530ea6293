"""The book's card vocabulary added by issue 19 (docs/effects.md): a situation card played
outside production where its text says so (``enter``), a card put into the deck with the
shuffle (``to_deck``), income from a situation card in the resources phase (the ``resources``
window), and the moments «end of a battle round» (``round_end``) and «a ship is destroyed»
(``ship_destroyed``, condition ``destroyed``).

The cards are this project's test cards («(тест)»), defined here, not shipped content.
"""

from __future__ import annotations

import pytest

from komandor.rules.cards import CardSpecError, card_from_dict
from komandor.rules.effects import Moment
from komandor.rules.facts import ShipLost
from komandor.rules.fights import battle_phase
from komandor.rules.state import Zone
from komandor.rules.windows import Window
from tests.engine.positions import two_homes

TEST = " (тест)"
STORM = {
    "kind": "situation", "name": "Ионный шторм" + TEST, "action_tokens": 1,
    "effects": [{"when": "battle_phase_start", "actions": [{"do": "enter"}]},
                {"when": "static", "targets": {"side": "enemy", "kind": "ship", "count": "all"},
                 "actions": [{"do": "modify", "stat": "shield", "by": -1}]}],
}  # fmt: skip
MINE = {
    "kind": "situation", "name": "Рудник" + TEST, "resources": 2,
    "effects": [{"when": "resources", "actions": [{"do": "gain", "resources": 1}]}],
}  # fmt: skip
VULTURE = {
    "kind": "situation", "name": "Стервятники" + TEST, "resources": 1,
    "effects": [{"when": "ship_destroyed", "condition": {"destroyed": "enemy"},
                 "actions": [{"do": "gain", "resources": 2}]}],
}  # fmt: skip


def offered(game, player):
    return [[o.key for o in d.options] for d in game.agents[player].decisions]


# --- a situation card played outside production (enter) ---------------------------------------


@pytest.mark.rules("SIT-1", "SIT-2", "SIT-3")
def test_a_situation_card_whose_text_says_so_is_played_at_the_start_of_a_battle_phase():
    """«Карта обстановки может быть сыграна в фазу производства если иное не сказано в ее
    тексте»: «Ионный шторм» says «в начале любой фазы сражения», so it is played there, from
    the hand, for its printed 1 action token, and lies in the situations zone."""
    game, uid = two_homes(
        {
            "action_tokens": 1,
            "cards": {"storm": {"card": STORM, "zone": "hand"}},
            "script": {"effect.play": ["play:{storm}:put.0"]},
        },
        phase="battle_1",
    )
    battle_phase(game, 0)
    me = game.state.players[0]
    assert uid["storm"] in me.situations and me.action_tokens == 0
    (event,) = game.log.of_type("effect")
    assert (event["window"], event["effect"]) == ("battle_phase_start", f"{uid['storm']}:put.0")


def test_a_situation_card_without_such_text_is_not_offered_outside_production():
    game, uid = two_homes(
        {"action_tokens": 1, "cards": {"mine": {"card": MINE, "zone": "hand"}}},
        phase="battle_1",
    )
    battle_phase(game, 0)
    assert uid["mine"] in game.state.players[0].hand
    assert not any(key.startswith(f"play:{uid['mine']}") for o in offered(game, 0) for key in o)


def test_enter_belongs_to_a_situation_card_alone_and_with_a_window():
    bad = [
        {**STORM, "kind": "tactical", "effects": [STORM["effects"][0]]},
        {**STORM, "effects": [{"when": "static", "actions": [{"do": "enter"}]}]},
        {**STORM, "effects": [{"when": "battle_start",
                               "actions": [{"do": "enter"}, {"do": "draw", "count": 1}]}]},
    ]  # fmt: skip
    for card in bad:
        with pytest.raises(CardSpecError):
            card_from_dict(card)


# --- a card put into the deck, with the shuffle (to_deck) ---------------------------------------


@pytest.mark.rules("SPECIAL-10", "SPECIAL-11")
def test_a_card_from_the_hand_goes_into_the_deck_shown_and_the_deck_shuffled():
    """«помещать карту из руки (потерь, со стола) в колоду, игрок обязан показать карту
    оппоненту. После того, как карта … помещена в колоду, колода перемешивается»."""
    recycle = {
        "kind": "tactical", "name": "Перегруппировка" + TEST, "action_tokens": 1,
        "effects": [{"when": "end_of_turn",
                     "actions": [{"do": "to_deck", "from": "hand", "select": {"kind": "ship"}}]}],
    }  # fmt: skip
    game, uid = two_homes(
        {
            "action_tokens": 1,
            "cards": {
                "recycle": {"card": recycle, "zone": "hand"},
                "spare": {"card": "magnum", "zone": "hand"},
                "other": {"card": "chimera", "zone": "hand"},
            },
            "script": {"effect.play": ["play:{recycle}"], "effect.to_deck": ["{other}"]},
        },
        phase="end",
    )
    game.end_phase()
    me = game.state.players[0]
    assert uid["other"] in me.deck and uid["spare"] in me.hand
    assert uid["recycle"] in me.losses
    revealed = game.log.of_type("revealed")
    assert [(e["card"], e["frm"], e["to"]) for e in revealed] == [(uid["other"], "hand", "deck")]
    assert game.log.of_type("shuffled")[0]["player"] == 0


def test_a_card_from_the_table_goes_into_its_owner_s_deck_never_the_commander_s_carrier():
    """From the table: his own ship, not the one carrying his Commander, not a space object."""
    home = {
        "kind": "situation", "name": "Резерв" + TEST, "resources": 1,
        "effects": [{"when": "end_of_turn", "actions": [{"do": "to_deck", "from": "play"}]}],
    }  # fmt: skip
    game, uid = two_homes(
        {
            "commander_at": "cruiser0",
            "cards": {
                "reserve": {"card": home, "zone": "situations"},
                "spare": {"card": "magnum", "at": "home0"},
            },
            "script": {"effect.play": ["play:{reserve}:0"]},
        },
        phase="end",
    )
    game.end_phase()
    assert game.state.cards[uid["spare"]].zone is Zone.DECK
    assert game.state.cards[uid["cruiser0"]].zone is Zone.PLAY
    assert game.state.cards[uid["home0"]].zone is Zone.PLAY


# --- income from a situation card in the resources phase ---------------------------------------


@pytest.mark.rules("RES-1")
def test_a_situation_card_gives_income_in_its_owner_s_resources_step():
    """«получение ресурсов и фишек действия за космические объекты и карты обстановки»: after
    his 5 + 2 for the planet, the mine gives its owner 1 more; the opponent gets nothing from
    it."""
    game, _ = two_homes(
        {
            "cards": {"mine": {"card": MINE, "zone": "situations"}},
            "script": {"effect.play": ["play:{mine}:0"]},
        },
        phase="resources",
    )
    game.resources_phase()
    assert [p.resources for p in game.state.players] == [8, 7]
    kinds = [(e["type"], e.get("player")) for e in game.log.events if e["type"] != "choice"]
    assert kinds[:3] == [("resources", 0), ("effect", 0), ("resources", 1)]


# --- the end of a battle round; a ship destroyed ------------------------------------------------


def test_the_round_end_window_opens_after_each_round_s_attacks():
    repairs = {
        "kind": "tactical", "name": "Ремонт в бою" + TEST, "action_tokens": 1,
        "effects": [{"when": "round_end",
                     "targets": {"side": "own", "kind": "ship", "in": "battle", "damaged": True},
                     "actions": [{"do": "repair", "amount": 2}]}],
    }  # fmt: skip
    game, uid = two_homes(
        {
            "action_tokens": 1,
            "cards": {
                "cruiser0": {"card": "exorcist", "at": "s1"},
                "fix": {"card": repairs, "zone": "hand"},
            },
            "script": {"effect.play": ["play:{fix}>{cruiser0}"]},
        },
        {"cards": {"cruiser1": {"card": "exorcist", "at": "s1"}}},
        phase="battle_1",
    )
    battle_phase(game, 0)
    events = [e for e in game.log.events if e["type"] in ("round_end", "effect", "attack")]
    played = next(n for n, e in enumerate(events) if e["type"] == "effect")
    assert events[played - 1]["type"] == "round_end" and events[played]["window"] == "round_end"
    assert uid["fix"] in game.state.players[0].losses


@pytest.mark.rules("BATTLE-22")
def test_the_ship_destroyed_window_names_the_ship_and_whose_it_was():
    """A ship destroyed «немедленно помещается в потери»: at that moment «Стервятники» pay
    their owner 2 resources for an enemy ship, nothing for his own."""
    game, uid = two_homes(
        {"cards": {"vultures": {"card": VULTURE, "zone": "situations"}}},
        {"cards": {"wreck": {"card": "magnum", "at": "home1"}}},
        phase="move_1",
    )
    moment_for = ShipLost(uid["wreck"], 1)
    game.effects.open(Window.SHIP_DESTROYED, attack=moment_for)
    assert game.state.players[0].resources == 2
    game.effects.open(Window.SHIP_DESTROYED, attack=ShipLost(uid["cruiser0"], 0))
    assert game.state.players[0].resources == 2
    effect = next(e for e in game.effects.attached(0) if e.key == f"{uid['vultures']}:0")
    moment = Moment(game, Window.SHIP_DESTROYED, 0, attack=moment_for)
    assert game.effects.playable(effect, moment) == [None]


def test_a_ship_destroyed_by_an_effect_outside_a_battle_opens_the_window():
    strike = {
        "kind": "tactical", "name": "Диверсия" + TEST, "action_tokens": 1,
        "effects": [{"when": "end_of_turn", "targets": {"side": "enemy", "kind": "ship"},
                     "actions": [{"do": "destroy"}]}],
    }  # fmt: skip
    game, uid = two_homes(
        {
            "action_tokens": 1,
            "cards": {
                "strike": {"card": strike, "zone": "hand"},
                "vultures": {"card": VULTURE, "zone": "situations"},
                "raider": {"card": "magnum", "at": "home1"},  # in reach (SPECIAL-3)
            },
            "script": {"effect.play": ["play:{strike}>{cruiser1}", "play:{vultures}:0"]},
        },
        phase="end",
    )
    game.end_phase()
    assert game.state.cards[uid["cruiser1"]].zone is Zone.LOSSES
    windows = [e["window"] for e in game.log.of_type("effect")]
    assert windows == ["end_of_turn", "ship_destroyed"]
    assert game.state.players[0].resources == 2
