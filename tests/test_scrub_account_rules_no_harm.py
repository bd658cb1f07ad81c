"""Scrubber 1.17's account rules do no harm (issue 35: do no harm).

The rules of stop 50 learn a login or a full name from an ``ls -li`` owner, sudo's refusal and
prompt, a ``passwd`` line, macOS's ``User Name:``, a prompt and a look-up command's argument; a
learned name is replaced everywhere in the text, so a rule that learns a service's account, a
distribution's or a virtual machine's default account, a role's comment (``Linux User``,
``Minecraft Server``) or a two-letter word of a container's prompt (``db@``) harms the whole
text. Each harm found by attacking the rules is a case here, and beside it the private text of
the same shape that must still be found (``docs/scrubber.md``, "Stop 46 (S): no harm").
"""

from __future__ import annotations

import pytest
import regex

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

SERVICE_ACCOUNTS = [
    # a look-up command's argument: a service's account, GitHub's documented example user
    "$ su - oracle\n",
    "$ su - hadoop\n$ su - hdfs\n",
    "$ sudo -u ollama\n",
    "$ npx github-email octocat\n",
    # switching to an account: a service's, of a tail longer than any list
    "$ su - airflow\n$ su - nagios\n$ sudo -u zabbix\n$ su - jellyfin\n$ sudo -u synapse\n",
    "$ id www\n$ id plex\n$ id minecraft\n$ id gitea\n$ id nextcloud\n",
    "$ id kafka\n$ id zookeeper\n$ id homeassistant\n$ id appuser\n",
    # ... and one that no list names, by the look-up's own answer (a system uid)
    "$ id ollamad\nuid=996(ollamad) gid=996(ollamad) groups=996(ollamad)\n",
    # an ls -li owner: the services of a fresh system and of common packages
    "$ ls -li /var/lib\n"
    "  131074 drwxr-xr-x  2 ollama   ollama   4096 Apr 18  2022 ollama\n"
    "  131075 drwxr-xr-x  2 appuser  appuser  4096 Apr 18  2022 app\n"
    "  131076 drwxr-xr-x  2 libvirt-qemu kvm  4096 Apr 18  2022 libvirt\n",
    "-rw-r--r-- 1 Debian-exim Debian-exim 4096 Okt 24 15:33 exim4\n"
    "-rw-r--r-- 1 tss tss 4096 Okt 24 15:33 tpm\n"
    "-rw-r--r-- 1 fwupd-refresh fwupd-refresh 4096 Okt 24 15:33 fwupd\n"
    "-rw-r--r-- 1 speech-dispatcher audio 4096 Okt 24 15:33 sd\n"
    "-rw-r--r-- 1 cups-pk-helper lp 4096 Okt 24 15:33 cups\n"
    "-rw-r--r-- 1 gnome-initial-setup nogroup 4096 Okt 24 15:33 gis\n",
    "-rw-r--r-- 1 hplip hplip 4096 Okt 24 15:33 a\n"
    "-rw-r--r-- 1 unbound unbound 4096 Okt 24 15:33 b\n"
    "-rw-r--r-- 1 landscape landscape 4096 Okt 24 15:33 c\n"
    "-rw-r--r-- 1 lxd lxd 4096 Okt 24 15:33 d\n"
    "-rw-r--r-- 1 pollinate pollinate 4096 Okt 24 15:33 e\n"
    "-rw-r--r-- 1 sssd sssd 4096 Okt 24 15:33 f\n",
    "-rw-r--r-- 1 www www 4096 Okt 24 15:33 a\n-rw-r--r-- 1 http http 4096 Okt 24 15:33 b\n"
    "-rw-r--r-- 1 influxdb influxdb 4096 Okt 24 15:33 c\n"
    "-rw-r--r-- 1 plex plex 4096 Okt 24 15:33 d\n-rw-r--r-- 1 couchdb couchdb 4096 Okt 24 15:33 e\n"
    "-rw-r--r-- 1 squid squid 4096 Okt 24 15:33 f\n-rw-r--r-- 1 named named 4096 Okt 24 15:33 g\n"
    "-rw-r--r-- 1 dovecot dovecot 4096 Okt 24 15:33 h\n"
    "-rw-r--r-- 1 clamav clamav 4096 Okt 24 15:33 i\n",
    # ... and a service no list names, by the text's own evidence: it runs as a command, its
    # files live under a system folder
    "12 4 drwxr-xr-x  2 llamad llamad 4096 Apr 18  2022 models\n$ llamad serve\n",
    "-rw-r--r-- 1 vectord vectord 4096 Okt 24 15:33 db\nsee /var/lib/vectord/db\n",
    # an English word as the owner column (a listing pasted into prose)
    "-rw-r--r-- 1 the the 4096 Jan 24 15:33 etc\n",
    # sudo's prompt and refusal: virtual machines' and devices' default accounts, services
    "[sudo] password for deck: \n[sudo] password for osboxes: \n[sudo] password for parallels: \n",
    "[sudo] password for oracle: \nollama is not in the sudoers file\n",
    "Rechte: deck is not in the sudoers file\n",
    "[sudo] password for jetson: \n[sudo] password for liveuser: \n"
    "[sudo] password for cloud-user: \n[sudo] password for dietpi: \n",
]
ROLE_ACCOUNTS = [
    # a passwd line: a service's account numbered like a person's, its home no home folder
    "ollama:x:1001:1001:Ollama:/usr/share/ollama:/bin/false\nOllama runs\n",
    "odoo:x:1001:1001:Odoo:/opt/odoo:/bin/bash\nOdoo 17\n",
    "minecraft:x:1001:1001:Minecraft Server:/opt/minecraft:/bin/bash\nMinecraft Server started\n",
    # ... and a role's comment field: no person's name, and no person's account
    "node:x:1000:1000:Linux User,,,:/home/node:/bin/sh\nLinux User here\n",
    "steam:x:1001:1001:Steam User:/home/steam:/bin/bash\nSteam User\n",
    "dev:x:1000:1000:Dev User:/home/dev:/bin/bash\nDev User\n",
    "admin:x:1000:1000:Admin User:/home/admin:/bin/bash\nAdmin User\n",
    "test:x:1001:1001:Test User,,,:/home/test:/bin/bash\nTest User\n",
    "docker:x:1000:1000:Docker User:/home/docker:/bin/bash\nDocker User\n",
    "hadoop:x:1001:1001:Hadoop User:/home/hadoop:/bin/bash\nHadoop User\n",
    "frappe:x:1000:1000:Frappe Bench:/home/frappe:/bin/bash\nFrappe Bench\n",
    "git:x:1001:1001:Git Version Control:/home/git:/bin/bash\nGit Version Control\n",
    "System Version: macOS 14.5\nUser Name: Mac User (macuser)\nmacuser\n",
    "System Version: macOS 14.5\nUser Name: Test User (testuser)\nTest User\n",
    # a form's or a tutorial's User Name: line, no system_profiler report around it
    "User Name: Your Name (required)\n",
    "    User Name: Full Name (shortname)\n  User Name:  Max Mustermann (max)\n",
]
SHARED_PROFILES = [
    # Windows' shared and built-in profiles with a suffix glued on, beside the plain profile
    "C:\\Users\\Public.Documents\\x\nC:\\Users\\Public\\x\n",
    "C:\\Users\\Default.migrated\\x\nC:\\Users\\Default\\x\n",
    "C:\\Users\\Administrator.WIN-ABC\\x\nC:\\Users\\Administrator\\x\n",
    "C:\\Users\\defaultuser0.old\\x\nC:\\Users\\defaultuser0\\x\n",
]
SHORT_PROMPTS = [
    # a two-letter word as a container's or a machine's prompt login (db, ok, js, qa)
    "db@host:~$ ls\n",
    "ok@host:~$ ls\n",
    "js@box:~$ node\n",
    "qa@box:~$ run\n",
]


