# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Mail tools' configs and logs read by their documented formats (stop 52, scrubber 1.40.0;
issue 35).

The damage of batch 87's tune part (``tests/outside_corpus/SOURCE.md``, "The stop-87
collection"), each fixed by a general rule:

* a log level is no secret: Dovecot's ``<service>: <Level>: <message>`` (``auth: Debug:``) read
  the process name as a secret-bearing key and its level as the value; the levels Dovecot,
  syslog and the common loggers print (``Debug``, ``Info``, ``Notice``, ``Warning``, ``Error``,
  ``Fatal``, ``Panic``, ``Critical``, ``Trace``, ``Verbose``) are mode words
  (``scrubbers/words.yaml``'s ``not_secret_words``);
* a ``signature`` is a token by its shape: a mail client's ``signature = "Regards,"`` is the
  text under a message, so ``signature`` joined ``sig`` among the names that bear a secret only
  with a token-shaped value (``scrubbers/secret_names.yaml``'s ``shaped``);
* keyboard rows and filler syllables are placeholders: a run of six or more adjacent keys of one
  row (``asdfghjklö``, ``qwertyuiop``, ``awsdfghjk@…``) and ``bla``/``blah`` typed over
  (``blablabla``), as a password or an address's local part (``scrubbers/allow.yaml``);
* placeholder addresses: ``something@…``, ``myemail@…``, ``my.email@…`` (``placeholder_email``);
* a path segment of a timestamp and words is a name: imapsync's log file
  ``LOG_imapsync/<YYYY>_<MM>_<DD>_<hh>_<mm>_<ss>_<user>.txt`` (``recognizers._path_word``).

The login and credential misses of batch 87's tune part, each found by a rule read from its
tool's documented format:

* ``msmtprc_password`` (``scrubbers/recognizers.yaml``): msmtp's ``password <value>`` (msmtp(1),
  one command and its argument per line), the rest of the line, inside a block that a
  ``defaults``, ``account`` or ``host`` line opens; ``passwordeval``, masks and ``$VARS`` stay;
* ``msmtp_log_user`` (``scrubbers/user_names.yaml``): msmtp's log line's ``user=<login>`` up to
  `` from=`` (``msmtp.c``'s ``msmtp_log_to_file``), spaces included;
* ``dovecot_auth_user``: Dovecot's auth request prefix ``<db>(<login>,<ip>[,master][,<session>])``
  after ``auth:``, ``Master user logging in as <login>`` (``auth-request.c``), ``passdb out:
  OK#011<id>#011user=<login>`` and ``<service>-login: Login: user=<<login>>``; ``root``,
  ``vmail``, ``dovecot`` stay;
* ``mail_display_name``: himalaya's ``name``/``display-name`` beside its own keys, mutt's ``set
  realname``: two to four capitalised words, not a placeholder, role or product;
* ``mail_url_encoded_login``: a mail URL's userinfo ``<login>%40<domain>@<host>`` (RFC 3986
  3.2.1), and the ``<domain>@<host>`` after ``%40`` is no e-mail (``engine``).

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only public material), which must stay as they are.
``STILL_GO`` holds what is private in the same shapes and must still be replaced.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

LOG_LEVEL_NOBODY = [
    "Sep 21 09:58:35 webmail dovecot[11908]: auth: Debug: Loading modules from directory: /usr/lib/dovecot/modules/auth\n",
    "Sep 21 09:58:35 webmail dovecot[11908]: auth: Info: master in: USER\t1\tmaster\n",
    "Jan  3 10:00:01 mx dovecot: auth: Warning: Time moved backwards by 1 seconds\n",
    "Jan  3 10:00:01 mx dovecot: auth: Error: Couldn't open passdb file\n",
    "Jan  3 10:00:01 mx dovecot: auth: Fatal: Unknown database driver 'passwd'\n",
    "Jan  3 10:00:01 mx dovecot: auth: Panic: file auth-request.c: line 1 (x): assertion failed\n",
    "dovecot: auth-worker(1234): Debug: conn unix:auth-worker: Handshake\n",
    "auth: Notice: auth client connected (pid=1)\n",
    "auth: Trace: request finished\n",
    "token: Verbose\n",
    "auth: CRITICAL: backend unreachable\n",
]

