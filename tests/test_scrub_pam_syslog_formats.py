"""Linux-PAM's log prefix names a management group, never a password (scrubber 1.122.0), and
the account its modules name after it is a login (1.123.0).

libpam's ``pam_vsyslog`` prefixes every module's line with ``pam_<module>(<service>:<group>)``,
the group one of ``auth``, ``setcred``, ``account``, ``session`` and ``chauthtok``. A service whose
name ends in ``password`` (GDM's ``gdm-password``, ``passwd``, ``sudo-password``) made the group
read as the value of a password (``pam_unix(gdm-password:FAKE001)``) before 1.122.0
(``engine._PUBLIC_IDS``). The harm hunt: the prefix of several modules, services and groups, in
a syslog line, the journal's JSON and a pasted excerpt, stays; a login the line names, and a
password after the same service name outside the prefix or in it but no group, still go.

Since 1.123.0 (``user_names.yaml``'s ``pam_module_login``) the logins pam_unix, pam_sss and
pam_faillock name in their fixed wordings go (``authentication failure; … ruser=<u> … user=<u>``,
``password changed for <u>``, ``auth could not identify password for [<u>]``, ``expired
password for user <u> (``, ``account <u> has expired (``, a session's ``by <u>(uid=``,
``Consecutive login failures for user <u>``); the same lines naming system, image and
placeholder accounts, an empty field and ``user unknown`` stay, and so does the same wording
without the prefix."""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from intake.scrub.files import scrub_file_text
from tests.support.scrubbing import scrubbed

NOBODY = [
    "Dec  3 10:00:01 host gdm-password]: pam_unix(gdm-password:session): session opened for user"
    " root(uid=0) by (uid=0)",
    "gdm-password]: pam_unix(gdm-password:auth): authentication failure; logname= uid=0 euid=0"
    " tty=/dev/tty1 ruser= rhost=  user=root",
    "gdm-password]: pam_gnome_keyring(gdm-password:auth): unable to locate daemon control file",
    "gdm-password]: pam_ecryptfs(gdm-password:setcred): Error getting passwd info for user",
    "passwd[1234]: pam_unix(passwd:chauthtok): password changed for root",
    "sudo-password[77]: pam_unix(sudo-password:account): account has expired",
    "lightdm: pam_unix(lightdm-autologin:session): session opened for user pi(uid=1000) by (uid=0)",
    "polkitd(authority=local): pam_unix(polkit-1:session): session opened for user root",
    "gdm-smartcard]: pam_sss(gdm-smartcard:auth): authentication failure; user=root",
    "kde-password: pam_kwallet5(kde-password:session): pam_kwallet5: couldn't open the wallet",
    '{"SYSLOG_IDENTIFIER":"gdm-password]","MESSAGE":"pam_unix(gdm-password:session): session'
    ' closed for user gdm"}',
    "Mar 01 10:00:00 box sshd[900]: pam_unix(sshd:session): session opened for user ubuntu",
    "sshd[9]: pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser="
    " rhost=203.0.113.5  user=root",
    "sudo: pam_unix(sudo:auth): authentication failure; logname=pi uid=1000 euid=0 tty=/dev/pts/0"
    " ruser=pi rhost=  user=pi",
    "pam_unix(sudo:auth): authentication failure; logname=<user> uid=1000 euid=0 tty="
    " ruser=USERNAME rhost=  user=username",
    "pam_sss(sshd:auth): authentication success; logname= uid=0 euid=0 tty=ssh ruser="
    " rhost=10.0.0.1 user=vagrant",
    "pam_unix(sshd:auth): check pass; user unknown",
    "passwd[1234]: pam_unix(passwd:chauthtok): password changed for root",
    "pam_unix(sudo:auth): auth could not identify password for [ubuntu]",
    "pam_unix(cron:account): expired password for user root (password aged)",
    "pam_unix(sudo:session): session opened for user root(uid=0) by ubuntu(uid=1000)",
    "pam_unix(sudo:session): session opened for user root(uid=0) by (uid=0)",
    "pam_faillock(sshd:auth): Consecutive login failures for user admin account temporarily locked",
    "The password changed for everyone at noon; the account users has expired (we know).",
    "authentication failure; logname=someone ruser=anyone user=whoever (no PAM prefix)",
]

GOES = [
    (
        "pam_unix(gdm-password:session): session opened for user mara.lindqvist(uid=1000)"
        " by (uid=0)",
        "mara.lindqvist",
    ),
    ("gdm-password:Tr0ub4dorXq3 in the keyring dump", "Tr0ub4dorXq3"),
    ("pam_unix(gdm-password:Tr0ub4dorXq3)", "Tr0ub4dorXq3"),
    ("passwd[1234]: pam_unix(passwd:chauthtok): new password: Xk7pq2Lm9Zr", "Xk7pq2Lm9Zr"),
    (
        "sshd[9]: pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser="
        " rhost=203.0.113.5  user=mlindqvist",
        "mlindqvist",
    ),
    (
        "su: pam_unix(su:auth): authentication failure; logname=tkovacs uid=1000 euid=0 tty=pts/0"
        " ruser=tkovacs rhost=  user=root",
        "tkovacs",
    ),
    (
        "pam_sss(sshd:auth): authentication success; logname= uid=0 euid=0 tty=ssh ruser="
        " rhost=10.0.0.1 user=okafor.j",
        "okafor.j",
    ),
    ("passwd[1234]: pam_unix(passwd:chauthtok): password changed for rbianchi", "rbianchi"),
    ("pam_unix(sudo:auth): auth could not identify password for [hnakamura]", "hnakamura"),
    ("pam_unix(cron:account): expired password for user pdelacroix (password aged)", "pdelacroix"),
    ("pam_unix(login:account): account svetlanak has expired (account expired)", "svetlanak"),
    (
        "pam_unix(sudo:session): session opened for user root(uid=0) by amiller2(uid=1000)",
        "amiller2",
    ),
    (
        "pam_faillock(sshd:auth): Consecutive login failures for user jfontaine account temporarily"
        " locked",
        "jfontaine",
    ),
]


@pytest.mark.parametrize("text", NOBODY)
def test_a_pam_prefix_names_no_password(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize("text", NOBODY)
def test_a_pam_prefix_in_a_file_stays(engine: Scrubber, tmp_path: Path, text: str) -> None:
    suffix = ".json" if text.startswith("{") else ".log"
    assert scrub_file_text(tmp_path / f"j{suffix}", text, scrubber=engine).text == text


@pytest.mark.parametrize(("text", "value"), GOES)
def test_a_login_or_a_password_beside_the_prefix_still_goes(
    engine: Scrubber, text: str, value: str
) -> None:
    out = scrubbed(engine, text)
    assert value not in out
    if "):" in text:  # the prefix, service and group stay as written
        assert out.startswith(text[: text.index("):") + 2])
