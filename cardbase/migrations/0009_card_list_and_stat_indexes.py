"""Indexes that keep the card list and stat filters fast at 50,000 cards (PostgreSQL only).

* The list's order is the game's ``sort_order``, then the name, then the id — a column of
  another table, so no index on ``cardbase_card`` could serve it and every page sorted the whole
  catalogue (the last page spilled the sort to disk). ``game_order`` is that game's
  ``sort_order`` copied onto each card by triggers (a card's insert or move to another game,
  a game's new ``sort_order``), and ``cardbase_card_list_order`` indexes the list's order on
  live cards. The column is not a model field: ``cardbase.db_columns.GameOrder`` reads it on
  PostgreSQL and reads the game's row elsewhere. A page's total counts live cards through the
  small ``cardbase_card_live_game`` index instead of reading the wide rows.
* Stat filters (``speed>=6``, ``weapon:plasma``) compare keys of ``attributes``: a b-tree per
  numeric stat the filters read most and a GIN index on the weapon and property maps (their
  ``?`` key test) let the planner count a filter's rows without reading every card.
"""

from django.db import migrations

LIST_INDEX = "cardbase_card_list_order"
COUNT_INDEX = "cardbase_card_live_game"
STAT_PATHS = {  # index name -> the expression Django writes for the lookup
    "cardbase_card_speed": "(attributes -> 'speed')",
    "cardbase_card_strength": "(attributes -> 'strength')",
    "cardbase_card_critical": "(attributes -> 'critical')",
    "cardbase_card_armor": "(attributes -> 'armor')",
    "cardbase_card_initiative": "(attributes -> 'initiative')",
    "cardbase_card_shield_power": "((attributes -> 'shield') -> 'power')",
    "cardbase_card_crew_size": "((attributes -> 'crew') -> 'size')",
}
PRESENCE_PATHS = {
    "cardbase_card_weapons": "(attributes -> 'weapons')",
    "cardbase_card_properties": "(attributes -> 'properties')",
}

# One statement per string: Django sends each with parameters, which allows only one command.
CREATE_SQL = (
    """ALTER TABLE cardbase_card ADD COLUMN IF NOT EXISTS game_order integer NOT NULL DEFAULT 0""",
    """CREATE OR REPLACE FUNCTION cardbase_card_take_game_order() RETURNS trigger AS $$
BEGIN
    NEW.game_order := COALESCE(
        (SELECT sort_order FROM cardbase_game WHERE id = NEW.game_id), 0);
    RETURN NEW;
END $$ LANGUAGE plpgsql""",
    """CREATE OR REPLACE FUNCTION cardbase_game_give_order() RETURNS trigger AS $$
BEGIN
    UPDATE cardbase_card SET game_order = NEW.sort_order WHERE game_id = NEW.id;
    RETURN NULL;
END $$ LANGUAGE plpgsql""",
    "DROP TRIGGER IF EXISTS cardbase_card_game_order ON cardbase_card",
    """CREATE TRIGGER cardbase_card_game_order BEFORE INSERT OR UPDATE OF game_id ON cardbase_card
    FOR EACH ROW EXECUTE FUNCTION cardbase_card_take_game_order()""",
    "DROP TRIGGER IF EXISTS cardbase_game_order_to_cards ON cardbase_game",
    """CREATE TRIGGER cardbase_game_order_to_cards AFTER UPDATE OF sort_order ON cardbase_game
    FOR EACH ROW WHEN (OLD.sort_order IS DISTINCT FROM NEW.sort_order)
    EXECUTE FUNCTION cardbase_game_give_order()""",
    """UPDATE cardbase_card AS card SET game_order = game.sort_order
    FROM cardbase_game AS game WHERE game.id = card.game_id""",
    f"CREATE INDEX IF NOT EXISTS {LIST_INDEX} ON cardbase_card (game_order, name_ru, id) "
    "WHERE NOT retired",
    # Counting a page's total reads this small index, not the wide rows. The list's count
    # still names the release (PostgreSQL removes the join but keeps reading its column).
    f"CREATE INDEX IF NOT EXISTS {COUNT_INDEX} ON cardbase_card (game_id) INCLUDE (release_id) "
    "WHERE NOT retired",
)

DROP_SQL = (
    f"DROP INDEX IF EXISTS {COUNT_INDEX}",
    f"DROP INDEX IF EXISTS {LIST_INDEX}",
    "DROP TRIGGER IF EXISTS cardbase_game_order_to_cards ON cardbase_game",
    "DROP TRIGGER IF EXISTS cardbase_card_game_order ON cardbase_card",
    "DROP FUNCTION IF EXISTS cardbase_game_give_order()",
    "DROP FUNCTION IF EXISTS cardbase_card_take_game_order()",
    "ALTER TABLE cardbase_card DROP COLUMN IF EXISTS game_order",
)


def create(apps, schema_editor) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    for statement in CREATE_SQL:
        schema_editor.execute(statement)
    for name, expression in STAT_PATHS.items():
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON cardbase_card ({expression})")
    for name, expression in PRESENCE_PATHS.items():
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON cardbase_card USING gin ({expression})"
        )


def drop(apps, schema_editor) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in (*STAT_PATHS, *PRESENCE_PATHS):
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")
    for statement in DROP_SQL:
        schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("cardbase", "0008_origin")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
