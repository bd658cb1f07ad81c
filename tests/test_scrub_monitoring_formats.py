# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Monitoring and observability agents' formats (stop 54, scrubber 1.58.0; issue 35).

The damage and misses of batch 105's tune part (``tests/outside_corpus/SOURCE.md``, "The
stop-105 collection"), each fixed by a general rule:

* a role sender at a masked domain (``allow.yaml``'s ``role_sender_at_masked_domain``): an
  alerting tool's sender (Alertmanager's ``smtp_from``, its documented example
  ``alertmanager@example.org`` in prometheus/alertmanager's ``doc/examples/simple.yml``) whose
  local part is the tool's own name or a role word, at a domain the poster masked to ``x``s
  (``alertmanager@xx.com``), names nobody; a person's ``first.last@xx.com`` still goes;
* a user name under an auth block is a login, never a secret (``secret_names.yaml``'s
  ``not_after``: ``username``, ``user``, ``identity``; ``user_names.yaml``'s ``config``):
  Alertmanager's configuration documents ``smtp_auth_username: <string>`` and
  ``smtp_auth_identity: <string>`` beside ``smtp_auth_password: <secret>``; the value is judged
  as a login (the tool's own name and role accounts stay, a person's login goes everywhere).
* a home under a share's per-group users folder (``user_names.yaml``'s ``share_group_home``):
  ``/users/<group>/<login>/`` (``grafana.ini``'s ``data = /users/is/<u>/grafana/var``), read on
  the evidence of the same login under the same two folders in another path;
* InfluxDB's user and organisation names (``influx_auth_user_name``, ``influx_auth_table_user``,
  ``influx_cloud_org_owner``): ``influx auth list``'s ``"userName"`` beside ``"userID"`` and its
  ``User Name`` column (influxdata/docs-v2, ``reference/cli/influx/auth/list.md``), and an
  InfluxDB Cloud organisation named ``<local>[+tag]'s organization`` after its owner;
* Netdata's installer user (``netdata_installer_user``): netdata-installer.sh's ``Netdata user
  and group is finally set to: ${NETDATA_USER}/${NETDATA_GROUP}``, ``${USER}`` on a non-root
  install.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only public material), which must stay as they are.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from intake.scrub.files import scrub_file_text
from tests.support.scrubbing import gone_and_kept, scrubbed

ROLE_SENDER_NOBODY = [
    "global:\n  smtp_smarthost: 'x.xx.xx.xxx:25'\n  smtp_from: 'alertmanager@xx.com'\n  require_tls: false\n",
    "  smtp_from: 'alertmanager@xxxx.com'\n",
    "  smtp_from: 'grafana@xxx.com'\n",
    "  smtp_from: 'monitoring@xx.com'\n",
    "  smtp_from: 'prometheus@xxxxx.com'\n",
    "  smtp_from: 'alerts@xx.com'\n",
    "  smtp_from: 'alertmanager@XX.com'\n",
    "  smtp_from: 'alertmanager@xxx.xx.com'\n",
    "  smtp_from: 'alertmanager@example.org'\n",
    "  smtp_from: 'noreply@example.com'\n",
    "  smtp_from: 'yyyy@xxxx.com'\n",
    "  smtp_from: 'zabbix@xxxx.com'\n",
    "from_address = admin@xxxx.com\n",
    "[smtp]\nfrom_address = grafana@xxxx.net\nfrom_name = Grafana\n",
    "      email_configs:\n      - to: 'alerts@xx.com'\n        from: 'alertmanager@xx.com'\n",
]

AUTH_USER_NOBODY = [
    "  smtp_auth_username: 'alertmanager'\n  smtp_auth_password: 'password'\n",
    "  auth_username: 'alertmanager'\n",
    "  smtp_auth_identity: 'alertmanager'\n",
    "basic_auth:\n  username: prometheus\n  password: secret\n",
    "  smtp_auth_username: 'apikey'\n",
    "  smtp_auth_username: '<sender-email-address>'\n  smtp_auth_password: '<sender-email-password>'\n",
    '  auth_username: "<SMTP_USERNAME>"\n  auth_password: "<SMTP_PASSWORD>"\n',
    "[smtp]\nuser = grafana\n",
    "  smtp_auth_username: 'admin'\n",
    "  smtp_auth_username: 'grafana'\n",
    "  smtp_auth_username: ''\n",
]


@pytest.mark.parametrize("text", ROLE_SENDER_NOBODY + AUTH_USER_NOBODY)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


