"""The card kinds played from their effect data (``komandor/rules/effect_play.py``): tactical,
situation, upgrade and ability cards, the Commander's abilities, with the book's words.

The cards are this project's test cards («(тест)»), defined here, not shipped content.
"""

from __future__ import annotations

import pytest

from komandor.agents.registry import HeuristicAgent, RandomAgent, ScriptedAgent
from komandor.rules.battle import Combatant, Status
from komandor.rules.cards import card_from_dict
from komandor.rules.decks import DeckError, deck_from_dict
from komandor.rules.dice import FixedDice
from komandor.rules.events import EventLog
from komandor.rules.fights import battle_phase
from komandor.rules.game import Game
from komandor.rules.match import run_match
from komandor.rules.state import Phase, Zone
from komandor.rules.windows import Window
from komandor.words.deck_problems import deck_error_text
from tests.engine.deck_data import standard_deck
from tests.engine.positions import two_homes

TEST = " (тест)"
SALVO = {
    "kind": "tactical", "name": "Залп" + TEST, "action_tokens": 1, "dice": 4,
    "effects": [{"when": "battle_start",
                 "targets": {"side": "enemy", "kind": "ship", "in": "battle"},
                 "actions": [{"do": "damage", "amount": 3}]}],
}  # fmt: skip
DOCKYARD = {
    "kind": "situation", "name": "Ремонтная верфь" + TEST, "resources": 2,
    "effects": [{"when": "production_situations",
                 "targets": {"side": "own", "kind": ["ship", "station"], "damaged": True,
                             "count": "all"},
                 "actions": [{"do": "repair", "amount": 1}]}],
}  # fmt: skip
SHIELDS = {
    "kind": "upgrade", "name": "Усиленные щиты" + TEST, "cost": 3, "target": "ship",
    "effects": [{"when": "static", "targets": {"is": "host"},
                 "actions": [{"do": "modify", "stat": "shield", "by": 2}]}],
}  # fmt: skip
NAVIGATOR = {
    "kind": "ability", "name": "Опытный штурман" + TEST,
    "variants": [
        [{"when": "initiative", "cost": {"action_tokens": 1},
          "actions": [{"do": "initiative", "by": 2, "until": "turn"}]}],
        [{"when": "end_of_turn", "actions": [{"do": "gain", "resources": 1}]}],
    ],
}  # fmt: skip


def ability(number: int) -> dict:
    return {**NAVIGATOR, "name": f"Способность {number}{TEST}"}


def table(first=None, second=None, *, phase="production", priority=0, dice=None):
    return two_homes(first, second, phase=phase, priority=priority, dice=dice)


def offered(game, player, kind="effect.play"):
    return [[o.key for o in d.options] for d in game.agents[player].decisions if d.kind == kind]


# --- tactical cards (TACT) -------------------------------------------------------------------


@pytest.mark.rules("TACT-1", "TACT-2", "TACT-3", "TACT-4")
def test_a_tactical_card_plays_in_its_window_for_its_printed_cost_then_goes_to_the_losses():
    """«Момент, когда может быть сыграна тактическая карта, указывается в ее тексте»; «Эффект
    тактической карты применяется немедленно, после чего данная карта помещается в потери»;
    «потратить определенное количество фишек действия и/или на кубике D6 выбросить не менее
    определенного числа» — here 1 token and «D6 4+», rolled 5."""
    game, uid = table(
        {
            "action_tokens": 2,
            "cards": {
                "salvo": {"card": SALVO, "zone": "hand"},
                "cruiser0": {"card": "exorcist", "at": "s1"},
            },
            "script": {"effect.play": ["play:{salvo}>{cruiser1}"]},
        },
        {"cards": {"cruiser1": {"card": "exorcist", "at": "s1"}}},
        phase="battle_1",
        dice=[5] + [1] * 60,
    )
    game.effects.open(Window.START_OF_TURN)
    assert offered(game, 0) == []  # not its window
    battle_phase(game, 0)
    me = game.state.players[0]
    assert me.action_tokens == 1 and uid["salvo"] in me.losses
    (event,) = game.log.of_type("effect")
    assert (event["roll"], event["succeeded"], event["target"]) == (5, True, uid["cruiser1"])
    damaged = [e for e in game.log.of_type("battle_start")]
    assert damaged and event["name"] == SALVO["name"]


