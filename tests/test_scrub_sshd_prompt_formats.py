# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""sshd's login lists and shell prompts with a clock before them (stop 60, scrubber 1.138.0;
issue 35).

A class rule from batch 176's tune part (``tests/outside_corpus/SOURCE.md``, "The stop-176
collection"), written from the tools' documented formats:

* ``sshd_user_list`` (``scrubbers/user_names.yaml``): sshd_config(5)'s ``AllowUsers`` and
  ``DenyUsers`` lists (``USER`` or ``USER@HOST`` patterns separated by spaces) and ``sshd -T``'s
  lower-case ``allowusers <pattern>`` lines (servconf.c's dump_config); an entry with ``*``,
  ``?`` or ``!`` in its login is a pattern, and prose starting with the keyword is no list.
* ``sshd_match_user``: sshd_config(5)'s ``Match User <pattern-list>`` (comma-separated), on a
  line that is a Match line to its end; ``Match Group`` and ``AllowGroups`` name groups.
* ``sshd_not_allowed_user``: openssh-portable's auth.c allowed_user, ``User <u> from <host>
  not allowed because not listed in AllowUsers`` (``… listed in DenyUsers``, ``… not in any
  group``): an existing account's login.
* ``clock_prompt``: a prompt with a clock before ``<u>@<host>`` (bash(1) "PROMPTING": ``\\t``,
  ``\\T``, ``\\@``, ``\\A``; zshmisc(1) "Prompt Expansion": ``%*``, ``%T``, ``%t``, ``%@``).

The ``*_NOBODY`` lists are the harm hunt each rule was attacked with before it was kept: texts
of the same shape that name nobody, which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

# ---- sshd_config's AllowUsers/DenyUsers, sshd -T, Match User, auth.c's log lines

SSHD_NOBODY = [
    "AllowUsers root git deploy\n",
    "AllowUsers *\n",
    "AllowUsers git* !root backup@10.0.0.*\n",
    "DenyUsers root sftp ubuntu pi admin\n",
    "AllowUsers username\n",
    "AllowUsers <user>\n",
    "AllowUsers youruser@192.168.1.*\n",
    "AllowUsers USER@HOST\n",
    "allowusers root\nallowusers deploy@10.0.0.0/8\ndenyusers *@*.example.com\n",
    "AllowGroups ssh-users sftponly\nDenyGroups nologin\n",
    "Match Group sftponly\n    ChrootDirectory %h\n    ForceCommand internal-sftp\n",
    "Match User sftpuser\n    AuthenticationMethods password\n",
    "Match User git,backup Address 10.0.0.0/8\n    PasswordAuthentication no\n",
    "Match User *,!root\n    X11Forwarding no\n",
    "Match User anoncvs\n\tX11Forwarding no\n\tAllowTcpForwarding no\n\tPermitTTY no\n\tForceCommand cvs server\n",
    "Match all\n",
    "AllowUsers and DenyUsers are processed in this order: DenyUsers, AllowUsers, DenyGroups, and finally AllowGroups.\n",
    "AllowUsers is set, so only the listed users may log in.\n",
    "AllowUsers\n        This keyword can be followed by a list of user name patterns, separated by spaces.\n",
    "Match User blocks in sshd_config are read top to bottom.\n",
    "Jan 15 09:10:15 server sshd[12345]: User root from 192.0.2.5 not allowed because not listed in AllowUsers\n",
    "Jan 15 09:10:15 server sshd[12345]: User git from ::1 not allowed because not listed in AllowUsers\n",
    "sshd[811]: User ubuntu from 10.0.0.9 not allowed because listed in DenyUsers\n",
    "sshd[811]: Invalid user oracle from 203.0.113.7 port 51514\n",
    "failregex = ^%(__prefix_line)sUser .+ from <HOST> not allowed because not listed in AllowUsers$\n",
]

SSHD_GO = [
    ("AllowUsers kmarsh deploy@10.0.0.5\n", "kmarsh", "AllowUsers "),
    ("AllowUsers root tbergen@192.168.1.* !guest\n", "tbergen", "AllowUsers root "),
    ("DenyUsers git* mvoss\n", "mvoss", "DenyUsers git* "),
    ("allowusers lfoster\nallowusers ops@10.0.0.0/8\n", "lfoster", "allowusers "),
    ("#AllowUsers rhalden\n", "rhalden", "#AllowUsers "),
    ("Match User quinlan\n    AuthenticationMethods password\n", "quinlan", "Match User "),
    ("Match User git,ebrandt Address 10.0.0.0/8\n", "ebrandt", "Match User git,"),
    ("Match Group staff User *,!root,okafor\n", "okafor", "Match Group staff User "),
    (
        "Jan 15 09:10:15 vps sshd[9231]: User asurin from 192.168.122.1 not allowed because not listed in AllowUsers\n",
        "asurin",
        "not allowed because not listed in AllowUsers",
    ),
    (
        "sshd[811]: User pkowal from 10.0.0.9 not allowed because listed in DenyUsers\n",
        "pkowal",
        "not allowed because listed in DenyUsers",
    ),
]


@pytest.mark.parametrize("text", SSHD_NOBODY)
def test_sshd_lists_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), SSHD_GO)
def test_sshd_list_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


# ---- a prompt with a clock before it (clock_prompt)

CLOCK_PROMPT_NOBODY = [
    "[01:45:02]:~> root@Rocket$ ls -l /dev/fuse\n",
    "[09:12:44]:~> ubuntu@ip-10-0-0-12$ uname -a\n",
    "[14:02:11] pi@raspberrypi:~ $ vcgencmd measure_temp\n",
    "(12:01) user@host ~ % ls\n",
    "14:02:11 vagrant@ubuntu-focal:~$ sudo apt update\n",
    "[14:02:11] USER@HOST:~$ ssh -T git@github.com\n",
    "[14:02:11] connecting to git@github.com:org/repo\n",
    "[14:02:11] git@github.com: Permission denied (publickey).\n",
    "[14:02:11] alice@example.com: message sent\n",
    "12:00:01 INFO notify@example.com queued\n",
    "[02:05PM] root@nas /share %\n",
    "13:47 deploy@web-01 ~ $ git pull\n",
    "[10:00] typescript@next $ tsc\n",
]

CLOCK_PROMPT_GO = [
    (
        "[01:44:57]:~> hbarros@Rocket$ lsb_release -a\nNo LSB modules are available.\n[01:45:33]:~> hbarros@Rocket$ sshfs -d -o umask=000 USER@HOST: mnt\n",
        "hbarros",
        ["@Rocket$ lsb_release -a", "USER@HOST: mnt"],
    ),
    ("[14:02:11] tvaleri@nas:~$ ls\n", "tvaleri", "@nas:~$ ls"),
    ("(12:01) mkeller@mbp ~ % brew update\n", "mkeller", "@mbp ~ % brew update"),
    ("14:02:11 jdoucet@thinkpad:~/src$ make\n", "jdoucet", "@thinkpad:~/src$ make"),
    ("[02:05 PM] asoren@box proj $ npm test\n", "asoren", "@box proj $ npm test"),
]


@pytest.mark.parametrize("text", CLOCK_PROMPT_NOBODY)
def test_clock_prompt_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), CLOCK_PROMPT_GO)
def test_clock_prompt_login_goes(
    engine: Scrubber, text: str, value: str, kept: str | list[str]
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
