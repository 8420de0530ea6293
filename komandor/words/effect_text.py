"""Card rules text rendered from the effect data (docs/effects.md, «Text»), Russian and English.

A card's text is never typed beside its effects: ``card_text`` renders it from the checked
``EffectSpec`` values, one line per effect (an ability card: one line per variant), so the text
says what the engine plays. Rendering is a pure function of the data.

Russian needs agreement: a target is a noun phrase (``_Phrase``: adjectives, a noun, invariant
qualifiers) declined for case and number, with numbers taking the noun's plural form
(``plurals.py``). Targets chosen by the player are named once («выберите 2 вражеских корабля»)
and then referred to by a pronoun («нанесите каждому из них 2 повреждения»).

>>> from komandor.rules.cards import card_from_dict
>>> spec = card_from_dict({"kind": "situation", "name": "Тест", "resources": 1, "effects": [
...     {"when": "battle_start", "targets": {"side": "enemy", "kind": "ship", "in": "battle",
...      "count": 2}, "actions": [{"do": "damage", "amount": 1}]}]})
>>> card_text(spec)[0]
'Перед началом первого раунда боя: выберите 2 вражеских корабля в этом сражении и нанесите \
каждому из них 1 повреждение.'
>>> card_text(spec, "en")[0]
'Before the first round of battle: choose 2 enemy ships in this battle and deal 1 damage to \
each of them.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Literal

from komandor.rules.cards import CardSpec, ObjectType, SizeClass, Victory
from komandor.rules.effect_schema import (
    ON_PLAY,
    STATIC,
    Action,
    Condition,
    EffectCost,
    EffectSpec,
    Selector,
)
from komandor.rules.vocabulary import SIZE_LETTERS
from komandor.words.english_terms import ship_class_en
from komandor.words.plurals import EnForms, RuForms, count_en, count_ru, plural_en, ru_category
from komandor.words.terms import OBJECT_TYPES, SHIP_SIZES, VICTORIES

Language = Literal["ru", "en"]
LANGUAGES: tuple[Language, ...] = ("ru", "en")


def card_text(spec: CardSpec, language: str = "ru") -> tuple[str, ...]:
    """The card's rules text, one line per effect (an ability card: «Вариант 1: …» per variant).

    A card without effects keeps its typed ``abilities`` and ``text`` as they are.
    """
    lang = _language(language)
    kind = spec.kind.value
    host = spec.target.value if spec.target is not None else None
    if spec.variants is not None:
        label = "Вариант" if lang == "ru" else "Variant"
        lines = []
        for index, variant in enumerate(spec.variants, start=1):
            if isinstance(variant, str):
                body = variant
            else:
                body = " ".join(
                    effect_text(effect, lang, kind=kind, host_kind=host) for effect in variant
                )
            lines.append(f"{label} {index}: {body}")
        return tuple(lines)
    if spec.effects:
        return tuple(
            effect_text(effect, lang, kind=kind, host_kind=host) for effect in spec.effects
        )
    return tuple(part for part in (spec.abilities, spec.text) if part)


def effect_text(
    effect: EffectSpec, language: str = "ru", *, kind: str, host_kind: str | None = None
) -> str:
    """One effect as a sentence or two. ``kind`` is the card kind (``ability`` for a variant),
    ``host_kind`` the kind of card an upgrade goes under (it names the upgraded card)."""
    lang = _language(language)
    words = _RU if lang == "ru" else _EN
    opener = _opener(effect, words, kind)
    sentences: list[str] = []
    payment = words.payment(effect.cost)
    if payment:
        sentences.append(payment)
    body = _body(effect, words, kind, host_kind)
    if effect.cost.roll is not None:
        body = words.roll(effect.cost.roll) + body
    sentences.append(body)
    if effect.stacks:
        sentences.append(words.stacks)
    text = ". ".join(_capital(s) for s in sentences) + "."
    if opener:
        return f"{_capital(opener)}: {text[0].lower()}{text[1:]}"
    return text


def _language(language: str) -> Language:
    if language == "ru":
        return "ru"
    if language == "en":
        return "en"
    raise ValueError(f"no card text in {language!r}: give 'ru' or 'en'")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _join(parts: Sequence[str], last: str) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {last} " + parts[-1]


def _opener(effect: EffectSpec, words: _Words, kind: str) -> str:
    condition = words.condition(effect.condition, kind) if effect.condition is not None else ""
    if effect.when == (STATIC,):
        return f"{words.while_} {condition}" if condition else ""
    if effect.when == (ON_PLAY,):
        moment = words.on_play
    else:
        phrases = [words.windows[w] for w in effect.when]
        moment = _join([phrases[0], *(p[0].lower() + p[1:] for p in phrases[1:])], words.or_)
    return f"{moment}, {words.if_} {condition}" if condition else moment


def _body(effect: EffectSpec, words: _Words, kind: str, host_kind: str | None) -> str:
    static = effect.when == (STATIC,)
    targets = effect.targets
    ref: _Ref | None = None
    prefix = ""
    if targets is not None and any(a.do in _CARD_ACTIONS for a in effect.actions):
        if targets.is_ is not None:
            ref = words.specific(targets.is_, kind, host_kind)
        elif targets.count is None or static:
            ref = words.every(targets, static=static)
        else:
            prefix, ref = words.choose(targets)
    parts = []
    for action in effect.actions:
        if action.do in _CARD_ACTIONS and ref is not None:
            parts.append(words.card_action(action, ref, static=static))
            ref = ref.pronoun or ref
        else:
            parts.append(words.player_action(action))
    actions = _join(parts, words.and_)
    if prefix:
        # «противник выбирает …: нанесите …» — the player acts on what the opponent chose
        alone = len(parts) == 1 and targets is not None and targets.chooser != "opponent"
        joint = f" {words.and_} " if alone else ": "
        return prefix + joint + actions
    return actions


_CARD_ACTIONS = ("damage", "repair", "modify", "tap", "untap", "move", "destroy")


# ---------------------------------------------------------------------------------------------
# How a target is referred to in each case
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Ref:
    """The target of card actions, in the forms the actions need.

    ``obj``: the direct object (acc.); ``to``: the recipient, all together (dat. / "to X");
    ``each_to``: the recipient, one by one; ``each_from``: «с …» / "from …" one by one;
    ``subject``: as a subject (nom.), ``plural`` for the verb; ``pronoun``: how the next action
    refers to the same cards.
    """

    obj: str
    to: str
    each_to: str
    each_from: str
    subject: str
    plural: bool
    pronoun: _Ref | None = None


# ---------------------------------------------------------------------------------------------
# Russian: nouns, adjectives, phrases
# ---------------------------------------------------------------------------------------------

Case = Literal["nom", "acc", "gen", "dat"]
_CASES: tuple[Case, ...] = ("nom", "acc", "gen", "dat")


@dataclass(frozen=True, slots=True)
class _Noun:
    sg: tuple[str, str, str, str]  # nom, acc, gen, dat
    pl: tuple[str, str, str, str]
    feminine: bool = False

    def form(self, case: Case, plural: bool) -> str:
        return (self.pl if plural else self.sg)[_CASES.index(case)]


def _noun(sg: str, feminine: bool = False) -> _Noun:
    """A noun from its singular and plural forms, ``nom acc gen dat`` each."""
    singular, plural = sg.split("|")
    a, b, c, d = singular.split()
    e, f, g, h = plural.split()
    return _Noun((a, b, c, d), (e, f, g, h), feminine)


_NOUNS_RU = {
    "ship": _noun("корабль корабль корабля кораблю|корабли корабли кораблей кораблям"),
    "space_object": _noun("объект объект объекта объекту|объекты объекты объектов объектам"),
    "station": _noun("станция станцию станции станции|станции станции станций станциям", True),
    "ground_unit": _noun("отряд отряд отряда отряду|отряды отряды отрядов отрядам"),
    "building": _noun(
        "постройка постройку постройки постройке|постройки постройки построек постройкам", True
    ),
    "card": _noun("карта карту карты карте|карты карты карт картам", True),
    "planet": _noun("планета планету планеты планете|планеты планеты планет планетам", True),
    "asteroid": _noun(
        "астероид астероид астероида астероиду|астероиды астероиды астероидов астероидам"
    ),
}
_CARRIER_RU = _Noun(
    (
        "корабль или объект Командора",
        "корабль или объект Командора",
        "корабля или объекта Командора",
        "кораблю или объекту Командора",
    ),
    (
        "корабли или объекты Командора",
        "корабли или объекты Командора",
        "кораблей или объектов Командора",
        "кораблям или объектам Командора",
    ),
)
# Pronoun-like words whose forms are not the regular adjective's.
_IRREGULAR_RU: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    # masculine, feminine, plural: nom acc gen dat
    "свой": (
        ("свой", "свой", "своего", "своему"),
        ("своя", "свою", "своей", "своей"),
        ("свои", "свои", "своих", "своим"),
    ),
    "ваш": (
        ("ваш", "ваш", "вашего", "вашему"),
        ("ваша", "вашу", "вашей", "вашей"),
        ("ваши", "ваши", "ваших", "вашим"),
    ),
    "этот": (
        ("этот", "этот", "этого", "этому"),
        ("эта", "эту", "этой", "этой"),
        ("эти", "эти", "этих", "этим"),
    ),
    "весь": (
        ("весь", "весь", "всего", "всему"),
        ("вся", "всю", "всей", "всей"),
        ("все", "все", "всех", "всем"),
    ),
}


def _adjective(lemma: str, case: Case, *, feminine: bool, plural: bool) -> str:
    """An adjective agreeing with an inanimate noun (accusative = nominative but feminine sg).

    ``-ый`` (hard), ``-кий``/``-гий``/``-хий`` (velar), ``-щий``/``-жий``… (sibilant), ``-ой``."""
    index = _CASES.index(case)
    if lemma in _IRREGULAR_RU:
        return _IRREGULAR_RU[lemma][2 if plural else 1 if feminine else 0][index]
    stem, ending = lemma[:-2], lemma[-2:]
    velar = stem[-1] in "кгх"
    sibilant = stem[-1] in "жшчщ"
    y = "и" if velar or sibilant else "ы"
    if plural:
        return stem + (f"{y}е", f"{y}е", f"{y}х", f"{y}м")[index]
    o = "е" if sibilant and ending == "ий" else "о"
    if feminine:
        return stem + ("ая", "ую", f"{o}й", f"{o}й")[index]
    nominative = ending if ending in ("ой", "ий") else "ый"
    return stem + (nominative, nominative, f"{o}го", f"{o}му")[index]


@dataclass(frozen=True, slots=True)
class _Phrase:
    """Adjectives (lemmas), a noun and qualifiers that do not decline («ЛК», «в этом сражении»)."""

    adjectives: tuple[str, ...]
    noun: _Noun
    after: str = ""

    def form(self, case: Case, plural: bool = False) -> str:
        fem = self.noun.feminine
        words = [_adjective(a, case, feminine=fem, plural=plural) for a in self.adjectives]
        return " ".join([*words, self.noun.form(case, plural)]) + self.after

    def counted(self, number: int, case: Case) -> str:
        """«2 вражеских корабля», «5 своих построек», «21 карту»: numbers govern the noun."""
        category = ru_category(number)
        if category == "one" or case in ("gen", "dat"):
            return f"{number} {self.form(case, plural=category != 'one')}"
        if category == "many":
            return f"{number} {self.form('gen', plural=True)}"
        # 2–4: the noun in the genitive singular; its adjectives in the genitive plural, or
        # (feminine nouns) the nominative plural: «2 вражеских корабля», «2 свои постройки».
        adjective_case: Case = "nom" if self.noun.feminine else "gen"
        fem = self.noun.feminine
        words = [_adjective(a, adjective_case, feminine=fem, plural=True) for a in self.adjectives]
        return " ".join([str(number), *words, self.noun.form("gen", False)]) + self.after


def _with_s(word: str) -> str:
    """The preposition «с» before ``word``: «со» before «вс…», «св…» and the like."""
    head = word[:2].lower()
    if head.startswith("вс") or (
        len(head) == 2 and head[0] in "сзжш" and head[1] not in "аеиоуыэюяё"
    ):
        return f"со {word}"
    return f"с {word}"


def _pronoun_ru(feminine: bool | None, plural: bool) -> _Ref:
    """он / она / они; ``feminine`` None: the chosen cards are of both genders (then «выбранная
    карта»; chosen among several kinds they are «карты», feminine)."""
    if plural:
        each = "каждой" if feminine in (True, None) else "каждому"
        each_of = "каждой" if feminine in (True, None) else "каждого"
        return _Ref("их", "им", f"{each} из них", f"с {each_of} из них", "они", True)
    if feminine is None:
        return _phrase_ref_ru(_Phrase(("выбранный",), _NOUNS_RU["card"]))
    if feminine:
        return _Ref("ее", "ей", "ей", "с нее", "она", False)
    return _Ref("его", "ему", "ему", "с него", "он", False)


def _phrase_ref_ru(phrase: _Phrase) -> _Ref:
    pronoun = _pronoun_ru(phrase.noun.feminine, False)
    return _Ref(
        phrase.form("acc"),
        phrase.form("dat"),
        phrase.form("dat"),
        _with_s(phrase.form("gen")),
        phrase.form("nom"),
        False,
        pronoun,
    )


@dataclass(frozen=True, slots=True)
class _Group:
    """A selector's alternatives as phrases, and the place they share (said once, at the end)."""

    parts: tuple[_Phrase, ...]
    shared: str

    @property
    def feminine(self) -> bool | None:
        genders = {part.noun.feminine for part in self.parts}
        return genders.pop() if len(genders) == 1 else None

    def some(self, number: int, case: Case) -> str:
        """«вражеский корабль», «2 вражеских корабля», «свой корабль или свою станцию»,
        «2 карты среди своих кораблей и своих станций»."""
        if number == 1:
            return " или ".join(part.form(case) for part in self.parts) + self.shared
        if len(self.parts) == 1:
            return self.parts[0].counted(number, case) + self.shared
        cards = _Phrase((), _NOUNS_RU["card"]).counted(number, case)
        return f"{cards} среди {self.plural_genitive()}"

    def plural_genitive(self) -> str:
        return " и ".join(part.form("gen", plural=True) for part in self.parts) + self.shared

    def all(self, case: Case, *, each: bool = False, from_: bool = False) -> str:
        """«все свои корабли»; ``each``: «каждому своему кораблю»; ``from_``: «с каждого …»."""
        words = []
        for part in self.parts:
            phrase = replace(part, adjectives=("каждый" if each else "весь", *part.adjectives))
            text = phrase.form(case, plural=not each)
            words.append(_with_s(text) if from_ else text)
        return " и ".join(words) + self.shared


