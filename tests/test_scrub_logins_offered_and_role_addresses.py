"""The shapes batch 53's tune part showed, and issue 35 item 4's role addresses (stop 53).

Batch 53 (``tests/outside_corpus/SOURCE.md``, "The stop-53 collection") was scored blind with
scrubber 1.18.0; its tune part's misses were listed after that figure was committed and each
class with a shape got a rule (``docs/scrubber.md``, "Stop 53"):

* curl's account: ``curl -u <login>`` (no password: curl asks for it), curl's prompt ``Enter
  host password for user '<login>':`` and its verbose line ``* Server auth using Basic with
  user '<login>'`` teach the login;
* a login prompt's offered default: ``Enter your npm username [<login>]:``, npm's older
  ``Username: (<login>)`` and Django's ``Username (leave blank to use '<login>'):``;
* a drive's users-data root: ``D:\\users-data\\<u>\\…`` (``userdata``, ``user_data``) is a
  root of user folders as ``C:\\Users`` is, unless what follows is a profile's own shell
  folder (``D:\\UserData\\Documents\\…``: one person's data folder, no root);
* a home that holds a dot-folder of its own name (``/home/linuxbrew/.linuxbrew``,
  ``/home/gradle/.gradle``) is a tool's prefix, not a person's home;
* a vendor's role address (``hello@``, ``info@``, ``team@``…, issue 35 item 4; batch 52's
  held-out ``hello@fig.io``) stays unless it is at a mailbox provider's domain.

Each login and home rule was attacked first with the ``*_NOBODY`` texts below, which name
nobody and were each unchanged by 1.18.0: as first written, the curl and prompt rules changed 7
of them (Elasticsearch's ``elastic`` twice, Neo4j's ``neo4j``; a prompt's ``(none)``,
``[None]``, ``[str]``, ``[required]``), fixed with them by shape (data stores' documented
built-in users; a type's or a form's word is no login), so all stay. The ``*_PERSONS`` were each
left by 1.18.0 and are found now. ``OWN_DOT_FOLDER_NOBODY`` and ``ROLE_ADDRESSES`` are the
damage the two no-harm rules fix (1.18.0 changed all but ``/home/jenkins/…``, ``support@``,
``notifications@``, ``noreply@``, ``no-reply@`` and ``press@``); their ``*_PERSONS`` were found
by 1.18.0 and still are.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score


def _gone(login: str, out: str) -> bool:
    return regex.search(rf"(?i)(?<![\p{{L}}\p{{N}}]){regex.escape(login)}", out) is None


CURL_PERSONS = [
    # batch 53 (condemil/gist#168, a substitute): the option, the prompt, the verbose line
    (
        "curl -v -u quaver -X POST https://api.github.com/authorizations\n"
        "Enter host password for user 'quaver':\n"
        "* Server auth using Basic with user 'quaver'\n",
        "quaver",
    ),
    ("$ curl --user mbrennan https://jira.example.org/rest/api/2/myself\n", "mbrennan"),
    ("curl -s -u 'oyelaran' https://bitbucket.example.net/rest/api/1.0/projects\n", "oyelaran"),
    ("Enter host password for user 'tkowalczyk':\n", "tkowalczyk"),
    ("* Server auth using Digest with user 'hvance2'\n> GET /dav/ HTTP/1.1\n", "hvance2"),
]

CURL_NOBODY = [
    # placeholders, variables, defaults and service accounts
    "curl -u username https://api.example.com/v1/items\n",
    "curl -u USERNAME https://api.example.com/v1/items\n",
    "curl -u user https://api.example.com/v1/items\n",
    "curl -u <user> https://api.example.com/v1/items\n",
    "curl -u $USER https://api.example.com/v1/items\n",
    'curl -u "$GITHUB_USER" https://api.github.com/user\n',
    "curl -u ${API_USER} https://api.example.com\n",
    "curl -u admin http://localhost:8080/api/json\n",
    "curl -u root http://localhost:15672/api/overview\n",
    "curl -u guest http://localhost:15672/api/overview\n",
    "curl -u elastic https://localhost:9200/_cluster/health\n",
    "Enter host password for user 'elastic':\n",
    "curl -u neo4j http://localhost:7474/db/data/\n",
    "curl -u apikey https://api.example.com/v2\n",
    "curl -u token https://gitlab.example.com/api/v4/projects\n",
    "curl -u anonymous ftp://ftp.example.org/pub/\n",
    "* Server auth using Basic with user 'admin'\n",
    "Enter host password for user 'user':\n",
    "Enter host password for user '':\n",
    # not curl's option, or not a login alone
    "tar -u file.txt archive.tar\n",
    "git log -u HEAD~1\n",
    "curl -u : --negotiate https://intranet.example.com/\n",
    'curl -u "$(cat ~/.creds)" https://api.example.com\n',
    "sort -u names.txt\n",
    "curl --user-agent Mozilla/5.0 https://example.com/\n",
    "python -u script.py\n",
]


@pytest.mark.parametrize(("text", "login"), CURL_PERSONS)
def test_curls_account_goes(engine: Scrubber, text: str, login: str) -> None:
    out = scrubbed(engine, text)
    assert _gone(login, out)
    assert "curl" in out or "user '" in out, "the command and curl's words stay"


@pytest.mark.parametrize("text", CURL_NOBODY)
def test_curl_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


PROMPT_PERSONS = [
    # batch 53 (jspm/npm#78, a substitute): a registry login prompt's offered default
    ("Enter your npm username [swiftmoor]:\nEnter your npm password:\n", "swiftmoor"),
    ("Username: (kpatel88) \nPassword: \nEmail: (this IS public) \n", "kpatel88"),
    ("Username (leave blank to use 'amartins'): \nEmail address: \n", "amartins"),
    ("Login [okonkwo]: \n", "okonkwo"),
]

PROMPT_NOBODY = [
    "Enter your npm username [admin]:\n",
    "Username [root]: \n",
    "Username [user]: \n",
    "Username [username]: \n",
    "Login [guest]: \n",
    "Username (leave blank to use 'root'): \n",
    "Username (leave blank to use 'admin'): \n",
    "Username: (none) \n",
    "Username [None]: \n",
    "Username [default]: \n",
    "Enter username [${USER}]: \n",
    "username [str]: the user's login\n",
    "Login [y/N]: \n",
    "Enter your username [required]: \n",
    "Username (optional): \n",
    # a local registry's test account (batch 46's cnpm thread, labelled keep), as its address
    "Username: (test4) \nEmail: (this IS public) (test4@t.com)\nLogged in as test4 on http://xxx/.\n",
    "Login [testuser2]: \n",
]


@pytest.mark.parametrize(("text", "login"), PROMPT_PERSONS)
def test_a_prompts_offered_login_goes(engine: Scrubber, text: str, login: str) -> None:
    assert _gone(login, scrubbed(engine, text))


@pytest.mark.parametrize("text", PROMPT_NOBODY)
def test_prompt_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


USERS_DATA_PERSONS = [
    # batch 53 (tiianhk/MaxMSP-MCP-Server#2, a substitute)
    ('"command": "D:/users-data/tolam/Git/MaxMSP-MCP-Server/.venv/Scripts/python.exe"\n', "tolam"),
    ("E:\\UserData\\rkhan\\projects\\app\\main.py\n", "rkhan"),
    ("D:\\user_data\\ewolska\\miniconda3\\envs\\ml\\python.exe\n", "ewolska"),
]

USERS_DATA_NOBODY = [
    # one person's data folder (its children are a profile's shell folders), no user under it
    "D:\\UserData\\Documents\\report.docx\n",
    "D:\\userdata\\Downloads\\setup.exe\n",
    "E:\\UserData\\Desktop\\notes.txt\n",
    "D:\\users-data\\Public\\shared.txt\n",
    "D:\\users-data\\user\\x.txt\n",
    # a users-data folder below the root, or a file named so
    "C:\\app\\userdata\\cache\\x.json\n",
    "/var/lib/cloud/instance/user-data.txt\n",
    "D:\\userdata.json\n",
    "D:\\users-data\\readme.md\n",
]


@pytest.mark.parametrize(("text", "login"), USERS_DATA_PERSONS)
def test_a_user_folder_under_a_drives_users_data_root_goes(
    engine: Scrubber, text: str, login: str
) -> None:
    out = scrubbed(engine, text)
    assert _gone(login, out)
    assert "users-data" in out.lower() or "userdata" in out.lower() or "user_data" in out.lower()


@pytest.mark.parametrize("text", USERS_DATA_NOBODY)
def test_users_data_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


OWN_DOT_FOLDER_NOBODY = [
    # batch 53 (Homebrew/homebrew-core#80567): Homebrew on Linux's prefix
    "'/home/linuxbrew/.linuxbrew/Cellar/python@3.9/3.9.6/lib/python3.9/site-packages'\n",
    'eval "$(/home/linuxbrew/.linuxbrew/bin/brew shellenv)"\n',
    # the Gradle image's account and cache, a tool's own account and folder
    "/home/gradle/.gradle/caches/modules-2/files-2.1\n",
    "/home/jenkins/.jenkins/workspace/build-42/target\n",
    "/home/spack/.spack/linux/compilers.yaml\n",
]

OWN_DOT_FOLDER_PERSONS = [
    # a person's home with a dot-folder of another name, or the tool's folder under a person
    ("/home/qinmuchen/.local/lib/python3.9/site-packages\n", "qinmuchen"),
    ("/home/mwaters/.linuxbrew/bin/brew\n", "mwaters"),
    ("/Users/gradlefan/.gradle/caches\n", "gradlefan"),
]


@pytest.mark.parametrize("text", OWN_DOT_FOLDER_NOBODY)
def test_a_home_holding_its_own_dot_folder_is_a_tools(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "login"), OWN_DOT_FOLDER_PERSONS)
def test_a_persons_home_beside_a_tools_dot_folder_goes(
    engine: Scrubber, text: str, login: str
) -> None:
    assert _gone(login, scrubbed(engine, text))


ROLE_ADDRESSES = [
    # issue 35 item 4: a vendor's role and no-reply addresses at its own domain (batch 52's
    # held-out hello@fig.io is of this class)
    "Or, email us at hello@fig.io!\n",
    "Write to info@acme-corp.com or team@linear.app.\n",
    "Questions: hi@astral.sh\n",
    "Contact support@stripe.com for help.\n",
    "From: GitHub <notifications@github.com>\n",
    "Co-Authored-By: Claude <noreply@anthropic.com>\n",
    "no-reply@accounts.google.com sent a code\n",
    "Press: press@example-vendor.io; careers: careers@example-vendor.io\n",
    "enquiries@nhs-trust.example.uk\n",
]

PERSONS_ADDRESSES = [
    # a person's address that holds a role word, or a role word at a mailbox provider
    ('git config user.email "support.jane@company.com"\n', "support.jane@company.com"),
    ("Contact jane.support@company.com\n", "jane.support@company.com"),
    ("Send it to hello.world.dev@gmail.com\n", "hello.world.dev@gmail.com"),
    ("mail: info.kowalski@firma.pl\n", "info.kowalski@firma.pl"),
    ("My address: hello@gmail.com\n", "hello@gmail.com"),
    ("team@outlook.com is mine\n", "team@outlook.com"),
    ("Author: Jane Roe <hellojane@roe.dev>\n", "hellojane@roe.dev"),
]


@pytest.mark.parametrize("text", ROLE_ADDRESSES)
def test_role_addresses_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "address"), PERSONS_ADDRESSES)
def test_a_persons_address_with_a_role_word_goes(engine: Scrubber, text: str, address: str) -> None:
    assert address not in scrubbed(engine, text)


def test_batch_53_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 53's tune part after scrubber 1.19.0 (blind under 1.18.0: paths 19/22, elsewhere
    9/13, 7 of 41 keep spans damaged, 2 of 6 clean changed)."""
    score = tune_score(engine, 53, tmp_path)
    assert score.docs == 20
    totals = [score.total[c] for c in CLASSES]
    assert totals == [22, 13, 1, 0]
    assert score.missed == []
    # left, no rule: git's signing key id, replaced as the project decided (docs/scrubber.md:
    # it names its owner on a keyserver; labelled keep before the run); the ``ansible``
    # automation account is no one's since 1.26.0 (words.yaml's not_user_names, with the
    # id answer's rule: tests/test_scrub_id_answer.py)
    assert sorted(score.damage) == ["dminca-dotfiles-issues-59: 'ED5CDE14'"]
    assert score.keeps == 41
    assert (len(score.clean_touched), score.clean_docs) == (1, 6)
    assert score.tails_kept == score.tails == 20
    assert score.parses == score.structured == 2
