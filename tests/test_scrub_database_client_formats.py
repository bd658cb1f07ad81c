# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Database clients' and servers' own formats (stop 54, scrubber 1.56.0; issue 35).

The tune misses and damage of batch 103 (``tests/outside_corpus/SOURCE.md``, "The stop-103
collection": database servers' and clients' logs), each read by its tool's documented format:

* the mongo shell's password option (mongosh's and the legacy ``mongo`` shell's ``-p``/
  ``--password <password>``, also mongodump's, mongorestore's, mongoexport's and mongoimport's),
  only in a command the program starts and where ``-u``/``--username`` names the user first:
  in ``psql``, ``redis-cli``, ``cqlsh`` and ``docker run`` ``-p`` is something else
  (``recognizers.yaml``'s ``mongo_p_flag``);
* SQL*Plus's logon ``username[/password][@connect_identifier]`` (Oracle's SQL*Plus User's
  Guide, "SQLPLUS Program Syntax" and ``CONNECT``), after ``sqlplus`` and after ``conn``/
  ``connect`` at a ``SQL>`` prompt, a password with special characters in double quotes
  (``sqlplus_logon_password``); Oracle's documented defaults (``change_on_install``, the demo
  schema's ``tiger``) are kept (``allow.yaml``'s ``default_passwords``);
* SQL Server's error 18456, ``Login failed for user '<DOMAIN>\\<login>'``: the Windows account
  after the domain is a login (``user_names.yaml``'s ``sqlserver_login_failed``); built-in
  principals (``NT AUTHORITY\\…``, ``NT SERVICE\\…``, ``IIS APPPOOL\\…``) and placeholders stay;
* a database URL's user that the same text declares as a database user (a manifest's
  ``users:`` item with ``db:`` beside its ``name:``, SQL's ``CREATE USER``, the mongo shell's
  ``createUser``) names an application, not a person: it is not learned from the URL
  (``engine._declared_database_users``); the URL's password still goes.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was written: texts
of the same shape that name nobody (or hold only public material), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

MONGO_NOBODY = [
    "++ /usr/bin/mongo -u root -p --authenticationDatabase admin\n",
    "mongosh --host db.internal -u admin -p\n",
    "root@ubuntu:~# mongo ${MONGOHOST}:${MONGOPORT}/admin -u mongo -p $MONGOPASSWORD\n",
    'mongosh --host db -u app -p "${MONGO_PASSWORD}" --authenticationDatabase admin\n',
    "mongodump -u backup -p '<password>' --out /backup\n",
    "mongo -u admin -p******** admin\n",
    "mongo -u root -pXXXXXXXX --authenticationDatabase admin\n",
    "mongo -u root -p<password> --authenticationDatabase admin\n",
    "mongo -u root -p$MONGO_PASS --authenticationDatabase admin\n",
    "mongorestore -u root -p password --drop /dump\n",
    "mongo -u root -p example --authenticationDatabase admin\n",
    "mongo -u admin -p admin\n",
    "$ psql -h localhost -p 5433 -U postgres -d app\n",
    "./redis-cli -h 10.0.0.5 -p 6380 --user default ping\n",
    "docker run -d --name mongo -u 999 -p 27017:27017 mongo:6\n",
    "docker run --name mongodb -p 27018:27017 -d mongo\n",
    "cqlsh -u cassandra -p cassandra 127.0.0.1 9042\n",
    "mongo --port 27017 --host 127.0.0.1\n",
    "docker exec -it mongo mkdir -p /data/backup\n",
    "docker exec mongo mkdir -p /data/backup\n",
    "mongo --quiet --eval 'db.version()'; mkdir -p /data/db\n",
    "mongo admin --eval 'db.runCommand({ping: 1})' | grep -p ok\n",
    '2016-09-07T15:26:25.776+0200 Error: 18 { ok: 0.0, errmsg: "auth failed", code: 18 } at src/mongo/shell/db.js:1292\n',
]

