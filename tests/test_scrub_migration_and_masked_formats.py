# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Liquibase's changeset identifier, macOS bash's prompt without its host, and tokens a poster
typed over (stop 57, scrubber 1.100.0; issue 35).

The tune misses and damage of batches 143 and 144 (``tests/outside_corpus/SOURCE.md``, "The
stop-143 collection" and "The stop-144 collection"), fixed by general rules:

* ``liquibase_changeset_author`` (``scrubbers/user_names.yaml``): the author of a changeset in
  the identifier Liquibase prints, ``<changelog file>::<id>::<author>`` (Liquibase's docs:
  ``calculate-checksum``'s ``--changeset-identifier`` "of form filepath::id::author"; a
  changeset is identified by its id, its author and the changelog's path), is a login, learned.
* ``hostless_mac_prompt`` (``scrubbers/user_names.yaml``): macOS bash's ``\\h:\\W \\u\\$ `` with
  ``<host>:`` cut, ``<folder> <login>$ <command>``.
* ``illustrative._typed_over``: a token whose characters the poster typed over in place
  (``*``/``•`` runs, ``x`` runs, an ellipsis) hiding at least half as many as it shows, no
  piece over twelve characters left, is no secret.

The ``*_NOBODY`` lists are the harm hunt the rules were attacked with before they were kept:
texts of the same shape that name nobody, which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from intake.scrub.illustrative import illustrative
from tests.support.scrubbing import scrubbed

CHECK = "was: 9:d41d8cd98f00b204e9800998ecf8427e but is now: 9:af7cbc3f01f74e15e79bb5f115733834"

LIQUIBASE_NOBODY = [
    f"     2 changesets check sum\n          changelogs/init.xml::000000019::dev {CHECK}\n",
    "Running Changeset: changelog.xml::1::liquibase\n",
    "Running Changeset: db/changelog/db.changelog-master.yaml::1::system\n",
    "config/liquibase/changelog/00000000000000_initial_schema.xml::00000000000001::jhipster was: 8:a1b2c3d4e5f60718293a4b5c6d7e8f90 but is now: 8:0f9e8d7c6b5a49382716a5b4c3d2e1f0\n",
    "changelog.xml::createPrimaryTable::Liquibase Pro User\n",
    f"changelogs/NormalizacoesIniciais.xml::000000020::admin {CHECK}\n",
    "Running Changeset: changelog.xml::1::bob\n",
    "Running Changeset: changelog.sql::raw::includeAll\n",
    "Running Changeset: db/changelog.yaml::create-users::your.name\n",
    "Running Changeset: db/changelog.yaml::1::John Doe\n",
    "ChangeSet db/changelog.json::2::flyway ran successfully in 12ms\n",
    "let v = std::vec::Vec::new(); crate::config::load();\n",
    "Reading from PUBLIC.DATABASECHANGELOG\nliquibase.changelog: ChangeSet changelog.yml::init-1::root ran successfully\n",
]

LIQUIBASE_GO = [
    (
        f"     4 changesets check sum\n          changelogs/NormalizacoesIniciais.xml::000000019::tomas.kowalsk {CHECK}\n",
        "tomas.kowalsk",
        "::000000019::",
    ),
    ("changelog.xml::1676543210123-1::tkowal (generated)\n", "tkowal", " (generated)"),
    (
        f"Validation Failed:\n     1 changesets check sum\n          src/main/resources/db/changelog/changes/001-init.sql::001::okmwangi {CHECK}\n",
        "okmwangi",
        "001-init.sql::001::",
    ),
]

LIQUIBASE_SHIPPED_KEPT = [
    # an application's shipped changelog names its developers in every update log line
    # (batch 113's keep span, Cromwell's): public, not the poster's
    "2018-06-07 12:16:10,417  INFO  - changelog.xml: changesets/db_schema.xml::db_schema_other_table_alldb::pkowalczyk: Table WORKFLOW_EXECUTION created\n",
    "Running Changeset: db/changelog/db.changelog-master.yaml::1::pkowalczyk\nChangeSet db/changelog/db.changelog-master.yaml::1::pkowalczyk ran successfully in 12ms\n",
]

PROMPT_NOBODY = [
    "flywayMigrations admin$ gradle flywayMigrate\n",
    "flywayMigrations root# gradle flywayMigrate\nParallel execution is an incubating feature.\n:flywayMigrate FAILED\n",
    "bash-3.2$ fluent-bit -c flb.conf\nFluent-Bit v0.11.0\n",
    "sh-4.2$ vector --config vector.toml\n",
    "root$ fluent-bit -c /etc/td-agent-bit/td-agent-bit.conf\n",
    "$ fluent-bit -c fluent-bit.conf\n",
    "myproject user$ npm install\n",
    "iMac-Pro:Flyway admin$ flyway migrate -X\n",
    "(base) user$ python app.py\n",
    "grep -E 'foo bar$' file.txt\nTotal amount$ 25\n",
    "Value in USD$ 100\n",
    "[cronos :: root][~]\n[.]$ salt-call -l debug test.ping\n",
]

PROMPT_GO = [
    ("flywayMigrations tmalhotrap$ gradle flywayMigrate\n", "tmalhotrap", "flywayMigrations "),
    ("~ kowalskit$ ls -la\n", "kowalskit", "$ ls -la"),
    (
        "Last login: Mon Jan 1 on ttys000\nflyway-6.3.1 okmwangi$ ./flyway info\n",
        "okmwangi",
        "flyway-6.3.1 ",
    ),
]

MASKED_NOBODY = [
    '  token = "ECE*****C-6**3-4**2-A**3-A8********B7" # required\n  type = "splunk_hec" # required\n',
    '  token = "ECExxxxxC-6xx3-4xx2-Axx3-A8xxxxxxxxB7" # required\n',
    "export GITHUB_TOKEN=ghp_aB3dE5...x9Z1\n",
    'api_key = "sk-proj-Ab12*************************Yz9"\n',
    "HEC_TOKEN=A1b2C3d4-****-****-****-********9f0e\n",
    "aws_secret_access_key = wJalrXUtnF***************************EY\n",
    '  token = "${SPLUNK_HEC_TOKEN}" # required\n',
    '  token = "XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX" # required\n',
]

MASKED_GO = [
    (
        '  token = "ECE7F4A1C-6B23-4D12-A9F3-A8C1D2E3F4B7" # required\n',
        "ECE7F4A1C-6B23-4D12-A9F3-A8C1D2E3F4B7",
    ),
    ('  token = "ECE7F4A1C-6B23-4D12-A9F3-A8C1****" # required\n', "ECE7F4A1C-6B23-4D12-A9F3"),
    ('password = "Pa**w0rd!2024"\n', "Pa**w0rd!2024"),
    ('password: "hunter2**"\n', "hunter2**"),
    ("DD_API_KEY=3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c\n", "3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c"),
]


@pytest.mark.parametrize(
    "text", LIQUIBASE_NOBODY + LIQUIBASE_SHIPPED_KEPT + PROMPT_NOBODY + MASKED_NOBODY
)
def test_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), LIQUIBASE_GO + PROMPT_GO)
def test_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower(), out
    assert kept in out, out


