# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Version-control tools' committer fields and prompts as people paste them, read by their
documented formats (stop 53, scrubber 1.47.0; issue 35).

The login misses of batch 95's and batch 96's tune parts (``tests/outside_corpus/SOURCE.md``,
"The stop-95 collection" and "The stop-96 collection"), each found by a general rule:

* ``svn_log_author`` (``scrubbers/user_names.yaml``): ``svn log``'s entry header
  ``r<rev> | <author> | <date> | <n> line(s)`` (the Subversion book, "svn log"), the second
  field;
* ``svn_info_author``: ``svn info``'s ``Last Changed Author: <author>`` (the Subversion book,
  "svn info");
* ``svn_xml_author``: the ``<author>`` of ``svn log --xml``'s ``<logentry revision="…">`` and
  ``svn info --xml``'s ``<commit revision="…">`` (Subversion's ``svn.rnc`` schemas);
* ``hg_log_user``: ``hg log``'s ``user:`` field in a changeset block (Mercurial's default
  template, ``logcmdutil.changesetprinter``: ``changeset:``, then ``user:``), a login, quoted or
  bare, or ``Name <address>``: the name when the address is private;
* ``box_prompt``: oh-my-zsh's two-line prompt, its first line ``╭─<u>@<host> <dir> …`` (the
  ``bira`` theme's ``PROMPT="╭─${user_host} ${current_dir}…\\n╰─%B${user_symbol}%b "``), the
  command on the next line after ``╰─``;
* ``indented_prompt``: a prompt indented as a Markdown code block (four spaces or a tab), as
  old issues format code: ``    [<u>@<host> ~]$``, ``    <u>@<host>:~$``.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (placeholders, the Subversion book's ``harry`` and ``sally``,
``(no author)``, service and role accounts), which must stay as they are. ``STILL_GO`` holds
what is private in the same shapes and must be replaced, with every other place the same
document names it.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

_RULE = "-" * 72

SVN_LOG_NOBODY = [
    f"{_RULE}\nr1 | (no author) | 2002-08-01 12:00:00 -0500 (Thu, 01 Aug 2002) | 1 line\n\nInitial import\n{_RULE}\n",
    f"{_RULE}\nr40 | sally | 2003-02-22 17:44:49 -0600 (Sat, 22 Feb 2003) | 1 line\n\nRearrange lunch.\n{_RULE}\n",
    f"{_RULE}\nr20 | harry | 2003-01-17 22:56:19 -0600 (Fri, 17 Jan 2003) | 1 line\n\nMade a change.\n{_RULE}\n",
    f"{_RULE}\nr12 | root | 2015-05-15 11:57:39 +0100 (Fri, 15 May 2015) | 2 lines\n\nfix\n{_RULE}\n",
    f"{_RULE}\nr7 | jenkins | 2019-03-01 08:00:00 +0000 (Fri, 01 Mar 2019) | 1 line\n\n[maven-release-plugin] prepare release\n{_RULE}\n",
    f"{_RULE}\nr3 | svnsync | 2010-01-01 00:00:00 +0000 (Fri, 01 Jan 2010) | 1 line\n{_RULE}\n",
    f"{_RULE}\nr9 | username | 2020-06-01 10:00:00 +0200 (Mon, 01 Jun 2020) | 1 line\n{_RULE}\n",
    f"{_RULE}\nr5 | user | 2020-06-01 10:00:00 +0200 (Mon, 01 Jun 2020) | 1 line\n{_RULE}\n",
    f"{_RULE}\nr6231 | test | 2015-05-15 11:57:39 +0100 (Fri, 15 May 2015) | 1 line\n{_RULE}\n",
    "| Column A | Column B | 2020-01-01 | 3 lines |\n",
    "r2 | build | passed | 1 line\n",
    f"{_RULE}\nr14 | admin | 2016-07-04 09:30:00 +0000 (Mon, 04 Jul 2016) | 4 lines\n{_RULE}\n",
]

SVN_INFO_NOBODY = [
    "Last Changed Author: harry\nLast Changed Rev: 20\n",
    "Last Changed Author: sally\n",
    "Last Changed Author: (no author)\n",
    "Last Changed Author: username\n",
    "Last Changed Author: user\n",
    "Last Changed Author: <author>\n",
    "Last Changed Author: root\n",
    "Last Changed Author: jenkins\n",
    "Last Changed Author: svnsync\n",
    "Last Changed Rev: 40618\nLast Changed Date: 2025-12-02 09:01:47 +0100 (Tue, 02 Dec 2025)\n",
    "Author: admin\n",
]

