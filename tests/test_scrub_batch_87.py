"""Batch 87 of the real-threads corpus (stop 52): its tune part held to what was measured, and
texts of the shapes of its tune misses, and of its tune part's public values, that name nobody,
kept as they are.

Batch 87 (``tests/outside_corpus/real_threads.py``, ``_RAW_STOP87``) is a collection of threads
of mail and messaging command-line tools' configs and logs (mutt, mbsync, msmtp, offlineimap,
himalaya, fdm, git send-email, SMTP dialogues, Thunderbird's IMAP log, Dovecot and Postfix). It
was scored blind under scrubber 1.37.0 (``docs/benchmarks.md``, "Stop 52, batch 87, blind") and
no rule was changed for it. Its tune part finds every e-mail address (in ``remoteuser``,
``email``, ``imap-login``, msmtp's ``from=`` and ``recipients=``, dma's log), every home under
``/home`` with its tail, and fdm's ``default-user=`` taught by the home. Its tune misses
(``tests/outside_corpus/SOURCE.md``, "The stop-87 collection") are six classes:

* mbsync account, store and Maildir names built from the owner's first name
  (``IMAPAccount <name>-disroot``, ``Path ~/Maildir/<name>-disroot/``; 7 labels);
* msmtprc's ``password <value>`` directive, a literal password after a space (1 label);
* msmtp's log ``user=<login>`` beside ``from=<address>`` (the address is found, the same login
  as its local part is not; once ``user=<first last>`` with a space; 3 labels);
* himalaya's ``name = "<First Last>"`` display name (1 label);
* a login percent-encoded in an ``imap://`` URL's userinfo (``<login>%40example%2Ecom@…``,
  Thunderbird's IMAP log; 1 label);
* Dovecot's auth debug lines (``Master user logging in as <login>``, ``auth(<login>,…)``,
  ``passwd-file(<login>,…)``, ``user=<login>#011``; 7 labels).

Its damage (12 keep spans in 3 clean documents and one with names) is one class: placeholder
credentials and addresses of mail configs read as real (``blablabla``, a keyboard row
``asdfghjklö`` and ``awsdfghjk@…``, ``something@…``, ``myemail@gmail.com``, and the run before
``@`` in imapsync's log file name ``LOG_imapsync/<date>_user@my-domain.com.txt``, which the bench
counts against all five ``user@my-domain.com``).

A rule for each miss would have to keep the texts below, the same shapes naming nobody (1.37.0
keeps every one).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score

SAME_SHAPES_THAT_NAME_NOBODY = [
    # mbsync account, store and Maildir names that name nobody
    "IMAPStore gmail-remote\nAccount gmail\n\nMaildirStore gmail-local\nPath ~/Maildir/gmail/\n"
    "Inbox ~/Maildir/gmail/INBOX\n\nChannel gmail\n",
    "IMAPAccount work-disroot\nIMAPStore work-disroot-remote\nMaildirStore work-disroot-local\n"
    "Path ~/Maildir/work-disroot/\n",
    "IMAPStore personal-remote\nAccount personal\nMaildirStore personal-local\n"
    "Path ~/Maildir/personal/\n",
    # msmtprc lines with no literal password
    "account default\nhost smtp.gmail.com\nport 587\nauth on\ntls on\ntls_starttls on\n"
    "logfile /var/log/msmtp\naliases /etc/aliases\n",
    'passwordeval "pass user@protonmail.ch"\nauth login\n',
    "password ****\n",
    # msmtp log lines with no login, or a placeholder
    "feb 16 22:05:31 host=smtp.gmail.com tls=on auth=off from=root@localhost"
    " recipients=root@localhost errormsg='the server sent an empty reply' exitcode=EX_PROTOCOL\n",
    "feb 16 22:08:49 host=smtp.gmail.com tls=on auth=on user=USERNAME from=user@example.com"
    " recipients=user@example.com smtpstatus=535 smtpmsg='535-5.7.8 Username and Password not"
    " accepted.' errormsg='authentication failed (method PLAIN)' exitcode=EX_NOPERM\n",
    # himalaya's config.toml naming nobody
    'name = "Name"\n\n[gmail]\ndefault = true\nemail = "user@example.com"\n',
    'downloads-dir = "/Users/name/Downloads"\n',
    'imap-passwd-cmd = "mypassword"\nsmtp-passwd-cmd = "mypassword"\n',
    # IMAP URLs whose userinfo names nobody
    "I/IMAP 25B54000:mail.example.com:NA:ProcessCurrentURL:imap://mail.example.com:993"
    "/select%3E.INBOX:  = currentUrl\n",
    "I/IMAP check for auth'd:imap://user@example.org:993/select>.INBOX\n",
    "I/IMAP 25B54000:mail.example.com:NA:ProcessCurrentURL:imap://user%40example%2Ecom"
    "@mail.example.com:993/select%3E.INBOX:  = currentUrl\n",
    # Dovecot's auth lines naming a system account (the lines' "auth: Debug:" prefix left out:
    # 1.37.0 replaces "Debug" there, see SOURCE.md)
    "passwd-file(root,::1,master,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>): lookup: user=root"
    " file=/etc/dovecot/passwd.masters\n",
    "client passdb out: OK#0111#011user=root#011original_user=root#011auth_user=root\n",
    "passwd-file(vmail,::1,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>): Performing userdb lookup\n",
    "Sep 21 09:58:35 webmail dovecot[11908]: auth: Master user logging in as root\n",
    "Sep 21 09:58:35 webmail dovecot[11908]: auth(root,::1,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>):"
    " Auth request finished\n",
    # public values of the tune part: placeholders, masked values, public material
    "tls_fingerprint A8:52:4B:51:B4:A5:7A:EF:8F:99:39:B5:E6:1B:43:67:21:F7:79:7F:AA:D8:3A:8D:22:23"
    ":3E:29:1E:E5:91:44\n",
    "account xxxx@xxxx.com\nhost mail.tiersigma.com\nfrom xxxx@xxxx.com\nuser xxxx@xxxx.com\n"
    "account default: xxxx@xxxx.com\n",
    'added account "xx@xx": fetch=imaps server "imap.exmail.qq.com" port 993 user "xx@xx"'
    ' folders "INBOX"\n',
    "xx@xx: fetch started, pid 28162\nxx@xx: user is 1000\n",
    "[sendemail]\n\tsmtpserver = example.com\n\tsmtpuser = user@example.com\n"
    "\tsmtpencryption = ssl\n\tsmtpserverport = 465\n",
    '[credential "smtp://example.com:465"]\n\tusername = user@example.com\n'
    "\thelper = gopass -o mail/example_email\n",
    "Password for 'smtp://user@example.com@example.com:465'\n",
    'curl smtp://smtp.world4you.com --user "username:password" -v --login-options\n AUTH=PLAIN\n',
    "> EHLO DESKTOP-E0U2VS3\n< 250-AUTH PLAIN LOGIN\n> AUTH PLAIN\n"
    "< 535 Incorrect authentication data\n",
    "Nov 14 09:08:38 mail postfix/smtpd[2380154]: warning: unknown[1.228.168.90]: SASL LOGIN"
    " authentication failed: UGFzc3dvcmQ6\n",
    '                     user="root", # your username\n',
    'set realname = "DiskStation 418Play"\n'
    "unset use_domain        # because joe@localhost is just embarrassing\n",
    "set smtp_user = $imap_user\nset smtp_pass = $imap_pass\n",
    "$ imapsync --host1 mail.server1.com --user1 'user@my-domain.com' --password1 '12345' --ssl1"
    " --ssl2 --debug --debugimap\n",
    "/usr/bin/imapsync --host1 mail.server1.com --user1 'user@my-domain.com' --password1 MASKED"
    " --ssl1\n",
    "dma: using smarthost (mail.example.com:587)\ndma: SMTP login not available. Trying without.\n",
]


@pytest.mark.parametrize("text", SAME_SHAPES_THAT_NAME_NOBODY)
def test_texts_of_the_tune_misses_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_batch_87_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 87's tune part under scrubber 1.37.0, blind: paths 3/6, elsewhere 2/18, e-mails
    13/13, secrets 1/2, 12 of 62 keep spans damaged, 2/2 library tails, 3 of 7 clean changed,
    no JSON or YAML."""
    score = tune_score(engine, 87, tmp_path)
    assert score.docs == 18
    assert [score.total[c] for c in CLASSES] == [6, 18, 13, 2]
    assert [score.found[c] for c in CLASSES] == [3, 2, 13, 1]
    # known misses (tests/outside_corpus/SOURCE.md): msmtprc's password directive, msmtp's
    # user=, himalaya's name, Dovecot's auth lines, a percent-encoded IMAP login, mbsync names
    assert sorted(m.rsplit(": ", 1)[1] for m in score.missed) == [
        "secret 'KtRaWvemiLpqUe,38,-\"'",
        "user (elsewhere) 'Bastien Marcoux'",
        *["user (elsewhere) 'dario'"] * 7,
        "user (elsewhere) 'leonardo rizzo'",
        *["user (elsewhere) 'leonardorizzo'"] * 2,
        *["user (elsewhere) 'tanmay'"] * 5,
        "user (path) 'jorimvelas'",
        *["user (path) 'tanmay'"] * 2,
    ]
    assert score.keeps == 62
    # known damage: placeholder credentials and addresses of mail configs read as real
    assert sorted(score.damage) == [
        "OfflineIMAP-offlineimap-issues-383: 'blablabla'",
        "SynoCommunity-spksrc-issues-5394: 'asdfghjklö'",
        "SynoCommunity-spksrc-issues-5394: 'awsdfghjk@mailbox.org'",
        *["imapsync-imapsync-issues-60: 'user@my-domain.com'"] * 5,
    ]  # 1.39.0 keeps something@disroot.org and myemail@gmail.com ×3 (placeholder_email)
    assert sorted(score.clean_touched) == [
        "SynoCommunity-spksrc-issues-5394",
        "imapsync-imapsync-issues-60",
    ]  # 1.39.0: pimalaya-himalaya-issues-175 no longer changed
    assert score.clean_docs == 7
    assert score.tails_kept == score.tails == 2
    assert score.parses == score.structured == 0
    assert score.not_idempotent == [] and score.check_findings == [] and score.clashes == []
