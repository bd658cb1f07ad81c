# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Data-engineering orchestration tools' pastes (stop 59, scrubber 1.120.0; issue 35).

The tune misses and damage of batch 165 (``tests/outside_corpus/SOURCE.md``, "The stop-165
collection"), and a one-pass-final bug found while writing its record, fixed by general rules:

* A URL's password equal to its login (``engine._login_and_same_password``,
  ``engine._url_password_is_name_fixture``): the fixture map gives one original one fixture,
  so a password that is the login a rule replaced got the login's ``user1``
  (``postgresql://bob:bob@…`` became ``user1:user1@…``, or ``user1:bob@…`` when the password
  was too short to be judged a secret: the login given away), and a second scrub read
  ``user1`` as a password and made it ``FAKE1``. Now a database URL's password equal to its
  login goes with the login, and a URL password that is a login's fixture (``user<n>``) is the
  scrub's own, kept on a second pass (as a name's fixture under ``token:`` already was).
* ``orchestration_image_defaults`` (``scrubbers/allow.yaml``) and ``airflow``/``superset`` in
  ``words.yaml``'s ``system_accounts``: the database account and password data-engineering
  images document as their default, the image's name (Apache Airflow's docker-compose.yaml and
  puckel/docker-airflow: ``airflow``/``airflow``/``airflow``; apache/superset's docker/.env:
  ``superset``), and the account the image runs as (``airflow@<container>:/opt/airflow$``,
  ``/home/airflow/.local/…``).
* ``published_default_fernet_key`` (``scrubbers/allow.yaml``): puckel/docker-airflow's own
  published ``FERNET_KEY``.
* ``stand_in_organisation_domains`` (``scrubbers/allow.yaml``): an address at ``myorg.com``,
  ``mycompany.com``, ``yourcompany.com`` and their kin, documentation's stand-in for the
  reader's organisation.
* ``user_record_first_last_name`` (``scrubbers/user_names.yaml``): a user record's
  ``first_name``/``last_name`` (Flask AppBuilder's user model, Airflow's REST API
  ``UserCollectionItem`` as its Python client prints it, ``airflow users list -o json``) and
  its ``username``.

The ``*_NOBODY`` lists are the harm hunt each rule was attacked with before it was kept: texts
of the same shape that name nobody, which must stay as they are.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from intake.scrub import Scrubber
from intake.scrub.files import scrub_file_text
from tests.support.scrubbing import gone_and_kept, scrubbed


