"""The search language's parser: what it reads, what it prints back and how it refuses."""

import pytest

from cardbase.search.fields import FIELDS
from cardbase.search.query import And, Not, Or, QuerySyntaxError, Term, Text, parse_query
from cardbase.search.syntax import SYNTAX


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("", ""),
        ("Химера", "химера"),
        ("ЛИНКОР Химера", "линкор химера"),
        ('"Линкор класса"', '"линкор класса"'),
        ("«Линкор класса»", '"линкор класса"'),
        (
            "game:komandor type:ship speed>=6 weapon:plasma",
            "game:komandor type:ship speed>=6 weapon:plasma",
        ),
        ("type:корабль size:ЛК", "type:ship size:LK"),
        ("size:тк size:SK size:light", "size:TK size:SK size:LK"),
        ('rarity:редкая rarity:"очень редкая" r:u', "rarity:rare rarity:very_rare rarity:unique"),
        (
            "weapon:плазма w:ТЛ оружие:мазер weapon:ракеты",
            "weapon:plasma weapon:turbolaser weapon:maser weapon:missiles",
        ),
        ('property:"маневр уклонения" prop:эскорт', "property:evasive_manoeuvre property:escort"),
        (
            "скорость>=6 броня<2 щит=4 cost:3 plasma!=10",
            "speed>=6 armor<2 shield=4 cost=3 plasma!=10",
        ),
        ("-weapon:plasma -химера", "-weapon:plasma -химера"),
        ("a OR b c", "a OR b c"),
        ("a ИЛИ b", "a OR b"),
        ("(a OR b) c", "(a OR b) c"),
        ("-(a OR b)", "-(a OR b)"),
        ("a AND b", "a b"),
        ('class:"тяжелый крейсер"', 'class:"тяжелый крейсер"'),
        ("ёж", "еж"),
        ("2/4", "2/4"),
    ],
)
def test_query_prints_back_in_canonical_form(text, canonical):
    assert str(parse_query(text)) == canonical


def test_canonical_form_parses_to_the_same_query():
    query = parse_query('type:корабль (скорость>=6 OR size:ЛК) -weapon:плазма "линкор класса"')
    assert parse_query(str(query)) == query


def test_or_binds_looser_than_and():
    root = parse_query("a b OR c").root
    assert isinstance(root, Or)
    assert root.children == (And((Text("a"), Text("b"))), Text("c"))


def test_negation_wraps_the_next_term_only():
    root = parse_query("-a b").root
    assert root == And((Not(Text("a")), Text("b")))


def test_number_values_are_integers():
    root = parse_query("speed>=6").root
    assert isinstance(root, Term)
    assert (root.field.name, root.op, root.value) == ("speed", ">=", 6)


@pytest.mark.parametrize(
    ("text", "position", "term"),
    [
        ('Химера "линкор', 7, '"линкор'),
        ("«линкор", 0, "«линкор"),
        ("(a b", 0, "("),
        ("a b)", 3, ")"),
        ("()", 0, "()"),
        ("OR a", 0, "OR"),
        ("a OR", 2, "OR"),
        ("a OR OR b", 2, "OR"),
        ("a - b", 2, "-"),
        ("a -", 2, "-"),
        ("foo:bar", 0, "foo"),
        ("type:ship colour:blue", 10, "colour"),
        ("speed>=fast", 7, "fast"),
        ("speed>=6.5", 7, "6.5"),
        ("cost>", 0, "cost>"),
        ("rarity:epic", 7, "epic"),
        ("size:XL", 5, "XL"),
        ("weapon:phaser", 7, "phaser"),
        ("weapon>3", 6, ">"),
        ('""', 0, '""'),
    ],
)
def test_malformed_query_names_position_and_term(text, position, term):
    with pytest.raises(QuerySyntaxError) as caught:
        parse_query(text)
    assert (caught.value.position, caught.value.term) == (position, term)
    assert text[caught.value.position :].startswith(caught.value.term)
    assert caught.value.message


@pytest.mark.parametrize(
    "text",
    [
        '"open',
        "- x",
        "a OR",
        "()",
        "(a",
        "a)",
        '""',
        "zz:1",
        "speed:",
        "speed>=x",
        "name>1",
        "rarity:epic",
        "a\x00",
    ],
)
def test_every_syntax_error_has_its_own_message_in_both_languages(text):
    from django.utils import translation

    from cardbase.search.messages import SYNTAX_MESSAGES

    with pytest.raises(QuerySyntaxError) as caught:
        parse_query(text)
    assert caught.value.code in SYNTAX_MESSAGES
    with translation.override("en"):
        english = caught.value.message
    with translation.override("ru"):
        russian = caught.value.message
    assert english.isascii() and russian != english and "%(" not in russian + english


def test_error_message_follows_the_active_language():
    from django.utils import translation

    with pytest.raises(QuerySyntaxError) as caught:
        parse_query("rarity:epic")
    with translation.override("ru"):
        assert caught.value.message.startswith("Неизвестное значение «epic»")
    with translation.override("en"):
        assert caught.value.message.startswith("unknown rarity value 'epic'")
    assert isinstance(caught.value, ValueError)


def test_syntax_lists_every_keyword_with_both_languages_and_a_parsing_example():
    from django.utils import translation

    keywords = {str(entry.keyword).split(",")[0] for entry in SYNTAX}
    assert {field.name for field in FIELDS} <= keywords
    for keyword, description, example in SYNTAX:
        with translation.override("en"):
            english = str(description)
        with translation.override("ru"):
            russian = str(description)
        assert keyword and english
        assert russian != english, english
        parse_query(example)


def test_search_syntax_doc_covers_every_keyword():
    from django.conf import settings

    doc = (settings.BASE_DIR / "docs" / "search-syntax.md").read_text(encoding="utf-8")
    for field in FIELDS:
        assert f"| `{field.name}` |" in doc, field.name
