# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Logins by a tool's documented layout (stop 51, scrubber 1.34.0; issue 35).

The login misses of batches 72 and 74's tune parts (``tests/outside_corpus/SOURCE.md``, "The
stop-72 collection", "The stop-74 collection"), each found by a general rule read from its
tool's documented layout (``scrubbers/user_names.yaml``):

* ``bazel_output_root``: Bazel's per-user output root, ``_bazel_<login>`` (``_blaze_<login>``
  in its first releases) followed by the workspace's md5, ``install`` or ``cache``;
* ``option_file_user``: a MySQL or unixODBC option file's ``user =`` in a ``[group]`` that also
  holds ``password``, ``host``, ``database``, ``Server`` or ``Driver``;
* ``mailmap_name``: the names of a ``.mailmap`` line (gitmailmap(5)), on a line of two
  addresses, none at a reserved or documentation domain;
* ``github_noreply_login``: the login in GitHub's ``<id>+<login>@users.noreply.github.com``;
* ``oracle_base_login``: the Windows user folder of Oracle's default ``ORACLE_BASE``,
  ``<drive>:\\app\\<login>\\product\\<version>\\dbhome_<n>``.

And one harm of the same files: ``letmein`` (the one word every published list of the most used
passwords ranks in its top ten) and ``zabbix`` (Zabbix's documented default password, and its
database account's) are well-known defaults (``allow.yaml``'s ``default_passwords``), kept
whatever the key; another letter or digit keeps either a password (``STILL_GO``).

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody, which must stay as they are. ``LOGINS`` lose the login and keep
the line's layout.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

BAZEL_NOBODY = [
    "/private/var/tmp/_bazel_root/048dc339e919adf019cd498aa08795ff/execroot/__main__/bazel-out/k8-fastbuild/bin\n",
    "/home/runner/.cache/bazel/_bazel_runner/0f5e6d3a2b1c4d5e6f708192a3b4c5d6/external/bazel_tools/tools/jdk\n",
    "bazel --output_user_root=/tmp/_bazel_$USER build //...\n",
    "~/.cache/bazel/_bazel_<username>/<md5>/execroot/_main\n",
    "/private/var/tmp/_blaze_user/048dc339e919adf019cd498aa08795ff/bazel\n",
    "/private/var/tmp/_bazel_${USER}/install/9d1a8b5f0e4c3d2b1a0f9e8d7c6b5a49/embedded_tools\n",
    "bazel-out/k8-opt/bin/external/com_google_protobuf/_virtual_imports/any_proto\n",
    "/root/.cache/bazel/_bazel_root/install/9d1a8b5f0e4c3d2b1a0f9e8d7c6b5a49/embedded_tools/jdk\n",
    "ERROR: /home/runner/.cache/bazel/_bazel_runner/a1b2c3d4e5f60718293a4b5c6d7e8f90/external/rules_python/BUILD.bazel:12:1: no such target\n",
    "bazel --output_user_root=/mnt/bazel_cache build //src:main\n",
    "/private/var/tmp/_bazel_USERNAME/0123456789abcdef0123456789abcdef/execroot\n",
    'load("@bazel_tools//tools/build_defs/repo:http.bzl", "http_archive")\n',
]

MYSQL_NOBODY = [
    "[client]\nuser = root\npassword = secret\nhost = localhost\n",
    "[odbc]\nuser=user\npassword=password\n",
    "[mssql]\nDriver = FreeTDS\nServer = db\nUsername = sa\nPassword = <password>\n",
    "[zabbix]\nDriver = PostgreSQL\nUser = zabbix\nPassword = <password>\n",
    "[pg]\nUser = postgres\nPassword = postgres\nDatabase = postgres\n",
    "[client]\nuser = test\npassword = test\ndatabase = test_canvasdb\n",
    "[client]\nuser = $MYSQL_USER\npassword = $MYSQL_PASSWORD\nhost = 127.0.0.1\n",
    "[client]\nuser = <username>\npassword = <password>\nhost = localhost\n",
    "[client]\nuser = your_username\npassword = your_password\nhost = localhost\n",
    "[client]\n; UserName =\npassword =\nhost = localhost\n",
    "[mysqld]\nuser = mysql\ndatadir = /var/lib/mysql\nsocket = /var/run/mysqld/mysqld.sock\nport = 3306\n",
    "[client]\nuser = admin\npassword = admin\nhost = db.example.com\n",
    "[ODBC Data Sources]\nmydsn = MySQL ODBC 8.0 Unicode Driver\n",
    "Set user = the account and password = its password in the [client] group.\n",
    "[server]\nuser = nobody\ngroup = nogroup\nport = 8080\n",
    "[distutils]\nindex-servers = pypi\n\n[pypi]\n  username = __token__\n  password = <token>\n",
]

MAILMAP_NOBODY = [
    "GitHub <noreply@github.com>\n",
    "dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>\n",
    "github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>\n",
    "Your Name <you@example.com>\n",
    "A U Thor <author@example.com> <author@example.org>\n",
    "Proper Name <proper@example.com> Commit Name <commit@example.com>\n",
    "<cto@example.com> <cto@example.org>\n",
    "John Doe <john.doe@example.com> <jdoe@example.com>\n",
    "Jane Doe <jane@example.org> jdoe <jane@example.net>\n",
    "Your Name <your.email@example.com> <old.email@example.com>\n",
    "renovate[bot] <29139614+renovate[bot]@users.noreply.github.com>\n",
    "Co-authored-by: Your Name <you@example.com>\n",
]

