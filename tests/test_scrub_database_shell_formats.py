# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Database client shells as people paste them (stop 61, scrubber 1.148.0; issue 35).

The tune misses and damage of batch 180 (``tests/outside_corpus/SOURCE.md``, "The stop-180
collection"), fixed by rules that read the tools' documented formats:

* ``engine._database_named_after``: a database URL's login (``user_names.yaml``'s
  ``database_url_login``: ``mongodb://``, ``mongodb+srv://``, ``postgres(ql)://``,
  ``mysql://``, ``mariadb://``…) whose URL names a database made of that login and a number
  (``mongodb://<u>:<pw>@host/<u>088``, the per-user database a shared server hands out) is in
  that database's name wherever the text repeats it (``connecting to:``, ``show dbs``); the
  login's part of each whole occurrence goes. The login alone as a database (an application's
  own role and data, 1.68.0's ``matcher``) teaches nothing, as before;
* ``_role_words_only`` reads ``my``/``your`` before role words as a documentation's example
  account (the MongoDB manual's ``mongodb://myUserAdmin:abc123@localhost/test``);
* ``recognizers.yaml``'s ``sqlcmd_p_flag``: SQL Server's ``sqlcmd``, ``bcp`` and ``osql``
  ``-P password`` (Microsoft Learn, "sqlcmd utility", "bcp utility"), quoted or not;
* ``allow.yaml``'s ``bracketed_placeholder_value`` (``-p[PASSWORD]``) and
  ``documented_default_database_password`` (Apache Cassandra's ``cassandra``), and
  ``password_word`` ends a value before a sentence's full stop
  (``CASSANDRA_PASSWORD=cassandra. This is …``).

The ``*_NOBODY`` lists are the harm hunts the rules were attacked with before they were kept:
texts of the same shape, from other tools of the same class, that name nobody.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

DATABASE_URL_NOBODY = [
    "PS C:\\WINDOWS\\system32> mongo mongodb://admin:<???>@10.0.0.5:27017/admin\nconnecting to: mongodb://10.0.0.5:27017/admin?gssapiServiceName=mongodb\n",
    "mongo mongodb://root:<password>@localhost:27017/test\nconnecting to: mongodb://localhost:27017/test\n",
    "mongo mongodb://test:<???>@10.0.0.5:27017/test001\n> show dbs\nadmin    0.000GB\nconfig   0.000GB\nlocal    0.000GB\ntest001  0.000GB\n",
    "mongo mongodb://user:pass@db.example.com:27017/mydb088\n> show dbs\nmydb088  0.000GB\n",
    'mongosh "mongodb+srv://<username>:<password>@cluster0.abcde.mongodb.net/myFirstDatabase"\n',
    "mongosh mongodb://myUserAdmin:abc123@localhost/test\n",
    "mongosh mongodb://myUserAdmin:abc123@localhost:27017/?authSource=admin\n",
    "psql postgres://postgres:postgres@localhost:5432/postgres\npsql (14.5)\npostgres=#\n",
    "DATABASE_URL=postgresql://postgres:postgres@db:5432/app001\n\\c app001\n",
    "mysql://root:<password>@127.0.0.1:3306/shop001\nUSE shop001;\n",
    "redis-cli -u redis://default:<password>@localhost:6379/0\n",
    "amqp://guest:guest@localhost:5672/\n",
    "> show dbs\nadmin   0.000GB\nconfig  0.000GB\nlocal   0.000GB\nshop001 0.000GB\n",
    'mongosh "mongodb+srv://cluster0.example.mongodb.net/" --apiVersion 1 --username <db_username>\n',
    "mongo localhost:27017 -u my-user -p <password>\n",
]

DATABASE_URL_GO = [
    (
        "PS C:\\WINDOWS\\system32> mongo mongodb://hwen:<???>@10.1.2.3:27017/hwen088\nMongoDB shell version v4.0.3\nconnecting to: mongodb://10.1.2.3:27017/hwen088?gssapiServiceName=mongodb\n> show dbs\nadmin    0.000GB\nhwen088  0.000GB\n",
        "hwen",
        [
            "connecting to: mongodb://10.1.2.3:27017/",
            "088?gssapiServiceName=mongodb",
            "admin    0.000GB",
        ],
    ),
    (
        'mongosh "mongodb+srv://tkessler:<password>@cluster0.abcde.mongodb.net/tkessler42?retryWrites=true"\nAtlas atlas-x [primary] tkessler42> db.getName()\ntkessler42\n',
        "tkessler",
        "42?retryWrites=true",
    ),
    (
        "$ psql postgresql://kmarlow:<pw>@db.internal:5432/kmarlow01\npsql (15.2)\nkmarlow01=> \\c kmarlow01\n",
        "kmarlow",
        "psql (15.2)",
    ),
    (
        "mysql://rvance:<password>@10.0.0.3:3306/rvance2024\nERROR 1049 (42000): Unknown database 'rvance2024'\n",
        "rvance",
        "ERROR 1049 (42000): Unknown database '",
    ),
]


@pytest.mark.parametrize("text", DATABASE_URL_NOBODY)
def test_database_url_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), DATABASE_URL_GO)
def test_database_named_after_the_login_goes(
    engine: Scrubber, text: str, value: str, kept: str | list[str]
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


def test_database_named_the_login_alone_stays_outside_the_url(engine: Scrubber) -> None:
    # the login alone as the database is an application's own role as often (1.68.0's
    # osm2pgsql ``matcher``): replaced in the userinfo only, as before
    out = scrubbed(engine, "postgresql://gazetteer:<pw>@localhost/gazetteer\n\\c gazetteer\n")
    assert out.count("gazetteer") == 2, out


SQLCMD_NOBODY = [
    'sqlcmd -S localhost -U SA -P "<YourStrong@Passw0rd>"\n',
    'docker exec -it sql1 /opt/mssql-tools/bin/sqlcmd -S localhost -U SA -P "yourStrong(!)Password"\n',
    'sqlcmd -S 127.0.0.1,1433 -U SA -P "<password>"\n',
    'sqlcmd -S localhost -U sa -P "$SA_PASSWORD" -Q "SELECT @@VERSION"\n',
    "sqlcmd -S localhost -U sa -P $env:MSSQL_SA_PASSWORD\n",
    "sqlcmd -S localhost -U sa -Pxxxxxx\n",
    "sqlcmd -S localhost -U SA\nPassword:\n",
    "Sqlcmd: Error: Microsoft ODBC Driver 17 for SQL Server : Login failed for user 'SA'..\n",
    'sqlcmd -S . -E -p -Q "SELECT 1"\n',
    "bcp dbo.Orders out orders.dat -S srv01 -T -c\n",
    "docker run -e ACCEPT_EULA=Y -p 1433:1433 -d mcr.microsoft.com/mssql/server:2022-latest\n",
    'sqlcmd -S tcp:db01,1433 -U sa -P -Q "SELECT 1"\n',
]

SQLCMD_GO = [
    (
        'sqlcmd -S 127.0.0.1,1433 -U SA -P "Kestrel913"\n',
        "Kestrel913",
        'sqlcmd -S 127.0.0.1,1433 -U SA -P "',
    ),
    ("/opt/mssql-tools18/bin/sqlcmd -S localhost -U sa -PBlu3Heron!x -C\n", "Blu3Heron!x", " -C"),
    ("bcp dbo.t in t.dat -S srv -U loader -P Tq7w9zLm -c\n", "Tq7w9zLm", "bcp dbo.t in t.dat"),
    ("osql -S srv -U sa -P 'Wombat#44'\n", "Wombat#44", "osql -S srv -U sa -P '"),
]


@pytest.mark.parametrize("text", SQLCMD_NOBODY)
def test_sqlcmd_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), SQLCMD_GO)
def test_sqlcmd_password_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


PLACEHOLDER_AND_DEFAULT_NOBODY = [
    "root@dff7a845ed01:/# mysql -h[SERVER] -u[USER] -p[PASSWORD]\nmysql: [Warning] Using a password on the command line interface can be insecure.\n",
    "root@dff7a845ed01:/# mysql -h[SERVER] -u[USER] -p[PASSWORD] --disable-ssl\n",
    "mysql -h<host> -u<user> -p<password>\n",
    "mysql -h db -u app -p${DB_PASSWORD}\n",
    'mysql -u root -p"$MYSQL_ROOT_PASSWORD"\n',
    "mysql -h[SERVER] -u[USER] --disable-ssl\n",
    "> cqlsh -u cassandra -p cassandra\n",
    "cqlsh -u cassandra -p $CASSANDRA_PASSWORD\n",
    "CASSANDRA_PASSWORD=cassandra\n",
    "CASSANDRA_PASSWORD=\n",
    "docker run -d --name cassandra -e CASSANDRA_PASSWORD=cassandra bitnami/cassandra:latest\n",
    "dbUser:\n  user: cassandra\n  password: cassandra\n",
    'export CASSANDRA_PASSWORD=$(kubectl get secret --namespace default my-release-cassandra -o jsonpath="{.data.cassandra-password}" | base64 -d)\n',
    "cassandra 11:09:12.28 WARN  ==> You set the environment variable CASSANDRA_PASSWORD=cassandra. This is the default value when bootstrapping Cassandra and should not be used in production environments.\n",
]

PLACEHOLDER_AND_DEFAULT_GO = [
    ("mysql -h db -u root -pK7v9Qx2m\n", "K7v9Qx2m", "mysql -h db -u root -p"),
    (
        "WARN  ==> You set the environment variable CASSANDRA_PASSWORD=Pelican77. This is not the default value.\n",
        "Pelican77",
        ". This is not the default value.",
    ),
    ("mysql -u root -p[Qx7wLm9]\n", "Qx7wLm9", "mysql -u root -p"),
    ("password: Cassandra2024.\n", "Cassandra2024", "password: "),
]


@pytest.mark.parametrize("text", PLACEHOLDER_AND_DEFAULT_NOBODY)
def test_placeholder_and_default_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), PLACEHOLDER_AND_DEFAULT_GO)
def test_password_beside_placeholders_goes(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)
