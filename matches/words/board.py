"""The table as one seat sees it (or a spectator, who sees everything): ``board_for``.

A ``Board`` is what the board template (``matches/board/_board.html``) draws: each player's
counters, hand (cards for the viewer, a count for the other with the cards of it the other
player saw go there face up: fetched from the deck or the losses and shown, SPECIAL-10),
production, situations (the abilities on the Commander among them) and losses; the cards a
player showed and put into his deck since the decision before; every space object with the
ground cards on it and the fleets in its orbit; the sectors of open space; the phase, turn,
initiative, priority and a battle's round and range; the pending decision in words when it is
the viewer's.
Every card is the catalogue's card face (``cardbase.card_faces``) in the page's language.

For a seat the board is built only from ``MatchState.observation(viewer)`` and public facts
(the log, the printed card of a face-up card): the opponent's hand and every deck's order never
reach it. (Django: card names and faces in the active language.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _

from cardbase.card_faces import CardFace, face_from_spec
from cardbase.display_names import card_names_shown, is_english
from cardbase.models import Card as CatalogueCard
from cardbase.selectors import catalogue_version
from komandor.rules.cards import CardSpec
from komandor.rules.event_records import Battle, BattleEnded, Choice, Event, Revealed, RoundStart
from komandor.rules.match_state import MatchState
from komandor.rules.state import Zone
from komandor.words.effect_text import card_text
from komandor.words.english_terms import built_in_name_en
from matches.words.decision_text import DecisionView, decision_view, dom_id
from matches.words.event_text import narrate
from matches.words.terms import phase_label, range_label, sector_label

__all__ = ["Board", "board_for", "card_names", "decision_view", "narrate"]

# A shown card's mark: where it was shown from (``revealed``: the deck or the losses into the
# hand, the hand or the losses into the deck).
SHOWN_FROM = {
    Zone.DECK: gettext_noop("shown from the deck"),
    Zone.LOSSES: gettext_noop("shown from the losses"),
    Zone.HAND: gettext_noop("shown from the hand"),
}


@dataclass(frozen=True)
class CardView:
    uid: str
    name: str
    face: CardFace | None
    player: int
    kind: str
    damage: int = 0
    strength: int | None = None
    tapped: bool = False
    commander: bool = False
    tokens: int = 0
    upgrades: list[CardView] = field(default_factory=list)
    shown: str = ""  # shown to the other player: where from, in words ("" when not shown)
    shown_now: bool = False  # shown since the decision before

    @property
    def dom_id(self) -> str:
        """The card in the page's ids (a decision's button names it too)."""
        return dom_id(self.uid)


@dataclass(frozen=True)
class PlayerView:
    index: int
    name: str
    commander: str
    initiative: int
    resources: int
    action_tokens: int
    commerce_tokens: int
    hand_count: int
    deck_count: int
    hand: list[CardView] | None  # None: the viewer may not see it
    production: list[CardView]
    situations: list[CardView]
    losses: list[CardView]
    has_priority: bool
    is_viewer: bool
    # The cards of his hand both players saw go there (drawn face up where ``hand`` is None).
    shown: list[CardView] = field(default_factory=list)
    # The cards he showed and put into his deck since the decision before.
    into_deck: list[CardView] = field(default_factory=list)


@dataclass(frozen=True)
class PlaceView:
    card: CardView
    ground: list[CardView]
    ships: list[CardView]


@dataclass(frozen=True)
class SectorView:
    key: str
    label: str
    ships: list[CardView]

    @property
    def dom_id(self) -> str:
        """The sector in a decision's path (a ship moved or placed there)."""
        return dom_id(self.key)


@dataclass(frozen=True)
class BattleView:
    at: str | None  # the object's uid or the sector fought over
    where: str
    round: int | None
    range: str


