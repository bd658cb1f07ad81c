# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""E-mail clients', fetchers' and senders' configuration and logs as people paste them, read by
their documented formats (stop 60, scrubber 1.130.0; issue 35).

The misses and damage of batch 172's tune part (``tests/outside_corpus/SOURCE.md``, "The
stop-172 collection"), each handled by a rule for its class:

* ``mail_config_login`` (``scrubbers/user_names.yaml``): the login a mail client's or
  fetcher's configuration authenticates as: msmtp's ``user <login>`` in an account (msmtp(1),
  "Commands": ``account``, ``host``, ``user [username]``), fetchmail's ``user[name] <login>`` in
  a ``poll`` entry (fetchmail(1), "The run control file", server and user options) and
  OfflineIMAP's ``remoteuser = <login>`` (offlineimap.conf's ``[Repository …]`` keys);
* ``IntakeEmailRecognizer`` (``intake/scrub/recognizers.py``): an address joined to the one
  before it by ``_``, as imapsync names its log ``LOG_imapsync/<date>_<user1>_<user2>.txt``
  (imapsync's ``--logfile`` default): a domain ends at ``_``, so the next address's local part
  starts after it;
* ``echoed_stand_in_address`` (``scrubbers/allow.yaml``): a generic word typed as both the
  local part and the domain (``account@account.com``, ``user@user.com``, ``admin@admin.org``),
  a poster's stand-in;
* ``system_accounts`` (``scrubbers/words.yaml``): the accounts mail packages create and run
  their daemons as (``fetchmail``, ``opendkim``, ``opendmarc``, ``amavis``, ``debian-spamd``,
  ``postgrey``, ``dovenull``, ``exim``, ``rspamd``), kept as an ``ls -l`` owner as ``postfix``
  and ``dovecot`` are.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (placeholders, documentation's values, role and service
accounts, other tools of the same class), which must stay as they are. ``STILL_GO`` holds what
is private in the same shapes and must be replaced, with every other place the text names it.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

MAIL_CONFIG_NOBODY = [
    "account gmail\nhost smtp.gmail.com\nfrom XXX\nauth on\nuser XXX\npassword <Hidden by me>\n",
    "account default\nhost smtp.example.com\nfrom user@example.com\nauth on\nuser username\npasswordeval pass mail\n",
    "account sendgrid\nhost smtp.sendgrid.net\nport 587\nauth on\nuser apikey\npassword SG.xxxxx\n",
    "defaults\nauth on\ntls on\naccount mailgun\nhost smtp.mailgun.org\nuser postmaster@example.org\n",
    "account local\nhost localhost\nauth off\nuser root\n",
    "account isp\nhost mail.isp.example\nuser user\npassword secret\n",
    "account work\nhost smtp.office365.com\nuser your_username\n",
    "account work\nhost smtp.office365.com\nuser <username>\n",
    "account work\nhost smtp.office365.com\nuser $USER\n",
    "host github.com\nuser git\n",
    "The account page shows the host name.\nuser guide\n",
    "account gmail\nhost smtp.gmail.com\nuser example\n",
    'poll pop.example.com proto pop3 user "xxx@gmail.com" there with password "xxxpw" is xxx@mylocalpostfixdomain here\n',
    'poll imap.gmail.com protocol imap username "xxx" password "xxxpw" is xxx here\n',
    "poll mail.example.org protocol pop3\n  user username there with password password is root here\n",
    'poll mail.example.org with proto imap\n  user "your_user" there with password "your_pass" is "root" here\n',
    "poll localhost protocol imap user fetchmail password x\n",
    "The poll showed the user count.\n",
    "[Repository Remote]\ntype = IMAP\nremotehost = imapserver\nremoteuser = account@account.com\n",
    "[Repository Remote]\ntype = Gmail\nremoteuser = username@gmail.com\n",
    "[Repository Remote]\nremoteuser = username\n",
    "[Repository Remote]\nremoteuser = user\n",
    "[Repository Remote]\nremoteuser = %(user)s\n",
    "[Repository Remote]\nremoteuser = <your-login>\n",
    "[Repository Remote]\nremoteusereval = get_username('work')\n",
    "loaded user configuration file /home/<user>/.msmtprc\n",
    "   skip the substance check entirely. A prior message where the user told\n",
    "    # The user has already told this address to stop contacting\n    skip them when the user says so\n",
    "poll the team before the user decides\n",
    "Create an account for the\nuser guide\n",
    "host the meeting and let each\nuser decide\n",
]

IMAPSYNC_LOG_NOBODY = [
    "Log file is LOG_imapsync/2019_06_04_11_03_47_855_user1@example.com_user2@example.com.txt ( to change it, use --logfile path ; or use --nolog to turn off logging )\n",
    "Log file is LOG_imapsync/2021_01_02_03_04_05_user@my-domain.com.txt\n",
    "Log file is LOG_imapsync/2021_01_02_03_04_05_test1@example.org_test2@example.org.txt\n",
    "Log file is LOG_imapsync/2021_01_02_03_04_05_123_xxx@gmail.com_xxx@gmail.com.txt\n",
    "mv report_2020_01_01.csv backup_2020_01_01.csv\n",
    "see node_modules/@types/node and a_b@1.2.3_c\n",
]

ECHOED_ADDRESS_NOBODY = [
    "remoteuser = account@account.com\n",
    "login: user@user.com\n",
    "--email admin@admin.com\n",
    "from demo@demo.org\n",
    "EMAIL=login@login.net\n",
    "mail: email@email.com\n",
    "to: test@test.com\n",
]

SERVICE_ACCOUNT_NOBODY = [
    "-rwx------   1 fetchmail        fetchmail            155 Sep 12 17:04 fetchmailrc\n-rw-------   1 fetchmail        fetchmail            107 Sep  6 04:28 fetchmailrc.sample\n",
    "-rw-------  1 fetchmail nogroup 512 Jan  3 10:00 /var/lib/fetchmail/.fetchids\n",
    "drwxr-xr-x  2 opendkim opendkim 4096 Mar  1 09:00 /etc/opendkim/keys\n",
    "drwx------  2 amavis amavis 4096 Mar  1 09:00 /var/lib/amavis/tmp\n",
    "-rw-r--r--  1 debian-spamd debian-spamd 1024 Mar  1 09:00 /var/lib/spamassassin/bayes_toks\n",
    "drwxr-xr-x  2 postgrey postgrey 4096 Mar  1 09:00 /var/lib/postgrey\n",
    "drwxr-x---  2 root dovenull 4096 Mar  1 09:00 /var/run/dovecot/login\n",
    "-rw-r-----  1 root opendmarc 512 Mar  1 09:00 /etc/opendmarc.conf\n",
    "-rw-r-----  1 exim exim 8192 Mar  1 09:00 /var/log/exim/main.log\n",
    "drwxr-x---  2 rspamd rspamd 4096 Mar  1 09:00 /var/lib/rspamd\n",
    "-rw-r--r--  1 root root 0 Mar  1 09:00 /etc/aliases\n",
    "-rw-------  1 vmail vmail 2048 Mar  1 09:00 /var/vmail/example.org/info/dovecot.index\n",
]

STILL_GO = [
    (
        "account gmail\nhost smtp.gmail.com\nfrom teodor.kalmar41@gmail.com\nauth on\nuser teodor.kalmar41\npassword <Hidden by me>\n",
        "teodor.kalmar41",
    ),
    (
        "defaults\ntls on\naccount work\nhost mail.corp-net.de\nport 587\nauth on\nuser tkowalski\npasswordeval gpg -d ~/.msmtp.gpg\n\nlog: user tkowalski sent\n",
        "tkowalski",
    ),
    ("  account    personal\n  host       smtp.posteo.de\n  user       vrabec_j\n", "vrabec_j"),
    (
        'poll mail.corp-net.de protocol pop3 user "tkowalski" there with password "x7Ghq2" is tomek here\n',
        "tkowalski",
    ),
    (
        "poll imap.posteo.de with proto IMAP\n    user vrabec_j there with password secret is jan here\n",
        "vrabec_j",
    ),
    (
        "[Repository Remote]\ntype = IMAP\nremotehost = imap.corp-net.de\nremoteuser = mkarlsson\n\nERROR: could not log in as mkarlsson\n",
        "mkarlsson",
    ),
    (
        "Log file is LOG_imapsync/2019_06_04_11_03_47_855_ana_lee@corp-mail.de_ana_lee@corp-mail.de.txt ( to change it, use --logfile path )\n",
        "ana_lee@corp-mail.de",
    ),
    (
        "Log file is LOG_imapsync/2022_10_11_12_13_14_mkarlsson@posteo.de_m.karlsson@corp-net.de.txt\n",
        "m.karlsson@corp-net.de",
    ),
    ("sent to kowalski@kowalski.de and mail@karlsson.se\n", "kowalski@kowalski.de"),
    ("remoteuser = nowak@nowak.pl\n", "nowak@nowak.pl"),
    ("-rw-------  1 mkarlsson mkarlsson 155 Sep 12 17:04 .fetchmailrc\n", "mkarlsson"),
]


@pytest.mark.parametrize(
    "text",
    MAIL_CONFIG_NOBODY + IMAPSYNC_LOG_NOBODY + ECHOED_ADDRESS_NOBODY + SERVICE_ACCOUNT_NOBODY,
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_values_of_the_same_shapes_go_everywhere(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower(), out