SIGNATURE_NOBODY = [
    'signature = "Regards,"\n',
    'signature = "Best regards"\n',
    'signature-delim = "-- \\n"\nsignature = "Cheers,"\n',
    '"signature": "Sent from my phone"\n',
    "signature: Thanks\n",
    'set signature = "~/.mutt/signature"\n',
    "signature = Regards\n",
    '[accounts.gmail]\nsignature = "Kind regards,"\n',
    "'signature' => 'Saludos',\n",
    'signature = "Sent with Himalaya"\n',
]

PLACEHOLDER_CREDENTIAL_NOBODY = [
    'set imap_pass = "asdfghjklö"\n',
    'set imap_pass = "asdfghjkl"\n',
    "password qwertyuiop\n",
    "password = qwerty1234\n".replace("qwerty1234", "qwertyui"),
    "remotepass = blablabla\n",
    "remotepass = blahblahblah\n",
    'smtp_pass = "zxcvbnm"\n',
    "PASSWORD=asdfghjkl;\n",
    'set from = "awsdfghjk@mailbox.org"\n',
    "from qwertyuiop@example.net\n",
]

PLACEHOLDER_ADDRESS_NOBODY = [
    "User something@disroot.org\n",
    'email = "myemail@gmail.com"\nimap-login = "myemail@gmail.com"\nsmtp-login = "myemail@gmail.com"\n',
    "from my.email@example.net\n",
    "remoteuser = my_email@outlook.com\n",
    "user something@gmail.com\n",
    "set imap_user = myaddress@mailbox.org\n",
    "set from = your.address@posteo.de\n",
    "Username: something@example.org\n",
    "$ mbsync -V something-remote\n",
    "to: someone@example.com\n",
]

LOG_FILE_NAME_NOBODY = [
    "logfile : LOG_imapsync/2016_03_07_08_00_03_user@my-domain.com.txt\n",
    "Log file is LOG_imapsync/2021_11_02_10_15_44_123_user1@example.org.txt ( to change it, use --logfile path ; or use --nolog to turn off logging )\n",
    "logs/2024_05_01_12_30_59_sync_report.txt\n",
    "LOG_imapsync/2016_03_07_08_00_03_user.txt\n",
    "backups/nightly_2023-01-15_02-00-00_full.tar.gz\n",
    "C:\\imapsync\\LOG_imapsync\\2019_12_24_23_59_59_admin.txt\n",
    "saved to reports/2022_02_02_batch_run_summary.csv\n",
    "LOG_imapsync/2016_03_07_08_00_03_user@my-domain.com.txt and LOG_imapsync/2016_03_07_08_00_03_user@my-domain.com.txt\n",
    "dumps/2020_10_10_10_10_10_export.json\n",
    "out/2018-07-04T12-00-00_run.log\n",
]

MSMTPRC_PASSWORD_NOBODY = [
    "account default\nhost smtp.gmail.com\nport 587\nauth on\nuser user@example.com\npassword ****\n",
    'account proton\nhost 127.0.0.1\nuser user@protonmail.ch\npasswordeval "pass user@protonmail.ch"\n',
    "account default\nhost mail.example.com\npassword $SMTP_PASSWORD\n",
    "account default\nhost mail.example.com\npassword ${SMTP_PASSWORD:-}\n",
    "account default\nhost mail.example.com\npassword <your password>\n",
    "account default\nhost mail.example.com\npassword xxxxxxxx\n",
    "password required for user root\n",
    "password was changed\n",
    "host smtp.example.com\nauth on\n# password goes in the keyring\n",
    "account default\nhost smtp.example.com\ntls on\npassword\n",
]