@pytest.mark.rules("TACT-2", "TACT-3")
def test_a_failed_roll_keeps_the_payment_and_the_tactical_card_is_lost_all_the_same():
    """AMB-26: a roll under the printed number pays and does nothing; TACT-2 still sends the
    played card to the losses."""
    game, uid = table(
        {
            "action_tokens": 1,
            "cards": {
                "salvo": {"card": SALVO, "zone": "hand"},
                "cruiser0": {"card": "exorcist", "at": "s1"},
            },
            "script": {"effect.play": ["play:{salvo}>{cruiser1}"]},
        },
        {"cards": {"cruiser1": {"card": "exorcist", "at": "s1"}}},
        phase="battle_1",
        dice=[3] + [1] * 60,
    )
    battle_phase(game, 0)
    assert game.state.players[0].action_tokens == 0
    assert uid["salvo"] in game.state.players[0].losses
    (event,) = game.log.of_type("effect")
    assert (event["roll"], event["succeeded"]) == (3, False)
    assert not [e for e in game.log.of_type("destroyed") if e.get("cause") == "effect"]


# --- situation cards (SIT) -------------------------------------------------------------------


@pytest.mark.rules("SIT-1", "SIT-2", "SIT-3")
def test_a_situation_card_is_played_in_production_for_its_cost_and_stays_in_its_zone():
    """«Карта обстановки может быть сыграна в фазу производства»; «необходимо потратить
    определенное количество ресурсов»; «Сыгранная карта обстановки помещается в одноименную
    зону на столе» — and its effect then works from there."""
    game, uid = table(
        {
            "resources": 2,
            "cards": {"yard": {"card": DOCKYARD, "zone": "hand"}},
            "script": {"effect.play": ["play:{yard}:put"]},
        },
        priority=1,
    )
    game.production_phase()
    me = game.state.players[0]
    assert uid["yard"] in me.situations and me.resources == 0
    assert offered(game, 0)[0] == ["pass", f"play:{uid['yard']}:put"]


@pytest.mark.rules("SIT-3")
def test_a_situation_card_s_effect_repairs_every_damaged_own_card_from_its_zone():
    """Its effects live while it lies in the situations zone (docs/effects.md)."""
    game, uid = table(
        {
            "cards": {
                "yard": {"card": DOCKYARD, "zone": "situations"},
                "station": {"card": "station"},
            },
            "script": {"effect.play": ["play:{yard}:0"]},
        },
        priority=1,
    )
    game.state.cards[uid["station"]].damage = 3
    game.effects.open(Window.PRODUCTION_SITUATIONS, (0,))
    assert game.state.cards[uid["station"]].damage == 2
    game.state.move(uid["yard"], Zone.LOSSES)
    game.effects.open(Window.PRODUCTION_SITUATIONS, (0,))  # from the losses: nothing
    assert game.state.cards[uid["station"]].damage == 2


@pytest.mark.rules("SIT-4")
def test_its_owner_may_discard_a_situation_card_in_production():
    """«По желанию игрока в фазу производства карта обстановки, сыгранная им, может быть
    помещена в потери (уничтожена)»."""
    game, uid = table(
        {
            "cards": {"yard": {"card": DOCKYARD, "zone": "situations"}},
            "script": {"effect.play": ["play:{yard}:discard"]},
        },
        priority=1,
    )
    game.production_phase()
    assert uid["yard"] in game.state.players[0].losses
    assert game.log.of_type("situation_discarded")


# --- upgrades (UPG) --------------------------------------------------------------------------


