"""Indexes for the card text search on PostgreSQL; nothing on other databases.

``cardbase.search.text.text_q`` matches a word as ``to_tsvector('russian', search_text) @@
prefix query OR search_text LIKE '%word%'``. Without indexes PostgreSQL computed the tsvector
of every card for every search (and twice: the page and its count). A GIN index on exactly that
expression serves the first half, a trigram GIN index (``pg_trgm``) the ``LIKE``, and together
they let the planner answer the ``OR`` with a bitmap of both.

Where ``pg_trgm`` cannot be installed (no privilege) only the full-text index is built: search
still works, the ``LIKE`` half is then a scan.
"""

from django.db import DatabaseError, migrations, transaction

FTS_INDEX = "cardbase_card_search_fts"
TRGM_INDEX = "cardbase_card_search_trgm"


def create_indexes(apps, schema_editor) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    # The expression must be the one Django writes for SearchVector("search_text",
    # config="russian") with its parameters inlined, or the planner will not use the index.
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {FTS_INDEX} ON cardbase_card USING gin "
        "(to_tsvector('russian'::regconfig, COALESCE(search_text, ''::text)))"
    )
    try:
        with transaction.atomic(using=schema_editor.connection.alias):
            schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except DatabaseError:  # no privilege, or no contrib package: keep the FTS index only
        return
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {TRGM_INDEX} ON cardbase_card USING gin "
        "(search_text gin_trgm_ops)"
    )


def drop_indexes(apps, schema_editor) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP INDEX IF EXISTS {TRGM_INDEX}")
    schema_editor.execute(f"DROP INDEX IF EXISTS {FTS_INDEX}")


class Migration(migrations.Migration):
    dependencies = [("cardbase", "0001_initial")]

    operations = [migrations.RunPython(create_indexes, drop_indexes, elidable=False)]