SVN_XML_NOBODY = [
    '<logentry\n   revision="20">\n<author>harry</author>\n<date>2003-01-17T22:56:19.000000Z</date>\n<msg>Made a change.</msg>\n</logentry>\n',
    '<logentry\n   revision="1">\n<author>(no author)</author>\n</logentry>\n',
    '<commit\n   revision="1773274">\n<author>svnsync</author>\n<date>2017-11-22T15:32:24.937674Z</date>\n</commit>\n',
    '<commit\n   revision="40">\n<author>sally</author>\n</commit>\n',
    '<commit revision="5"><author>jenkins</author></commit>\n',
    '<logentry revision="9">\n<author>username</author>\n</logentry>\n',
    "<book><author>Jane Austen</author><title>Emma</title></book>\n",
    "<author>John Doe</author>\n",
    "<entry>\n<author>\n<name>GitHub</name>\n</author>\n</entry>\n",
    "<developer><id>jdoe</id></developer>\n",
]

HG_LOG_NOBODY = [
    "changeset:   0:66a707a646fa\nuser:        'test'\ndate:        Thu Jan 01 00:00:00 1970 +0000\nsummary:     a\n",
    "changeset:   1:9117c6561b0b\ntag:         tip\nuser:        test\ndate:        Thu Jan 01 00:00:00 1970 +0000\nsummary:     b\n",
    "changeset:   3:b608b9236435\nuser:        convert-repo\ndate:        Mon Jan 01 00:00:00 2007 +0000\nsummary:     update tags\n",
    "changeset:   2:1e4e1b8f71e0\nuser:        Your Name <you@example.com>\ndate:        Wed Apr 01 12:00:00 2020 +0200\nsummary:     c\n",
    "changeset:   4:e0e2b8a9d7f1\nparent:      3:b608b9236435\nuser:        John Doe <john@example.com>\ndate:        Wed Apr 01 12:00:00 2020 +0200\n",
    "changeset:   5:0a04b987be5a\nuser:        Mercurial Bot <bot@example.org>\nsummary:     d\n",
    "changeset:   6:0a04b987be5a\nuser:        root\nsummary:     d\n",
    "changeset:   7:0a04b987be5a\nuser:        'user'\nsummary:     d\n",
    "user:        the user field\n",
    "ui.username = Your Name <you@example.com>\n",
    "changeset:   8:0a04b987be5a\nuser:        username\n",
]

BOX_PROMPT_NOBODY = [
    "╭─root@localhost ~ ‹system›\n╰─➤  hg log -f\n",
    "╭─user@user-mac ~/tmp ‹ruby-2.5.3›\n╰─➤  hg log -f\n",
    "╭─user@host ~/src ‹master›\n╰─$ make\n",
    "╭─ubuntu@ip-172-31-5-10 ~\n╰─$ uptime\n",
    "╭─vagrant@centos7 ~/code\n╰─$ ls\n",
    "╭─[root@localhost] ~\n╰─# id\n",
    "╭─ec2-user@ip-10-0-0-5 ~\n╰─$ id\n",
    "╰─➤  hg log -f --pager=never\n",
    "╭──────────────── Traceback (most recent call last) ────────────────╮\n│ /usr/lib/python3/x.py:1 │\n",
    "┌─ Error ─────────────┐\n│ value@host ~ broken │\n",
    "╭─ admin@router ~\n╰─$ show\n",
]

INDENTED_PROMPT_NOBODY = [
    "    [root@localhost ~]# yum install vault\n",
    "    [vagrant@centos7 ~]$ vagrant up\n",
    "    [ec2-user@ip-172-31-5-10 ~]$ sudo su\n",
    '    [root@stg-mcontrol1 ~]$ curl -H "X-Vault-Token: $VAULT_TOKEN" https://stg-mcontrol1:8200/v1/auth/token/lookup/REDACTED_TOKEN\n',
    "    [user@host ~]$ vault status\n",
    "    user@host:~$ vault status\n",
    "    root@server:~# apt update\n",
    "\tubuntu@ip-10-0-0-5:~$ ls\n",
    "    email me at someone@example.com: thanks\n",
    "    pkg@1.2.3 ~/node_modules/pkg\n",
    "    [INFO@12:00 ~] done\n",
]

