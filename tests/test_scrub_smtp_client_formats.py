# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""SMTP client debug transcripts and mailer errors (stop 55, scrubber 1.70.0; issue 35).

The tune misses and damage of batch 119 (``tests/outside_corpus/SOURCE.md``, "The stop-119
collection"), each by a general rule:

* ``phpmailer_login_answer`` (``scrubbers/recognizers.yaml``): PHPMailer's ``SMTPDebug``
  transcript (src/SMTP.php: ``SERVER -> CLIENT: <reply>`` and ``CLIENT -> SERVER: <command>``
  lines, after a timestamp and a tab, behind a table's ``  | ``, or run together on one line
  when its ``html`` output was copied from a page): the client's line after RFC 4954's LOGIN
  challenges ``334 VXNlcm5hbWU6`` (``Username:``) and ``334 UGFzc3dvcmQ6`` (``Password:``) is the
  base64 of the login or the password, read as ``sasl_login_answer`` reads swaks' ``~>`` line;
* ``sasl_plain_response`` (the same file) no longer reads a log's next timestamp after ``AUTH
  LOGIN`` (``AUTH LOGIN 2019-04-16 …``) as an initial response: a date is no base64;
* ``mailer_auth_username`` (``scrubbers/user_names.yaml``): Swift Mailer's and Symfony Mailer's
  ``Failed to authenticate on SMTP server with username "<login>"`` teaches the login;
* ``smtp_cli_user`` (the same file): smtp-cli's ``--user <login>`` (or ``=``) teaches the login;
* damage: ``foobar`` (RFC 3092's metasyntactic word) typed as a password is a placeholder
  (``allow.yaml``'s ``default_passwords``), and ``gogs`` and ``gitlab``, forges' own accounts,
  are no person's (``words.yaml``'s ``system_accounts``, beside ``gitea``).

``NOBODY`` is the harm hunt the rules were attacked with before they were kept: texts of the
same shapes that name nobody, which must keep what they hold. ``GO`` holds invented values in
the same places, which must go.
"""

from __future__ import annotations

import base64

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


_TS = "2021-03-01 10:00:00\t"

NOBODY = [
    # PHPMailer: masks, PHPMailer 6's own hiding, placeholder words, commands, the challenges
    f"{_TS}SERVER -> CLIENT: 334 VXNlcm5hbWU6\n{_TS}CLIENT -> SERVER: c3Bmbxxxxxx=\n{_TS}SERVER -> CLIENT: 334 UGFzc3dvcmQ6\n{_TS}CLIENT -> SERVER: eGJ4RxxxxxxxxxU=\n",
    f"{_TS}SERVER -> CLIENT: 334 VXNlcm5hbWU6\n{_TS}CLIENT -> SERVER: [credentials hidden]\n{_TS}SERVER -> CLIENT: 334 UGFzc3dvcmQ6\n{_TS}CLIENT -> SERVER: [credentials hidden]\n{_TS}SERVER -> CLIENT: 235 2.7.0 Accepted\n",
    f"{_TS}SERVER -> CLIENT: 334 VXNlcm5hbWU6\n{_TS}CLIENT -> SERVER: xxxxxxxxxxxxxxxx\n{_TS}SERVER -> CLIENT: 334 UGFzc3dvcmQ6\n{_TS}CLIENT -> SERVER: xxxxxxxxxxxx\n",
    f"{_TS}SERVER -> CLIENT: 334 VXNlcm5hbWU6\n{_TS}CLIENT -> SERVER: {_b64('username')}\n{_TS}SERVER -> CLIENT: 334 UGFzc3dvcmQ6\n{_TS}CLIENT -> SERVER: {_b64('password')}\n",
    f"{_TS}SERVER -> CLIENT: 334 VXNlcm5hbWU6\n{_TS}CLIENT -> SERVER: QUIT\n{_TS}SERVER -> CLIENT: 221 2.0.0 closing connection\n",
    f"{_TS}SERVER -> CLIENT: 334 UGFzc3dvcmQ6\n{_TS}CLIENT -> SERVER: RSET\n",
    f"{_TS}CLIENT -> SERVER: AUTH LOGIN 2021-03-01 10:00:01\tSERVER -> CLIENT: 334 VXNlcm5hbWU6 2021-03-01 10:00:01\tCLIENT -> SERVER: [credentials hidden] 2021-03-01 10:00:01\tSERVER -> CLIENT: 334 UGFzc3dvcmQ6 2021-03-01 10:00:01\tCLIENT -> SERVER: [credentials hidden] 2021-03-01 10:00:02\tSERVER -> CLIENT: 535 5.7.8 Error: authentication failed: UGFzc3dvcmQ6",
    "SERVER -> CLIENT: 535 5.7.8 Error: authentication failed: UGFzc3dvcmQ6\n",
    f"  | {_TS}CLIENT -> SERVER: EHLO localhost\n  | {_TS}CLIENT -> SERVER: MAIL FROM:<>\n  | {_TS}CLIENT -> SERVER: AUTH LOGIN\n  | {_TS}SERVER -> CLIENT: 334 VXNlcm5hbWU6\n",
    f"{_TS}CLIENT -> SERVER: AUTH LOGIN 2021-03-01 10:00:00\tSERVER -> CLIENT: 334 VXNlcm5hbWU6",
    "CLIENT -> SERVER: AUTH LOGIN 2019-04-16 16:47:54\n",
    "SERVER -> CLIENT: 334 VXNlcm5hbWU6\nCLIENT -> SERVER: <base64 of your username>\n",
    'SMTP -> get_lines(): $data is "334 VXNlcm5hbWU6"\nCLIENT -> SERVER: dXNlcg==\n',
    # a Gogs or Gitea mail (and database) section with placeholders and the forge's account
    "[email]\nENABLED = true\nHOST    = smtp.example.org:587\nFROM    = gogs <gitlab@domainname.tld>\nUSER    = gitlab\nPASSWD  = foobar\n",
    "[mailer]\nENABLED = true\nHOST    = mail.internal:587\nFROM    = Gitea <git@domainname.tld>\nUSER    = git\nPASSWD  = foobar\n",
    "[email]\nHOST    = mail.internal:587\nUSER    = gogs\nPASSWD  = password\n",
    "[email]\nHOST    = mail.internal:587\nUSER    = xxx\nPASSWD  = xxx\n",
    "[email]\nHOST    = mail.internal:587\nUSER    =\nPASSWD  =\n",
    "[mailer]\nHOST    = mail.internal:587\nUSER    = gitlab\nPASSWD  = ********\n",
    "[database]\nDB_TYPE = mysql\nHOST    = 127.0.0.1:3306\nNAME    = gogs\nUSER    = gogs\nPASSWD  = foobar\n",
    "[email]\nHOST    = smtp.sendgrid.net:587\nUSER    = apikey\nPASSWD  = SG.xxxxxxxxxxxxxxxxxxxx\n",
    "password: foobar\n",
    # Swift Mailer and Symfony Mailer naming no account
    'Failed to authenticate on SMTP server with username "apikey" using 2 possible authenticators\n',
    'Failed to authenticate on SMTP server with username "" using 2 possible authenticators\n',
    'Failed to authenticate on SMTP server with username "null" using 1 possible authenticators\n',
    'Failed to authenticate on SMTP server with username "xxxx" using 2 possible authenticators\n',
    'Failed to authenticate on SMTP server with username "your-username" using 2 possible authenticators\n',
    'Failed to authenticate on SMTP server with username "%mailer_user%" using 2 possible authenticators\n',
    'Failed to authenticate on SMTP server with username "no-reply@example.com" using the following authenticators: "LOGIN", "PLAIN", "XOAUTH2".\n',
    'Failed to authenticate on SMTP server with username "${MAIL_USERNAME}" using 2 possible authenticators\n',
    'Failed to authenticate on SMTP server with username "user" using 2 possible authenticators\n',
    'Failed to authenticate on SMTP server with username "admin" using 2 possible authenticators\n',
    # smtp-cli naming no account
    "smtp-cli --host=smtp.example.com --user=USERNAME --pass=PASSWORD --from=a@example.com --to=b@example.com\n",
    "./smtp-cli --verbose --host=smtp.example.com --enable-auth --user username --from user@example.com\n",
    'smtp-cli --subject="hello from smtp-cli" --body-plain "test"\n',
    'smtp-cli --subject="Test from cron" --user $SMTP_USER --pass $SMTP_PASS\n',
    "Enter password for username@smtp.example.com :\n",
    "smtp-cli --host=smtp.example.com --user <user> --pass <password>\n",
    "smtp-cli --host=smtp.example.com --user --pass x\n",
    "smtp-cli --host=smtp.example.com --user root --pass x\n",
    "mysql --user nobody\n",
    "smtp-cli --help\n  --user=<username>     Username for SMTP authentication.\n",
]


@pytest.mark.parametrize("text", NOBODY)
def test_smtp_client_text_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


_LOGIN = _b64("tkovacs.mail@gmail.com")
_PASSWORD = _b64("Rv8quill42")

GO = [
    (
        f"2020-05-02 09:11:04\tCLIENT -> SERVER: AUTH LOGIN\n2020-05-02 09:11:04\tSERVER -> CLIENT: 334 VXNlcm5hbWU6\n2020-05-02 09:11:04\tCLIENT -> SERVER: {_LOGIN}\n2020-05-02 09:11:04\tSERVER -> CLIENT: 334 UGFzc3dvcmQ6\n2020-05-02 09:11:04\tCLIENT -> SERVER: {_PASSWORD}\n2020-05-02 09:11:05\tSERVER -> CLIENT: 235 2.7.0 Accepted\n",
        (_LOGIN, _PASSWORD),
        "SERVER -> CLIENT: 235 2.7.0 Accepted\n",
    ),
    (
        f"  | 2020-05-02 09:11:04\tSERVER -> CLIENT: 334 VXNlcm5hbWU6\n  | 2020-05-02 09:11:04\tCLIENT -> SERVER: {_LOGIN}\n  | 2020-05-02 09:11:04\tSERVER -> CLIENT: 334 UGFzc3dvcmQ6\n  | 2020-05-02 09:11:04\tCLIENT -> SERVER: {_PASSWORD}\n",
        (_LOGIN, _PASSWORD),
        "  | 2020-05-02 09:11:04\tSERVER -> CLIENT: 334 UGFzc3dvcmQ6\n",
    ),
    (
        f"2020-05-02 09:11:04\tCLIENT -> SERVER: AUTH LOGIN 2020-05-02 09:11:04\tSERVER -> CLIENT: 334 VXNlcm5hbWU6 2020-05-02 09:11:04\tCLIENT -> SERVER: {_LOGIN} 2020-05-02 09:11:04 SERVER -> CLIENT: 334 UGFzc3dvcmQ6 2020-05-02 09:11:04\tCLIENT -> SERVER: {_PASSWORD} 2020-05-02 09:11:05\tSERVER -> CLIENT: 535-5.7.8 Username and Password not accepted.",
        (_LOGIN, _PASSWORD),
        "CLIENT -> SERVER: AUTH LOGIN 2020-05-02 09:11:04\tSERVER -> CLIENT: 334 VXNlcm5hbWU6 ",
    ),
    (
        f"SERVER -> CLIENT: 334 UGFzc3dvcmQ6\r\nCLIENT -> SERVER: {_b64('hunter2x')}\r\n",
        (_b64("hunter2x"),),
        "SERVER -> CLIENT: 334 UGFzc3dvcmQ6\r\nCLIENT -> SERVER: ",
    ),
    (
        'Failed to authenticate on SMTP server with username "hbarlow" using 2 possible authenticators\nsmtp user: hbarlow\n',
        ("hbarlow",),
        '" using 2 possible authenticators\n',
    ),
    (
        'Failed to authenticate on SMTP server with username "mail.sender" using the following authenticators: "LOGIN", "PLAIN".\n',
        ("mail.sender",),
        'using the following authenticators: "LOGIN", "PLAIN".\n',
    ),
    (
        "./smtp-cli --verbose --host=smtp.example.org --enable-auth --user jhollis --from jhollis@example.org\n",
        ("jhollis",),
        "./smtp-cli --verbose --host=smtp.example.org --enable-auth --user ",
    ),
    (
        "smtp-cli --host=smtp.163.com --user=jhollis --pass=hunter2x\n",
        ("jhollis", "hunter2x"),
        "smtp-cli --host=smtp.163.com --user=",
    ),
    (
        "[email]\nHOST    = mail.internal:587\nUSER    = jsmith\nPASSWD  = foobar7\n",
        ("jsmith", "foobar7"),
        "[email]\nHOST    = mail.internal:587\n",
    ),
    (
        "[email]\nHOST    = mail.internal:587\nUSER    = gitlab\nPASSWD  = Foobar!\n",
        ("Foobar!",),
        "USER    = gitlab\n",
    ),
]


@pytest.mark.parametrize(("text", "values", "kept"), GO)
def test_smtp_client_login_or_password_goes(
    engine: Scrubber, text: str, values: tuple[str, ...], kept: str
) -> None:
    gone_and_kept(engine, text, values, kept)
