# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Bash's bare-folder prompt, short names of default accounts, database URLs' roles (stop 55,
scrubber 1.68.0; issue 35).

The tune miss and damage of batches 114 and 112 (``tests/outside_corpus/SOURCE.md``, "The
stop-114 collection", "The stop-112 collection"), each fixed by a general rule:

* ``bare_folder_prompt`` (``scrubbers/user_names.yaml``): bash's ``\\u@\\h \\W \\$ `` prompt
  (Gentoo's default ``/etc/bash/bashrc``; bash(1), PROMPTING: ``\\W`` the working folder's
  basename), ``<u>@pooh T $ soffice …``: the login before ``@`` is learned.
* ``default_short_name`` (``user_names.yaml``) and ``engine._short_name_of_nobody``: the 8.3
  short name of a maker's default administrator (``IBM_AD~1`` of ``IBM_ADMIN``), and a short
  name whose head is the long name's whole base naming nobody (``ADMIN~1``, ``TEMP~1``), are no
  person's.
* ``database_url_login`` (``user_names.yaml``) and ``engine._database_url_users``: a database
  connection URL's role (libpq's ``postgresql://<role>:<pw>@host/db``) is replaced where it
  stands only, not learned, so an application's role (``matcher``) no longer spreads into the
  application's file names, database names or table prefixes; a person's login there goes.

The ``*_NOBODY`` lists are the harm hunt each rule was attacked with before it was kept.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

BARE_FOLDER_PROMPT_NOBODY = [
    "root@pooh T # soffice --invisible --headless --convert-to doc x.txt\n",
    "root@pooh T # echo $?\n",
    "user@pooh T $ soffice --headless --convert-to pdf report.docx\n",
    "admin@nas ~ $ soffice --headless --convert-to pdf report.docx\n",
    "ubuntu@ip-172-31-20-5 tmp $ soffice --headless --convert-to pdf report.docx\n",
    "vagrant@precise64 T $ latexmk -pdf main.tex\n",
    "docker@default ~ $ soffice --headless --convert-to pdf test.odt\n",
    "docker@default tmp $ ls\n",
    "pi@raspberrypi ~ $ soffice --headless --convert-to pdf test.odt\n",
    "pi@raspberrypi Desktop $ python3 main.py\n",
    "runner@fv-az123-456 T $ quarto check\n",
    "root@buildkitsandbox:/# tlmgr update --self\n",
    "user@node78: ~  # /opt/libreoffice7.5/program/soffice.bin --headless\n",
    "git@github.com: Permission denied (publickey).\n",
    "git@github.com T $ x\n",
    "contact jane@example.com T $ 5\n",
    "jane@example.com T $ ls\n",
    "npm i lodash@4 dist $ ls\n",
    "lodash@4 dist $ ls\n",
    "typescript@next latest $ tsc\n",
    "react@18 T $ ls\n",
    "costs: me@home now $ 5\n",
    "foo@bar baz $\n",
    "@types/node T $ ls\n",
    "Price list foo@bar T $ 10\n",
]

BARE_FOLDER_PROMPT_GO = [
    (
        "jtorr@pooh T $ soffice --invisible --headless --convert-to doc file.txt\nError: source file could not be loaded\njtorr@pooh T $ echo $?\n1\n",
        "jtorr",
        "@pooh T $ soffice --invisible",
    ),
    (
        "kmaraj@gentoo-box Downloads $ latexmk -pdf thesis.tex\n",
        "kmaraj",
        "@gentoo-box Downloads $ latexmk",
    ),
    ("(venv) hwelt@tower src $ make html\n", "hwelt", "@tower src $ make html"),
]

SHORT_NAME_NOBODY = [
    "visiting repository C:\\Users\\IBM_AD~1\\AppData\\Local\\Temp\\mik40008...\n",
    "visiting repository C:\\Users\\HP_ADM~1\\AppData\\Local\\Temp\\mik40008...\n",
    "visiting repository C:\\Users\\X_ADMI~1\\AppData\\Local\\Temp\\mik40008...\n",
    "Directory for temporary files: C:\\Users\\IBM_AD~1.XYZ\\AppData\\Local\\Temp\\0_SuuN7vXd\n",
    "visiting repository C:\\Users\\ADMIN~1\\AppData\\Local\\Temp\\mik40008...\n",
    "visiting repository C:\\Users\\TEMP~1\\AppData\\Local\\Temp\\mik40008...\n",
    "visiting repository C:\\Users\\ADMIN~1.COR\\AppData\\Local\\Temp\\mik40008...\n",
    "visiting repository C:\\Users\\ADMINI~1\\AppData\\Local\\Temp\\mik40008...\n",
    "visiting repository C:\\Users\\DEFAUL~1\\AppData\\Local\\Temp\\mik40008...\n",
    "C:/PROGRA~1/R/R-42~1.2/bin/x64/Rscript.exe\n",
    "C:\\PROGRA~1\\MiKTeX\\miktex\\bin\\x64\\pdflatex.exe\n",
]

SHORT_NAME_GO = [
    ("visiting repository C:\\Users\\JSMITH~1\\AppData\\Local\\Temp\\mik40008...\n", "JSMITH~1"),
    ("visiting repository C:\\Users\\JOHN_A~1\\AppData\\Local\\Temp\\mik40008...\n", "JOHN_A~1"),
    ("visiting repository C:\\Users\\DELL_A~1\\AppData\\Local\\Temp\\mik40008...\n", "DELL_A~1"),
    ("visiting repository C:\\Users\\J_SMIT~1\\AppData\\Local\\Temp\\mik40008...\n", "J_SMIT~1"),
    ("visiting repository C:\\Users\\ANNA_S~1\\AppData\\Local\\Temp\\mik40008...\n", "ANNA_S~1"),
    ("visiting repository C:\\Users\\IBM_US~1\\AppData\\Local\\Temp\\mik40008...\n", "IBM_US~1"),
    ("visiting repository C:\\Users\\KMARA~1\\AppData\\Local\\Temp\\mik40008...\n", "KMARA~1"),
]

# an application's database role: replaced in the URL (a URL cannot tell it from a person's),
# never spread to the application's file names, database names or table prefixes
DATABASE_ROLE_NOT_SPREAD = [
    (
        "subprocess.CalledProcessError: Command '['osm2pgsql', '--style=/opt/owl-places/data/matcher.style', '--database=postgresql://matcher:qwzx@localhost/places', 'x.osm']' returned non-zero exit status 1.\n",
        "/data/matcher.style",
    ),
    ("--database=postgresql://gis@localhost/gis\n", "@localhost/gis"),
    ("--database=postgresql://nominatim@localhost/nominatim\n", "@localhost/nominatim"),
    (
        "--database=postgresql://osm@localhost/osm --prefix=osm_117028524\n",
        "--prefix=osm_117028524",
    ),
    (
        "osm2pgsql -d gis --style /usr/share/osm2pgsql/gisuser.style postgresql://gisuser:pw@localhost/gis\n",
        "/gisuser.style",
    ),
]

DATABASE_URL_NOBODY = [
    "--database=postgresql://postgres:postgres@localhost/gis\n",
    "--database=postgresql://user:password@localhost/places\n",
    "--database=postgresql://<user>:<password>@localhost/places\n",
    "--database=postgresql://www-data@localhost/osmtm\n",
    "--database=postgresql:///places\n",
    "postgresql://postgres:postgres@db:5432/osm\n",
    "CREATE USER appsvc;\npostgresql://appsvc:abcdefgh@localhost/places\n",
    "DATABASE_URL=mongodb://mongo@mongo:27017/app\n",
    "--style=/opt/owl-places/data/matcher.style\n",
]

# a person's login in the same position still goes (in place, and wherever else it is learned)
DATABASE_URL_PERSON_GO = [
    ("--database=postgresql://jdoe:qwzx@localhost/places\n", "jdoe", "@localhost/places"),
    (
        "DATABASE_URL=postgres://hwelter:s3cr3tpass@db.internal:5432/app\n",
        "hwelter",
        "@db.internal:5432/app",
    ),
    (
        "engine = create_engine('postgresql+psycopg2://kmaraj:pw@localhost/thesis')\n",
        "kmaraj",
        "@localhost/thesis",
    ),
    ("mysql://tkowal:pw@localhost/app\n", "tkowal", "@localhost/app"),
    (
        "mongodb+srv://okmwangi:pw@cluster0.abcde.mongodb.net/test\n",
        "okmwangi",
        "@cluster0.abcde.mongodb.net/test",
    ),
    (
        "--database=postgresql://jdoe@localhost/places\njdoe@laptop:~$ psql -U jdoe places\n",
        "jdoe",
        "@laptop:~$ psql -U ",
    ),
    (
        'File "/home/hwelter/src/app/db.py", line 3\npostgresql://hwelter:pw@localhost/app\n',
        "hwelter",
        "/src/app/db.py",
    ),
]


@pytest.mark.parametrize("text", BARE_FOLDER_PROMPT_NOBODY)
def test_bare_folder_prompt_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), BARE_FOLDER_PROMPT_GO)
def test_bare_folder_prompt_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


@pytest.mark.parametrize("text", SHORT_NAME_NOBODY)
def test_default_account_short_name_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), SHORT_NAME_GO)
def test_person_short_name_goes(engine: Scrubber, text: str, value: str) -> None:
    gone_and_kept(engine, text, value, "\\AppData\\Local\\Temp\\mik40008")


@pytest.mark.parametrize(("text", "kept"), DATABASE_ROLE_NOT_SPREAD)
def test_database_role_is_not_spread(engine: Scrubber, text: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert kept in out, out


@pytest.mark.parametrize("text", DATABASE_URL_NOBODY)
def test_database_url_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), DATABASE_URL_PERSON_GO)
def test_database_url_person_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)
