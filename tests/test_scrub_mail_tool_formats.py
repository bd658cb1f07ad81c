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
]


@pytest.mark.parametrize(
    "text",
    LOG_LEVEL_NOBODY
    + SIGNATURE_NOBODY
    + PLACEHOLDER_CREDENTIAL_NOBODY
    + PLACEHOLDER_ADDRESS_NOBODY
    + LOG_FILE_NAME_NOBODY,
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_secrets_and_logins_of_the_same_shapes_still_go(
    engine: Scrubber, text: str, value: str
) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower()