@pytest.mark.rules("UPG-1", "UPG-2", "UPG-7")
def test_an_upgrade_goes_in_production_under_a_built_card_of_its_kind_for_its_cost():
    """«Может быть сыграно в фазу производства»; «помещается под карту построенного корабля …
    (в зависимости от типа улучшения)» — not under the planet, nor a ship still in production."""
    game, uid = table(
        {
            "resources": 3,
            "cards": {
                "shields": {"card": SHIELDS, "zone": "hand"},
                "unbuilt": {"card": "chimera", "zone": "production", "tokens": 1},
            },
            "script": {
                "effect.play": ["play:{shields}:put>{cruiser0}"],
                "production.build": ["next", "next", "next"],
            },
        },
        priority=1,
    )
    game.production_phase()
    card = game.state.cards[uid["shields"]]
    assert (card.zone, card.where) == (Zone.ATTACHED, uid["cruiser0"])
    assert offered(game, 0)[0] == ["pass", f"play:{uid['shields']}:put>{uid['cruiser0']}"]


class RefreshSpy:
    """The game as the battle phase sees it (``table.Table``), noting each fighter's shield once
    card effects are applied to it. (A compiled ``Game``'s methods cannot be replaced on it.)"""

    def __init__(self, game, seen):
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "_seen", seen)

    def __getattr__(self, name):
        return getattr(self._game, name)

    def __setattr__(self, name, value):
        setattr(self._game, name, value)

    def refresh_combatant(self, fighter):
        self._game.refresh_combatant(fighter)
        self._seen.append((fighter.uid, fighter.shield_power))

    def refresh_combatants(self, fighters):
        fighters = list(fighters)
        self._game.refresh_combatants(fighters)
        self._seen.extend((fighter.uid, fighter.shield_power) for fighter in fighters)


@pytest.mark.rules("UPG-3")
def test_the_upgraded_card_gains_the_upgrade_s_properties_in_battle():
    """«Улучшенная карта приобретает новые свойства»: the cruiser's shield А2 fights as А4."""
    game, uid = table(
        {
            "cards": {
                "cruiser0": {"card": "exorcist", "at": "s1"},
                "shields": {"card": SHIELDS, "zone": "attached", "at": "cruiser0"},
            }
        },
        {"cards": {"cruiser1": {"card": "exorcist", "at": "s1"}}},
        phase="battle_1",
        dice=[1] * 80,
    )
    printed = game.state.cards[uid["cruiser0"]].spec.shield.power
    seen = []
    battle_phase(RefreshSpy(game, seen), 0)
    assert (uid["cruiser0"], printed + 2) in seen and (uid["cruiser1"], printed) in seen


@pytest.mark.rules("UPG-3")
def test_refreshing_every_fighter_at_once_gives_each_its_own_stats_and_passes_the_destroyed_over():
    """``refresh_combatants`` (the statics in force found once for all the fighters) gives each
    fighter what ``refresh_combatant`` gives it alone, and leaves a destroyed fighter as it was."""
    game, uid = table(
        {
            "cards": {
                "cruiser0": {"card": "exorcist", "at": "s1"},
                "shields": {"card": SHIELDS, "zone": "attached", "at": "cruiser0"},
            }
        },
        {"cards": {"cruiser1": {"card": "exorcist", "at": "s1"}}},
        phase="battle_1",
    )

    def fighters():
        return [
            Combatant.from_card(u, card.spec, player=card.controller)
            for u in (uid["cruiser0"], uid["cruiser1"])
            for card in [game.state.cards[u]]
        ]

    together, alone = fighters(), fighters()
    game.refresh_combatants(together)
    for fighter in alone:
        game.refresh_combatant(fighter)
    printed = game.state.cards[uid["cruiser0"]].spec.shield.power
    assert [f.shield_power for f in together] == [printed + 2, printed]
    assert [(f.shield_power, f.mounts, f.strength) for f in together] == [
        (f.shield_power, f.mounts, f.strength) for f in alone
    ]
    destroyed = fighters()
    destroyed[0].status = Status.DESTROYED
    game.refresh_combatants(destroyed)
    assert [f.shield_power for f in destroyed] == [printed, printed]


