# ruff: noqa: E501  (servers' lines are kept whole, as they are written)
"""Database servers' accounts in their documented messages, statements and listings (stop 61,
scrubber 1.153.0; issue 35; a class rule, seen in no tune batch's misses).

* (written, harm-hunted and taken out before the commit: earlier stops' kept texts hold
  applications' roles in the same messages) ``postgres_server_role``: PostgreSQL's refusals
  (src/backend/libpq/auth.c: ``password authentication failed for user "u"``, ``Peer``,
  ``Ident`` and the other methods; ``no pg_hba.conf entry for host "h", user "u", …``;
  miscinit.c: ``role "u" does not exist``);
* ``psql_du_role``: a row of psql's ``\\du`` listing (psql's manual; describe.c's attributes);
* ``mysql_account_name`` (``scrubbers/user_names.yaml``): MySQL's account names (``'u'@'h'``)
  in ``ALTER``/``DROP``/``RENAME USER`` (not ``CREATE USER``: a declared account is an
  application's, stop 54), ``SET PASSWORD FOR``, ``SHOW GRANTS FOR``, ``GRANT … TO``, ``DEFINER=``, and
  ``SHOW GRANTS``' header ``Grants for u@h`` (MySQL manual, "Specifying Account Names");
* ``mongodb_user_name``: ``db.getUsers()`` documents (``_id`` beside ``userId``),
  the user methods (not mongod's log, nor ``db.createUser``: a declared account is an
  application's, stop 54);
* (taken out too) ``sqlserver_sql_login_failed``: error 18456's ``Login failed for user 'u'.`` without a domain;
* (taken out too) ``sqlplus_logon``: SQL*Plus's ``CONNECT u/p@db`` and ``sqlplus u/p@db``.

``DB_ACCOUNTS_NOBODY`` is the harm hunt the rules were attacked with before they were kept: the
servers' own, built-in, sample and placeholder accounts in the same places, which must stay.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

DB_ACCOUNTS_NOBODY = [
    # PostgreSQL
    'psql: error: connection to server at "localhost" (127.0.0.1), port 5432 failed: FATAL:  password authentication failed for user "postgres"\n',
    'FATAL:  role "root" does not exist\n',
    'psql: error: FATAL:  role "postgres" does not exist\n',
    'FATAL:  Peer authentication failed for user "postgres"\n',
    'FATAL:  password authentication failed for user "<username>"\n',
    'FATAL:  password authentication failed for user "user"\n',
    'FATAL:  password authentication failed for user "myuser"\n',
    'FATAL:  no pg_hba.conf entry for host "172.17.0.1", user "postgres", database "postgres", SSL off\n',
    'FATAL:  no pg_hba.conf entry for replication connection from host "10.0.0.2", user "replicator", no encryption\n',
    'FATAL:  pg_hba.conf rejects connection for host "127.0.0.1", user "postgres", database "template1", SSL off\n',
    'ERROR:  role "pg_monitor" does not exist\n',
    'ERROR:  role "test" does not exist\n',
    'FATAL:  database "shop" does not exist\n',
    'ERROR:  relation "users" does not exist\n',
    "                                   List of roles\n Role name |                         Attributes\n-----------+------------------------------------------------------------\n postgres  | Superuser, Create role, Create DB, Replication, Bypass RLS\n",
    "                                   List of roles\n Role name |                         Attributes                         | Member of\n-----------+------------------------------------------------------------+-----------\n postgres  | Superuser, Create role, Create DB, Replication, Bypass RLS | {}\n replicator | Replication                                               | {}\n",
    " Role name | Attributes\n-----------+------------\n rdsadmin  | Superuser, Create role, Create DB, Replication, Bypass RLS\n cloudsqlsuperuser | Create role, Create DB\n",
    # MySQL / MariaDB
    "CREATE USER 'root'@'localhost' IDENTIFIED BY 'password';\n",
    "GRANT ALL PRIVILEGES ON *.* TO 'root'@'%' WITH GRANT OPTION;\n",
    "CREATE USER 'myuser'@'localhost' IDENTIFIED BY 'mypassword';\nGRANT ALL ON mydb.* TO 'myuser'@'localhost';\n",
    "CREATE USER 'username'@'localhost' IDENTIFIED BY 'password';\n",
    "GRANT SELECT ON performance_schema.* TO `mysql.session`@`localhost`\n",
    "+------------------------------------------------------+\n| Grants for mysql.sys@localhost                       |\n+------------------------------------------------------+\n| GRANT USAGE ON *.* TO `mysql.sys`@`localhost`        |\n+------------------------------------------------------+\n",
    "GRANT ALL PRIVILEGES ON *.* TO 'debian-sys-maint'@'localhost' WITH GRANT OPTION\n",
    "ALTER USER 'root'@'localhost' IDENTIFIED WITH mysql_native_password BY 'password';\n",
    "CREATE DEFINER=`mariadb.sys`@`localhost` SQL SECURITY DEFINER VIEW `mysql`.`user` AS select 1\n",
    "/*!50013 DEFINER=`root`@`localhost` SQL SECURITY DEFINER */\n",
    "SHOW GRANTS FOR 'admin'@'%';\n",
    "GRANT REPLICATION SLAVE ON *.* TO 'replicator'@'%';\n",
    "Grants for root@localhost\n",
    "GRANT ALL ON db.* TO 'user'@'localhost';\n",
    "CREATE USER 'test'@'localhost';\n",
    "INSERT INTO t VALUES ('a'@'b');\n",
    # MongoDB
    '[\n\t{\n\t\t"_id" : "admin.admin",\n\t\t"user" : "admin",\n\t\t"db" : "admin",\n\t\t"roles" : [ { "role" : "root", "db" : "admin" } ]\n\t}\n]\n',
    'db.createUser({user: "admin", pwd: passwordPrompt(), roles: [{role: "userAdminAnyDatabase", db: "admin"}]})\n',
    'db.createUser(\n  {\n    user: "myuser",\n    pwd: "password",\n    roles: [ "readWrite" ]\n  }\n)\n',
    'db.createUser({ user: "<username>", pwd: "<password>", roles: [] })\n',
    # an account the text declares names an application (stop 54's _declared_database_users):
    # 1.153.0 read createUser's and CREATE USER's account, the union's fast tier found it
    'db.createUser({user: "jdoyle", pwd: passwordPrompt(), roles: ["readWrite"]})\n',
    "CREATE USER 'okafor'@'%' IDENTIFIED BY '<password>';\n",
    'db.getUser("root")\n',
    'db.dropUser("test")\n',
    '{ "role" : "readWrite", "db" : "test" }\n',
    '{"attr":{"mechanism":"SCRAM-SHA-256","principalName":"admin","authenticationDatabase":"admin"}}\n',
    'UserNotFound: Could not find user "root" for db "admin"\n',
    # SQL Server
    "Login failed for user 'sa'. Reason: Password did not match that for the login provided. [CLIENT: 10.0.0.5]\n",
    "Login failed for user 'NT AUTHORITY\\ANONYMOUS LOGON'.\n",
    "Login failed for user ''.\n",
    "Login failed for user 'user'.\n",
    # Oracle SQL*Plus
    "SQL> CONNECT scott/tiger@orcl\nConnected.\n",
    "SQL> conn / as sysdba\nConnected.\n",
    "sqlplus / as sysdba\n",
    "SQL> conn c##testaccount/test1234@//localhost:1521/ORCLPDB1\n",
    'FATAL:  password authentication failed for user "testuser"\n',
    '{"attr":{"user":{"user":"app-svc","db":"admin"}}}\n{"attr":{"principalName":"app-svc","error":"UserNotFound: Could not find user \\"app-svc\\" for db \\"admin\\""}}\n',
    "sqlplus scott/tiger@orcl\n",
    "connect to/from the replica over SSH\n",
    "SELECT id FROM t CONNECT BY PRIOR id = parent_id;\n",
    "Connection string: conn = psycopg2.connect(dsn)\n",
    "SQL> connect hr/hr\n",
    "CONNECT username/password@connect_identifier\n",
]

DB_ACCOUNTS_GO = [
    (
        "                                   List of roles\n Role name |                         Attributes\n-----------+------------------------------------------------------------\n jdoyle    | Create DB\n postgres  | Superuser, Create role, Create DB, Replication, Bypass RLS\n",
        "jdoyle",
        " postgres  | Superuser",
    ),
    (
        "GRANT ALL PRIVILEGES ON shop.* TO 'okafor'@'%';\n",
        "okafor",
        "GRANT ALL PRIVILEGES ON shop.*",
    ),
    (
        "+------------------------------------------------------+\n| Grants for tvasquez@localhost                        |\n+------------------------------------------------------+\n| GRANT USAGE ON *.* TO `tvasquez`@`localhost`         |\n",
        "tvasquez",
        "GRANT USAGE ON *.* TO",
    ),
    (
        'rs0:PRIMARY> db.getUsers()\n[\n\t{\n\t\t"_id" : "admin.lmarchetti",\n\t\t"userId" : UUID("6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f"),\n\t\t"user" : "lmarchetti",\n\t\t"db" : "admin",\n\t\t"roles" : [ { "role" : "root", "db" : "admin" } ]\n\t}\n]\n',
        "lmarchetti",
        '"db" : "admin"',
    ),
    (
        "[\n  {\n    _id: 'reporting.hbrandt',\n    userId: UUID('0b7a6f9e-1c2d-4e3f-8a9b-0c1d2e3f4a5b'),\n    user: 'hbrandt',\n    db: 'reporting',\n    roles: [ { role: 'read', db: 'reporting' } ]\n  }\n]\n",
        "hbrandt",
        "userId: UUID(",
    ),
]


@pytest.mark.parametrize("text", DB_ACCOUNTS_NOBODY)
def test_db_account_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), DB_ACCOUNTS_GO)
def test_db_account_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower(), out
    assert kept in out, out