# (text, what must be gone from the whole text, what must stay)
STILL_GO = [
    ("  - to: 'prakash.venkatraman@xx.com'\n", "prakash.venkatraman", "  - to: '"),
    ("  smtp_from: 'tkowal@xx.com'\n", "tkowal", "smtp_from: '"),
    ("  smtp_from: 'alertmanager@acme-bank.com'\n", "alertmanager@acme-bank.com", "smtp_from"),
    ("  smtp_from: 'grafana.kowalski@xx.com'\n", "kowalski", "smtp_from"),
    (
        "  smtp_auth_username: 'kvornd'\n  smtp_auth_password: 'kJ8s9dfLk2'\n# kvornd's box\n",
        "kvornd",
        "smtp_auth_username: '",
    ),
    (
        "  smtp_auth_username: 'kvornd'\n  smtp_auth_password: 'kJ8s9dfLk2'\n",
        "kJ8s9dfLk2",
        "smtp_auth_password: '",
    ),
    ("  auth_username: 'tkowal42'\n", "tkowal42", "auth_username: '"),
]


@pytest.mark.parametrize(("text", "value", "kept"), STILL_GO)
def test_logins_and_addresses_still_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


SHARE_HOME_NOBODY = [
    "data = /users/is/shared/grafana/var\nlogs = /users/is/shared/grafana/logs\n",
    "logs = /users/is/grafana/logs\ndata = /users/is/grafana/var\n",
    "data = /users/shared/grafana/var\n",
    "/data/users/grafana/logs\n/data/users/grafana/var\n",
    "data = /srv/grafana/var\n",
    "$ grafana-server -homepath /apps/research/tools/grafana/current/ -config git/monit/conf/logs.dev.man.com/etc/grafana.ini\n",
    "logs = /users/is/jdoe/grafana/logs\n",
    "GET /api/users/id/logs/1 200\nGET /api/users/id/logs/2 200\n",
    "/users/is/logs/a.log\n/users/is/logs/b.log\n",
    "/users/hpc/apps/x\n/users/hpc/apps/y\n",
    "/users/is/common/x\n/users/is/common/y\n",
    "see https://example.com/users/ab/profile/1 and https://example.com/users/ab/profile/2\n",
    "/users/is/tools/grafana/var\n/users/is/tools/grafana/logs\n",
    "/users/is/$USER/grafana/var\n/users/is/$USER/grafana/logs\n",
    "/users/is/<user>/grafana/var\n/users/is/<user>/grafana/logs\n",
    "/users/is/students/2024/a\n/users/is/students/2024/b\n",
]


@pytest.mark.parametrize("text", SHARE_HOME_NOBODY)
def test_share_folders_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


SHARE_HOME_GO = [
    (
        "[paths]\ndata = /users/is/tkowal/grafana/var\nlogs = /users/is/tkowal/grafana/logs\n",
        "tkowal",
        "/grafana/logs\n",
    ),
    (
        '$ grafana-server -homepath /apps/x/ "cfg:default.paths.logs=/users/ee/mkovac/grafana/logs"\n'
        "data = /users/ee/mkovac/grafana/var\n",
        "mkovac",
        "/grafana/var\n",
    ),
]


@pytest.mark.parametrize(("text", "value", "kept"), SHARE_HOME_GO)
def test_a_home_under_a_share_group_goes(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)


INFLUX_NOBODY = [
    '[\n        {\n                "id": "06137745ff60a000",\n                "token": "redacted",\n                "status": "active",\n                "userName": "admin",\n                "userID": "06137745e7903000",\n',
    '{"id": "0613", "token": "redacted", "userName": "telegraf", "userID": "06137745e7903000"}\n',
    '{"id": "0613", "userName": "admin-ab2caf54-3448-48f1-976e-6e43a47b7f0b", "userID": "0b52dbdc6a4ab000"}\n',
    '"userName": "my-user",\n"userID": "06137745e7903000",\n',
    "ID\tDescription\tToken\tUser Name\tUser ID\tPermissions\n\t\t\t\t\t\t\t[]\n",
    "ID                      Description                                             Token                                                                                           User Name                                       User ID                 Permissions\n"
    "0b52dbdc8c4ab000        admin-ab2caf54-3448-48f1-976e-6e43a47b7f0b's Token      redacted                                                                admin-ab2caf54-3448-48f1-976e-6e43a47b7f0b      0b52dbdc6a4ab000        [read:/authorizations write:/authorizations]\n",
    "0b52dbdc8c4ab000\tadmin's Token\tredacted\tadmin\t0b52dbdc6a4ab000\t[read:/buckets]\n",
    "Active\tName\tURL\t\t\t\t\t\tOrg\n*\tdefault\thttp://localhost:8086\tmy-org\n",
    "Active\tName\tURL\tOrg\n*\tuswest\thttps://us-west-2-1.aws.cloud2.influxdata.com\tinfluxdata\n",
    '[[outputs.influxdb_v2]]\n  organization = "changeme"\n',
    '[[outputs.influxdb_v2]]\n  organization = "ORG_ID"\n',
    "ID\t\t\tName\n03921cbebef90000\tmy-org\n",
    "Every user's organization is listed by influx org list.\n",
    "It creates the user's organization on sign-up.\n",
]