@pytest.mark.parametrize(("text", "value"), MASKED_GO)
def test_whole_or_barely_masked_secret_goes(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value not in out, out


def test_whole_token_beside_a_masked_one_goes(engine: Scrubber) -> None:
    text = (
        '  token = "ECE*****C-6**3-4**2-A**3-A8********B7" # required\n'
        '  backup_token = "9F2C41D7-3B8A-4E5F-A6D1-7C9B2E4F8A10"\n'
    )
    out = scrubbed(engine, text)
    assert "ECE*****C-6**3-4**2-A**3-A8********B7" in out, out
    assert "9F2C41D7-3B8A-4E5F-A6D1-7C9B2E4F8A10" not in out, out


@pytest.mark.parametrize(
    ("value", "typed_over"),
    [
        ("ECE*****C-6**3-4**2-A**3-A8********B7", True),
        ("ECExxxxxC-6xx3-4xx2-Axx3-A8xxxxxxxxB7", True),
        ("ab12...yz89...qr", True),
        ("Pa**w0rd!2024", False),
        ("ECE7F4A1C-6B23-4D12-A9F3-A8C1****", False),
        ("eyJhbGciOiJIUzI1NiJ9******", False),
    ],
)
def test_typed_over_shapes(value: str, typed_over: bool) -> None:
    assert illustrative(value) is typed_over