_KIND_NOUNS_RU = {"military_building": "building", "civil_building": "building"}
_KIND_ADJECTIVES_RU = {
    "space_object": ("космический",),
    "ground_unit": ("наземный",),
    "military_building": ("военный",),
    "civil_building": ("гражданский",),
}


# ---------------------------------------------------------------------------------------------
# Selectors: one or more alternatives (a union), each one noun phrase
# ---------------------------------------------------------------------------------------------


def _alternatives(selector: Selector) -> tuple[list[Selector], Selector]:
    """The selector as a union of parts with at most one kind each (``any_of`` and kind lists
    spread out), the parent's keys kept in each part; the place and zone all parts share are
    taken out into the second value, to be said once («… или … в этом сражении»)."""
    parts = [selector]
    if selector.any_of:
        parts = [_merge(selector, part) for part in selector.any_of]
    spread: list[Selector] = []
    for part in parts:
        if len(part.kinds) > 1:
            spread.extend(replace(part, kinds=(kind,), any_of=()) for kind in part.kinds)
        else:
            spread.append(replace(part, any_of=()))
    shared = Selector()
    if len({part.in_ for part in spread}) == 1:
        shared = replace(shared, in_=spread[0].in_)
        spread = [replace(part, in_=None) for part in spread]
    if len({part.zone for part in spread}) == 1:
        shared = replace(shared, zone=spread[0].zone)
        spread = [replace(part, zone="play") for part in spread]
    return spread, shared


