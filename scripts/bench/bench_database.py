"""The benchmark scripts' PostgreSQL database, wherever their ``*_DATABASE_URL`` points: host,
port, user, password and name all come from the URL (nothing assumes 127.0.0.1, ``postgres`` or
a database name)."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit


def database_name(url: str) -> str:
    return urlsplit(url).path.lstrip("/")


def _maintenance_url(url: str) -> str:
    """The same server and user, connected to the ``postgres`` database."""
    return urlunsplit(urlsplit(url)._replace(path="/postgres"))


def database_ensure(url: str) -> bool:
    """Create the URL's database unless it exists; True when it was created."""
    import psycopg
    from psycopg import sql

    name = database_name(url)
    with psycopg.connect(_maintenance_url(url), autocommit=True) as connection:
        found = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        if found.fetchone():
            return False
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return True


def database_analyze(url: str) -> None:
    """Fresh planner statistics for the rows a benchmark just wrote."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("ANALYZE")
