"""Parse the card search language and turn it into a card queryset.

Grammar (``AND`` is implied between neighbouring terms; ``OR`` binds looser than ``AND``)::

    query  := or EOF
    or     := and (OR and)*
    and    := unary+
    unary  := "-" unary | "(" or ")" | term
    term   := KEYWORD OP VALUE | WORD | "PHRASE"
    OP     := ":" | "=" | "!=" | "<" | "<=" | ">" | ">="

>>> str(parse_query('type:корабль speed>=6 -weapon:plasma (Химера OR "тяжелый крейсер")'))
'type:ship speed>=6 -weapon:plasma (химера OR "тяжелый крейсер")'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Union

from django.db import connections
from django.db.models import Q, QuerySet

from cardbase.models import Card
from cardbase.search.fields import FieldKind, SearchField, field_for_keyword
from cardbase.search.messages import syntax_message
from cardbase.search.text import text_q
from komandor.rules.names import fold_text

NUMBER_OPERATORS = ("=", "!=", "<", "<=", ">", ">=")
_LOOKUP = {"=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}
_OPEN_QUOTES = {'"': '"', "«": "»", "“": "”", "„": "“"}
_KEYWORD_TERM = re.compile(
    r"(?P<keyword>[^\W\d][\w-]*?)(?P<op>>=|<=|!=|:|=|<|>)(?P<value>.*)", re.S
)
_OR_WORDS = frozenset({"OR", "or", "ИЛИ", "или"})
_AND_WORDS = frozenset({"AND", "and"})
_BARE_END = re.compile(r"[\s()]")

# Bounds that keep every query cheap to parse and to run (issue 12: unbounded queries cost
# minutes of database time). A real query is far inside them.
MAX_QUERY_LENGTH = 1000  # characters
MAX_TERMS = 30  # words, phrases and keyword terms
MAX_DEPTH = 8  # parentheses and minus signs nested in one another
MAX_NUMBER_DIGITS = 9  # no stat comes near; int() of thousands of digits is refused anyway


class QuerySyntaxError(ValueError):
    """A query the language cannot read: a ``code`` (``cardbase.search.messages``) with the
    ``params`` its message quotes; ``position`` is the 0-based offset of ``term``."""

    def __init__(self, code: str, *, position: int, term: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params
        self.position = position
        self.term = term

    @property
    def message(self) -> str:
        """The message in the active language, made when it is read."""
        return syntax_message(self.code, self.params)

    def __str__(self) -> str:
        return f"{self.message} (at {self.position}: {self.term!r})"


# ---- syntax tree ---------------------------------------------------------------------------


def _quoted(text: str) -> str:
    # Folded text holds only straight quotes (names like «Химера» fold to "химера"), so
    # guillemets always read back whole.
    return f"«{text}»" if '"' in text else f'"{text}"'


@dataclass(frozen=True, slots=True)
class Text:
    """A free word or a quoted phrase, matched against names and text."""

    text: str
    phrase: bool = False

    def __str__(self) -> str:
        return _quoted(self.text) if self.phrase else self.text


@dataclass(frozen=True, slots=True)
class Term:
    """``keyword OP value`` with the value already translated to what the card stores."""

    field: SearchField
    op: str
    value: int | str

    def __str__(self) -> str:
        value = str(self.value)
        if any(ch.isspace() for ch in value):
            value = _quoted(value)
        op = ":" if self.op == "=" and self.field.kind is not FieldKind.NUMBER else self.op
        return f"{self.field.name}{op}{value}"


@dataclass(frozen=True, slots=True)
class Not:
    child: Node

    def __str__(self) -> str:
        return f"-{_grouped(self.child)}"


@dataclass(frozen=True, slots=True)
class And:
    children: tuple[Node, ...]

    def __str__(self) -> str:
        return " ".join(_grouped(child) for child in self.children)


@dataclass(frozen=True, slots=True)
class Or:
    children: tuple[Node, ...]

    def __str__(self) -> str:
        return " OR ".join(str(child) for child in self.children)


Node = Union[Text, Term, Not, And, Or]  # noqa: UP007 - a runtime alias used before 3.12


def _grouped(node: Node) -> str:
    return f"({node})" if isinstance(node, (And, Or)) else str(node)


@dataclass(frozen=True, slots=True)
class Query:
    """A parsed query; ``root`` is None for an empty query, which matches every card."""

    root: Node | None

    def __str__(self) -> str:
        return "" if self.root is None else str(self.root)

    def to_q(self, *, vendor: str) -> Q:
        return Q() if self.root is None else _node_q(self.root, vendor=vendor)


# ---- tokens --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "(", ")", "-", "OR", "AND", "word", "phrase", "term"
    position: int
    text: str  # the source text of the token
    keyword: str = ""
    op: str = ""
    value: str = ""
    value_position: int = 0


def _read_quoted(text: str, start: int) -> tuple[str, int]:
    """The text inside the quotes opening at ``start`` and the index just past the closing one."""
    close = _OPEN_QUOTES[text[start]]
    end = text.find(close, start + 1)
    if end < 0 and close != '"':
        end = text.find('"', start + 1)
    if end < 0:
        raise QuerySyntaxError("unclosed_quote", position=start, term=text[start:])
    return text[start + 1 : end], end + 1


def _read_bare(text: str, start: int) -> int:
    match = _BARE_END.search(text, start)
    return len(text) if match is None else match.start()


def _tokens(text: str) -> Iterator[_Token]:
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch in "()":
            yield _Token(ch, i, ch)
            i += 1
        elif ch == "-":
            if i + 1 == len(text) or text[i + 1].isspace():
                raise QuerySyntaxError("minus_detached", position=i, term="-")
            yield _Token("-", i, ch)
            i += 1
        elif ch in _OPEN_QUOTES:
            inner, end = _read_quoted(text, i)
            yield _Token("phrase", i, text[i:end], value=inner)
            i = end
        else:
            end = _read_bare(text, i)
            word = text[i:end]
            match = _KEYWORD_TERM.fullmatch(word)
            if match is None or match["keyword"].startswith("-"):
                kind = "OR" if word in _OR_WORDS else "AND" if word in _AND_WORDS else "word"
                yield _Token(kind, i, word, value=word)
                i = end
                continue
            value, value_position = match["value"], i + match.start("value")
            if value[:1] in _OPEN_QUOTES:
                value, end = _read_quoted(text, value_position)
            yield _Token(
                "term",
                i,
                text[i:end],
                keyword=match["keyword"],
                op=match["op"],
                value=value,
                value_position=value_position,
            )
            i = end


# ---- parser --------------------------------------------------------------------------------


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = list(_tokens(text))
        self.index = 0
        self.depth = 0
        terms = [t for t in self.tokens if t.kind in {"word", "phrase", "term"}]
        if len(terms) > MAX_TERMS:
            extra = terms[MAX_TERMS]
            raise QuerySyntaxError(
                "too_many_terms", position=extra.position, term=extra.text, limit=MAX_TERMS
            )

    def peek(self) -> _Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> _Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def parse(self) -> Query:
        if not self.tokens:
            return Query(None)
        root = self.parse_or()
        token = self.peek()
        if token is not None:  # only an unmatched ")" stops parse_or early
            raise QuerySyntaxError("unmatched_close", position=token.position, term=")")
        return Query(root)

    def parse_or(self) -> Node:
        children = [self.parse_and()]
        while (token := self.peek()) is not None and token.kind == "OR":
            self.take()
            children.append(self.parse_and(after=token))
        return children[0] if len(children) == 1 else Or(tuple(children))

    def parse_and(self, after: _Token | None = None) -> Node:
        children: list[Node] = []
        while (token := self.peek()) is not None and token.kind not in {"OR", ")"}:
            if token.kind == "AND":
                self.take()
                if not children:
                    raise _dangling(token)
                after = token
                continue
            children.append(self.parse_unary())
            after = None
        if after is not None or not children:
            raise _dangling(after or token or self.tokens[-1], end=len(self.text))
        return children[0] if len(children) == 1 else And(tuple(children))

    def parse_unary(self) -> Node:
        token = self.take()
        if token.kind in {"-", "("}:
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise QuerySyntaxError(
                    "too_deep", position=token.position, term=token.text, limit=MAX_DEPTH
                )
            try:
                return self.parse_nested(token)
            finally:
                self.depth -= 1
        if token.kind == "phrase":
            if not fold_text(token.value):
                raise QuerySyntaxError("empty_quotes", position=token.position, term=token.text)
            return Text(fold_text(token.value), phrase=True)
        if token.kind == "term":
            return _term(token)
        return Text(fold_text(token.value))

    def parse_nested(self, token: _Token) -> Node:
        """What follows a ``-`` or a ``(``."""
        if token.kind == "-":
            if (following := self.peek()) is None or following.kind in {")", "OR", "AND"}:
                raise QuerySyntaxError("minus_without_term", position=token.position, term="-")
            return Not(self.parse_unary())
        if (inner := self.peek()) is not None and inner.kind == ")":
            raise QuerySyntaxError("empty_parentheses", position=token.position, term="()")
        node = self.parse_or()
        closing = self.peek()
        if closing is None or closing.kind != ")":
            raise QuerySyntaxError("unclosed_parenthesis", position=token.position, term="(")
        self.take()
        return node


def _dangling(token: _Token, end: int | None = None) -> QuerySyntaxError:
    if token.kind in {"OR", "AND"}:
        return QuerySyntaxError(
            "dangling_operator", position=token.position, term=token.text, operator=token.text
        )
    return QuerySyntaxError(
        "term_expected", position=token.position if end is None else end, term=token.text
    )


def _term(token: _Token) -> Term:
    field = field_for_keyword(token.keyword)
    if field is None:
        raise QuerySyntaxError(
            "unknown_keyword", position=token.position, term=token.keyword, keyword=token.keyword
        )
    if not token.value.strip():
        raise QuerySyntaxError(
            "missing_value",
            position=token.position,
            term=token.text,
            keyword=token.keyword,
            op=token.op,
        )
    op = "=" if token.op == ":" else token.op
    if field.kind is FieldKind.NUMBER:
        value = token.value.strip()
        if not re.fullmatch(r"-?\d+", value):
            raise QuerySyntaxError(
                "not_a_number",
                position=token.value_position,
                term=value,
                field=field.name,
                value=value,
            )
        if len(value.lstrip("-")) > MAX_NUMBER_DIGITS:
            raise QuerySyntaxError(
                "number_too_long",
                position=token.value_position,
                term=value[:20],
                field=field.name,
                limit=MAX_NUMBER_DIGITS,
            )
        return Term(field, op, int(value))
    if op not in {"=", "!="}:
        raise QuerySyntaxError(
            "text_operator",
            position=token.position + len(token.keyword),
            term=token.op,
            field=field.name,
        )
    stored = field.stored_value(token.value)
    if stored is None:
        known = ", ".join(sorted(set((field.aliases or {}).values())))
        raise QuerySyntaxError(
            "unknown_value",
            position=token.value_position,
            term=token.value,
            field=field.name,
            value=token.value,
            known=known,
        )
    return Term(field, op, stored)


def parse_query(text: str) -> Query:
    """Parse ``text``; raise ``QuerySyntaxError`` naming the offending part when it is wrong."""
    nul = text.find("\x00")
    if nul >= 0:  # no database can compare it, and no card holds one
        raise QuerySyntaxError("nul_character", position=nul, term=text[nul : nul + 1])
    if len(text) > MAX_QUERY_LENGTH:
        raise QuerySyntaxError(
            "query_too_long",
            position=MAX_QUERY_LENGTH,
            term=text[MAX_QUERY_LENGTH : MAX_QUERY_LENGTH + 20],
            limit=MAX_QUERY_LENGTH,
        )
    return _Parser(text).parse()


# ---- to a queryset -------------------------------------------------------------------------


def term_q(term: Term) -> Q:
    """The rows a term holds for. Rows lacking the stat do not match (``-term`` takes them)."""
    field = term.field
    if field.presence_prefix:
        condition = Q(**{f"{field.presence_prefix}__has_key": term.value})
    elif field.kind is FieldKind.NUMBER:
        lookup = _LOOKUP["=" if term.op == "!=" else term.op]
        condition = Q()
        for path in field.paths:
            condition |= Q(**{f"{path}__{lookup}": term.value})
        if term.op == "!=":
            return _present_q(field) & ~condition
        return condition
    elif field.paths[0].startswith("attributes__"):
        # Printed text kept in JSON; SQLite's lower() ignores Cyrillic, so try both cases.
        value = str(term.value)
        condition = Q(**{f"{field.paths[0]}__in": sorted({value, value.capitalize()})})
    else:
        condition = Q(**{field.paths[0]: term.value})
    return ~condition if term.op == "!=" else condition


def _present_q(field: SearchField) -> Q:
    condition = Q()
    for path in field.paths:
        condition |= Q(**{f"{path}__isnull": False})
    return condition


def _node_q(node: Node, *, vendor: str) -> Q:
    if isinstance(node, Text):
        return text_q(node.text, vendor=vendor, phrase=node.phrase)
    if isinstance(node, Term):
        return term_q(node)
    if isinstance(node, Not):
        # A missing JSON key makes a comparison NULL, and NOT NULL is NULL again, so negate by
        # set difference: a card lacking the stat does satisfy "-speed>=6".
        matching = Card.objects.filter(_node_q(node.child, vendor=vendor)).values("pk")
        return ~Q(pk__in=matching)
    combined = Q()
    for child in node.children:
        child_q = _node_q(child, vendor=vendor)
        combined = combined & child_q if isinstance(node, And) else combined | child_q
    return combined


def cards_matching(text: str, *, queryset: QuerySet[Card] | None = None) -> QuerySet[Card]:
    """Cards of ``queryset`` (default: all cards) that match the query ``text``."""
    if queryset is None:
        queryset = Card.objects.all()
    query = parse_query(text)
    if query.root is None:
        return queryset
    return queryset.filter(query.to_q(vendor=connections[queryset.db].vendor))