def _merge(parent: Selector, part: Selector) -> Selector:
    changes = {}
    for item in fields(Selector):
        theirs = getattr(part, item.name)
        if theirs != getattr(_DEFAULT_SELECTOR, item.name):
            changes[item.name] = theirs
    return replace(parent, **changes)


_DEFAULT_SELECTOR = Selector()

# ---------------------------------------------------------------------------------------------
# The words of each language
# ---------------------------------------------------------------------------------------------


class _Words:
    """What a language says for each part of the vocabulary."""

    windows: dict[str, str]
    on_play: str
    while_: str
    if_: str
    or_: str
    and_: str
    stacks: str

    def payment(self, cost: EffectCost) -> str:
        raise NotImplementedError

    def roll(self, at_least: int) -> str:
        raise NotImplementedError

    def condition(self, condition: Condition, kind: str) -> str:
        raise NotImplementedError

    def specific(self, which: str, kind: str, host_kind: str | None) -> _Ref:
        raise NotImplementedError

    def every(self, selector: Selector, *, static: bool) -> _Ref:
        """All the cards the selector names (or, in a static effect, as many as it counts)."""
        raise NotImplementedError

    def choose(self, selector: Selector) -> tuple[str, _Ref]:
        raise NotImplementedError

    def card_action(self, action: Action, ref: _Ref, *, static: bool) -> str:
        raise NotImplementedError

    def player_action(self, action: Action) -> str:
        raise NotImplementedError


# Russian ------------------------------------------------------------------------------------

