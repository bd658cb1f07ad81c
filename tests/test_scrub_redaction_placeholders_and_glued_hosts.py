# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Redaction placeholders as accounts and profile folders, and a learned login glued to a
prompt's host name (stop 52, scrubber 1.38.0; issue 35).

The damage of batches 84 and 85's tune parts (``tests/outside_corpus/SOURCE.md``, "The stop-84
collection", "The stop-85 collection"), fixed by a general rule:

* ``placeholder_name`` (``scrubbers/user_names.yaml``): upper-case words joined by ``-`` or ``_``,
  one a user, name, login, host or profile word and another a redaction word
  (``USERNAME-CENSORED``, ``USER_REDACTED``, ``HOSTNAME-CENSORED``), or a redaction word alone
  (``REDACTED``), is what a person wrote over their account, no account (coredumpctl's
  ``Owner UID: 1000 (USERNAME-CENSORED)``); a spaced name made only of placeholder words
  (``User Name``) as a Windows profile folder (``C:\\Users\\User Name\\.VirtualBox``) is a
  placeholder. A real account (``jdorn``, ``MARIA``) and a real two-word name (``Johan Dorn``)
  still go.

The login misses of batch 84's tune part, each read from the format that writes it:

* ``glued_host_prompt`` (``engine.glued_host_logins``): bash's ``\\u@\\h:\\w\\$`` prompt whose
  host is the prompt's own login followed by capitals or digits with no separator
  (``<u>@<u>LT:~$``, a laptop named after its owner): the login's letters in the host go too;
  role, image and placeholder accounts are never learned (``root@rootLT``, ``ubuntu@ubuntuLT``);
* a two-letter login learned from a home is a login when the text also holds a Mac's default
  host name made from it (macOS's ComputerName ``<name>'s MacBook Pro``, localised
  ``<name>的iMac``, whose local host name transliterates to ``<name>deiMac`` or
  ``<name>s-MacBook-Pro``): the zsh theme's ``<u>deiMac :: ~/Downloads »`` keeps no name.

The name miss of batch 85's tune part:

* ``checkout_owner`` (``engine.checkout_owner_names``): a checkout laid out
  ``<host>/<owner>/<repo>`` (ghq, Go's ``$GOPATH/src``, a ``Development`` tree) under a home,
  whose owner folder is the host's own label and that label a learned login or starts with one
  (``/mnt/c/Users/<u>/Development/git.<u…>.com/<u…>/website``): a person's own domain, learned as
  a name. Forges' organisations under their own host (``salsa.debian.org/debian``,
  ``gitea.com/gitea``) start with no login and stay.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was written: texts