SQLPLUS_NOBODY = [
    "sqlplus / as sysdba\n",
    "sqlplus -s /nolog\n",
    "sqlplus -L sys/change_on_install@172.16.72.129:32775/ORCL AS SYSDBA\n",
    "sqlplus scott/tiger@orcl\n",
    "SQL> connect scott/tiger\n",
    "sqlplus my_user/my_password@//localhost:1521/ORCLCDB\n",
    "sqlplus username/password@//hostname:1521/service_name\n",
    "sqlplus FORP_C016_SAS_QUERY/xxxxxxxx@CCFRDEN_PROD\n",
    "sqlplus 'PDBADMIN/\"<password>\"@localhost:1521/TESTDBPDB1'\n",
    "sqlplus system/$ORACLE_PWD@//localhost:1521/XEPDB1\n",
    "SQL> conn c##testaccount/test1234@//localhost:1521/ORCLPDB1 as sysdba\n",
    "sqlplus hr/hr@localhost:1521/XEPDB1\n",
    "sqlplus hr@//localhost:1521/XEPDB1\n",
    "SQL> conn / as sysdba\n",
    "sqlplus -s ${DB_USER}/${DB_PASS}@${DB_TNS}\n",
    "ORA-01017: invalid username/password; logon denied\n",
    "SP2-0751: Unable to connect to Oracle.  Exiting SQL*Plus\n",
    "Usage 1: sqlplus -H | -V\n    <logon> is: {<username>[/<password>][@<connect_identifier>] | / } [AS {SYSDBA | SYSOPER}]\n",
]

SQLSERVER_NOBODY = [
    "Login failed for user 'sa'. Reason: Password did not match that for the login provided. [CLIENT: 109.228.254.187]\n",
    "[28000] [Microsoft][ODBC Driver 17 for SQL Server][SQL Server]Login failed for user 'NT AUTHORITY\\\\ANONYMOUS LOGON'. (18456) (SQLDriverConnect)\n",
    "Login failed for user 'NT AUTHORITY\\SYSTEM'. Reason: Failed to open the explicitly specified database 'master'. [CLIENT: <local machine>]\n",
    "Login failed for user 'NT SERVICE\\MSSQLSERVER'.\n",
    "Login failed for user 'IIS APPPOOL\\DefaultAppPool'.\n",
    "ConnectionError: Login failed for user 'DOMAIN\\username'. code: 'ELOGIN'\n",
    "[28000] [Microsoft][ODBC Driver 11 for SQL Server][SQL Server]Login failed for user 'domain\\\\user'. (18456) Invalid connection string attribute (0)\n",
    "[28000] [Microsoft][ODBC Driver 18 for SQL Server][SQL Server]Login failed for user '{domain}//{username}'. (18456)\n",
    "mssql: Error 18456: Login failed for user 'username-here'.\n",
    "Login failed for user '<token-identified principal>'.\n",
    "Login failed for user ''. The user is not associated with a trusted SQL Server connection.\n",
    "Login failed for user 'MYDOMAIN\\MACHINE01$'. Reason: Could not find a login matching the name provided.\n",
    "Login failed for user 'BUILTIN\\Administrators'.\n",
    "Login failed for user 'CONTOSO\\<user>'.\n",
    "Login failed for user 'DOMAIN\\\\USERNAME'. (18456)\n",
]

DATABASE_USER_NOBODY = [
    "`mongodb://my-user:<password>@mongodb-0.mongodb-svc.default.svc.cluster.local/admin?replicaSet=mongodb`\n",
    "mongodb://app:${MONGO_PASSWORD}@mongodb-0.mongodb-svc.default.svc.cluster.local/app-dev?replicaSet=mongodb\n",
    "mongodb+srv://<username>:<password>@cluster0.abcde.mongodb.net/test\n",
    "mongodb://root:example@mongo:27017/\n",
    "postgresql://postgres:postgres@localhost:5432/postgres\n",
    "  users:\n    - name: orders\n      db: shop\n      passwordSecretRef:\n        name: orders-password\n      roles:\n        - name: readWrite\n          db: shop\nmongodb://orders:<password>@mongodb-0.mongodb-svc/shop?replicaSet=mongodb\n",
    "  users:\n    - name: lrdq\n      db: admin\n      passwordSecretRef:\n        name: lrdq-password\nmongodb://lrdq:${PASSWORD}@mongodb-0.mongodb-svc.default.svc.cluster.local/lrdq-dev\n",
    "  users:\n  - db: reports\n    name: rptsvc\n    roles: []\n  mongodb://rptsvc:<password>@mongo-0.mongo/reports\n",
    "CREATE USER wkflow WITH PASSWORD '<password>';\nGRANT ALL ON DATABASE flows TO wkflow;\npostgresql://wkflow:<password>@db:5432/flows\n",
    "create user billsvc identified by <password>;\njdbc:oracle:thin:billsvc/<password>@//db:1521/XEPDB1\nmysql://billsvc:<password>@db/bills\n",
    'db.createUser({ user: "tallyx", pwd: passwordPrompt(), roles: [ { role: "readWrite", db: "tally" } ] })\nmongodb://tallyx:<password>@localhost:27017/tally\n',
    "CREATE ROLE shopapp LOGIN PASSWORD '<password>';\npostgres://shopapp:<password>@localhost/shop\n",
]