_DAMAGE_RU: RuForms = ("повреждение", "повреждения", "повреждений")
_TOKENS_RU: RuForms = ("фишку действия", "фишки действия", "фишек действия")
_RESOURCES_RU: RuForms = ("ресурс", "ресурса", "ресурсов")
_CARDS_RU: RuForms = ("карту", "карты", "карт")
_DICE_RU: RuForms = ("кубик", "кубика", "кубиков")
_SIZES_RU = {value: letter for letter, value in SIZE_LETTERS.items()}  # the book's ЛК/СК/ТК
_RANGES_RU = {"long": "дальней", "medium": "средней", "short": "малой"}
_UNTIL_RU = {
    "round": "до конца раунда",
    "battle": "до конца сражения",
    "phase": "до конца фазы",
    "turn": "до конца хода",
    "attached": "пока эта карта в игре",
    "permanent": "навсегда",
}
# «атакует …» / «корабль с …»: the instrumental case
_WEAPONS_RU = {
    "plasma": "плазменными орудиями",
    "turbolaser": "турбо-лазером",
    "maser": "мазером",
    "lasers": "лазерными установками",
    "missiles": "ракетами",
    "torpedoes": "торпедами",
    "nova": "оружием «Нова»",
    "bombs": "бомбами",
    "boarding": "абордажными шлюпками",
    "landing": "десантом",
}
# «+2 к …»: the dative case
_STATS_RU = {
    "strength": "прочности",
    "critical": "критическим повреждениям",
    "armor": "броне",
    "speed": "скорости",
    "shield": "мощности щита",
    "crew": "численности экипажа",
    "plasma": "мощности плазменных орудий",
    "turbolaser": "мощности турбо-лазера",
    "maser": "мощности мазера",
    "lasers": "мощности лазерных установок",
    "missiles": "мощности ракет",
    "torpedoes": "мощности торпед",
    "nova": "мощности оружия «Нова»",
    "bombs": "мощности бомб",
    "boarding": "силе абордажных шлюпок",
    "landing": "силе десанта",
}
_PROPERTIES_RU = {
    "commercial_run": "Коммерческий рейс",
    "escort": "Эскорт",
    "smuggling_run": "Контрабандный рейс",
    "evasive_manoeuvre": "Маневр уклонения",
}
_OBJECT_OF_RU = {
    "planet": "планеты",
    "asteroid": "астероида",
    "station": "станции",
    "other": "иного объекта",
}
_PLACES_RU = {
    "battle": "в этом сражении",
    "place": "на одной орбите или в одном секторе с этой картой",
    "orbit": "на орбите",
    "sector": "в секторе открытого космоса",
}
_ZONES_RU = {
    "production": "в зоне производства",
    "hand": "в руке",
    "deck": "в колоде",
    "losses": "в потерях",
}
_PURPOSES_RU = {
    "effect": "эффекта карты",
    "smuggling": "контрабандного рейса",
    "initiative": "инициативы",
    "salvo": "залпа",
    "point_defence": "противоракетной обороны",
    "duel": "поединка ЛК",
    "boarding": "абордажа",
    "ram_dodge": "уклонения от тарана",
    "nova_fire": "выстрела оружия «Нова»",
    "nova_count": "числа целей оружия «Нова»",
}
# The card an effect belongs to, as the subject of a condition (the Commander: his carrier).
_SELF_RU = {
    "ship": _Phrase(("этот",), _NOUNS_RU["ship"]),
    "space_object": _Phrase(("этот",), _NOUNS_RU["space_object"]),
    "ground_unit": _Phrase(("этот",), _NOUNS_RU["ground_unit"]),
    "military_building": _Phrase(("этот",), _NOUNS_RU["building"]),
    "civil_building": _Phrase(("этот",), _NOUNS_RU["building"]),
    "commander": _Phrase((), _CARRIER_RU),
    "ability": _Phrase((), _CARRIER_RU),
}
_HOST_RU = {
    "ship": _Phrase(("улучшенный",), _NOUNS_RU["ship"]),
    "space_object": _Phrase(("улучшенный",), _NOUNS_RU["space_object"]),
    "ground_unit": _Phrase(("улучшенный",), _NOUNS_RU["ground_unit"]),
    "military_building": _Phrase(("улучшенный",), _NOUNS_RU["building"]),
    "civil_building": _Phrase(("улучшенный",), _NOUNS_RU["building"]),
}


