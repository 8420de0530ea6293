"""A stored ``search_vector`` column on PostgreSQL; nothing on other databases.

0002 indexed ``to_tsvector('russian', search_text)`` as an expression, but whenever the planner
chose a scan (it does on catalogues of a few thousand rows, where index and scan cost about
the same) PostgreSQL computed the vector of every row on every search. A generated, stored
column keeps the vector beside the text it is made from, so a scan reads a ready vector and the
GIN index is on the column. ``cardbase.search.text.text_q`` matches against it. The column is
not a model field: it exists only where the database can compute it, and PostgreSQL writes it.
"""

from django.db import migrations

TABLES = (
    "cardbase_card",
    "cardbase_race",
    "cardbase_tech",
    "cardbase_sector",
    "cardbase_advisor",
    "cardbase_component",
)
OLD_FTS_INDEX = "cardbase_card_search_fts"  # 0002's expression index, replaced


def add_vectors(apps, schema_editor) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in TABLES:
        schema_editor.execute(
            f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS search_vector tsvector "
            "GENERATED ALWAYS AS "
            "(to_tsvector('russian'::regconfig, COALESCE(search_text, ''::text))) STORED"
        )
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {table}_search_vector ON {table} "
            "USING gin (search_vector)"
        )
    schema_editor.execute(f"DROP INDEX IF EXISTS {OLD_FTS_INDEX}")


def drop_vectors(apps, schema_editor) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {OLD_FTS_INDEX} ON cardbase_card USING gin "
        "(to_tsvector('russian'::regconfig, COALESCE(search_text, ''::text)))"
    )
    for table in TABLES:
        schema_editor.execute(f"ALTER TABLE {table} DROP COLUMN IF EXISTS search_vector")


class Migration(migrations.Migration):
    dependencies = [("cardbase", "0004_search_text_with_attributes")]

    operations = [migrations.RunPython(add_vectors, drop_vectors, elidable=False)]