@pytest.mark.rules("UPG-4")
def test_an_upgrade_lasts_until_its_card_is_destroyed_and_goes_to_the_losses_with_it():
    """«Улучшение действует до уничтожения улучшенной карты и вместе с ней помещается в
    потери»."""
    game, uid = table(
        {"cards": {"shields": {"card": SHIELDS, "zone": "attached", "at": "cruiser0"}}},
    )
    game.lose_card(uid["cruiser0"], "test")
    assert uid["shields"] in game.state.players[0].losses
    assert uid["cruiser0"] in game.state.players[0].losses


@pytest.mark.rules("UPG-5", "UPG-6")
def test_an_upgrade_moves_in_production_never_onto_a_card_with_the_same_upgrade():
    """«Улучшения можно переместить на другую карту подходящего типа в фазу производства»; «На
    одну карту не может быть сыграно несколько одинаковых улучшений»."""
    game, uid = table(
        {
            "resources": 3,
            "cards": {
                "second": {"card": "exorcist", "at": "home0"},
                "third": {"card": "magnum", "at": "home0"},
                "on_first": {"card": SHIELDS, "zone": "attached", "at": "cruiser0"},
                "on_second": {"card": SHIELDS, "zone": "attached", "at": "second"},
                "spare": {"card": SHIELDS, "zone": "hand"},
            },
            "script": {
                "effect.play": ["play:{on_first}:move>{third}"],
                "production.build": ["next", "next", "next"],
            },
        },
        priority=1,
    )
    game.production_phase()
    assert game.state.cards[uid["on_first"]].where == uid["third"]
    first = offered(game, 0)[0]
    assert f"play:{uid['spare']}:put>{uid['third']}" in first
    assert f"play:{uid['spare']}:put>{uid['second']}" not in first  # UPG-6
    assert f"play:{uid['on_first']}:move>{uid['second']}" not in first


# --- ability cards (ABIL) --------------------------------------------------------------------


@pytest.mark.rules("ABIL-1", "ABIL-2", "ABIL-4", "ABIL-6", "ABIL-10")
def test_an_ability_card_is_played_on_the_commander_first_in_production_with_a_variant():
    """«Карта способностей может быть сыграна на Командора также из руки в фазу производства»;
    «игрок должен заявить, какой из вариантов он выбирает»; «помещаются в зону карт
    обстановки»; «введение в игру карт способностей Командора» is the first sub-step; the card
    «изменяет и дополняет свойства карты Командора»: variant 1 raises his initiative by 2."""
    game, uid = table(
        {
            "initiative": 4,
            "resources": 5,
            "action_tokens": 1,
            "cards": {
                "nav": {"card": NAVIGATOR, "zone": "hand"},
                "ship": {"card": "magnum", "zone": "hand"},
            },
            "script": {
                "effect.play": ["play:{nav}:put", "play:{nav}:v0.0"],
                "ability.variant": ["v1"],
            },
        },
        {"initiative": 5},
        priority=1,
    )
    game.production_phase()
    card = game.state.cards[uid["nav"]]
    assert card.zone is Zone.SITUATIONS and card.variant == 0
    kinds = [e["type"] for e in game.log.events if e["type"] in ("effect", "built")]
    assert kinds[0] == "effect"  # before anything is built
    game.initiative_phase()
    assert game.state.players[0].initiative == 6 and game.state.priority == 0
    game.enter(Phase.START)
    assert game.state.players[0].initiative == 4  # «до конца хода»


@pytest.mark.rules("ABIL-8", "ABIL-3")
def test_a_fourth_ability_card_sends_one_of_the_three_to_the_losses():
    """«Если на Командора, уже имеющего три карты способностей, играется четвертая карта,
    игрок должен поместить одну из ранее сыгранных карт способностей в потери»."""
    cards = {f"a{n}": {"card": ability(n), "zone": "situations"} for n in (1, 2, 3)}
    cards["a4"] = {"card": ability(4), "zone": "hand"}
    game, uid = table(
        {
            "cards": cards,
            "script": {
                "effect.play": ["play:{a4}:put"],
                "ability.replace": ["{a2}"],
                "ability.variant": ["v2"],
            },
        },
        priority=1,
    )
    game.production_phase()
    me = game.state.players[0]
    assert sorted(game.preselected(0)) == sorted([uid["a1"], uid["a3"], uid["a4"]])
    assert uid["a2"] in me.losses and game.state.cards[uid["a4"]].variant == 1