class _Russian(_Words):
    windows = {
        "start_of_turn": "В начале хода",
        "initiative": "При определении инициативы",
        "resources": "В фазу получения ресурсов",
        "production_abilities": "В фазу производства, при введении в игру карт способностей",
        "production_upgrades": "В фазу производства, при отыгрыше карт улучшений",
        "production_situations": "В фазу производства, при введении в игру карт обстановки",
        "before_movement": "В фазу перемещения, до первого перемещения",
        "after_movement": "В фазу перемещения, после последнего перемещения",
        "battle_phase_start": "В начале любой фазы сражения",
        "battle_start": "Перед началом первого раунда боя",
        "round_start": "В начале каждого раунда боя",
        "attack_declared": "Когда объявлена атака",
        "after_attack": "После проведения атаки",
        "round_end": "В конце каждого раунда боя",
        "ship_destroyed": "Когда уничтожен корабль",
        "battle_end": "Когда сражение завершено",
        "end_of_turn": "В конце хода",
        "opponent_play": "Когда противник играет карту или свойство",
    }
    on_play = "Когда эта карта входит в игру"
    while_ = "Пока"
    if_ = "если"
    or_ = "или"
    and_ = "и"
    stacks = "Можно использовать повторно, пока действует эффект"

    def payment(self, cost: EffectCost) -> str:
        parts = []
        if cost.action_tokens:
            parts.append(count_ru(cost.action_tokens, _TOKENS_RU))
        if cost.resources:
            parts.append(count_ru(cost.resources, _RESOURCES_RU))
        return "заплатите " + " и ".join(parts) if parts else ""

    def roll(self, at_least: int) -> str:
        return "бросьте D6: " + ("на 6 " if at_least == 6 else f"на {at_least} и больше ")

    # conditions ---------------------------------------------------------------------------

    def condition(self, condition: Condition, kind: str) -> str:
        parts = []
        if condition.ranges:
            names = _join([_RANGES_RU[r] for r in condition.ranges], "или")
            parts.append(f"бой идет на {names} дистанции")
        if condition.site is not None:
            parts.append(
                "сражение идет на орбите"
                if condition.site == "orbit"
                else "сражение идет в открытом космосе"
            )
        if condition.role is not None:
            role = "нападающий" if condition.role == "attacker" else "обороняющийся"
            parts.append(f"вы — {role} игрок в этом сражении")
        if condition.attack is not None:
            attack = condition.attack
            weapons = _join([_WEAPONS_RU[w] for w in attack.weapons], "или")
            who = {"own": "вы атакуете", "enemy": "противник атакует", None: "атакуют"}
            parts.append(" ".join(p for p in (who[attack.by], weapons) if p))
        if condition.count is not None:
            parts.append(self._count(condition.count.of, condition.count.min, condition.count.max))
        if condition.self_ is not None:
            parts.append(self._self(condition, kind))
        if condition.turn_min is not None:
            parts.append(f"идет {condition.turn_min}-й ход или позже")
        if condition.destroyed is not None:
            parts.append(
                "это ваш корабль" if condition.destroyed == "own" else "это корабль противника"
            )
        return _join(parts, "и")

    def _count(self, selector: Selector, low: int | None, high: int | None) -> str:
        group = self._group(selector, voice="you")
        what = group.plural_genitive()
        if high == 0:
            return f"{what} нет"
        total = " в сумме" if len(group.parts) > 1 else ""
        if low is not None and high is not None:
            return f"{what}{total} от {low} до {high}"
        if high is not None:
            return f"{what}{total} не более {high}"
        return f"{what}{total} не менее {low}"

    def _self(self, condition: Condition, kind: str) -> str:
        assert condition.self_ is not None
        subject = _SELF_RU.get(kind, _Phrase(("этот",), _NOUNS_RU["card"]))
        fem = subject.noun.feminine
        states = []
        if condition.self_.damaged is not None:
            damaged = "повреждена" if fem else "поврежден"
            states.append(damaged if condition.self_.damaged else f"не {damaged}")
        place = condition.self_.in_
        object_type = condition.self_.object_type
        if place == "sector":
            states.append("находится в секторе открытого космоса")
        elif place == "orbit" or object_type is not None:
            of = f" {_OBJECT_OF_RU[object_type]}" if object_type is not None else ""
            states.append(f"находится на орбите{of}")
        return f"{subject.form('nom')} {_join(states, 'и')}"

    # targets ------------------------------------------------------------------------------

    def _group(self, selector: Selector, *, voice: str) -> _Group:
        parts, shared = _alternatives(selector)
        return _Group(tuple(self._phrase(part, voice=voice) for part in parts), self._where(shared))

    def _phrase(self, selector: Selector, *, voice: str) -> _Phrase:
        """One alternative as a phrase. ``voice``: «player» (he is told what to do: «свой»),
        «opponent» (the opponent chooses: his cards are «свои», the player's «ваши»), «you»
        (a statement: «ваши»)."""
        sides = {
            "player": {"own": "свой", "enemy": "вражеский", "any": "любой"},
            "opponent": {"own": "ваш", "enemy": "свой", "any": "любой"},
            "you": {"own": "ваш", "enemy": "вражеский", "any": ""},
        }[voice]
        adjectives = []
        if selector.side is not None and sides[selector.side]:
            adjectives.append(sides[selector.side])
        if selector.damaged is not None:
            adjectives.append("поврежденный" if selector.damaged else "неповрежденный")
        if selector.tapped is not None:
            adjectives.append("повернутый" if selector.tapped else "развернутый")
        kind = selector.kinds[0] if selector.kinds else "card"
        after: list[str] = []
        types = selector.object_types
        if kind in ("card", "space_object") and len(types) == 1 and types[0] != "other":
            noun = _NOUNS_RU[types[0]]
        else:
            noun = _NOUNS_RU[_KIND_NOUNS_RU.get(kind, kind)]
            adjectives.extend(_KIND_ADJECTIVES_RU.get(kind, ()))
            if types:
                named = [OBJECT_TYPES.ru(ObjectType(t)) for t in types]
                after.append("(" + _join(named, "или") + ")")
        if selector.sizes:
            after.append(_join([_SIZES_RU[s] for s in selector.sizes], "или"))
        if selector.name is not None:
            after.append(f"«{selector.name}»")
        if selector.ship_class is not None:
            after.append(f"типа «{selector.ship_class}»")
        if selector.weapon is not None:
            after.append(_with_s(_WEAPONS_RU[selector.weapon]))
        if selector.property is not None:
            after.append(f"со свойством «{_PROPERTIES_RU[selector.property]}»")
        return _Phrase(
            tuple(adjectives), noun, "".join(f" {a}" for a in after) + self._where(selector)
        )

    def _where(self, selector: Selector) -> str:
        words = []
        if selector.in_ is not None:
            words.append(_PLACES_RU[selector.in_])
        if selector.zone != "play":
            words.append(_ZONES_RU[selector.zone])
        return "".join(f" {w}" for w in words)

    def specific(self, which: str, kind: str, host_kind: str | None) -> _Ref:
        if which == "self":
            phrase = _SELF_RU.get(kind, _Phrase(("этот",), _NOUNS_RU["card"]))
            if kind in ("commander", "ability"):
                phrase = _Phrase(("этот",), _NOUNS_RU["card"])
        elif which == "host":
            phrase = _HOST_RU.get(host_kind or "", _Phrase(("улучшенный",), _NOUNS_RU["card"]))
        elif which == "carrier":
            phrase = _Phrase((), _CARRIER_RU)
        elif which == "attacker":
            phrase = _Phrase(("атакующий",), _NOUNS_RU["ship"])
        else:
            phrase = _Phrase(("атакованный",), _NOUNS_RU["ship"])
        return _phrase_ref_ru(phrase)

    def every(self, selector: Selector, *, static: bool) -> _Ref:
        # a static effect states a fact: «ваши корабли получают»; a window's tells: «своим»
        group = self._group(selector, voice="you" if static else "player")
        pronoun = _pronoun_ru(group.feminine, True)
        if selector.count is not None:  # a static effect on some of them: as many as it says
            number = selector.count
            return _Ref(
                group.some(number, "acc"),
                group.some(number, "dat"),
                group.some(number, "dat"),
                _with_s(group.some(number, "gen")),
                group.some(number, "nom"),
                number != 1 or len(group.parts) > 1,
                pronoun,
            )
        return _Ref(
            group.all("acc"),
            group.all("dat"),
            group.all("dat", each=True),
            group.all("gen", each=True, from_=True),
            group.all("nom"),
            True,
            pronoun,
        )

    def choose(self, selector: Selector) -> tuple[str, _Ref]:
        voice = "opponent" if selector.chooser == "opponent" else "player"
        verb = "противник выбирает" if voice == "opponent" else "выберите"
        group = self._group(selector, voice=voice)
        number = selector.count or 1
        return f"{verb} {group.some(number, 'acc')}", _pronoun_ru(group.feminine, number != 1)

    # actions ------------------------------------------------------------------------------

    def card_action(self, action: Action, ref: _Ref, *, static: bool) -> str:
        do = action.do
        if do == "damage":
            return f"нанесите {ref.each_to} {count_ru(action.amount or 0, _DAMAGE_RU)}"
        if do == "repair":
            amount = (
                "все повреждения" if action.amount is None else count_ru(action.amount, _DAMAGE_RU)
            )
            return f"снимите {ref.each_from} {amount}"
        if do == "modify":
            assert action.stat is not None
            change = f"{'+' if action.by > 0 else '−'}{abs(action.by)} к {_STATS_RU[action.stat]}"
            until = self._until(action.until, static=static)
            if static:
                verb = "получают" if ref.plural else "получает"
                return f"{ref.subject} {verb} {change}{until}"
            return f"дайте {ref.to} {change}{until}"
        if do == "tap":
            return f"поверните {ref.obj}"
        if do == "untap":
            return f"разверните {ref.obj}"
        if do == "move":
            where = (
                "в новый (пустой) сектор открытого космоса"
                if action.to == "new_sector"
                else "на орбиту или в сектор этой карты"
            )
            return f"переместите {ref.obj} {where}"
        return f"уничтожьте {ref.obj}"  # destroy

    def _until(self, until: str | None, *, static: bool) -> str:
        if until is None or (static and until == "attached"):
            return ""
        return f" {_UNTIL_RU[until]}"

    def player_action(self, action: Action) -> str:
        do = action.do
        opponent = action.player == "opponent"
        if do == "draw":
            cards = count_ru(action.count, _CARDS_RU)
            return (
                f"противник берет {cards} из колоды" if opponent else f"возьмите {cards} из колоды"
            )
        if do in ("gain", "lose"):
            parts = []
            if action.resources:
                parts.append(count_ru(action.resources, _RESOURCES_RU))
            if action.action_tokens:
                parts.append(count_ru(action.action_tokens, _TOKENS_RU))
            verbs = {
                ("gain", False): "получите",
                ("gain", True): "противник получает",
                ("lose", False): "потеряйте",
                ("lose", True): "противник теряет",
            }
            return f"{verbs[(do, opponent)]} {' и '.join(parts)}"
        if do == "search":
            return self._search(action)
        if do == "to_deck":
            return self._to_deck(action)
        if do == "enter":
            return "эту карту можно сыграть из руки за ее стоимость"
        if do == "initiative":
            verb = "увеличьте" if action.by > 0 else "уменьшите"
            until = self._until(action.until, static=False)
            return f"{verb} инициативу своего Командора на {abs(action.by)}{until}"
        if do == "cancel":
            return "отмените сыгранную противником карту или свойство"
        if do in ("permit", "forbid"):
            return self._rule(action)
        if do == "reroll":
            dice = count_ru(action.count, _DICE_RU)
            only = ""
            if action.purposes:
                only = (
                    " (только броски "
                    + _join([_PURPOSES_RU[p] for p in action.purposes], "и")
                    + ")"
                )
            until = self._until(action.until, static=False)
            return f"вы можете перебросить {dice}{only}{until}"
        assert action.victory is not None
        return (
            f"вы получаете дополнительное условие победы «{VICTORIES.ru(Victory(action.victory))}»"
        )

    def _search(self, action: Action) -> str:
        number = action.count
        group = self._group(action.select or Selector(), voice="player")
        what = group.some(number, "acc")
        feminine = group.feminine
        it = "их" if number != 1 else "его" if feminine is False else "ее"
        if action.zone == "losses":
            return f"найдите в своих потерях {what}, покажите {it} противнику и возьмите в руку"
        return (
            f"найдите в своей колоде {what}, покажите {it} противнику и возьмите в руку, "
            f"затем перемешайте колоду"
        )

    def _to_deck(self, action: Action) -> str:
        number = action.count
        group = self._group(action.select or Selector(), voice="player")
        what = group.some(number, "acc")
        feminine = group.feminine
        it = "их" if number != 1 else "его" if feminine is False else "ее"
        frm = {"hand": "из руки", "losses": "из своих потерь", "play": "со стола"}[
            action.zone or "hand"
        ]
        return (
            f"поместите в свою колоду {what} {frm}, покажите {it} противнику, затем "
            f"перемешайте колоду"
        )

    def _rule(self, action: Action) -> str:
        until = self._until(action.until, static=False)
        if action.do == "permit":
            if action.rule == "play_tactical":
                return f"вы можете играть тактические карты{until}"
            return (
                f"ваши корабли могут входить в сектор открытого космоса с флотом противника{until}"
            )
        opponent = action.player == "opponent"
        if action.card is not None:
            who = "противник не может" if opponent else "вы не можете"
            return f"{who} играть карты «{action.card}»{until}"
        if action.rule == "play_tactical":
            who = "противник не может" if opponent else "вы не можете"
            return f"{who} играть тактические карты{until}"
        if opponent:
            return (
                "корабли противника не могут входить в сектор открытого космоса с вашим флотом"
                f"{until}"
            )
        return (
            f"ваши корабли не могут входить в сектор открытого космоса с флотом противника{until}"
        )


