# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Terminal emulators', multiplexers' and shell frameworks' output (stop 56, scrubber 1.88.0;
issue 35).

The tune misses and damage of batch 132 (``tests/outside_corpus/SOURCE.md``, "The stop-132
collection"), fixed by general rules where one reads the tool's documented format:

* ``env_realname`` (``scrubbers/user_names.yaml``): ``REALNAME`` in an environment dump (``env``,
  ``/proc/<pid>/environ``, a ``tmux -vv`` server log's ``window_pane_spawn: environment`` lines)
  is the user's full name, as the programs that read it take it (tin's ``header.c``,
  ``get_full_name()``: ``$NAME``, then ``$REALNAME``, then the passwd GECOS field; EPIC's IRC
  client: ``$IRCNAME``, ``$NAME``, then ``$REALNAME`` as the default real name): the value's
  leading ``<First> <Last>`` (two to four capitalised words, a surname in capitals with a
  ``DE-``/``DU-`` particle too), and in a free-text value another person written ``<First>
  <SURNAME>`` (the surname in capitals), learned. A placeholder (``John Doe``, ``Your Name``),
  a role's, a robot's or a team's words (``Build Robot``, ``Release Manager``) stay;
* ``sigilless_prompt`` (the same file): oh-my-zsh's agnoster theme's prompt pasted without its
  Powerline glyphs, a line that is only `` <u>@<host> <cwd>`` (ohmyzsh's
  ``themes/agnoster.zsh-theme``: each segment starts with a space, ``prompt_context`` writes
  ``%n@%m``, ``prompt_dir`` ``%~``, the separators U+E0B0 are private-use glyphs a paste or a
  font often loses); the host is ``%m``, the name up to its first dot, so an address
  (``git@github.com ~``) or a package's version (``pkg@1.2.3 /srv/app``) is not this shape;
* the ``home_segment`` rule: a folder in capitals under ``/home`` that holds a per-platform
  software tree (``/home/OPENSOURCE/Linux/RHEL7/64b/lib``: ``uname -s``'s or ``uname -m``'s
  value, then up to three folders, then ``lib``/``lib64``/``bin``/``include``/``share``) is a
  site's shared install prefix, no one's home.

Not taken (documented in ``docs/scrubber.md``): the systemd journal's host field holding a
person's given name with nothing else in the text tying it to a login; it goes already when it
is, or is made of, a login learned elsewhere (``JOURNAL_HOST``).

``*_NOBODY`` are the harm hunts the rules were attacked with before they were kept: texts of the
same shape that name nobody, which must keep what they hold.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

# ``REALNAME=`` naming nobody: empty, a variable, a role, a robot, a placeholder, a team, a
# product; the free-text value's other capitalised words; ``NAME=`` of os-release
REALNAME_NOBODY = [
    "1552914150.271463 window_pane_spawn: environment REALNAME=\n",
    "1552914150.271463 window_pane_spawn: environment REALNAME=root\n",
    "1552914150.271463 window_pane_spawn: environment REALNAME=John Doe\n",
    "1552914150.271463 window_pane_spawn: environment REALNAME=Your Name\n",
    "1552914150.271463 window_pane_spawn: environment REALNAME=Administrator\n",
    "1552914150.271463 window_pane_spawn: environment REALNAME=Build Robot + ci + S/T + EYYW + AUSY operation requested by Release Manager\n",
    "1552914150.271463 window_pane_spawn: environment REALNAME=Nightly Build + ci + S/T operation requested by Support TEAM\n",
    "1552914150.271463 window_pane_spawn: environment NAME=Ubuntu\n",
    'NAME="Ubuntu"\nVERSION="20.04.2 LTS (Focal Fossa)"\nID=ubuntu\n',
    "REALNAME=Jane Doe\nUSER=root\nHOME=/root\n",
    'export REALNAME="Firstname Lastname"\nexport EMAIL="you@example.com"\n',
    'export REALNAME="$USER"\n',
    'REALNAME="${REALNAME:-$(getent passwd "$USER" | cut -d: -f5)}"\n',
    "REALNAME=Amiga User\n",
    "REALNAME=Unknown\n",
    "REALNAME=Jenkins Build Agent\n",
    "REALNAME=Linux User\n",
    "REALNAME=Service Account\n",
    "REALNAME=CI Bot\n",
    "IRCNAME=EPIC User\nREALNAME=*Unknown*\n",
    "Set REALNAME and EMAIL to your name and address before running passphrase2pgp.\n",
    "1552914150.271064 window_pane_spawn: environment GROUP=simugene\n1552914150.271101 window_pane_spawn: environment HOST=simugene6\n",
    "1552914150.271545 window_pane_spawn: environment UNIX=Linux\n1552914150.271539 window_pane_spawn: environment TMUX=/tmp/tmux-130772/default,1698,0\n",
    "COMPANY=Acme CORP\nDEPARTMENT=Research LAB\n",
]

# (text, values that must go, a span that must stay)
REALNAME_GO = [
    (
        "1552914150.271463 window_pane_spawn: environment REALNAME=Aurore LEMERCIER + ab12cde + S/T + QZXW + ACME operation requested by Gaston DU-VERNOIS\n1552914150.271551 window_pane_spawn: environment USER=ab12cde\n",
        ("Aurore", "LEMERCIER", "Gaston", "VERNOIS", "ab12cde"),
        " + S/T + QZXW + ACME operation requested by ",
    ),
    (
        "1552914150.271463 window_pane_spawn: environment REALNAME=Maren Oyelaran\n1552914150.271469 window_pane_spawn: environment SHELL=/bin/ksh\n",
        ("Maren", "Oyelaran"),
        "window_pane_spawn: environment SHELL=/bin/ksh",
    ),
    (
        "$ tr '\\0' '\\n' < /proc/4242/environ\nREALNAME=Tomasz Wierzbicki\nLANG=en_US.UTF-8\n",
        ("Tomasz", "Wierzbicki"),
        "LANG=en_US.UTF-8",
    ),
    (
        'export REALNAME="Ines Carvalho"\nexport EDITOR=vim\n',
        ("Ines", "Carvalho"),
        "export EDITOR=vim",
    ),
    (
        "1552914150.271463 spawn_pane: environment REALNAME=Odile BERTHELOT-VANNIER\n",
        ("Odile", "BERTHELOT"),
        "spawn_pane: environment REALNAME=",
    ),
]

# a line that is only ``<login>@<host> <cwd>`` naming nobody: role, image and placeholder
# logins, an address, a package's version or dist-tag, a prompt with more after it
SIGILLESS_PROMPT_NOBODY = [
    "Get your Oh My Zsh swag at:  http://shop.planetargon.com/\n_update_zsh_update:1: permission denied: /Users/Shared/.zsh-update\n root@TR ~\n",
    " root@TR ~\n admin@TR ~\n",
    " user@hostname ~\n",
    "git@github.com ~\n",
    " git@github.com ~/code\n",
    " vagrant@ubuntu-focal ~\n",
    " ec2-user@ip-10-0-0-12 /var/log\n",
    " runner@fv-az123-456 /home/runner/work\n",
    "my-app@0.1.0 /srv/app\n",
    " my-app@0.1.0 /srv/app\n",
    "├── react@18.2.0\n└── typescript@5.4.5\n",
    " typescript@next ~\n",
    " pkg@latest /tmp\n",
    "my-app@1.0.0 /home/user/my-app\n└── lodash@4.17.21\n",
    " ubuntu@ip-172-31-0-1 ~\n",
    " docker@desktop ~\n",
    "ssh -T git@github.com\nHi there! You've successfully authenticated.\n",
    "Write to user@example.com ~ thanks\n",
    " @types/node@20.1.0 /tmp\n",
    " my-app@0.1.0 ~/app\n",
    " getty@tty1 /dev/tty1\n",
    "openvpn@server /etc/openvpn/server.conf\n",
    "wg-quick@wg0 /etc/wireguard/wg0.conf\n",
    "postgresql@main /var/lib/postgresql\n",
]

SIGILLESS_PROMPT_GO = [
    (
        "Get your Oh My Zsh swag at:  http://shop.planetargon.com/\n_update_zsh_update:1: permission denied: /Users/appdev4/.zsh-update\n ginevra@TR ~\n",
        ("ginevra", "appdev4"),
        "@TR ~",
    ),
    (" marisol@MBP ~/code/site\n", ("marisol",), "@MBP ~/code/site"),
    (" tkovacs@devbox  ~/src/app  master ±\n", ("tkovacs",), "@devbox"),
    ("\n ✘  kenjiro@devbox  ~/src\n", ("kenjiro",), "@devbox"),
    (" (venv)  okonkwo@ws1  ~/proj/api\n", ("okonkwo",), "@ws1"),
    ("lorenzo@TR ~ master ±\n", ("lorenzo",), "@TR ~ master ±"),
]

# a software tree under /home named by a site in capitals, and homes that stay replaced
SOFTWARE_TREE_NOBODY = [
    (
        "LD_LIBRARY_PATH=/home/OPENSOURCE/Linux/RHEL7/64b/lib\n",
        "/home/OPENSOURCE/Linux/RHEL7/64b/lib",
    ),
    (
        "LD_LIBRARY_PATH=/usr/local/lib::/home/OPENSOURCE/Linux/RHEL7/64b/lib\n",
        "/home/OPENSOURCE/Linux/RHEL7/64b/lib",
    ),
    (
        "LD_LIBRARY_PATH=/root/local/lib::/home/OPENSOURCE/Linux/RHEL7/64b/lib\n",
        "/home/OPENSOURCE/Linux/RHEL7/64b/lib",
    ),
    (
        "1552914150.271140 window_pane_spawn: environment LD_LIBRARY_PATH=/home/kp7c23d/local/lib::/home/OPENSOURCE/Linux/RHEL7/64b/lib\n",
        "::/home/OPENSOURCE/Linux/RHEL7/64b/lib",
    ),
    ("PATH=/home/TOOLS/Linux/x86_64/bin:/usr/bin\n", "/home/TOOLS/Linux/x86_64/bin"),
    ("PATH=/home/SOFTWARE/SunOS/5.10/sparc/bin:/usr/bin\n", "/home/SOFTWARE/SunOS/5.10/sparc/bin"),
    ("CPATH=/home/SITE_APPS/x86_64/include\n", "/home/SITE_APPS/x86_64/include"),
    ("DYLD_LIBRARY_PATH=/home/APPS/Darwin/arm64/lib\n", "/home/APPS/Darwin/arm64/lib"),
    (
        "export PKG_CONFIG_PATH=/home/OPENSOURCE/Linux/RHEL7/64b/lib64/pkgconfig\n",
        "/home/OPENSOURCE/Linux/RHEL7/64b/lib64/pkgconfig",
    ),
    (
        "1552914150.271032 window_pane_spawn: environment DEFALIAS=/home/sys/etc/kshrc\n",
        "/home/sys/etc/kshrc",
    ),
    ("PATH=/home/linuxbrew/.linuxbrew/bin:/usr/bin\n", "/home/linuxbrew/.linuxbrew/bin"),
]

# capitals logins, and lower-case ones, whose homes go as before
SOFTWARE_TREE_GO = [
    ("LD_LIBRARY_PATH=/home/KP7C23D/local/lib\n", ("KP7C23D",), "/local/lib"),
    ("cat /home/JSMITH/.bashrc\n", ("JSMITH",), "/.bashrc"),
    ("ls /home/ANNA/Linux/notes.txt\n", ("ANNA",), "/Linux/notes.txt"),
    ("ssh -i /home/OKAFOR/.ssh/id_rsa host\n", ("OKAFOR",), "/.ssh/id_rsa"),
    (
        "LD_LIBRARY_PATH=/home/bkowalski/Linux/RHEL7/64b/lib\n",
        ("bkowalski",),
        "/Linux/RHEL7/64b/lib",
    ),
    ("PATH=/home/MTANAKA/bin/Linux/x86_64/bin:/usr/bin\n", ("MTANAKA",), "/bin/Linux/x86_64/bin"),
]

# the journal's host field: a machine's name stays; a host that is, or is made of, a login the
# text teaches elsewhere goes (as before 1.88.0: no rule for this class)
JOURNAL_HOST = [
    (
        'Feb 01 16:15:48 fedora systemd[1261]: Started x\nFeb 01 16:15:48 fedora org.wezfurlong.wezterm.desktop[255611]:         [string "/home/qlin/.wezterm.lua"]:125: in >\n',
        ("qlin",),
        "Feb 01 16:15:48 fedora systemd[1261]",
    ),
    (
        'Feb 01 16:15:48 qlin systemd[1261]: Started x\nFeb 01 16:15:48 qlin org.wezfurlong.wezterm.desktop[255611]:         [string "/home/qlin/.wezterm.lua"]:125: in >\n',
        ("qlin",),
        " systemd[1261]: Started x",
    ),
    (
        'Feb 01 16:15:48 qlin-laptop systemd[1261]: Started x\nFeb 01 16:15:48 qlin-laptop org.wezfurlong.wezterm.desktop[255611]:         [string "/home/qlin/.wezterm.lua"]:125: in >\n',
        ("qlin",),
        "-laptop systemd[1261]: Started x",
    ),
]


@pytest.mark.parametrize("text", REALNAME_NOBODY)
def test_realname_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "values", "kept"), REALNAME_GO)
def test_realname_goes(engine: Scrubber, text: str, values: tuple[str, ...], kept: str) -> None:
    gone_and_kept(engine, text, values, kept, any_case=True)


@pytest.mark.parametrize("text", SIGILLESS_PROMPT_NOBODY)
def test_sigilless_prompt_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "values", "kept"), SIGILLESS_PROMPT_GO)
def test_sigilless_prompt_login_goes(
    engine: Scrubber, text: str, values: tuple[str, ...], kept: str
) -> None:
    gone_and_kept(engine, text, values, kept, any_case=True)


@pytest.mark.parametrize(("text", "kept"), SOFTWARE_TREE_NOBODY)
def test_software_tree_under_home_stays(engine: Scrubber, text: str, kept: str) -> None:
    assert kept in scrubbed(engine, text)


@pytest.mark.parametrize(("text", "values", "kept"), SOFTWARE_TREE_GO)
def test_capitals_home_still_goes(
    engine: Scrubber, text: str, values: tuple[str, ...], kept: str
) -> None:
    gone_and_kept(engine, text, values, kept)


@pytest.mark.parametrize(("text", "values", "kept"), JOURNAL_HOST)
def test_journal_host_follows_the_learned_login(
    engine: Scrubber, text: str, values: tuple[str, ...], kept: str
) -> None:
    gone_and_kept(engine, text, values, kept, any_case=True)
