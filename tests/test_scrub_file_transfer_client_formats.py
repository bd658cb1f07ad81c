# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""File-transfer clients' logs and command lines (stop 60, scrubber 1.134.0; issue 35).

The tune misses and damage of batch 176 (``tests/outside_corpus/SOURCE.md``, "The stop-176
collection"), fixed by rules that read the tools' own formats:

* ``winscp_session_login`` (``scrubbers/user_names.yaml``): a WinSCP session log's header,
  ``Session name: <u>@<host> (Site)`` and ``User name: <u> (Password: …, Key file: …)``
  (WinSCP's source, ``TSessionLog::DoAddStartupInfo``);
* ``ssh_offered_key_comment`` (the same file): the comment of the key ``ssh -v`` offers, will
  attempt or the server accepts (OpenSSH's sshconnect2.c, ``Offering public key: %s``,
  ``Will attempt key: %s``, ``Server accepts key: %s``; before 7.8 ``Offering RSA public key:
  %s``), ssh-keygen's default ``<login>@<host>``; a two-letter login there counts where the
  text names it nowhere else (``engine._short_login``);
* ``ftp_prompt_local_login`` (the same file): the local login a BSD or netkit ftp client
  offers as the default, ``Name (<host>:<login>): `` (ftp(1));
* ``rclone_rc_user`` (the same file) and ``prefixed_password_option``
  (``scrubbers/recognizers.yaml``): rclone's remote control login and password,
  ``--rc-user``/``--rc-pass`` (and ``RCLONE_RC_USER``), and any long option named for one
  service's password (``--<word>-pass``, ``--<word>-password``: rclone's ``--ftp-pass``,
  Nextcloud's ``--database-pass``/``--admin-pass``), except flags that take no value;
* ``role_login`` (the same file, one alternative more): a file-transfer protocol's word glued to
  a role or test word without a number (``ftptest``, ``sftpuser``, ``ftpusers``: pure-ftpd's
  virtual users' home root ``/home/ftpusers/`` and their test accounts) names nobody.

``*_NOBODY`` are the harm hunts the rules were attacked with before they were kept (role, image
and default accounts, placeholders, flags that take no value, the virtual users' root), which
must stay as they are; ``*_GO`` hold real values in the same places, which must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

_FP = "SHA256:EaIPGmO4A8cT5ZYlzhr8CAW9vQ8CNzYoSi395Kwjcu4"

FILE_TRANSFER_NOBODY = [
    # WinSCP's session log header naming a role, image or default account
    ". 2023-03-26 22:09:44.152 Session name: root@192.168.1.10 (Site)\n. 2023-03-26 22:09:44.152 Host name: 192.168.1.10 (Port: 22)\n. 2023-03-26 22:09:44.152 User name: root (Password: Yes, Key file: No, Passphrase: No)\n",
    ". 2021-01-05 10:00:00.000 User name: pi (Password: Yes, Key file: No, Passphrase: No)\n",
    ". 2021-01-05 10:00:00.000 Session name: ubuntu@10.0.0.5 (Ad-Hoc site)\n. 2021-01-05 10:00:00.000 User name: ubuntu (Password: No, Key file: Yes, Passphrase: No)\n",
    "Session name: admin@nas.local (Site)\nUser name: admin (Password: Yes, Key file: No)\n",
    ". 2023-03-26 22:09:44.123 Configuration: HKCU\\Software\\Martin Prikryl\\WinSCP 2\\\n. 2023-03-26 22:09:44.123 Local account: PAWS\\Owner\n",
    "Session name: My Workspace (Workspace)\nUser name: (Password: No, Key file: No)\n",
    "User name: Your Name (required)\nPassword: (at least 8 characters)\n",
    "Session name: user@host (Site)\nUser name: user (Password: No, Key file: No)\n",
    # the ftp client's prompt with a role's or image's login as the default
    "Name (localhost:root): anonymous\n",
    "Name (ftp.example.com:ubuntu): ftp\n",
    "Name (192.168.1.5:pi): pi\n331 Password required for pi\n",
    "Name (ftp.gnu.org:vagrant): anonymous\n230 Login successful.\n",
    "Name (localhost:user): ftptest\n",
    # rclone's remote control and other tools' password options: placeholders, variables, flags
    "rclone rcd --rc-web-gui --rc-user=admin --rc-pass=YOUR_PASSWORD\n",
    "rclone rcd --rc-user=user --rc-pass=pass\n",
    "rclone rcd --rc-user $RC_USER --rc-pass $RC_PASS\n",
    "rclone rcd --rc-user <user> --rc-pass <password> --rc-addr :5572\n",
    "rclone rcd --rc-no-auth --rc-serve --rc-addr :5572\n",
    "rclone mount remote: X: --rc --rc-web-gui --rc-web-gui-no-open-browser --rc-htpasswd C:\\rclone\\htpasswd\n",
    'rclone config create myftp ftp host ftp.example.com user anonymous --ftp-pass ""\n',
    "ansible-playbook --ask-pass site.yml\n",
    "ansible-playbook -i hosts --ask-become-pass playbook.yml --ask-vault-pass\n",
    "psql --no-password -h db mydb\n",
    "ansible-playbook --vault-password-file ~/.vault_pass.txt site.yml\n",
    "echo $PW | docker login --username foo --password-stdin registry.example.com\n",
    'sudo -u www-data php occ maintenance:install --database "mysql" --database-name "nextcloud" --database-user "root" --database-pass "password" --admin-user "admin" --admin-pass "password"\n',
    "php occ maintenance:install --database-pass $DB_PASS --admin-pass ********\n",
    "mysqld --initialize --random-password --user=mysql\n",
    "wp core install --url=example.com --admin_user=admin --admin-password=changeme\n",
    # pure-ftpd's virtual users, their home root and the protocol's test and service accounts
    "mkdir /home/ftpusers/\n",
    "pure-pw useradd ftptest -u ftpuser -d /home/ftpusers/ftptest\npure-pw mkdb\n",
    "pure-pw useradd ftpuser -u ftpuser -d /srv/ftp/ftpuser\n",
    "331 User ftptest OK. Password required\n",
    "docker run -d -e FTP_USER_NAME=ftpuser -e FTP_USER_HOME=/home/ftpusers/ftpuser stilliard/pure-ftpd\n",
    "chroot_local_user=YES\nlocal_root=/home/sftpusers/\nls /home/ftp_upload/incoming\n",
    "ssh sftptest@192.168.1.4\n",
    # ssh -v's offered keys: a path, no comment, a role's, image's, CI's or placeholder's comment
    "debug1: Offering RSA public key: root@buildhost\n",
    f"debug1: Offering public key: vagrant@localhost RSA {_FP} agent\n",
    "debug1: Offering RSA public key: /home/ubuntu/.ssh/id_rsa\n",
    f"debug1: Offering public key: /root/.ssh/id_ed25519 ED25519 {_FP} explicit\n",
    f"debug1: Will attempt key: ci@runner ED25519 {_FP} agent\n",
    f"debug1: Will attempt key: user@host RSA {_FP} agent\n",
    f"debug1: Will attempt key: your_email@example.com RSA {_FP} agent\n",
    "debug1: Server accepts key: pkalg rsa-sha2-512 blen 279\n",
    f"debug1: Offering public key: RSA {_FP} agent\n",
    f"debug1: Will attempt key: ec2-user@ip-10-0-0-5 RSA {_FP} agent\n",
    f"debug1: Offering public key: db@docker RSA {_FP} agent\ndebug1: connect to db@docker\n",
    f"Authenticating to github.com:22 as 'git'\ndebug1: Offering public key: git@github.com RSA {_FP} agent\n",
    f"debug1: Offering public key: jw@DELTA RSA {_FP} agent\nmode jw is set\n",
]

FILE_TRANSFER_GO = [
    (
        ". 2023-03-26 22:09:44.152 Session name: okmwangi@127.0.0.1 (Site)\n. 2023-03-26 22:09:44.152 Host name: 127.0.0.1 (Port: 6627)\n. 2023-03-26 22:09:44.152 User name: okmwangi (Password: No, Key file: No, Passphrase: No)\n",
        "okmwangi",
        "@127.0.0.1 (Site)",
    ),
    (
        ". 2019-11-02 08:15:01.552 Session name: hliao@files.example.org (Ad-Hoc site)\n",
        "hliao",
        " (Ad-Hoc site)",
    ),
    (
        "< 2019-11-02 08:15:01.552 User name: Tolkwin (Password: Yes, Key file: No)\n",
        "Tolkwin",
        " (Password: Yes, Key file: No)",
    ),
    (
        "debug1: Offering RSA public key: jw@DELTA\ndebug3: send_pubkey_test\n",
        "jw@",
        "@DELTA",
    ),
    (
        f"debug1: Will attempt key: pemberly@thinkpad RSA {_FP} agent\ndebug1: Server accepts key: pemberly@thinkpad RSA {_FP} agent\n",
        "pemberly",
        "@thinkpad RSA SHA256:",
    ),
    (
        "Name (localhost:kevin): ftptest\n331 User ftptest OK. Password required\n",
        "kevin",
        ["): ftptest", "331 User ftptest OK."],
    ),
    ("Name (ftp.example.com:tmarlow): anonymous\n", "tmarlow", "): anonymous"),
    (
        "rclone mount gdrive: X: --rc --rc-web-gui --rc-user=Joos --rc-pass=JoosGui --rc-serve\n",
        "Joos",
        " --rc-serve",
    ),
    ("rclone rcd --rc-user hliao --rc-pass Tr0ub4dor3\n", ["hliao", "Tr0ub4dor3"], "rclone rcd "),
    ("RCLONE_RC_USER=okmwangi rclone rcd --rc-web-gui\n", "okmwangi", "RCLONE_RC_USER="),
    (
        'php occ maintenance:install --database-pass Xk92jfQ3w --admin-pass "Sup3rS3cret"\n',
        ["Xk92jfQ3w", "Sup3rS3cret"],
        "--admin-pass",
    ),
    (
        "mkdir /home/ftpusers/\nls /home/kevin/\ncd /home/kevin/ftp\n",
        "kevin",
        "mkdir /home/ftpusers/\n",
    ),
]


@pytest.mark.parametrize("text", FILE_TRANSFER_NOBODY)
def test_file_transfer_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), FILE_TRANSFER_GO)
def test_file_transfer_login_goes(
    engine: Scrubber, text: str, value: str | list[str], kept: str | list[str]
) -> None:
    gone_and_kept(engine, text, value, kept)