# English ------------------------------------------------------------------------------------

_DAMAGE_EN: EnForms = ("damage", "damage")
_TOKENS_EN: EnForms = ("action token", "action tokens")
_RESOURCES_EN: EnForms = ("resource", "resources")
_CARDS_EN: EnForms = ("card", "cards")
_DICE_EN: EnForms = ("die", "dice")
_NOUNS_EN: dict[str, EnForms] = {
    "ship": ("ship", "ships"),
    "space_object": ("space object", "space objects"),
    "station": ("station", "stations"),
    "ground_unit": ("ground unit", "ground units"),
    "military_building": ("military building", "military buildings"),
    "civil_building": ("civil building", "civil buildings"),
    "card": ("card", "cards"),
    "planet": ("planet", "planets"),
    "asteroid": ("asteroid", "asteroids"),
}
_UNTIL_EN = {
    "round": "until the end of the round",
    "battle": "until the end of the battle",
    "phase": "until the end of the phase",
    "turn": "until the end of the turn",
    "attached": "while this card is in play",
    "permanent": "permanently",
}
_WEAPONS_EN = {
    "plasma": "plasma guns",
    "turbolaser": "a turbolaser",
    "maser": "a maser",
    "lasers": "laser batteries",
    "missiles": "missiles",
    "torpedoes": "torpedoes",
    "nova": "the Nova weapon",
    "bombs": "bombs",
    "boarding": "boarding shuttles",
    "landing": "a landing force",
}
_STATS_EN = {
    "strength": "strength",
    "critical": "critical damage",
    "armor": "armor",
    "speed": "speed",
    "shield": "shield power",
    "crew": "crew size",
    "plasma": "plasma gun power",
    "turbolaser": "turbolaser power",
    "maser": "maser power",
    "lasers": "laser battery power",
    "missiles": "missile power",
    "torpedoes": "torpedo power",
    "nova": "Nova weapon power",
    "bombs": "bomb power",
    "boarding": "boarding shuttle force",
    "landing": "landing force",
}
_PROPERTIES_EN = {
    "commercial_run": "Commercial run",
    "escort": "Escort",
    "smuggling_run": "Smuggling run",
    "evasive_manoeuvre": "Evasive manoeuvre",
}
_PLACES_EN = {
    "battle": "in this battle",
    "place": "in the same orbit or sector as this card",
    "orbit": "in orbit",
    "sector": "in open space",
}
_ZONES_EN = {
    "production": "in the production zone",
    "hand": "in hand",
    "deck": "in the deck",
    "losses": "in the losses",
}
_PURPOSES_EN = {
    "effect": "card effect",
    "smuggling": "smuggling run",
    "initiative": "initiative",
    "salvo": "salvo",
    "point_defence": "point defence",
    "duel": "light-ship duel",
    "boarding": "boarding",
    "ram_dodge": "ram dodge",
    "nova_fire": "Nova fire",
    "nova_count": "Nova target count",
}
_SELF_EN = {
    "ship": "this ship",
    "space_object": "this space object",
    "ground_unit": "this ground unit",
    "military_building": "this military building",
    "civil_building": "this civil building",
    "commander": "the Commander's ship or object",
    "ability": "the Commander's ship or object",
}


def _pronoun_en(plural: bool) -> _Ref:
    if plural:
        return _Ref("them", "them", "each of them", "each of them", "they", True)
    return _Ref("it", "it", "it", "it", "it", False)


