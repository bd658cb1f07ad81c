# ruff: noqa: E501  (commands are kept whole, as they are typed)
"""The login argument of account and process commands (stop 60, scrubber 1.141.0; issue 35).

A class rule, not one batch's: ``command_arg`` (``scrubbers/user_names.yaml``), read by
``engine._account_entries``, now also takes, at a prompt (``$ ``, ``# ``, ``% ``, ``❯ ``) or on
a script's line that starts with ``sudo`` (a Dockerfile's ``RUN sudo …``), the login of
usermod(8), userdel(8), deluser(8), passwd(1), chsh(1), chfn(1) and loginctl(1)'s
``enable-linger``/``disable-linger`` (the line's last word, after options and their
arguments), gpasswd(1)'s ``-a``/``-d <user> <group>``, and pgrep/pkill(1), ps(1), top(1) and
killall(1)'s ``-u <user>``. Switching commands (su(1), sudo(8) ``-u``/``-iu``/``--user=``,
runuser(1) ``-u``, crontab(1) ``-u``) and chown(1)'s owner name a service as often as a person,
so they teach only beside the ``id`` answer's person's uid for the same account.

``ACCOUNT_COMMAND_NOBODY`` is the harm hunt the rule was attacked with before it was kept:
commands of the same shape that name nobody (system, service and role accounts, variables,
placeholders, uids, a command cut before its login, an option's argument, prose about the
commands, switching to a service's account), which must keep what they hold.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

ACCOUNT_COMMAND_NOBODY = [
    "$ sudo usermod -aG docker $USER\n",
    "$ sudo usermod -aG docker ${USER}\n",
    "$ sudo usermod -aG docker $(whoami)\n",
    "$ sudo usermod -aG docker jenkins\n",
    "$ sudo usermod -aG render jellyfin\n",
    "$ sudo usermod -aG docker <user>\n",
    "$ sudo usermod -aG docker username\n",
    "$ sudo usermod -aG docker youruser\n",
    "$ sudo usermod -aG docker USER\n",
    "$ sudo usermod -aG docker ubuntu\n",
    "$ sudo usermod -aG docker git\n",
    "RUN sudo usermod -aG docker builder\n",
    "$ sudo usermod -aG docker\n",
    "$ sudo usermod -aG libvirt\n",
    "$ sudo usermod -a -G dialout\n",
    "$ sudo usermod --shell /bin/bash\n",
    "$ sudo chsh -s /bin/zsh\n",
    "$ sudo passwd root\n",
    "$ passwd -l\n",
    "$ passwd --status\n",
    "$ sudo gpasswd -a www-data nginx\n",
    "$ sudo gpasswd -a\n",
    "$ pgrep -u root sshd\n",
    "$ pgrep -u $USER node\n",
    '$ pkill -u "$USER" chrome\n',
    "$ pkill -u nobody\n",
    "$ ps -u postgres\n",
    "$ ps -u 1000\n",
    "$ ps -u %USERNAME%\n",
    "$ ps -u\n",
    "$ top -u www-data\n",
    "$ sudo loginctl enable-linger gitlab-runner\n",
    "$ sudo loginctl enable-linger $USER\n",
    "$ loginctl enable-linger\n",
    "$ sudo -u postgres psql\n",
    "$ sudo -iu postgres\n",
    "$ su - postgres\n",
    "$ crontab -u www-data -l\n",
    "$ sudo chown -R 1000:1000 /srv/app\n",
    "$ sudo chown -R www-data:www-data /var/www\n",
    "$ docker run --user 1000:1000 image\n",
    "Use su to switch users, or usermod to change a user.\n",
    "Run `sudo usermod -aG docker` then log out.\n",
]

ACCOUNT_COMMAND_GO = [
    ("$ sudo usermod -aG docker mkowalczyk\n", "mkowalczyk", "$ sudo usermod -aG docker "),
    ("sudo usermod -aG docker mkowalczyk\nnewgrp docker\n", "mkowalczyk", "newgrp docker"),
    ("RUN sudo usermod -aG docker mkowalczyk\n", "mkowalczyk", "RUN sudo usermod -aG docker "),
    ("$ sudo usermod -a -G dialout,plugdev tfarrow\n", "tfarrow", "dialout,plugdev"),
    ("sudo gpasswd -a okaplan docker\n", "okaplan", " docker"),
    ("$ passwd jdevane\n", "jdevane", "$ passwd "),
    ("$ sudo passwd -l jdevane\n", "jdevane", "$ sudo passwd -l "),
    ("$ sudo chsh -s /bin/zsh rbellweg\n", "rbellweg", "-s /bin/zsh "),
    ("$ sudo loginctl enable-linger mkowalczyk\n", "mkowalczyk", "enable-linger "),
    ("$ pgrep -u tobiask python\n", "tobiask", " python"),
    ("$ ps -u hnakamura -o pid,cmd\n", "hnakamura", " -o pid,cmd"),
    ("$ sudo userdel -r qmoreau\n", "qmoreau", "userdel -r "),
    ("$ sudo deluser --remove-home qmoreau\n", "qmoreau", "--remove-home "),
    (
        "$ sudo -u mkowalczyk git pull\n$ id mkowalczyk\nuid=1001(mkowalczyk) gid=1001(mkowalczyk) groups=1001(mkowalczyk),27(sudo)\n",
        "mkowalczyk",
        " git pull",
    ),
    (
        "$ sudo chown -R mkowalczyk:mkowalczyk /srv/app\n$ id mkowalczyk\nuid=1001(mkowalczyk) gid=1001(mkowalczyk) groups=1001(mkowalczyk)\n",
        "mkowalczyk",
        " /srv/app",
    ),
]


@pytest.mark.parametrize("text", ACCOUNT_COMMAND_NOBODY)
def test_account_command_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), ACCOUNT_COMMAND_GO)
def test_account_command_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