@pytest.mark.parametrize("text", INFLUX_NOBODY)
def test_influxdb_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


INFLUX_GO = [
    (
        '[\n        {\n                "id": "06137745ff60a000",\n                "token": "redacted",\n                "status": "active",\n                "userName": "kvorn",\n                "userID": "06137745e7903000",\n',
        "kvorn",
        '"userID": "06137745e7903000"',
    ),
    (
        "ID\tDescription\tToken\tUser Name\tUser ID\tPermissions\n"
        "0b52dbdc8c4ab000\tkvorn's Token\tredacted\tkvorn\t0b52dbdc6a4ab000\t[read:/buckets]\n",
        "kvorn",
        "\t0b52dbdc6a4ab000\t[read:/buckets]",
    ),
    (
        "Active\tName\tURL\t\t\t\t\t\tOrg\n*\tuswest\thttps://us-west-2-1.aws.cloud2.influxdata.com\tmori+cloud2's organization\n",
        "mori",
        "'s organization\n",
    ),
    (
        "ID\t\t\tName\n03921cbebef90000\ttkowal's Organization\n",
        "tkowal",
        "'s Organization\n",
    ),
]


@pytest.mark.parametrize(("text", "value", "kept"), INFLUX_GO)
def test_influxdb_user_and_org_names_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


NETDATA_NOBODY = [
    "Netdata user and group is finally set to: netdata/netdata\n",
    "Netdata user and group is finally set to: root/root\n",
    "Netdata user and group is finally set to: nobody/nogroup\n",
    "Netdata user and group is finally set to: root/wheel\n",
    "Netdata user and group is finally set to: _netdata/_netdata\n",
    'echo >&2 "Netdata user and group is finally set to: ${NETDATA_USER}/${NETDATA_GROUP}"\n',
    "[global]\n    run as user = netdata\n",
    " --- Creating standard user and groups for netdata --- \n FAILED  The installer does not run as root. Nothing to do for user and groups \n",
    "Netdata user and group is finally set to: netdata/docker\n",
    "Netdata user and group is finally set to: /\n",
]


@pytest.mark.parametrize("text", NETDATA_NOBODY)
def test_netdata_service_accounts_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


NETDATA_GO = [
    ("Netdata user and group is finally set to: jkovar/jkovar\n", "jkovar", "finally set to: "),
    (
        " --- Read installation options from netdata.conf --- \nNetdata user and group is finally set to: tkowal/staff\nls /home/tkowal/x\n",
        "tkowal",
        "finally set to: ",
    ),
]


@pytest.mark.parametrize(("text", "value", "kept"), NETDATA_GO)
def test_netdata_installer_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


def test_influxdb_auth_list_as_a_json_file(engine: Scrubber, tmp_path: Path) -> None:
    """``influx auth list --json > auths.json``: the parsed file's values are judged one by one,
    so the ``"userName"`` beside its ``"userID"`` is read from the file's whole text
    (``engine._FILE_GRAMMAR_RULES``), as it is pasted; ``admin`` stays."""
    text = (
        '[\n  {"id": "06137745ff60a000", "token": "redacted", "status": "active",'
        ' "userName": "kvorn", "userID": "06137745e7903000"},\n'
        '  {"id": "06137745ff60a001", "token": "redacted", "status": "active",'
        ' "userName": "admin", "userID": "06137745e7903001"}\n]\n'
    )
    out = scrub_file_text(tmp_path / "auths.json", text, scrubber=engine).text
    assert "kvorn" not in out, out
    assert '"userName": "admin"' in out, out
    assert out.replace("user1", "kvorn") == text