MSMTP_LOG_USER_NOBODY = [
    "feb 16 22:05:31 host=smtp.gmail.com tls=on auth=off from=root@localhost recipients=root@localhost errormsg='the server sent an empty reply' exitcode=EX_PROTOCOL\n",
    "feb 16 22:08:49 host=smtp.gmail.com tls=on auth=on user=USERNAME from=user@example.com recipients=user@example.com exitcode=EX_NOPERM\n",
    "Mar 01 10:00:00 host=localhost tls=off auth=on user=root from=root@localhost recipients=admin@example.org mailsize=512 smtpstatus=250 exitcode=EX_OK\n",
    "Mar 01 10:00:00 host=127.0.0.1 tls=off auth=on user=user@example.com from=user@example.com recipients=user@example.com exitcode=EX_OK\n",
    "Mar 01 10:00:00 host=smtp.example.com tls=on auth=on user=your_username from=you@example.com recipients=you@example.com exitcode=EX_OK\n",
    "Mar 01 10:00:00 host=smtp.example.com tls=on auth=on user=<username> from=you@example.com recipients=you@example.com exitcode=EX_OK\n",
    "user=alice from=bob\n",
    "GET /login?user=admin from=10.0.0.1\n",
    "Mar 01 10:00:00 host=smtp.example.com tls=on auth=on user=www-data from=www-data@example.com recipients=ops@example.com exitcode=EX_OK\n",
    "Mar 01 10:00:00 host=smtp.example.com tls=on auth=on user=John Doe from=john.doe@example.com recipients=a@example.com exitcode=EX_OK\n",
]

DOVECOT_NOBODY = [
    "auth: Debug: passwd-file(root,::1,master,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>): lookup: user=root file=/etc/dovecot/passwd.masters\n",
    "auth: Debug: client passdb out: OK#0111#011user=root#011original_user=root#011auth_user=root\n",
    "auth: Debug: passwd-file(vmail,::1,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>): Performing userdb lookup\n",
    "Sep 21 09:58:35 webmail dovecot[11908]: auth: Master user logging in as root\n",
    "Nov 15 16:00:55 c.imap.example.net dovecot: auth: plain(?,127.0.0.1,<fGC5dZHOxwBFDN3x>): Empty username\n",
    "dovecot: auth-worker(23487): pam(dovecot,127.0.0.1): unknown user\n",
    "dovecot: imap-login: Login: user=<vmail>, method=PLAIN, rip=127.0.0.1, lip=127.0.0.1, mpid=1234, secured\n",
    "dovecot: imap-login: Disconnected (no auth attempts in 0 secs): user=<>, rip=203.0.113.9, lip=192.0.2.1\n",
    "dovecot: auth: Debug: auth client connected (pid=19607)\n",
    "dovecot: auth: Debug: client in: AUTH#0111#011PLAIN#011service=imap#011secured#011session=ABCDEFGH\n",
    "print(auth(user, password))\n",
    "result = check(alice, bob)\n",
]

DISPLAY_NAME_NOBODY = [
    'name = "Name"\ndownloads-dir = "/Users/name/Downloads"\n\n[gmail]\nemail = "user@example.com"\nimap-login = "user@example.com"\n',
    'name = "Your Name"\n\n[gmail]\nimap-host = "imap.gmail.com"\n',
    'name = "John Doe"\n[acc]\nsmtp-login = "john@example.com"\n',
    '[package]\nname = "Mail Tools"\nversion = "0.1.0"\n',
    'display-name = "Support Team"\n[accounts.work]\nimap-host = "imap.example.com"\n',
    'set realname = "DiskStation 418Play"\nset imap_user = "xxxx@mailbox.org"\n',
    'set realname = "Your Name"\n',
    'set realname = "Firstname Lastname"\n',
    'name = "myproject"\n[gmail]\nimap-host = "imap.gmail.com"\n',
    'display-name = "Dev Team Notifications"\nimap-login = "a@example.com"\n',
]

IMAP_URL_LOGIN_NOBODY = [
    "I/IMAP 25B54000:mail.example.com:NA:ProcessCurrentURL:imap://user%40example%2Ecom@mail.example.com:993/select%3E.INBOX:  = currentUrl\n",
    "I/IMAP check for auth'd:imap://user@example.org:993/select>.INBOX\n",
    "imap://mail.example.com:993/select%3E.INBOX\n",
    "imap://username%40example.com@imap.example.com/INBOX\n",
    "mailbox://nobody@Local%20Folders/Inbox\n",
    "imap://your.name%40example.com@imap.gmail.com:993/fetch\n",
    "https://example.com/search?q=a%40b@c\n",
    "imap://test%40example.org@localhost:143/\n",
    "pop3://someone%40example.net@pop.example.net\n",
    "imap://%40example.com@host/\n",
]