ORACLE_NOBODY = [
    "C:\\app\\oracle\\product\\11.2.0\\dbhome_1\\network\\admin\\tnsnames.ora\n",
    "D:\\app\\Administrator\\product\\12.1.0\\dbhome_1\\BIN\\sqlplus.exe\n",
    "/u01/app/oracle/product/19.0.0/dbhome_1/network/admin/tnsnames.ora\n",
    "C:\\app\\product\\18.0.0\\dbhomeXE\\network\\admin\\tnsnames.ora\n",
    "D:\\app\\client\\product\\12.2.0\\client_1\\network\\admin\n",
    "ORACLE_BASE=C:\\app\\oracle\n",
    "ORACLE_HOME=C:\\app\\<username>\\product\\11.2.0\\dbhome_1\n",
    "C:\\app\\%USERNAME%\\product\\21c\\dbhomeXE\\bin\n",
    "E:\\app\\user\\product\\11.2.0\\dbhome_1\\bin\n",
    "C:\\oraclexe\\app\\oracle\\product\\11.2.0\\server\\network\\ADMIN\n",
    "C:\\app\\oracle\\product\\19.0.0\\client_1\\bin\\oci.dll\n",
    "# tnsnames.ora Network Configuration File: C:\\app\\oracle\\product\\11.2.0\\dbhome_1\\network\\admin\\tnsnames.ora\n",
]

DEFAULT_PASSWORDS_NOBODY = [
    "password = letmein\n",
    "[db]\nuser = root\npassword = letmein\nhost = localhost\n",
    "[water_levels]\nDriver = PostgreSQL\nUser = zabbix\nPassword = zabbix\n",
    "DB_PASSWORD=zabbix\n",
    "Password = zabbix\n",
    "DBPassword=zabbix\n",
    "export MYSQL_PASSWORD=letmein\n",
    '{"password": "letmein"}\n',
    "password: zabbix\n",
    "postgresql://zabbix:zabbix@localhost/zabbix\n",
]

STILL_GO = [
    ("password = letmein2\n", "letmein2"),
    ("password = letmein!\n", "letmein!"),
    ("DB_PASSWORD=zabbix123x\n", "zabbix123x"),
    ("password = Letmein99\n", "Letmein99"),
    ("Password = zabbix_prod_7Q\n", "zabbix_prod_7Q"),
    ("password = letmeinnow\n", "letmeinnow"),
]

LOGINS = [
    (
        "$ ./output/bazel info execution_root\n/private/var/tmp/_blaze_jdoakes/0a1b2c3d4e5f60718293a4b5c6d7e8f9/bazel\n",
        "jdoakes",
    ),
    (
        "/home/qwan/.cache/bazel/_bazel_qwan/install/9d1a8b5f0e4c3d2b1a0f9e8d7c6b5a49/embedded_tools\n",
        "qwan",
    ),
    (
        "[tpelling_shopdb]\nuser = tpelling\npassword = Xk3-vv9Lq\nhost     = localhost\ndatabase = tpelling_shopdb\n",
        "tpelling",
    ),
    (
        "[water]\nDriver = PostgreSQL\nServer = 10.0.0.3\nUser = 20931\nPassword = <password>\n",
        "20931",
    ),
    (
        "brandt <4417209+brandtfox@users.noreply.github.com> Brandt Fox <bfox@oldmail.net>\n",
        "brandtfox",
    ),
    (
        "hoshi <58312047+0xhoshi@users.noreply.github.com> 0xhoshi <58312047+0xhoshi@users.noreply.github.com>\n",
        "0xhoshi",
    ),
    (
        "# tnsnames.ora Network Configuration File: D:\\app\\77310\\product\\11.2.0\\dbhome_1\\network\\admin\\tnsnames.ora\n",
        "77310",
    ),
    ("C:\\app\\mwieland\\product\\12.2.0\\client_1\\network\\admin\\sqlnet.ora\n", "mwieland"),
]


@pytest.mark.parametrize(
    "text",
    BAZEL_NOBODY + MYSQL_NOBODY + MAILMAP_NOBODY + ORACLE_NOBODY + DEFAULT_PASSWORDS_NOBODY,
)
def test_the_layouts_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "login"), LOGINS)
def test_a_login_by_its_tools_layout_goes(engine: Scrubber, text: str, login: str) -> None:
    out = scrubbed(engine, text)
    assert login.lower() not in out.lower()
    # only names and addresses changed: the layout's separators are all where they were
    assert [out.count(c) for c in "\n\\/=<>[]_"] == [text.count(c) for c in "\n\\/=<>[]_"]


@pytest.mark.parametrize(("text", "gone"), STILL_GO)
def test_a_password_beside_the_defaults_still_goes(engine: Scrubber, text: str, gone: str) -> None:
    assert gone not in scrubbed(engine, text)