@pytest.mark.rules("CMDR-7", "CMDR-9")
def test_the_commander_s_own_abilities_come_from_his_card_s_effects():
    """«Карта Командора имеет параметр “инициатива” и различные свойства - способности»: a
    Commander whose data says «в конце хода получите 1 ресурс» gets it each end of turn."""
    commander = card_from_dict(
        {
            "kind": "commander",
            "name": "Командор" + TEST,
            "initiative": 5,
            "effects": [{"when": "end_of_turn", "actions": [{"do": "gain", "resources": 1}]}],
        }
    )
    plain = card_from_dict({"kind": "commander", "name": "Другой" + TEST, "initiative": 4})
    scripted = ScriptedAgent({"effect.play": ["play:cmdr.0"]})
    game = Game(
        decks=[[], []],
        commanders=[commander, plain],
        agents=[scripted, HeuristicAgent()],
        dice=FixedDice([]),
        log=EventLog(),
    )
    game.end_phase()
    assert [p.resources for p in game.state.players] == [1, 0]


# --- the deck file's pre-chosen abilities (ABIL-5) -------------------------------------------


@pytest.mark.rules("ABIL-5", "ABIL-7", "ABIL-3")
def test_a_deck_file_carries_its_pre_chosen_abilities_and_the_engine_plays_them_at_setup():
    """«Карта способностей может быть выбрана из колоды еще до начала игры и сыграна при
    “начальной расстановке”»; «“Специальные” карты способностей могут быть сыграны ТОЛЬКО во
    время игры»; at most three."""
    data = standard_deck()
    data["cards"] = [*data["cards"], {"count": 2, "card": NAVIGATOR}]
    special = {**ability(9), "special": True}
    bad = {
        **data,
        "cards": [*data["cards"], special],
        "setup_abilities": [special["name"], "Нет такой", *[NAVIGATOR["name"]] * 3],
    }
    with pytest.raises(DeckError) as error:
        deck_from_dict(bad)
    codes = {problem.code for problem in error.value.problems}
    assert {"setup_ability_special", "too_many_setup_abilities"} <= codes
    text = deck_error_text(error.value)
    assert "ABIL-7" in text and "ABIL-5" in text and "ABIL-3" in text
    deck = deck_from_dict({**data, "setup_abilities": [NAVIGATOR["name"]]})
    result = run_match(
        decks=[deck, deck_from_dict(data)],
        agents=[RandomAgent(1), RandomAgent(2)],
        seed=3,
        turn_cap=1,
    )
    picked = result.log.of_type("ability_preselected")
    assert picked[0]["player"] == 0  # asked of nobody: no setup.ability choice logged for 0
    assert not [
        e for e in result.log.of_type("choice") if e["kind"] == "setup.ability" and e["player"] == 0
    ]
    assert result.state.cards[picked[0]["card"]].spec.name == NAVIGATOR["name"]
    assert result.log.of_type("ability_variant")[0]["card"] == picked[0]["card"]


def test_a_selector_asking_for_untapped_or_undamaged_cards_keeps_it_in_the_canonical_form():
    """``tapped: false`` is a choice, not a default: the canonical form read again is the same."""
    from komandor.rules.effect_schema import effect_to_dict, read_effects

    raw = {"when": "battle_start", "targets": {"side": "enemy", "tapped": False, "damaged": False,
           "in": "battle"}, "actions": [{"do": "tap"}]}  # fmt: skip
    (spec,), problems = read_effects([raw], "effects", kind="situation")
    assert problems == [] and effect_to_dict(spec) == raw