@pytest.mark.parametrize(
    "text", MONGO_NOBODY + SQLPLUS_NOBODY + SQLSERVER_NOBODY + DATABASE_USER_NOBODY
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


# (text, the secret that must be gone, what must stay)
SECRETS_GO = [
    (
        "++ /usr/bin/mongo -u root -pkT4mRqa9 --authenticationDatabase admin\n",
        "kT4mRqa9",
        "/usr/bin/mongo -u root -p",
    ),
    ("mongosh -u admin -p Vq7rLw2xPz --authenticationDatabase admin\n", "Vq7rLw2xPz", " -p "),
    (
        "$ mongodump --host db -u backup -p 'h8Gk2mQzR4' --out /backup\n",
        "h8Gk2mQzR4",
        " --out /backup",
    ),
    (
        "sqlplus 'ADMIN/\"52hQ_w8#vR94\"@localhost:1521/ORCLPDB1'\n",
        "52hQ_w8#vR94",
        "@localhost:1521/ORCLPDB1",
    ),
    ("sqlplus hr_app/Tr0ub4dor9@//db.example.com:1521/XEPDB1\n", "Tr0ub4dor9", "sqlplus hr_app/"),
    ("SQL> conn system/Kp9wQz3mLx as sysdba\nConnected.\n", "Kp9wQz3mLx", " as sysdba"),
    ("SQL> CONNECT appuser/Zr8tNe4kQw@orclpdb1\n", "Zr8tNe4kQw", "@orclpdb1"),
]


@pytest.mark.parametrize(("text", "value", "kept"), SECRETS_GO)
def test_database_client_passwords_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


# (text, the login that must be gone from the whole text, what must stay)
LOGINS_GO = [
    (
        "[28000] [Microsoft][ODBC Driver 17 for SQL Server][SQL Server]Login failed for user 'DHS\\\\mlang7'. (18456) (SQLDriverConnect); [28000] [Microsoft][ODBC Driver 17 for SQL Server][SQL Server]Login failed for user 'DHS\\\\mlang7'. (18456)\n",
        "mlang7",
        "[SQL Server]Login failed for user 'DHS",
    ),
    (
        "django.db.utils.InterfaceError: ('28000', \"[28000] [Microsoft][ODBC Driver 17 for SQL Server][SQL Server]Login failed for user 'CORP\\\\QX0415826'. (18456)\")\n",
        "QX0415826",
        "Login failed for user 'CORP",
    ),
    (
        "Login failed for user 'CONTOSO\\jdoakes'. Reason: Token-based server access validation failed.\nC:\\Users\\jdoakes\\source\\app\n",
        "jdoakes",
        "Reason: Token-based server access validation failed.",
    ),
    (
        "  users:\n    - name: app\n      db: admin\nmongodb://kvarl:Hq7mZp2rTw@mongo-0.mongo/app\n[kvarl@box ~]$ mongosh\n",
        "kvarl",
        "mongodb://",
    ),
]


@pytest.mark.parametrize(("text", "value", "kept"), LOGINS_GO)
def test_database_logins_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


def test_a_declared_database_user_keeps_its_url_user_but_loses_its_password(
    engine: Scrubber,
) -> None:
    text = (
        "  users:\n    - name: lrdq\n      db: admin\n      passwordSecretRef:\n"
        "        name: lrdq-password\n"
        "mongodb://lrdq:Wq8nT3vZk2Lp@mongodb-0.mongodb-svc.default.svc.cluster.local/lrdq-dev\n"
    )
    out = scrubbed(engine, text)
    assert "Wq8nT3vZk2Lp" not in out, out
    assert out.count("lrdq") == text.count("lrdq"), out