DESKTOP_ACCOUNT_NOBODY = [
    "2023-01-11T14:40:53.110Z - info: [ui] [AppStore] adding account USERNAME (USERNAME) to store\n",
    "2023-01-11T14:40:53.120Z - error: [ui] Error adding account '<username>'\n",
    "2023-01-11T14:40:53.110Z - info: [ui] [AppStore] adding account ghost (ghost) to store\n",
    "2023-01-11T14:40:52.900Z - info: [ui] [AppStore] loading 0 accounts from store\n",
    "2023-01-11T14:40:53.120Z - error: [ui] Error adding account 'github.com'\n",
    "2023-01-11T14:40:53.120Z - error: [ui] Error adding account\n",
    "Error adding account 'username'\n",
    "log.error(`Error adding account '${account.login}'`, e)\n",
    "Error adding account 12345 to graph: timeout\n",
    "info: adding account to store failed\n",
    "2023-01-11T14:40:53.120Z - warn: [ui] Error refreshing account 'your-username'\n",
    "[AppStore] adding account octocat (The Octocat) to store\n",
]

STILL_GO = [
    (
        f"$ svn log mot-ab211\n{_RULE}\nr6231 | qorvalt | 2015-05-15 11:57:39 +0100 (Fri, 15 May 2015) | 1 line\n\nnew suite\n{_RULE}\n",
        "qorvalt",
    ),
    (
        f"{_RULE}\nr17504 | jdoe.smith | 2021-03-04 10:11:12 -0500 (Thu, 04 Mar 2021) | 3 lines\n{_RULE}\nsee also /home/jdoe.smith/wc\n",
        "jdoe.smith",
    ),
    ("% svn info | fgrep Last\nLast Changed Author: vel\nLast Changed Rev: 40618\n", "vel"),
    ("Last Changed Author: mtorresv\nPath: /home/mtorresv/wc\n", "mtorresv"),
    (
        '<commit\n   revision="1773274">\n<author>qorvalt</author>\n<date>2017-11-22T15:32:24.937674Z</date>\n</commit>\n',
        "qorvalt",
    ),
    (
        '<log>\n<logentry\n   revision="20">\n<author>kwalden</author>\n<date>2003-01-17T22:56:19.000000Z</date>\n</logentry>\n</log>\n',
        "kwalden",
    ),
    (
        "hg clone https://bitbucket.org/tovasqe/repo/src x\nchangeset:   2:603762342801\ntag:         tip\nparent:      0:66a707a646fa\nuser:        'tovasqe'\ndate:        Mon Jul 01 12:26:20 2019 +0530\n",
        "tovasqe",
    ),
    (
        "changeset:   0:66a707a646fa\nuser:        kwalden\ndate:        Mon Jul 01 12:23:19 2019 +0530\n",
        "kwalden",
    ),
    (
        "changeset:   0:66a707a646fa\nuser:        Ilse Vandermeer <ilse.vm@posteo.de>\ndate:        Mon Jul 01 12:23:19 2019 +0530\n",
        "Vandermeer",
    ),
    (
        "╭─qorvalt@qorvalt-mac ~/tmp ‹2.5.3›\n╰─➤  hg clone https://bitbucket.org/x/y\n",
        "qorvalt",
    ),
    ("╭─mtorresv@mtorresvs-MacBook-Pro ~/src ‹master›\n╰─$ ls\n", "mtorresv"),
    (
        '    [kbrandtx@stg-mcontrol1 ~]$ curl -H "X-Vault-Token: $VAULT_TOKEN" https://stg-mcontrol1:8200/v1/sys/health\n',
        "kbrandtx",
    ),
    ("    mtorresv@devbox:~$ vault status\n", "mtorresv"),
    ("\tqorvalt@devbox:~/src$ make\n", "qorvalt"),
    (
        "2023-01-11T14:40:53.110Z - info: [ui] [AppStore] adding account Tovas-Qerl (Tovas-Qerl) to store\n2023-01-11T14:40:53.120Z - error: [ui] Error adding account 'Tovas-Qerl'\n",
        "Tovas-Qerl",
    ),
    ("2023-01-11T14:40:53.120Z - error: [ui] Error adding account 'kwalden7'\n", "kwalden7"),
    ("2023-01-11T14:40:53.120Z - warn: [ui] Error refreshing account 'mtorresv'\n", "mtorresv"),
]


@pytest.mark.parametrize(
    "text",
    SVN_LOG_NOBODY
    + SVN_INFO_NOBODY
    + SVN_XML_NOBODY
    + HG_LOG_NOBODY
    + BOX_PROMPT_NOBODY
    + INDENTED_PROMPT_NOBODY
    + DESKTOP_ACCOUNT_NOBODY,
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_logins_of_the_same_shapes_go_everywhere(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower()