@dataclass(frozen=True)
class Board:
    viewer: int | None
    bottom: int | None  # the seat drawn at the bottom (the viewer's, also when all is shown)
    turn: int
    phase: str
    phase_label: str
    players: list[PlayerView]
    places: list[PlaceView]
    sectors: list[SectorView]
    battle: BattleView | None
    decision: DecisionView | None  # the pending decision, when the viewer is to answer it
    waiting_for: str  # whose decision the board waits for (a name), "" when over
    is_over: bool

    @property
    def players_top(self) -> list[PlayerView]:
        """The opponent above the space (for a spectator: the second player)."""
        me = 0 if self.bottom is None else self.bottom
        return [p for p in self.players if p.index != me]

    @property
    def players_bottom(self) -> list[PlayerView]:
        me = 0 if self.bottom is None else self.bottom
        return [p for p in self.players if p.index == me]


def card_names(match_state: MatchState, shown: Mapping[str, str] | None = None) -> dict[str, str]:
    """Every card uid → its name in the page's language. Only ever looked up for the cards an
    event or a decision names (``narrate`` keeps hidden cards' names out itself)."""
    cards = match_state.state.cards
    if shown is None:
        shown = _names_shown(match_state)
    named = {uid: shown.get(card.spec.name, card.spec.name) for uid, card in cards.items()}
    english = is_english()
    for uid, card in cards.items():  # a space object's built-in units fight as «uid#n»
        for index, part in enumerate(card.spec.built_in or ()):
            part_name = (english and built_in_name_en(part.name)) or part.name
            named[f"{uid}#{index}"] = f"{named[uid]}: {part_name}"
    return named


def _names_shown(match_state: MatchState) -> dict[str, str]:
    """Printed name → the name shown, for every card of the match and both Commanders."""
    state = match_state.state
    printed = {card.spec.name for card in state.cards.values()}
    return card_names_shown(printed | {player.commander.name for player in state.players})


def card_lines(match_state: MatchState) -> Callable[[str], tuple[str, ...]]:
    """A card's rules text by uid in the page's language (asked only for cards a decision
    names, which the viewer knows)."""
    language = "en" if is_english() else "ru"

    def lines(uid: str) -> tuple[str, ...]:
        card = match_state.state.cards.get(uid)
        return card_text(card.spec, language) if card is not None else ()

    return lines


