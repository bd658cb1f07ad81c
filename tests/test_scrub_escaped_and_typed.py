# ruff: noqa: E501  (tools' lines are kept whole, as they print them)
"""Names and credentials in a format's escaping, typed by automation, or refused by sudo in its
translations, and public ids and particles kept (stop 50, scrubber 1.28.0; issue 35).

The classes of batches 60's and 61's tune misses (``tests/outside_corpus/SOURCE.md``), each
written from the format or the tool that prints it, not from the batch's values:

* a Windows home in a Java ``.properties`` value (``C\\:\\\\Users\\\\<u>\\\\…``) and behind a
  ``file:`` URL's percent-encoded drive colon (``file:///c%3A/Users/<u>/…``): read as the format
  writes it, replaced in the same escaping (``recognizers.yaml``'s ``windows_drive_escaped``,
  ``engine._unescape_path``);
* a credential Selenium types into a field that names it (``find_element(By.ID, 'password')
  .send_keys('<literal>')``, ``'input#login_field'``, ``#username``, ``#email``), also inside a
  traceback's ANSI colours (``recognizers.yaml``'s ``selenium_password_field``,
  ``user_names.yaml``'s ``selenium_login``);
* a prompt with no folder, ``<login>@<host> $ cmd`` on a host with no dot, and fish's prompt
  with an empty host, ``<login>@:~`` (``user_names.yaml``'s ``prompt``);
* sudo's refusal in its own translations (sudo-project/sudo's ``plugins/sudoers/po/*.po``:
  ``%s 不在 sudoers 文件中。``, ``%s 不是 sudoers 文件。``, ``%s は sudoers ファイルにありません``, …)
  (``user_names.yaml``'s ``login_record``);
* no harm: IntelliJ's ``<component name="ProjectId" id="…"/>`` is a public id
  (``engine._PUBLIC_ID``; a GPG key id after git's ``signingkey`` stays replaced: it names its
  owner on a keyserver, stop 45's decision); tmpfs-mysql's documented default
  password ``drowssap`` (``allow.yaml``'s ``documented_examples``, with its source); a name's
  particle (``van``, ``der``, ``bin``) is not learned alone (``words.yaml``'s
  ``name_particles``).

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody. ``PERSONS`` must lose the name everywhere; the rest of each
text is kept. ``STILL_SECRETS`` are the same shapes as the public ids that are secrets.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

ESCAPED_NOBODY = [
    "sdk.dir=C\\:\\\\Users\\\\user\\\\AppData\\\\Local\\\\Android\\\\Sdk\n",
    "sdk.dir=D\\:\\\\Android\\\\Sdk\n",
    "ndk.dir=C\\:\\\\Android\\\\sdk\\\\ndk-bundle\n",
    "org.gradle.java.home=C\\:\\\\Program Files\\\\Java\\\\jdk1.8.0_202\n",
    "sdk.dir=C\\:\\\\Users\\\\Administrator\\\\AppData\\\\Local\\\\Android\\\\Sdk\n",
    "sdk.dir=C\\:\\\\Users\\\\Public\\\\Android\\\\Sdk\n",
    "flutter.sdk=C\\:\\\\src\\\\flutter\n",
    "file:///c%3A/Program%20Files/nodejs/node_modules/npm/bin/npm-cli.js\n",
    "vscode-file://vscode-app/c%3A/Users/user/AppData/Local/Programs/Microsoft%20VS%20Code/resources/app/out/vs/code/electron-sandbox/workbench/workbench.html\n",
    "file:///c%3A/Windows/System32/drivers/etc/hosts\n",
    "file:///d%3A/a/_work/1/s/src/index.ts\n",
    "https://example.com/search?q=c%3A/temp/x\n",
    "file:///C%3A/Users/runneradmin/AppData/Local/Temp/x.js\n",
]

TYPED_NOBODY = [
    "driver.find_element(By.ID, 'search').send_keys('selenium')\n",
    "driver.find_element(By.NAME, 'q').send_keys('pycon')\n",
    "driver.find_element(By.ID, 'password').send_keys(password)\n",
    "driver.find_element(By.ID, 'password').send_keys(os.environ['SITE_PASSWORD'])\n",
    "browser.find_elements_by_css_selector('input#password').send_keys('your_password')\n",
    "elem.send_keys(Keys.RETURN)\n",
    "driver.find_element(By.ID, 'password').send_keys(Keys.ENTER)\n",
    "driver.find_element(By.ID, 'username').send_keys('your_username')\n",
    "driver.find_element(By.ID, 'username').send_keys('admin')\n",
    "driver.find_element(By.ID, 'email').send_keys('user@example.com')\n",
    "driver.find_element(By.ID, 'password').send_keys('')\n",
    "driver.find_element(By.ID, 'passwordHint').send_keys('first pet')\n",
    "driver.find_element(By.ID, 'user').send_keys('xxxx')\n",
    "driver.find_element(By.ID, 'password').send_keys('********')\n",
    "driver.find_element(By.ID, 'password').send_keys('<password>')\n",
    "driver.find_element(By.CSS_SELECTOR, 'input[name=\"login\"]').send_keys(username)\n",
]

PROMPT_NOBODY = [
    "root@hammer $ git push\n",
    "vagrant@precise64 $ ls\n",
    "pi@raspberrypi $ sudo reboot\n",
    "ec2-user@ip-10-0-0-5 $ df -h\n",
    "jovyan@jupyter $ pip list\n",
    "node@7f3a9c2d1e0b $ npm start\n",
    "admin@switch01 # show run\n",
    "alice@example.com # maintainer\n",
    "user@:~> ls\n",
    "root@:/# \n",
    "ubuntu@:~\n$ ls\n",
    "Email me at foo@bar.example $ 10\n",
    # added after the first run: a package's spec before a comment or a prompt
    "lodash@4 # pinned\nimport lodash\n",
    "eslint@latest # dev\nrun eslint\n",
    "typescript@next $ tsc\n",
]

SUDO_NOBODY = [
    "user 不是 sudoers 文件。该事件已报告给管理员。\n",
    "admin 不在 sudoers 文件中。此事将被报告。\n",
    "liveuser は sudoers ファイルにありません。\n",
    "username不在 sudoers 文件中。此事将被报告\n",
    "XXX 不在 sudoers 文件中\n",
    "xxx 不在 sudoers 文件中\n",
    "vagrant n'est pas dans le fichier sudoers.\n",
    "»ubuntu« ist nicht in der sudoers-Datei.\n",
    "%s 不在 sudoers 文件中。此事将被报告。\n",
    'msgstr "%s 未出现在 sudoers 文件中。\\n"\n',
    "pi은(는) sudoers 파일에 없습니다.\n",
    "root отсутствует в файле sudoers.\n",
]

PROJECT_ID_NOBODY = [
    '  <component name="ProjectId" id="2Nq8fXkPbXJ4sYc0VYqvLz1pQ3a" />\n',
    '  <component name="ProjectId" id="1iIUm3kWUeD4GWwejQgQNMVu4sD" />\n',
    '<component name="ProjectId" id="2Zx0QmT5vYkW8bRr3LhN6pDs1Ue" />\n',
    '\t<component name="ProjectId" id="1kJv7yQeR2uTx9WbN0mHs4LcZ8a" />\n',
    '  <component name="ProjectId"  id="2aB3cD4eF5gH6iJ7kL8mN9oP0qR" />\n',
    '<?xml version="1.0" encoding="UTF-8"?>\n<project version="4">\n'
    '  <component name="ChangeListManager">\n'
    '    <list default="true" id="669d4625-807e-4dca-94c2-03ed747da8e2" name="Default Changelist" comment="" />\n'
    "  </component>\n"
    '  <component name="ProjectId" id="2Nq8fXkPbXJ4sYc0VYqvLz1pQ3a" />\n</project>\n',
    '  <component name="ProjectId" id="1xYz9AbCdEfGhIjKlMnOpQrStUv" />\n'
    '  <component name="ProjectViewState">\n',
    '  <component name="ProjectId" id="2QwErTyUiOpAsDfGhJkLzXcVbNm" />\n',
    '  <component name="ProjectId" id="1pLmNkOjIhUgYfTdRsEaWqZxCvB" />\n',
    '  <component name="ProjectId" id="2M9n8B7v6C5x4Z3l2K1j0H9g8F7" />\n',
]

DEFAULT_PASSWORD_NOBODY = [
    "mysql -u tmpfs -h 127.0.0.1 --port=3344 --password=drowssap\n",
    'PASSWORD="drowssap"\n',
    "tmpfsmysql.sh: mysql -u root --host=0.0.0.0 --port=3344 --password=drowssap\n",
    "mysql -u root -pdrowssap -P 3344\n",
    "MYSQL_PWD=drowssap mysql -u root\n",
    "password: drowssap\n",
    '{"password": "drowssap"}\n',
    "DATABASE_URL=mysql://root:drowssap@127.0.0.1:3344/test\n",
    "    'password' => 'drowssap',\n",
    "db.password=drowssap\n",
]

STILL_SECRETS = [
    (
        '<option name="token" value="2Nq8fXkPbXJ4sYc0VYqvLz1pQ3a" />\n',
        "2Nq8fXkPbXJ4sYc0VYqvLz1pQ3a",
    ),
    (
        '<component name="ProjectId" id="ghp_1a2B3c4D5e6F7g8H9i0JkLmNoPqRsTuVwXyZ" />\n',
        "ghp_1a2B3c4D5e6F7g8H9i0JkLmNoPqRsTuVwXyZ",
    ),
    ("mysql -u tmpfs --password=drowssap7\n", "drowssap7"),
    # a GPG key id under git's signingkey names its owner on a keyserver: replaced (stop 45)
    ("user.signingkey=7A41D09E3C55B2F8\n", "7A41D09E3C55B2F8"),
    ("git config --global user.signingkey 0x3AA5C34371567BD2\n", "3AA5C34371567BD2"),
]

PARTICLE_NOBODY = [
    "$ git shortlog -sn\n    12\tSietse van Moorlen\nWe parked a camper van by the lake.\n",
    "$ git shortlog -sn\n     3\tJoran van der Berg\nDer Bus fährt um acht; der Zug nicht.\n",
    "^b60c88a (Ahmad bin Salman 2021-01-01 10:00:00 +0100  12) code\n$ ls /usr/bin\nbin/python\n",
    "^b60c88a (Maria del Carmen 2021-01-01 10:00:00 +0100  12) code\n    del cache[key]\n",
    "^b60c88a (Ugo von Tramm 2021-01-01 10:00:00 +0100  12) code\nLieder von Bach\n",
    "$ git shortlog -sn\n    40\tKarim al Fassi\nuse al_fasst as the alias\n",
    "$ git shortlog -sn\n     9\tDaan ter Horst\nter is a particle\n",
    "$ git shortlog -sn\n     9\tIbrahim ibn Rushd\nibn appears once\n",
    "$ git shortlog -sn\n     9\tLeo dos Santos\ndos and don'ts\n",
    "$ git shortlog -sn\n     9\tRosa della Torre\nla casa della città\n",
]

PERSONS = [
    ("sdk.dir=C\\:\\\\Users\\\\kvargaz\\\\AppData\\\\Local\\\\Android\\\\Sdk\n", "kvargaz"),
    (
        "#Mon Jan 01 10:00:00 CET 2024\nsdk.dir=C\\:\\\\Users\\\\Marta Kowalczyk\\\\AppData\\\\Local\\\\Android\\\\Sdk\n",
        "Marta Kowalczyk",
    ),
    ("Open file:///c%3A/Users/kvargaz/project/x.py in the editor\n", "kvargaz"),
    ("vscode-file://vscode-app/c%3A/Users/kvargaz/AppData/Local/Programs/x.js:12\n", "kvargaz"),
    (
        "driver.find_element(By.CSS_SELECTOR, '#password').send_keys('Tr0ub4dor&3')\n",
        "Tr0ub4dor&3",
    ),
    ("driver.find_element(By.NAME, 'passwd').send_keys(\"kang5190!\")\n", "kang5190!"),
    (
        "browser.find_elements_by_css_selector('input#login_field').send_keys('kvargaz')\n",
        "kvargaz",
    ),
    ("driver.find_element(By.ID, 'id_username').send_keys('00DCBA')\n", "00DCBA"),
    (
        "\x1b[0mbrowser\x1b[1;33m.\x1b[0m\x1b[0mfind_elements_by_css_selector\x1b[1;33m(\x1b[0m"
        "\x1b[1;34m'input#password'\x1b[0m\x1b[1;33m)\x1b[0m\x1b[1;33m.\x1b[0m\x1b[0msend_keys"
        "\x1b[1;33m(\x1b[0m\x1b[1;34m'kang5190!'\x1b[0m\x1b[1;33m)\n",
        "kang5190!",
    ),
    ("tvarg314@hammer $ git push\nfatal: tvarg314 has no access\n", "tvarg314"),
    ("fish: Unknown command: hostname\nkzrodan@:~\n$  \n", "kzrodan"),
    ("kzrodan@:~/src> ls\n", "kzrodan"),
    ("xiu 不是 sudoers 文件。该事件已报告给管理员。\n$ ls /home/xiu\n", "xiu"),
    ("yunwei 不在 sudoers 文件中。此事将被报告。\n", "yunwei"),
    ("kvargaz は sudoers ファイルにありません。\n", "kvargaz"),
    ("»kvargaz« ist nicht in der sudoers-Datei.\n", "kvargaz"),
    ("kvargaz n'est pas dans le fichier sudoers.\n", "kvargaz"),
    ("kvargaz은(는) sudoers 파일에 없습니다.\n", "kvargaz"),
]


@pytest.mark.parametrize(
    "text",
    ESCAPED_NOBODY
    + TYPED_NOBODY
    + PROMPT_NOBODY
    + SUDO_NOBODY
    + PROJECT_ID_NOBODY
    + DEFAULT_PASSWORD_NOBODY,
)
def test_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "name"), PERSONS)
def test_a_name_or_credential_in_these_shapes_goes_everywhere(
    engine: Scrubber, text: str, name: str
) -> None:
    out = scrubbed(engine, text)
    assert name.lower() not in out.lower()


@pytest.mark.parametrize(("text", "name"), PERSONS)
def test_only_the_private_value_changes(engine: Scrubber, text: str, name: str) -> None:
    """Outside the replaced value the text is kept, escaping and ANSI colours included."""
    out = scrubbed(engine, text)
    before, after = text.split(name), out
    for piece in before:
        for part in piece.split("\n"):
            assert part.strip(" »«'\"()") == "" or part in after, (part, out)


@pytest.mark.parametrize(("text", "secret"), STILL_SECRETS)
def test_a_secret_in_a_public_ids_place_still_goes(
    engine: Scrubber, text: str, secret: str
) -> None:
    assert secret not in scrubbed(engine, text)


@pytest.mark.parametrize("text", PARTICLE_NOBODY)
def test_a_names_particle_alone_is_no_one(engine: Scrubber, text: str) -> None:
    out = scrubbed(engine, text)
    name_line = next(line for line in text.splitlines() if "\t" in line or "^b60c88a" in line)
    surname = name_line.split("\t")[-1].split(" 2021")[0].split()[-1]
    assert surname not in out
    for line in text.splitlines():
        if line is not name_line and surname not in line:
            assert line in out.splitlines(), (line, out)


def test_a_document_naming_sietse_van_moorlen_keeps_a_camper_van(engine: Scrubber) -> None:
    text = (
        "$ git shortlog -sn\n    12\tSietse van Moorlen\n"
        "Sietse wrote: we parked a camper van by the lake.\n"
    )
    out = scrubbed(engine, text)
    assert "Sietse" not in out and "Moorlen" not in out
    assert "a camper van by the lake" in out


@pytest.mark.parametrize(
    ("text", "given"),
    [
        ("$ git shortlog -sn\n     9\tBen Carterow\nBen wrote the parser.\n", "Ben"),
        ("$ git shortlog -sn\n     9\tVander Kolbrun\nask Vander\n", "Vander"),
        ("^b60c88a (Abu Tarekin 2021-01-01 10:00:00 +0100  12) code\nAbu said so\n", "Abu"),
    ],
)
def test_a_given_name_that_is_a_particle_elsewhere_still_goes(
    engine: Scrubber, text: str, given: str
) -> None:
    """Words that are as often a given name or a surname (``Ben``, ``Abu``, ``Vander``) are not
    in ``name_particles``: learned from a name, they go everywhere as before."""
    assert given not in scrubbed(engine, text)