# (text, the secret or login that must be gone from the whole text)
STILL_GO = [
    ("auth: s3cr3tPassw0rdX\n", "s3cr3tPassw0rdX"),
    ('signature = "8Jd2kLq9ZmX4vB7nR1cT5yW0pE3sA6fH"\n', "8Jd2kLq9ZmX4vB7nR1cT5yW0pE3sA6fH"),
    (
        '"signature": "MEUCIQDk7Ls2pY9vQx3Rz8aB1cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX4yZ"\n',
        "MEUCIQDk7Ls2pY9vQx3Rz8aB1cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX4yZ",
    ),
    (
        "X-Amz-Signature=9f2c4a7b1e8d3f6a0c5b2e9d4f7a1c3b8e6d0f2a5c7b9e1d3f4a6c8b0e2d4f6a\n",
        "9f2c4a7b1e8d3f6a0c5b2e9d4f7a1c3b8e6d0f2a5c7b9e1d3f4a6c8b0e2d4f6a",
    ),
    ('set imap_pass = "Tq8vLmZ3xR"\n', "Tq8vLmZ3xR"),
    ("remotepass = hunter2bravo\n", "hunter2bravo"),
    ('set imap_pass = "asdfgh7Kq"\n', "asdfgh7Kq"),
    ("remoteuser = mkovacs@gmail.com\n", "mkovacs"),
    ('set from = "jsmith@mailbox.org"\n', "jsmith"),
    ("User kwalden@disroot.org\n", "kwalden"),
    ("logfile : LOG_imapsync/2016_03_07_08_00_03_kwalden@gmail.com.txt\n", "kwalden"),
    ("LOG_imapsync/Xk9mQ2vLp8RtZ4wNb7Yc3Hs1Jd5F/run.txt\n", "Xk9mQ2vLp8RtZ4wNb7Yc3Hs1Jd5F"),
    (
        'account work\nhost mail.example.org\nfrom ana@example.org\nauth on\nuser ana\npassword Wq9rTzKbL2mVpXe,41,-"\n',
        "Wq9rTzKbL2mVpXe",
    ),
    (
        "defaults\nauth on\naccount mine\nhost smtp.example.net\npassword hunter2bravo\n",
        "hunter2bravo",
    ),
    (
        "Mar 01 10:00:00 host=smtp.gmail.com tls=on auth=on user=mtorresv from=mtorresv@gmail.com recipients=a@example.com exitcode=EX_OK\n",
        "mtorresv",
    ),
    (
        "Mar 01 10:00:00 host=smtp.gmail.com tls=on auth=on user=Marta Torres from=mt@gmail.com recipients=a@example.com exitcode=EX_OK\n",
        "Torres",
    ),
    ("auth: Master user logging in as kwalden\n", "kwalden"),
    (
        "auth: Debug: passwd-file(kwalden,::1,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>): Finished userdb lookup\n",
        "kwalden",
    ),
    ("dovecot: auth-worker(23487): pam(augiev,127.0.0.1): unknown user\n", "augiev"),
    ("auth: Debug: client passdb out: OK#0111#011user=kwalden#011original_user=root\n", "kwalden"),
    (
        "dovecot: imap-login: Login: user=<mkovacs>, method=PLAIN, rip=192.0.2.5, lip=192.0.2.1\n",
        "mkovacs",
    ),
    (
        'name = "Ilse Vandermeer"\ndownloads-dir = "/tmp"\n\n[gmail]\nimap-login = "iv@gmail.com"\n',
        "Vandermeer",
    ),
    ('set realname = "Ilse Vandermeer"\nset from = "iv@posteo.de"\n', "Vandermeer"),
    (
        "ProcessCurrentURL:imap://jorimvel%40example%2Ecom@mail.example.com:993/select%3E.INBOX\n",
        "jorimvel",
    ),
]


@pytest.mark.parametrize(
    "text",
    LOG_LEVEL_NOBODY
    + SIGNATURE_NOBODY
    + PLACEHOLDER_CREDENTIAL_NOBODY
    + PLACEHOLDER_ADDRESS_NOBODY
    + LOG_FILE_NAME_NOBODY
    + MSMTPRC_PASSWORD_NOBODY
    + MSMTP_LOG_USER_NOBODY
    + DOVECOT_NOBODY
    + DISPLAY_NAME_NOBODY
    + IMAP_URL_LOGIN_NOBODY,
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_secrets_and_logins_of_the_same_shapes_still_go(
    engine: Scrubber, text: str, value: str
) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower()