def board_for(
    match_state: MatchState,
    *,
    viewer: int | None,
    names: Sequence[str],
    reveal: bool = False,
    since: int | None = None,
) -> Board:
    """The board of ``viewer`` (a seat), or of a spectator who sees everything (None).
    ``reveal``: the seat's table with every hand shown and any player's decision (a finished
    game replayed from the seat). ``since``: where in the log the news begin (the viewer's
    previous decision): the cards shown from there on are marked as shown just now, and those
    put into a deck drawn; None: from the decision before the pending one."""
    bottom = viewer
    if reveal:
        viewer = None
    state = match_state.state
    cards = state.cards
    seen = match_state.observation(0 if viewer is None else viewer).to_dict()
    players_seen = seen["players"]
    records = match_state.log.records
    if since is None:
        since = _last_decision(records)
    revealed = _revealed(records)
    # Shown going into the deck: face down again after, so drawn only as news (whether it was
    # drawn since is no public fact).
    into_deck = [
        (uid, record)
        for uid, (at, record) in revealed.items()
        if at >= since and record.to is Zone.DECK
    ]
    shown = _names_shown(match_state)
    named = card_names(match_state, shown)
    faces = _Faces(
        {cards[uid].spec.name for uid in _visible_uids(seen, viewer, match_state)}
        | {cards[uid].spec.name for uid, _record in into_deck},
        shown,
    )
    in_hand_shown = {card["uid"] for p in players_seen for card in p["hand_shown"]}
    commander_at = {p["commander_at"]: p["index"] for p in players_seen if p["commander_at"]}
    attached: dict[str, list[dict[str, Any]]] = {}
    for p in players_seen:
        for card in p["attached"]:
            attached.setdefault(card["where"], []).append(card)

    def view(card: Mapping[str, Any], *, shown: bool = False) -> CardView:
        uid = card["uid"]
        spec = cards[uid].spec  # a face-up card: its printed card is public
        strength = spec.strength
        at, record = revealed.get(uid, (-1, None)) if shown else (-1, None)
        return CardView(
            uid=uid,
            name=faces.name(spec),
            face=faces.face(spec),
            player=card["controller"],
            kind=card["kind"],
            damage=card["damage"],
            strength=strength if isinstance(strength, int) else None,
            tapped=card["tapped"],
            commander=uid in commander_at,
            tokens=card["tokens"],
            upgrades=[view(u) for u in attached.get(uid, [])],
            shown=_(SHOWN_FROM.get(record.frm, SHOWN_FROM[Zone.DECK])) if record else "",
            shown_now=at >= since,
        )

    def hand_view(card: Mapping[str, Any]) -> CardView:
        return view(card, shown=card["uid"] in in_hand_shown)

    in_play = seen["in_play"]
    by_where: dict[str | None, list[dict[str, Any]]] = {}
    for card in in_play:
        by_where.setdefault(card["where"], []).append(card)
    places = [
        PlaceView(
            card=view(obj),
            ground=[view(c) for c in by_where.get(obj["uid"], []) if c["kind"] != "ship"],
            ships=[view(c) for c in by_where.get(obj["uid"], []) if c["kind"] == "ship"],
        )
        for obj in in_play
        if obj["kind"] == "space_object"
    ]
    sectors = [
        SectorView(key=where, label=sector_label(where), ships=[view(c) for c in group])
        for where, group in by_where.items()
        if isinstance(where, str) and where.startswith("s") and where[1:].isdigit()
    ]
    players = []
    for p in players_seen:
        index = p["index"]
        if viewer is None:
            hand: list[CardView] | None = [
                hand_view(_face_up(match_state, uid)) for uid in state.players[index].hand
            ]
        elif index == viewer:
            hand = [hand_view(card) for card in seen["hand"]]
        else:
            hand = None
        players.append(
            PlayerView(
                index=index,
                name=names[index],
                commander=faces.shown(p["commander"]),
                initiative=p["initiative"],
                resources=p["resources"],
                action_tokens=p["action_tokens"],
                commerce_tokens=p["commerce_tokens"],
                hand_count=p["hand_count"],
                deck_count=p["deck_count"],
                hand=hand,
                production=[view(c) for c in p["production"]],
                situations=[view(c) for c in p["situations"]],
                losses=[view(c) for c in p["losses"]],
                has_priority=seen["priority"] == index,
                is_viewer=bottom == index,
                shown=[hand_view(card) for card in p["hand_shown"]],
                into_deck=[
                    view(_face_up(match_state, uid), shown=True)
                    for uid, record in into_deck
                    if record.player == index
                ],
            )
        )
    decision = match_state.decision
    shown_decision = None
    if decision is not None and (viewer is None or decision.player == viewer):
        shown_decision = decision_view(
            decision, names=names, cards=named, texts=card_lines(match_state)
        )
    if shown_decision is not None:  # an empty sector a ship may still go to: drawn to click
        drawn = {sector.key for sector in sectors}
        for option in shown_decision.options:
            key = option.key
            if key not in drawn and key[:1] == "s" and key[1:].isdigit():
                sectors.append(SectorView(key=key, label=sector_label(key), ships=[]))
                drawn.add(key)
    return Board(
        viewer=viewer,
        bottom=bottom,
        turn=seen["turn"],
        phase=seen["phase"],
        phase_label=phase_label(seen["phase"]),
        players=players,
        places=places,
        sectors=sectors,
        battle=_battle(match_state, named),
        decision=shown_decision,
        waiting_for=names[decision.player] if decision is not None else "",
        is_over=decision is None,
    )


def _last_decision(records: Sequence[Event]) -> int:
    """Where the news of the pending decision begin: the answer to the decision before (its
    ``choice``), 0 before any."""
    for index in range(len(records) - 1, -1, -1):
        if isinstance(records[index], Choice):
            return index
    return 0


def _revealed(records: Sequence[Event]) -> dict[str, tuple[int, Revealed]]:
    """Each card shown (``revealed``), by uid: its last showing and where in the log it is."""
    shown: dict[str, tuple[int, Revealed]] = {}
    for index, record in enumerate(records):
        if isinstance(record, Revealed):
            shown[record.card] = (index, record)
    return shown