of the same shape that name nobody, which must stay as they are.
"""

from __future__ import annotations

import re

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

REDACTION_PLACEHOLDER_NOBODY = [
    "           UID: 1000 (USERNAME-CENSORED)\n           GID: 1001 (USERNAME-CENSORED)\n",
    "     Owner UID: 1000 (USERNAME-CENSORED)\n",
    "           UID: 1000 (USERNAME_CENSORED)\n",
    "           UID: 1000 (REDACTED)\n",
    "           UID: 1000 (USER-CENSORED)\n",
    "           UID: 1000 (USERNAME-REDACTED)\n",
    "     Owner UID: 1000 (USER_REDACTED)\n",
    "           UID: 1000 (NAME-REMOVED)\n",
    "           UID: 1000 (CENSORED)\n",
    "           UID: 1000 (REDACTED-USER)\n",
    "           UID: 1000 (HOSTNAME-CENSORED)\n",
    "           UID: 1000 (LOGIN_HIDDEN)\n",
    "      Hostname: HOSTNAME-CENSORED\n",
    "/home/USERNAME-CENSORED/.config/Element/logs/main.log\n",
    "C:\\Users\\USER_REDACTED\\AppData\\Roaming\\Bitwarden\\data.json\n",
    "/Users/REDACTED/Library/Application Support/Code/logs\n",
    "Username: USERNAME-CENSORED\n",
    "user=USER_REDACTED\n",
]

SPACED_PLACEHOLDER_NOBODY = [
    "VBOX_USER_HOME=C:\\Users\\User Name\\.VirtualBox\n",
    "C:\\Users\\User Name\\AppData\\Local\\Temp\\x.log\n",
    'set VBOX_USER_HOME="C:\\Users\\User Name\\.VirtualBox"\n',
    "C:\\Users\\Your Name\\.VirtualBox\\VBoxSVC.log\n",
    "C:\\Users\\UserName\\.VirtualBox\n",
    "C:\\Users\\<User Name>\\.VirtualBox\n",
    "C:\\Users\\%USERNAME%\\.VirtualBox\n",
    "%USERPROFILE%\\.VirtualBox\n",
    "C:\\Users\\Public\\.VirtualBox\n",
    "D:\\VirtualBox Home\\Machines\n",
    "Open C:\\Users\\User Name\\Documents\\notes.txt in an editor\n",
]

GLUED_HOST_NOBODY = [
    "root@rootLT:~# ls /root/snap/signal-desktop/456/.config\n",
    "ubuntu@ubuntuLT:~$ signal-desktop\n",
    "user@userLT:~$ ls /home/user/snap/signal-desktop/456/.config\n",
    "admin@adminPC:~$ signal-desktop\n",
    "pi@pi4B:~$ ls /home/pi/.config\n",
    "vagrant@vagrant01:~$ ls /home/vagrant/.cache\n",
    "kali@kaliVM:~$ ls /home/kali/.msf4/loot\n",
    "deck@deckLT:~$ ls /home/deck/.var/app\n",
    "docker@dockerVM01:~$ ls /home/docker/.docker\n",
    "jq@jqLT:~$ jq .version package.json\n",
    "db@dbPC:~$ psql -c 'select 1'\n",
    "iMac :: ~/Downloads » ls /Applications/Google\\ Chrome.app\n",
    "MacBook-Pro :: ~/Downloads » ls /Users/Shared/Library/Application\\ Support/Google/Chrome\n",
    "userdeiMac :: ~/Downloads » ls /Users/user/Library/Application\\ Support/Google/Chrome\n",
    "Mac-mini :: ~ » echo $HOME\n",
]

# checkouts laid out ``<host>/<owner>/<repo>`` that name nobody but the home's login, which
# alone goes (``kjanssen`` becomes ``user1``): placeholder domains, forges' organisations under
# their own host, Go's and ghq's trees
CHECKOUT_NOBODY = [
    "/home/kjanssen/Development/git.example.com/example/website/node_modules/x.js\n",
    "/srv/build/git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux/Makefile\n",
    "/mnt/d/src/github.com/microsoft/vscode/src/vs/code/electron-main/main.ts\n",
    "/mnt/c/work/gitlab.com/gitlab-org/gitlab-ui/package.json\n",
    "/home/$USER/go/src/golang.org/x/tools/gopls/main.go\n",
    "/home/kjanssen/go/src/github.com/github/hub/main.go\n",
    "/home/kjanssen/src/salsa.debian.org/debian/devscripts/debian/control\n",
    "/home/kjanssen/src/gitlab.gnome.org/GNOME/gtk/meson.build\n",
    "/home/kjanssen/src/gitlab.archlinux.org/archlinux/packaging/packages/linux/PKGBUILD\n",
    "/Users/kjanssen/ghq/gitea.com/gitea/tea/main.go\n",
    "/Users/kjanssen/ghq/codeberg.org/forgejo/forgejo/go.mod\n",
    "kjanssen@DELLXPS9300:/mnt/c/Users/kjanssen/Development/git.sr.ht/~sircmpwn/hare$ make\n",
    "/home/kjanssen/go/src/gopkg.in/yaml.v3/yaml.go\n",
    "/srv/git/git.example.org/example/site/index.html\n",
]

# (text, the login or name that must be gone from the whole text)
STILL_GO = [
    ("           UID: 1000 (jdorn)\n", "jdorn"),
    ("           UID: 1000 (MARIA)\n", "MARIA"),
    ("     Owner UID: 1000 (kwalden)\n", "kwalden"),
    ("VBOX_USER_HOME=C:\\Users\\Anna Berg\\.VirtualBox\n", "Berg"),
    ("VBOX_USER_HOME=C:\\Users\\Johan Dorn\\.VirtualBox\n", "Dorn"),
    ("C:\\Users\\Johan Dorn\\AppData\\Local\\Temp\\x.log\n", "Johan"),
    ("C:\\Users\\User1Name\\AppData\\Local\\Temp\\x.log\n", "User1Name"),
    (
        "mkvasquez@mkvasquezLT:~$ ls /home/mkvasquez/snap/signal-desktop/456/.config\n",
        "mkvasquez",
    ),
    ("tbrandt@tbrandtPC01:~$ signal-desktop\n", "tbrandt"),
    ("[hlorenz@hlorenzX1 ~]$ ls /home/hlorenz/.config\n", "hlorenz"),
    (
        "qxdeiMac :: ~/Downloads » ls /Users/qx/Library/Application\\ Support/Google/Chrome\n",
        "qx",
    ),
    ("ls /Users/qx/.cache\nqxs-MacBook-Pro:~ qx$ echo ok\n", "qx"),
    ("kiradeMacBook-Pro :: ~ » ls /Users/kira/.colima\n", "kira"),
    (
        "mira@DELLXPS9300:/mnt/c/Users/miral/Development/git.miralindqvist.com/miralindqvist/website$ npm i -g npm\n",
        "miralindqvist",
    ),
    ("/Users/tbrandt/ghq/tbrandt.dev/tbrandt/blog/config.toml\n", "tbrandt"),
    ("/home/hlorenz/go/src/git.hlorenzen.net/hlorenzen/tools/main.go\n", "hlorenzen"),
]


@pytest.mark.parametrize(
    "text", REDACTION_PLACEHOLDER_NOBODY + SPACED_PLACEHOLDER_NOBODY + GLUED_HOST_NOBODY
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_real_accounts_names_and_glued_logins_still_go(
    engine: Scrubber, text: str, value: str
) -> None:
    out = scrubbed(engine, text)
    assert regex_word(value).search(out) is None, out


def regex_word(value: str) -> re.Pattern[str]:
    """``value`` as a word of its own, or glued before a host's suffix (``qxdeiMac``)."""
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(value)}", re.I)


@pytest.mark.parametrize("text", CHECKOUT_NOBODY)
def test_checkouts_keep_their_host_and_owner(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text.replace("kjanssen", "user1")