def _the_en(text: str) -> _Ref:
    return _Ref(text, text, text, text, text, False, _pronoun_en(False))


class _English(_Words):
    windows = {
        "start_of_turn": "At the start of the turn",
        "initiative": "When initiative is determined",
        "resources": "In the resources phase",
        "production_abilities": "In the production phase, when ability cards are played",
        "production_upgrades": "In the production phase, when upgrade cards are played",
        "production_situations": "In the production phase, when situation cards are played",
        "before_movement": "In the movement phase, before the first move",
        "after_movement": "In the movement phase, after the last move",
        "battle_phase_start": "At the start of any battle phase",
        "battle_start": "Before the first round of battle",
        "round_start": "At the start of each round of battle",
        "attack_declared": "When an attack is declared",
        "after_attack": "After an attack is resolved",
        "round_end": "At the end of each round of battle",
        "ship_destroyed": "When a ship is destroyed",
        "battle_end": "When the battle is over",
        "end_of_turn": "At the end of the turn",
        "opponent_play": "When the opponent plays a card or property",
    }
    on_play = "When this card enters play"
    while_ = "While"
    if_ = "if"
    or_ = "or"
    and_ = "and"
    stacks = "It may be used again while its effect lasts"

    def payment(self, cost: EffectCost) -> str:
        parts = []
        if cost.action_tokens:
            parts.append(count_en(cost.action_tokens, _TOKENS_EN))
        if cost.resources:
            parts.append(count_en(cost.resources, _RESOURCES_EN))
        return "pay " + " and ".join(parts) if parts else ""

    def roll(self, at_least: int) -> str:
        return "roll a D6: " + ("on a 6, " if at_least == 6 else f"on {at_least} or more, ")

    def condition(self, condition: Condition, kind: str) -> str:
        parts = []
        if condition.ranges:
            parts.append(f"the battle is at {_join(list(condition.ranges), 'or')} range")
        if condition.site is not None:
            site = "in orbit" if condition.site == "orbit" else "in open space"
            parts.append(f"the battle is {site}")
        if condition.role is not None:
            parts.append(f"you are the {condition.role} in this battle")
        if condition.attack is not None:
            attack = condition.attack
            who = {
                "own": "you attack",
                "enemy": "the opponent attacks",
                None: "the attack is made",
            }[attack.by]
            weapons = _join([_WEAPONS_EN[w] for w in attack.weapons], "or")
            parts.append(f"{who} with {weapons}" if weapons else who)
        if condition.count is not None:
            parts.append(self._count(condition.count.of, condition.count.min, condition.count.max))
        if condition.self_ is not None:
            states = []
            if condition.self_.damaged is not None:
                states.append("is damaged" if condition.self_.damaged else "is not damaged")
            place, object_type = condition.self_.in_, condition.self_.object_type
            if place == "sector":
                states.append("is in open space")
            elif place == "orbit" or object_type is not None:
                of = ""
                if object_type is not None:
                    of = f" of {'an' if object_type in ('asteroid', 'other') else 'a'} "
                    of += OBJECT_TYPES.en(ObjectType(object_type))
                states.append(f"is in orbit{of}")
            parts.append(f"{_SELF_EN.get(kind, 'this card')} {_join(states, 'and')}")
        if condition.turn_min is not None:
            parts.append(f"it is turn {condition.turn_min} or later")
        if condition.destroyed is not None:
            parts.append(
                "it is your ship" if condition.destroyed == "own" else "it is an enemy ship"
            )
        return _join(parts, "and")

    def _count(self, selector: Selector, low: int | None, high: int | None) -> str:
        parts, shared = _alternatives(selector)
        what = " and ".join(self._phrase(p, plural=True, side="friendly") for p in parts)
        what += self._where(shared)
        if high == 0:
            return f"there are no {what}"
        if low is not None and high is not None:
            return f"there are from {low} to {high} {what}"
        if high is not None:
            return f"there are at most {high} {what}"
        return f"there are at least {low} {what}"

    def _phrase(self, selector: Selector, *, plural: bool, side: str = "full") -> str:
        """The noun phrase without an article. ``side``: ``full`` (your / enemy / any),
        ``state`` (your / enemy), ``friendly`` (friendly / enemy), ``bare`` (no side word)."""
        words = []
        if side != "bare":
            own = "friendly" if side == "friendly" else "your"
            names = {"own": own, "enemy": "enemy", "any": "any" if side == "full" else ""}
            words.append(names.get(selector.side or "", ""))
        if selector.damaged is not None:
            words.append("damaged" if selector.damaged else "undamaged")
        if selector.tapped is not None:
            words.append("tapped" if selector.tapped else "untapped")
        if selector.sizes:
            words.append(_join([SHIP_SIZES.en(SizeClass(s)) for s in selector.sizes], "or"))
        kind = selector.kinds[0] if selector.kinds else "card"
        types = selector.object_types
        after: list[str] = []
        if kind in ("card", "space_object") and len(types) == 1 and types[0] != "other":
            noun = _NOUNS_EN[types[0]]
        else:
            noun = _NOUNS_EN[kind]
            if types:
                named = [OBJECT_TYPES.en(ObjectType(t)) for t in types]
                after.append("(" + _join(named, "or") + ")")
        words.append(plural_en(2 if plural else 1, noun))
        if selector.name is not None:
            after.append(f"named «{selector.name}»")
        if selector.ship_class is not None:
            after.append(f"of type «{ship_class_en(selector.ship_class) or selector.ship_class}»")
        if selector.weapon is not None:
            after.append(f"with {_WEAPONS_EN[selector.weapon]}")
        if selector.property is not None:
            after.append(f"with {_PROPERTIES_EN[selector.property]}")
        return " ".join(w for w in [*words, *after] if w) + self._where(selector)

    def _where(self, selector: Selector) -> str:
        words = []
        if selector.in_ is not None:
            words.append(_PLACES_EN[selector.in_])
        if selector.zone != "play":
            words.append(_ZONES_EN[selector.zone])
        return "".join(f" {w}" for w in words)

    def _some(self, selector: Selector, number: int, *, opponent: bool = False) -> str:
        """ "an enemy ship", "one of your ships", "2 enemy ships", "2 cards among …"."""
        parts, shared = _alternatives(selector)
        where = self._where(shared)
        owner = None
        if selector.side == "own":
            owner = "your"
        elif selector.side == "enemy" and opponent:
            owner = "his"
        if len(parts) > 1 and number != 1:
            among = " and ".join(self._phrase(p, plural=True, side="state") for p in parts)
            return f"{count_en(number, _CARDS_EN)} among {among}{where}"
        texts = []
        for part in parts:
            if owner is not None:
                of = "one" if number == 1 else str(number)
                texts.append(f"{of} of {owner} {self._phrase(part, plural=True, side='bare')}")
            elif number != 1:
                texts.append(f"{number} {self._phrase(part, plural=True)}")
            else:
                text = self._phrase(part, plural=False)
                article = "" if part.side == "any" else "an " if text[:1] in "aeiou" else "a "
                texts.append(article + text)
        return " or ".join(texts) + where

    def specific(self, which: str, kind: str, host_kind: str | None) -> _Ref:
        if which == "self":
            if kind in ("commander", "ability"):
                return _the_en("this card")
            return _the_en(_SELF_EN.get(kind, "this card"))
        if which == "host":
            noun = _NOUNS_EN.get(host_kind or "card", _NOUNS_EN["card"])[0]
            return _the_en(f"the upgraded {noun}")
        if which == "carrier":
            return _the_en("the Commander's ship or object")
        return _the_en("the attacking ship" if which == "attacker" else "the attacked ship")

    def every(self, selector: Selector, *, static: bool) -> _Ref:
        if selector.count is not None:  # a static effect on some of them: as many as it says
            text = self._some(selector, selector.count)
            plural = selector.count != 1 or len(_alternatives(selector)[0]) > 1
            return _Ref(text, text, text, text, text, plural, _pronoun_en(True))
        parts, shared = _alternatives(selector)
        where = self._where(shared)
        all_ = " and ".join(f"all {self._phrase(p, plural=True, side='state')}" for p in parts)
        each = " and ".join(
            f"each of your {self._phrase(p, plural=True, side='bare')}"
            if p.side == "own"
            else f"each {self._phrase(p, plural=False, side='state')}"
            for p in parts
        )
        return _Ref(
            all_ + where,
            all_ + where,
            each + where,
            each + where,
            all_ + where,
            True,
            _pronoun_en(True),
        )

    def choose(self, selector: Selector) -> tuple[str, _Ref]:
        opponent = selector.chooser == "opponent"
        verb = "the opponent chooses" if opponent else "choose"
        number = selector.count or 1
        return f"{verb} {self._some(selector, number, opponent=opponent)}", _pronoun_en(number != 1)

    def card_action(self, action: Action, ref: _Ref, *, static: bool) -> str:
        do = action.do
        if do == "damage":
            return f"deal {count_en(action.amount or 0, _DAMAGE_EN)} to {ref.each_to}"
        if do == "repair":
            amount = "all damage" if action.amount is None else count_en(action.amount, _DAMAGE_EN)
            return f"remove {amount} from {ref.each_from}"
        if do == "modify":
            assert action.stat is not None
            change = f"{'+' if action.by > 0 else '−'}{abs(action.by)} {_STATS_EN[action.stat]}"
            until = self._until(action.until, static=static)
            if static:
                verb = "get" if ref.plural else "gets"
                return f"{ref.subject} {verb} {change}{until}"
            return f"give {ref.to} {change}{until}"
        if do in ("tap", "untap", "destroy"):
            return f"{do} {ref.obj}"
        where = (
            "to a new empty open-space sector"
            if action.to == "new_sector"
            else "to this card's orbit or sector"
        )
        return f"move {ref.obj} {where}"

    def _until(self, until: str | None, *, static: bool) -> str:
        if until is None or (static and until == "attached"):
            return ""
        return f" {_UNTIL_EN[until]}"

    def player_action(self, action: Action) -> str:
        do = action.do
        opponent = action.player == "opponent"
        if do == "draw":
            cards = count_en(action.count, _CARDS_EN)
            return f"the opponent draws {cards}" if opponent else f"draw {cards}"
        if do in ("gain", "lose"):
            parts = []
            if action.resources:
                parts.append(count_en(action.resources, _RESOURCES_EN))
            if action.action_tokens:
                parts.append(count_en(action.action_tokens, _TOKENS_EN))
            verb = f"the opponent {do}s" if opponent else do
            return f"{verb} {' and '.join(parts)}"
        if do == "search":
            return self._search(action)
        if do == "to_deck":
            return self._to_deck(action)
        if do == "enter":
            return "you may play this card from your hand for its cost"
        if do == "initiative":
            verb = "increase" if action.by > 0 else "decrease"
            until = self._until(action.until, static=False)
            return f"{verb} your Commander's initiative by {abs(action.by)}{until}"
        if do == "cancel":
            return "cancel the card or property the opponent plays"
        if do in ("permit", "forbid"):
            return self._rule(action)
        if do == "reroll":
            only = ""
            if action.purposes:
                names = _join([_PURPOSES_EN[p] for p in action.purposes], "and")
                only = f" ({names} rolls only)"
            until = self._until(action.until, static=False)
            return f"you may reroll {count_en(action.count, _DICE_EN)}{only}{until}"
        assert action.victory is not None
        return (
            f"you gain the additional victory condition «{VICTORIES.en(Victory(action.victory))}»"
        )

    def _search(self, action: Action) -> str:
        number = action.count
        plural = number != 1
        what = self._some(action.select or Selector(), number)
        it = "them" if plural else "it"
        if action.zone == "losses":
            return (
                f"search your losses for {what}, show {it} to the opponent and take {it} into "
                f"your hand"
            )
        return (
            f"search your deck for {what}, show {it} to the opponent and take {it} into your "
            f"hand, then shuffle your deck"
        )

    def _to_deck(self, action: Action) -> str:
        number = action.count
        what = self._some(action.select or Selector(), number)
        it = "them" if number != 1 else "it"
        frm = {"hand": "from your hand", "losses": "from your losses", "play": "from the table"}[
            action.zone or "hand"
        ]
        return f"put {what} {frm} into your deck, show {it} to the opponent, then shuffle your deck"

    def _rule(self, action: Action) -> str:
        until = self._until(action.until, static=False)
        enter = "an open-space sector holding"
        if action.do == "permit":
            if action.rule == "play_tactical":
                return f"you may play tactical cards{until}"
            return f"your ships may move into {enter} an enemy fleet{until}"
        opponent = action.player == "opponent"
        who = "the opponent may not" if opponent else "you may not"
        if action.card is not None:
            return f"{who} play cards «{action.card}»{until}"
        if action.rule == "play_tactical":
            return f"{who} play tactical cards{until}"
        if opponent:
            return f"the opponent's ships may not move into {enter} your fleet{until}"
        return f"your ships may not move into {enter} an enemy fleet{until}"


_RU = _Russian()
_EN = _English()
