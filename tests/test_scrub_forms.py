# ruff: noqa: E501  (tools' lines are kept whole, as they print them)
"""Names outside paths read by the documented shape of the tool that printed them (stop 50,
scrubber 1.27.0; issue 35).

Each rule is written from the printing tool's own format, its source cited in the rule's
comment in ``scrubbers/*.yaml`` and in ``docs/scrubber.md`` ("Stop 50"), not from a pasted
excerpt:

* fish's default prompt ``u@host ~/dir>`` (``user_names.yaml``'s ``fish_prompt``;
  fish-shell's ``share/functions/fish_prompt.fish`` and ``prompt_login.fish``);
* oh-my-zsh's agnoster prompt's context segment `` u@host <U+E0B0>`` (``agnoster``;
  ohmyzsh's ``themes/agnoster.zsh-theme``);
* ``git shortlog -s`` and its grouped form (``shortlog``; git's ``builtin/shortlog.c``);
* ``git blame``'s default line and ``--porcelain``'s ``author`` (``blame``; git's
  ``builtin/blame.c``);
* ansible's ``ESTABLISH … CONNECTION FOR USER: u`` at ``-vvv`` (``ansible_connection``;
  ansible's ``lib/ansible/plugins/connection/*.py``);
* OpenSSH's ``Authenticating to host:22 as 'u'`` (``ssh_authenticating``; openssh-portable's
  ``sshconnect.c``);
* homes under FreeBSD's ``/usr/home``, ``/local/home``, ``/data/home`` and after a VS Code
  webview resource URL's host (``recognizers.yaml``'s ``posix_home``, ``allow.yaml``'s
  ``system_paths``);
* no harm: Azure Pipelines' agents' accounts ``AzDevOps`` (scale-set agents) and ``vsts``
  (Microsoft-hosted) as homes (``words.yaml``'s ``system_accounts``).

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts
of the same shape that name nobody (role, image and CI accounts, placeholders, bots, git's own
names for uncommitted lines). The ``PERSONS`` texts must lose their name everywhere in the
text; the rest of each text is kept.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

PERSONS = [
    # fish's prompt, with its greeting, a branch, a status, root's suffix, a chroot prefix
    (
        "Welcome to fish, the friendly interactive shell\nmkowal@myarch ~/projects> touch test\n",
        "mkowal",
    ),
    ("mkowal@devbox ~/s/intake (main)> git status\n", "mkowal"),
    ("mkowal@devbox ~ [1]> false\n", "mkowal"),
    ("mkowal@devbox ~/s/intake (main) [1|0]> ls | false\n", "mkowal"),
    ("(chroot:bookworm) mkowal@devbox /e/nginx> ls\n", "mkowal"),
    # oh-my-zsh's agnoster theme: the context segment first or after the status and
    # virtualenv segments
    (" mkowal@devbox \ue0b0 ~/src/x \ue0b0 main \ue0b0 ls\n", "mkowal"),
    (" \u2718 \ue0b0 (venv) \ue0b0 mkowal@devbox \ue0b0 ~/src/x \ue0b0 ls\n", "mkowal"),
    # git shortlog -sn, -sne, pasted with a tab or two spaces, and the grouped form
    (
        "$ git shortlog -sn\n  3802\tJoran Kessel\n   212\tSietse Moorlenk\n    23\tjkessel42\n",
        "Kessel",
    ),
    ("❯ git shortlog -sn\n  3802  Joran Kessel\n   400  jkessel42\n", "jkessel42"),
    ("$ git shortlog -sne\n    57\tMarta Kowalczyk <mk@kowalczyk.dev>\n", "Kowalczyk"),
    (
        "$ git shortlog v1.0..v1.1\nMarta Kowalczyk (2):\n      Fix the parser\n      Add a test\n",
        "Kowalczyk",
    ),
    # git blame's default line (a boundary commit, a file column) and --porcelain
    ("^b60c88a (Joran Kessel 2021-01-01 10:00:00 +0100  12) code\n", "Kessel"),
    (
        "b60c88a7 src/x.py (jkessel42    2021-01-01 10:00:00 +0100 128)     return 1\n",
        "jkessel42",
    ),
    (
        "b60c88a7d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5 12 12 1\nauthor Joran Kessel\nauthor-mail <jk@kessel.dev>\n",
        "Kessel",
    ),
    # ansible -vvv: the login and the -o User= it is passed as
    (
        "<HOST> ESTABLISH SSH CONNECTION FOR USER: travnik\n<HOST> SSH: EXEC ssh -vvv -o User=travnik -o ConnectTimeout=10\n",
        "travnik",
    ),
    ("<127.0.0.1> ESTABLISH LOCAL CONNECTION FOR USER: travnik\n", "travnik"),
    (
        "<win01> ESTABLISH WINRM CONNECTION FOR USER: travnik on PORT 5986 TO win01\n",
        "travnik",
    ),
    # OpenSSH -v
    ("debug1: Authenticating to example.org:22 as 'mkowal'\n", "mkowal"),
    # homes under documented roots, and inside a VS Code webview resource URL
    ("error: failed to read `/local/home/pakkel/dev/tmp/x/index/gx/xy/gxxy`\n", "pakkel"),
    ("File /usr/home/pakkel/dev/x.py, line 3\n", "pakkel"),
    ("File /data/home/pakkel/dev/x.py, line 3\n", "pakkel"),
    (
        "File [~/x/main.py:1936](https://file+.vscode-resource.vscode-cdn.net/Users/kshitram/Code/x/site-packages/litellm/main.py:1936), in completion\n",
        "kshitram",
    ),
]

FISH_NOBODY = [
    "root@myarch ~# pacman -Syu\n",
    "user@host ~/projects> ls\n",
    "vagrant@ubuntu-focal ~> sudo apt update\n",
    "runner@fv-az123-456 ~/work> make\n",
    "codespace@codespaces-1a2b3c /workspaces/x (main)> npm test\n",
    "ec2-user@ip-10-0-0-1 ~> uname -a\n",
    "node@7f3a9c2d1e0b /app> npm start\n",
    "jovyan@jupyter-x ~/work> jupyter lab\n",
    "gitpod@ws-0a1b2c /workspace/x (main)> ls\n",
    "pi@raspberrypi ~> vcgencmd measure_temp\n",
    "ubuntu@ip-172-31-0-1 ~/app [1]> false\n",
    "someone@example.com ~ wrote:\n",
]

AGNOSTER_NOBODY = [
    " root@devbox \ue0b0 ~ \ue0b0 ls\n",
    " user@host \ue0b0 ~/src \ue0b0 main \ue0b0\n",
    " vagrant@ubuntu-focal \ue0b0 ~ \ue0b0\n",
    " runner@fv-az123-456 \ue0b0 ~/work \ue0b0\n",
    " ec2-user@ip-10-0-0-1 \ue0b0 ~ \ue0b0\n",
    " codespace@codespaces-1a2b3c \ue0b0 /workspaces/x \ue0b0\n",
    " jovyan@jupyter-x \ue0b0 ~/work \ue0b0\n",
    " pi@raspberrypi \ue0b0 ~ \ue0b0\n",
    " ubuntu@ip-172-31-0-1 \ue0b0 ~/app \ue0b0\n",
    " \u2718 \ue0b0 (venv) \ue0b0 ~/src/x \ue0b0 main \ue0b0\n",
    "Contact: support@example.com \ue0b0 docs\n",
]

SHORTLOG_NOBODY = [
    "$ git shortlog -sn\n   120\tdependabot[bot]\n",
    "$ git shortlog -sn\n    42\tpre-commit-ci[bot]\n",
    "$ git shortlog -sn\n    31\tRenovate Bot\n",
    "$ git shortlog -sn\n    17\tsnyk-bot\n",
    "$ git shortlog -sn\n    12\tGitHub\n",
    "$ git shortlog -sn\n     9\tweb-flow\n",
    "$ git shortlog -sn\n     8\tCopilot\n",
    "$ git shortlog -sn\n     5\tHosted Weblate\n",
    "$ git shortlog -sn\n     3\tgithub-actions\n",
    "$ git shortlog -sn\n     2\tYour Name\n",
    # the shape without the command: a count column of another tool (uniq -c, wc -l)
    "$ sort names.txt | uniq -c\n      3 Joran Kessel\n",
    "$ wc -l *.py\n  3802  engine.py\n",
]

BLAME_NOBODY = [
    "00000000 (Not Committed Yet 2026-12-04 23:00:00 +0000 12) code\n",
    "00000000 (External file (--contents) 2026-12-04 23:00:00 +0000 12) code\n",
    "0000000000000000000000000000000000000000 1 1 1\nauthor Not Committed Yet\nauthor-mail <not.committed.yet>\n",
    "^b60c88a (dependabot[bot] 2021-01-01 10:00:00 +0100  12) code\n",
    "b60c88a7 (Your Name 2021-01-01 10:00:00 +0100  12) code\n",
    "b60c88a7 (root 2021-01-01 10:00:00 +0100  12) code\n",
    "b60c88a7 (runner 2021-01-01 10:00:00 +0100  12) code\n",
    "b60c88a7 (GitHub 2021-01-01 10:00:00 +0100  12) code\n",
    "commit b60c88a7\nAuthor: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>\n",
    "the author field (author First Last) is documented\n",
]

ACCOUNT_NOBODY = [
    "<10.0.0.1> ESTABLISH SSH CONNECTION FOR USER: None\n",
    "<10.0.91.104> ESTABLISH SSH CONNECTION FOR USER: root\n<10.0.91.104> SSH: EXEC ssh -o User=root\n",
    "<192.168.35.16> ESTABLISH SSH CONNECTION FOR USER: vagrant\n",
    "<web01> ESTABLISH SSH CONNECTION FOR USER: ubuntu\n",
    "<web01> ESTABLISH SSH CONNECTION FOR USER: ec2-user\n",
    "<web01> ESTABLISH SSH CONNECTION FOR USER: centos\n",
    "<web01> ESTABLISH SSH CONNECTION FOR USER: admin\n",
    "<web01> ESTABLISH SSH CONNECTION FOR USER: azureuser\n",
    "<pi> ESTABLISH PARAMIKO SSH CONNECTION FOR USER: pi on PORT 22 TO pi\n",
    "debug1: Authenticating to github.com:22 as 'git'\n",
    "debug1: Authenticating to 10.0.0.5:22 as 'root'\n",
    "debug1: Authenticating to ubuntu-focal:2222 as 'vagrant'\n",
    "debug1: Authenticating to ci:22 as 'runner'\n",
]

HOME_NOBODY = [
    "npm error A complete log of this run can be found in: /home/AzDevOps/.npm/_logs/2026-09-04T12_39_31_440Z-debug-0.log\n",
    "/home/vsts/work/1/s/src/x.py\n",
    "/home/runner/work/x/x/src/x.py\n",
    "/usr/home/user/x.py\n",
    "/usr/local/lib/python3.11/site-packages/x.py\n",
    "/usr/share/doc/home/README\n",
    "/local/home/user/dev/x\n",
    "/data/home/ubuntu/x\n",
    "https://file+.vscode-resource.vscode-cdn.net/home/user/x/README.md\n",
    "https://file+.vscode-resource.vscode-cdn.net/Users/Shared/x/README.md\n",
    "https://example.net/Users/list\n",
]


@pytest.mark.parametrize(("text", "name"), PERSONS)
def test_a_name_a_tool_prints_goes_everywhere(engine: Scrubber, text: str, name: str) -> None:
    assert name.lower() not in scrubbed(engine, text).lower()


def test_only_the_name_changes(engine: Scrubber) -> None:
    text = "<HOST> ESTABLISH SSH CONNECTION FOR USER: travnik\n<HOST> SSH: EXEC ssh -vvv -o User=travnik -o ConnectTimeout=10\n"
    assert scrubbed(engine, text) == text.replace("travnik", "user1")
    text = "mkowal@devbox ~/s/intake (main)> git status\n"
    assert scrubbed(engine, text) == "user1@devbox ~/s/intake (main)> git status\n"
    text = "❯ git shortlog -sn\n  3802  Joran Kessel\n   400  jkessel42\n"
    assert scrubbed(engine, text) == "❯ git shortlog -sn\n  3802  user1\n   400  user2\n"
    text = "https://file+.vscode-resource.vscode-cdn.net/Users/kshitram/Code/x/site-packages/litellm/main.py:1936\n"
    assert scrubbed(engine, text) == text.replace("kshitram", "user1")


@pytest.mark.parametrize(
    "text",
    FISH_NOBODY + AGNOSTER_NOBODY + SHORTLOG_NOBODY + BLAME_NOBODY + ACCOUNT_NOBODY + HOME_NOBODY,
)
def test_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text