def _face_up(match_state: MatchState, uid: str) -> dict[str, Any]:
    """A hidden card as the spectator sees it (the shape of ``Observation``'s cards)."""
    card = match_state.state.cards[uid]
    return {
        "uid": uid,
        "kind": card.kind.value,
        "controller": card.controller if card.controller >= 0 else card.owner,
        "damage": card.damage,
        "tapped": card.tapped,
        "tokens": card.tokens,
    }


def _visible_uids(seen: Mapping[str, Any], viewer: int | None, match_state: MatchState) -> set[str]:
    uids = {card["uid"] for card in seen["in_play"]} | {card["uid"] for card in seen["hand"]}
    for p in seen["players"]:
        for zone in ("production", "situations", "attached", "losses", "hand_shown"):
            uids.update(card["uid"] for card in p[zone])
    if viewer is None:
        for player in match_state.state.players:
            uids.update(player.hand)
    return uids


def _battle(match_state: MatchState, named: Mapping[str, str]) -> BattleView | None:
    """The battle being fought (from the public log, or the pending battle decision)."""
    at: str | None = None
    round_: int | None = None
    range_ = ""
    for event in reversed(match_state.log.records):
        if isinstance(event, BattleEnded):
            break
        if isinstance(event, RoundStart) and round_ is None:
            round_, range_ = event.round, event.range
        if isinstance(event, Battle):
            at = event.at
            break
    decision = match_state.decision
    if decision is not None and decision.context.round is not None:
        context = decision.context
        round_, range_ = context.round, range_ if context.range is None else context.range
    if at is None and round_ is None:
        return None
    where = ""
    if at is not None:
        where = f"«{named[at]}»" if at in named else sector_label(at)
    return BattleView(at=at, where=where, round=round_, range=range_label(range_) if range_ else "")


# Card faces kept across requests (a game's page is read after every move, and building a
# face costs more than drawing it): by the catalogue's version token (``CatalogueVersion``,
# which every change of a catalogue row moves), the language and the spec. A spec is keyed by
# its identity and kept in the entry, so its id cannot be reused while the entry lives; a
# match's specs live as long as its state in the play cache, so a game's faces are built once.
_FACES_KEPT_MOST = 2048
_faces_kept: dict[tuple[str, str, int], tuple[CardSpec, CardFace | None]] = {}


class _Faces:
    """Card faces and names in the page's language for one board: from the kept faces, else
    built (one catalogue query, the first time a face is missing)."""

    def __init__(self, printed: set[str], shown: Mapping[str, str]) -> None:
        self._shown = shown
        self._printed = printed
        self._faces: dict[int, CardFace | None] = {}  # by the spec's id: copies share one
        self._rows: dict[str, CatalogueCard] | None = None
        self._version = catalogue_version()  # None (no row): nothing is kept
        self._language = get_language() or ""

    def shown(self, printed: str) -> str:
        return self._shown.get(printed, printed) or _("(unnamed)")

    def name(self, spec: CardSpec) -> str:
        return self.shown(spec.name)

    def face(self, spec: CardSpec) -> CardFace | None:
        key = id(spec)
        if key in self._faces:
            return self._faces[key]
        kept_key = (self._version or "", self._language, key)
        kept = _faces_kept.get(kept_key) if self._version else None
        if kept is not None and kept[0] is spec:
            face = kept[1]
        else:
            face = face_from_spec(spec, card=self._catalogue().get(spec.name))
            if self._version:
                if len(_faces_kept) >= _FACES_KEPT_MOST:
                    _faces_kept.clear()
                _faces_kept[kept_key] = (spec, face)
        self._faces[key] = face
        return face

    def _catalogue(self) -> dict[str, CatalogueCard]:
        if self._rows is None:
            self._rows = {
                row.name_ru: row
                for row in CatalogueCard.all_objects.filter(
                    game__slug="komandor", name_ru__in=self._printed
                ).select_related("game", "release")
            }
        return self._rows