@pytest.mark.parametrize("text", SERVICE_ACCOUNTS + ROLE_ACCOUNTS + SHARED_PROFILES + SHORT_PROMPTS)
def test_service_default_and_role_accounts_stay(engine: Scrubber, text: str) -> None:
    """No harm: the account rules learn no service's, default's or role's account, and no
    two-letter word of a Linux prompt; the text comes out unchanged."""
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("$ id kevo\nuid=1000(kevo) gid=1000(kevo) groups=1000(kevo),27(sudo)\n", ["kevo"]),
        (
            "$ su - mbrandt\nPassword:\n$ id\nuid=1001(mbrandt) gid=1001(mbrandt)\n"
            "$ sudo -u jkowal\n$ id\nuid=1002(jkowal)\n",
            ["mbrandt", "jkowal"],
        ),
        (
            "  131074 drwxr-xr-x  2 mbrandt  mbrandt  4096 Okt 18  2022 proj\n"
            "$ ls /var/lib/docker\n",
            ["mbrandt"],
        ),
        (
            "tkral:x:1000:1000:Tomas Kral,,,:/home/tkral:/bin/bash\nTomas wrote it\n",
            ["tkral", "Tomas", "Kral"],
        ),
        (
            "      Kernel Version: Darwin 22.5.0\n      User Name: Miroslav Kovalenko (jek)\n",
            ["Miroslav", "Kovalenko", "jek"],
        ),
        ("[sudo] password for kevo: \nrovi7 is not in the sudoers file.\n", ["kevo", "rovi7"]),
        ("rb@ATMS-DEV MINGW64 /c/GPA/gsf.g (master)\n$ git log\n", ["rb"]),
        ("[af@andre ~]$ ls\n/home/af/.ssh/id_rsa\n", ["af"]),
        (  # a domain's profile of a person (<login>.<DOMAIN>) is still the person's
            "C:\\Users\\kvoss.CORP\\AppData\\x\n",
            ["kvoss"],
        ),
    ],
)
def test_private_accounts_of_the_same_shapes_still_go(
    engine: Scrubber, text: str, names: list[str]
) -> None:
    """The fixes lose no find: a person's account in each shape is still learned and replaced
    everywhere (the ``id`` answer's uid in a person's range, a ``passwd`` line with a home
    folder and a person's name, a two-letter login of a Git Bash prompt or with its home)."""
    out = scrubbed(engine, text)
    for name in names:
        assert not regex.search(rf"(?i)(?<![A-Za-z0-9]){regex.escape(name)}(?![A-Za-z0-9])", out)