def _final_as_file(engine: Scrubber, text: str) -> str:
    """The text scrubbed as a ``.txt`` file (``scrub_file_text``, which settles what re-scans),
    which must also be final, and equal to the plain scrub's output."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "doc.txt"
        once = scrub_file_text(path, text, scrubber=engine).text
        assert scrub_file_text(path, once, scrubber=engine).text == once, once
    return once


# ---- a URL's password equal to its login (one pass is final)

# (text, the login that must go, what stays)
SAME_PASSWORD_GO = [
    ("postgresql://bob:bob@localhost/db\n", "bob", "@localhost/db"),
    (
        "AIRFLOW__CORE__SQL_ALCHEMY_CONN=postgresql+psycopg2://mfoley:mfoley@db.corp-dev.io:5432/airflow\n",
        "mfoley",
        "@db.corp-dev.io:5432/airflow",
    ),
    ("mongodb://kwatts:kwatts@mongo.corp-dev.io:27017/events\n", "kwatts", "@mongo.corp-dev.io"),
    ("DATABASE_URL=mysql://tnakamura:tnakamura@10.0.0.4/app\n", "tnakamura", "@10.0.0.4/app"),
    ("mssql://qzhou:qzhou@sql01.corp-dev.io/reports\n", "qzhou", "@sql01.corp-dev.io/reports"),
    ("remote: https://dkirby:dkirby@git.corp-dev.io/x.git\n", "dkirby", "@git.corp-dev.io/x.git"),
    ("ftp://alicia:alicia@ftp.corp-dev.io/pub/\n", "alicia", "@ftp.corp-dev.io/pub/"),
    (
        "cd /home/ravenna/src\nURL=https://deploy:ravenna@git.corp-dev.io/x.git\n",
        "ravenna",
        "https://deploy:",
    ),
    (
        "cd /home/ravenna/src\nexport DB=postgresql://ravenna:ravenna@db.corp-dev.io/ravenna_dw\n",
        "ravenna",
        "@db.corp-dev.io/",
    ),
]


@pytest.mark.parametrize(("text", "login", "kept"), SAME_PASSWORD_GO)
def test_url_password_equal_to_login_goes_and_is_final(
    engine: Scrubber, text: str, login: str, kept: str
) -> None:
    out = gone_and_kept(engine, text, login, kept)
    assert _final_as_file(engine, text) == out


SAME_PASSWORD_OTHER_GO = [
    # a password that differs from the login (in case, a digit) is a password of its own
    ("postgresql://jdoe7:JDOE7@db.corp-dev.io/sales\n", ["jdoe7", "JDOE7"]),
    ("postgresql://mfoley:mfoley2@db.corp-dev.io/sales\n", ["mfoley", "mfoley2"]),
    ("postgresql://airflow:hunter22@postgres/airflow\n", ["hunter22"]),
    ("postgresql+psycopg2://airflow:Airflow!2@postgres/airflow\n", ["Airflow!2"]),
    ("redis://:s3cr3tRedis@redis:6379/0\n", ["s3cr3tRedis"]),
]


@pytest.mark.parametrize(("text", "gone"), SAME_PASSWORD_OTHER_GO)
def test_url_password_other_than_login_goes(engine: Scrubber, text: str, gone: list[str]) -> None:
    out = gone_and_kept(engine, text, gone)
    assert _final_as_file(engine, text) == out


# ---- images' default accounts and passwords (orchestration_image_defaults, system_accounts)

IMAGE_DEFAULTS_NOBODY = [
    "AIRFLOW__CORE__SQL_ALCHEMY_CONN=postgresql+psycopg2://airflow:airflow@postgres:5432/airflow\n",
    "    AIRFLOW__DATABASE__SQL_ALCHEMY_CONN: postgresql+psycopg2://airflow:airflow@postgres/airflow\n    AIRFLOW__CELERY__RESULT_BACKEND: db+postgresql://airflow:airflow@postgres/airflow\n    AIRFLOW__CELERY__BROKER_URL: redis://:@redis:6379/0\n",
    "            - POSTGRES_USER=airflow\n            - POSTGRES_PASSWORD=airflow\n            - POSTGRES_DB=airflow\n",
    "    environment:\n      POSTGRES_USER: airflow\n      POSTGRES_PASSWORD: airflow\n      POSTGRES_DB: airflow\n",
    "    _AIRFLOW_WWW_USER_USERNAME: ${_AIRFLOW_WWW_USER_USERNAME:-airflow}\n    _AIRFLOW_WWW_USER_PASSWORD: ${_AIRFLOW_WWW_USER_PASSWORD:-airflow}\n",
    "_AIRFLOW_WWW_USER_USERNAME=airflow\n_AIRFLOW_WWW_USER_PASSWORD=airflow\n",
    "airflow@7c2b8e1f0a9d:/opt/airflow$ airflow db check\n",
    '  File "/home/airflow/.local/lib/python3.8/site-packages/airflow/models/dag.py", line 3, in <module>\n',
    "DATABASE_DB=superset\nDATABASE_HOST=db\nDATABASE_PASSWORD=superset\nDATABASE_USER=superset\nPOSTGRES_DB=superset\nPOSTGRES_USER=superset\nPOSTGRES_PASSWORD=superset\n",
    "SQLALCHEMY_DATABASE_URI = 'postgresql+psycopg2://superset:superset@db:5432/superset'\n",
    "superset@4c1d2e3f4a5b:/app$ superset db upgrade\n",
    "postgresql://postgres:postgres@localhost:5432/postgres\n",
    "amqp://guest:guest@rabbitmq:5672//\n",
    "mysql://root:root@db:3306/app\n",
    "POSTGRES_PASSWORD=${POSTGRES_PASSWORD}\nPOSTGRES_PASSWORD=<your-password>\nMYSQL_ROOT_PASSWORD=secret\n",
    "AIRFLOW__SMTP__SMTP_USER=\nAIRFLOW__SMTP__SMTP_PASSWORD=\n",
]


@pytest.mark.parametrize("text", IMAGE_DEFAULTS_NOBODY)
def test_image_defaults_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text
    assert _final_as_file(engine, text) == text


IMAGE_DEFAULTS_GO = [
    (
        "POSTGRES_USER=airflow\nPOSTGRES_PASSWORD=airflow123\nPOSTGRES_DB=airflow\n",
        "airflow123",
        "POSTGRES_USER=airflow",
    ),
    ("POSTGRES_USER: airflow\nPOSTGRES_PASSWORD: Airflow\n", "Airflow\n", "POSTGRES_USER: airflow"),
    (
        "DATABASE_USER=superset\nDATABASE_PASSWORD=superset2024x\n",
        "superset2024x",
        "DATABASE_USER=superset",
    ),
    ("_AIRFLOW_WWW_USER_PASSWORD=airflowpass\n", "airflowpass", "_AIRFLOW_WWW_USER_PASSWORD="),
    ("postgresql+psycopg2://superset:Kq7v9Zt2x@db:5432/superset\n", "Kq7v9Zt2x", "superset:"),
    ("cd /home/mfoley/airflow\nairflow@mfoley-dev:~$ ls\n", "mfoley", "airflow@"),
]


@pytest.mark.parametrize(("text", "gone", "kept"), IMAGE_DEFAULTS_GO)
def test_other_passwords_beside_image_defaults_go(
    engine: Scrubber, text: str, gone: str, kept: str
) -> None:
    gone_and_kept(engine, text, gone, kept)


# ---- puckel/docker-airflow's published Fernet key (published_default_fernet_key)

FERNET_NOBODY = [
    "        environment:\n            - LOAD_EX=n\n            - FERNET_KEY=46BKJoQYlPPOexq0OhDZnIlNepKFf87WFwLbfzqDDho=\n            - EXECUTOR=Celery\n",
    "    AIRFLOW__CORE__FERNET_KEY: 46BKJoQYlPPOexq0OhDZnIlNepKFf87WFwLbfzqDDho=\n",
    "AIRFLOW__CORE__FERNET_KEY=46BKJoQYlPPOexq0OhDZnIlNepKFf87WFwLbfzqDDho=\n",
    "docker run -e FERNET_KEY=46BKJoQYlPPOexq0OhDZnIlNepKFf87WFwLbfzqDDho= puckel/docker-airflow webserver\n",
    "      AIRFLOW__CORE__FERNET_KEY: ${AIRFLOW_FERNET_KEY:-46BKJoQYlPPOexq0OhDZnIlNepKFf87WFwLbfzqDDho=}\n",
    "FERNET_KEY=\nFERNET_KEY=${FERNET_KEY}\nAIRFLOW__CORE__FERNET_KEY: ''\n",
    "fernet_key = cryptography_not_found_storing_passwords_in_plain_text\n",
]


@pytest.mark.parametrize("text", FERNET_NOBODY)
def test_published_fernet_key_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


FERNET_GO = [
    (
        "            - FERNET_KEY=Xq3vJ0b8k2mR7tLzW9pA1cN5eY4hG6sD0fQ8uK2iB3o=\n",
        "Xq3vJ0b8k2mR7tLzW9pA1cN5eY4hG6sD0fQ8uK2iB3o=",
    ),
    (
        "    AIRFLOW__CORE__FERNET_KEY: 'hR7fy895IiKPh-uLxUjQAenu4Uu1lp2JTe9eliL3T7s='\n",
        "hR7fy895IiKPh-uLxUjQAenu4Uu1lp2JTe9eliL3T7s=",
    ),
    # the published key with one character changed is a key of its own
    (
        "FERNET_KEY=46BKJoQYlPPOexq0OhDZnIlNepKFf87WFwLbfzqDDhp=\n",
        "46BKJoQYlPPOexq0OhDZnIlNepKFf87WFwLbfzqDDhp=",
    ),
]


@pytest.mark.parametrize(("text", "key"), FERNET_GO)
def test_a_posters_fernet_key_goes(engine: Scrubber, text: str, key: str) -> None:
    gone_and_kept(engine, text, key, "FERNET_KEY")


# ---- stand-in organisation domains (stand_in_organisation_domains)

ORG_DOMAIN_NOBODY = [
    "\u279c  ~ snowsql -a XXX.eu-west-1 -u jamie@myorg.com --authenticator externalbrowser\n* SnowSQL * v1.3.2\njamie@myorg.com#MY_DB@(no database).(no schema)>select current_user();\n| jamie@myorg.com              |\n",
    "snowsql -a xy12345 -u user@myorg.com\nuser@myorg.com#COMPUTE_WH@DEMO_DB.PUBLIC>\n",
    "    user: jsmith@mycompany.com\n    account: XXXXX-XXXXXXX\n",
    "Login: jane.doe@mycompany.com\n",
    "contact first.last@yourcompany.com or it-help@your-org.com\n",
    "git config user.email dev@ourcorp.com\n",
    "SYSADMIN#COMPUTE_WH@DEMO_DB.PUBLIC>\n",
]


@pytest.mark.parametrize("text", ORG_DOMAIN_NOBODY)
def test_stand_in_organisation_domain_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


ORG_DOMAIN_GO = [
    ("snowsql -u jamie@myorganics.com\n", "jamie@myorganics.com"),
    ("user: dana@mycorps.io\n", "dana@mycorps.io"),
    ("Login: k.lee@acme-corp.com\n", "k.lee@acme-corp.com"),
    ("mail t.oduya@orgmode.org\n", "t.oduya@orgmode.org"),
    ("mail rpatel@companyname.com\n", "rpatel@companyname.com"),
    ("mail wmorgan@myorg.com.evil.io\n", "wmorgan@myorg.com.evil.io"),
    ("From: jsmith@example-corp.com\n", "jsmith@example-corp.com"),
    ("From: dana.kim@sample-company.net\n", "dana.kim@sample-company.net"),
]


@pytest.mark.parametrize(("text", "address"), ORG_DOMAIN_GO)
def test_a_real_organisation_address_goes(engine: Scrubber, text: str, address: str) -> None:
    gone_and_kept(engine, text, address)


# ---- a user record's names (user_record_first_last_name)

RECORD_NOBODY = [
    "{'active': True,\n 'email': 'admin@example.com',\n 'first_name': 'Admin',\n 'last_name': 'User',\n 'roles': [{'name': 'Admin'}],\n 'username': 'admin'}\n",
    "{'first_name': 'Admin', 'last_name': 'User', 'username': 'admin', 'roles': [{'name': 'Admin'}]}\n",
    "{'first_name': 'Airflow', 'last_name': 'Admin', 'username': 'airflow', 'active': True}\n",
    "{'first_name': 'Superset', 'last_name': 'Admin', 'username': 'admin', 'active': True}\n",
    "{'first_name': 'Public', 'last_name': 'Viewer', 'username': 'viewer', 'roles': [{'name': 'Viewer'}]}\n",
    '{"first_name": "FIRST_NAME", "last_name": "LAST_NAME", "email": "EMAIL", "username": "USERNAME"}\n',
    "{'first_name': 'YourFirstName', 'last_name': 'YourLastName', 'email': 'you@example.com'}\n",
    "{'first_name': None, 'last_name': '', 'username': 'svc_etl', 'roles': [{'name': 'Op'}]}\n",
    "{'first_name': 'string', 'last_name': 'string', 'username': 'string', 'email': 'string'}\n",
    '{"users": [{"username": "admin", "roles": [{"name": "Admin"}]}], "total_entries": 1}\n',
    "airflow users create -r Admin -u admin -e admin@example.com -f admin -l user -p admin\n",
    "{'email': 'spiderman@example.com', 'first_name': 'Peter', 'last_name': 'Parker', 'username': 'admin'}\n",
    "{'first_name': 'Jane', 'last_name': 'Doe', 'username': 'jdoe', 'active': True}\n",
    '{"id": 6077343007, "is_bot": true, "first_name": "Weatherbot", "username": "weather_bot"}\n',
    'AttributeValue { name: AttributeName(CaseInsensitiveString("first_name")), value: Serialized("FirstName") }\n',
    "user.first_name = 'Tobias'\nform.cleaned_data['first_name']\n",
    "{'first_name': 'Tobias', 'last_login': None}\n",
]


@pytest.mark.parametrize("text", RECORD_NOBODY)
def test_user_record_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


RECORD_GO = [
    (
        "{'active': True,\n 'changed_on': '2023-08-03T23:17:12.002701',\n 'email': 'ldrummond@gmail.com',\n 'fail_login_count': None,\n 'first_name': 'Lorcan',\n 'last_login': None,\n",
        ["Lorcan", "ldrummond"],
        "'first_name': '",
    ),
    (
        "{'email': 'ldrummond@gmail.com', 'first_name': 'Lorcan', 'last_name': 'Drummond', 'username': 'ldrummond'}\n",
        ["Lorcan", "Drummond", "ldrummond"],
        "'last_name': '",
    ),
    (
        '[{"id": "1", "username": "mfoley", "email": "m.foley@acme-bank.com", "first_name": "Marta", "last_name": "Foley", "roles": "Op"}]\n',
        ["mfoley", "Marta", "Foley"],
        '"roles": "Op"',
    ),
    (
        "[{'username': 'qbrandt', 'first_name': 'Quinn', 'last_name': 'Brandt', 'email': None}]\n",
        ["qbrandt", "Quinn", "Brandt"],
        "'email': None",
    ),
]


@pytest.mark.parametrize(("text", "gone", "kept"), RECORD_GO)
def test_user_record_names_go(engine: Scrubber, text: str, gone: list[str], kept: str) -> None:
    gone_and_kept(engine, text, gone, kept)
