# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Mail servers' logs and configuration (stop 56, scrubber 1.83.0; issue 35).

The tune miss and damage of batch 128 (``tests/outside_corpus/SOURCE.md``, "The stop-128
collection"), each by a general rule:

* ``postfix_sasl_username`` (``scrubbers/user_names.yaml``): Postfix's SMTP server logs the
  authenticated client's SASL login as ``sasl_username=<login>``: on the line that gives a queue
  id its client (smtpd/smtpd.c: ``<queue id>: client=<name[addr]>, sasl_method=<M>,
  sasl_username=<u>``, and ``, sasl_sender=…`` when set), after a failed authentication
  (smtpd/smtpd_sasl_glue.c, Postfix 3.9: ``SASL <M> authentication failed: <reason>,
  sasl_username=<u>``, ``(unavailable)`` when unknown), at the end of a rejected command's line
  (smtpd/smtpd.c's smtpd_whatsup, ``sasl_username=<<u>>``; smtpd/smtpd_check.c's log_whatsup,
  Postfix 3.10: `` sasl_method=<M> sasl_username=<u>``), and the policy delegation protocol
  sends it as an attribute line (SMTPD_POLICY_README: ``sasl_username=you``). A bare login is
  learned, so it also goes where the log repeats it; an address is the e-mail rule's.
* damage: ``moohoo``, mailcow's documented default admin password (generate_config.sh writes
  ``# Default admin user is "admin"`` and ``# Default password is "moohoo"`` at the top of every
  ``mailcow.conf``), is public like ``changeme`` (``allow.yaml``'s
  ``mailcow_default_password``).

``NOBODY`` is the harm hunt the rules were attacked with before they were kept: texts of the
same shapes that name nobody, which must stay as they are. ``GO`` holds invented values in the
same places, which must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

_SMTPD = "Feb 14 11:17:20 mx1 postfix/smtpd[1648]: E50437E242: client=unknown[192.0.2.10], sasl_method=PLAIN, sasl_username="

NOBODY = [
    # Postfix's client line with a role, service, placeholder or Postfix's own word as the login
    f"{_SMTPD}user\n",
    f"{_SMTPD}admin\n",
    f"{_SMTPD}postmaster\n",
    f"{_SMTPD}test\n",
    f"{_SMTPD}relay\nFeb 14 11:17:21 mx1 postfix/smtp[1650]: E50437E242: to=<a@example.net>, relay=mx.example.net[198.51.100.4]:25, delay=0.4, status=sent (250 OK)\n",
    f"{_SMTPD}smtp\nFeb 14 11:17:21 mx1 postfix/smtp[1650]: E50437E242: to=<a@example.net>, relay=mx.example.net[198.51.100.4]:25, status=sent (250 OK)\n",
    f"{_SMTPD}mail\n",
    f"{_SMTPD}mailer\n",
    f"{_SMTPD}sender\n",
    f"{_SMTPD}noreply\n",
    f"{_SMTPD}no-reply\n",
    f"{_SMTPD}info\n",
    f"{_SMTPD}support\n",
    f"{_SMTPD}submission\n",
    f"{_SMTPD}postfix\n",
    f"{_SMTPD}dovecot\n",
    f"{_SMTPD}vmail\n",
    f"{_SMTPD}root\n",
    f"{_SMTPD}nextcloud\n",
    f"{_SMTPD}xxxxx\n",
    f"{_SMTPD}XXXXXX\n",
    f"{_SMTPD}<user>\n",
    f"{_SMTPD}username\n",
    f"{_SMTPD}noreply@example.com\n",
    f"{_SMTPD}user@domain.tld, sasl_sender=user@domain.tld\n",
    "postfix/smtpd[1648]: E50437E242: client=localhost[127.0.0.1]\n",
    "postfix/smtpd[1648]: E50437E242: client=mysendingip\n",
    "postfix/smtpd[2134]: warning: unknown[192.0.2.7]: SASL CRAM-MD5 authentication failed: bad protocol / cancel, sasl_username=(unavailable)\n",
    "postfix/submissions/smtpd[1196]: warning: unknown[192.0.2.7]: SASL LOGIN authentication failed: UGFzc3dvcmQ6, sasl_username=info@example.com\n",
    "postfix/smtpd[2134]: warning: unknown[192.0.2.7]: SASL LOGIN authentication failed: authentication failure\n",
    "NOQUEUE: reject: RCPT from unknown[192.0.2.7]: 554 5.7.1 <b@example.net>: Relay access denied; from=<a@example.org> to=<b@example.net> proto=ESMTP helo=<pc> sasl_username=<admin>\n",
    "NOQUEUE: reject: RCPT from unknown[192.0.2.7]: 554 5.7.1 <b@example.net>: Relay access denied; from=<a@example.org> to=<b@example.net> proto=ESMTP helo=<pc> sasl_method=PLAIN sasl_username=test\n",
    # the policy delegation protocol's attributes and templates naming no one
    "request=smtpd_access_policy\nprotocol_state=RCPT\nsasl_method=plain\nsasl_username=you\nsasl_sender=\n",
    "sasl_method=\nsasl_username=\nsasl_sender=\n",
    'logger("protocol_state=$protocol_state sasl_username=$sasl_username");\n',
    'sprintf("%s: client=%s[%s], sasl_method=%s, sasl_username=%s, recipient_count=%s", $queue_id);\n',
    'if (state->sasl_username)\n\tvstring_sprintf_append(buf, " sasl_username=<%s>",\n',
    "sasl_username=${SASL_USER}\n",
    # other tools' keys of the same words (Kafka clients, PHP's memcached, MinIO)
    'export KAFKA_SASL_USERNAME="kfkuser7"\n',
    'memcached.sess_sasl_username=""\nmemcached.sess_sasl_password=""\n',
    'mc admin config set local notify_kafka:1 sasl="off" sasl_password="" sasl_username="" tls="on"\n',
    '[[outputs.kafka]]\n  sasl_username = "kafka"\n  sasl_password = "secret"\n',
    # prose naming the field
    "Postfix logs the SASL login as sasl_username= on the client= line.\n",
    # mailcow.conf's documented defaults and masked values
    '# Default admin user is "admin"\n# Default password is "moohoo"\n',
    '# ------------------------------\n# mailcow web ui configuration\n# ------------------------------\n# example.org is _not_ a valid hostname, use a fqdn here.\n# Default admin user is "admin"\n# Default password is "moohoo"\n\nMAILCOW_HOSTNAME=mail.example.org\n\nDBNAME=mailcow\nDBUSER=mailcow\nDBPASS=XXXXXXXXXXXXXXXXXXX\nDBROOT=XXXXXXXXXXXXXXXXXXX\n',
    "Log in as admin with the default password moohoo and change it at once.\n",
    "username: admin\npassword: moohoo\n",
    "curl -u admin:moohoo https://mail.example.org/api/v1/get/status/containers\n",
    "MAILCOW_ADMIN_PASSWORD=moohoo\n",
    '# Default password is ""\n',
    '# Default password is "changeme"\n',
    "DBPASS=<REDACTED>\nDBROOT=<REDACTED>\nMAILCOW_PASS_SCHEME=BLF-CRYPT\n",
]


@pytest.mark.parametrize("text", NOBODY)
def test_mail_server_text_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


GO = [
    (
        "Feb 14 11:17:20 domain.tld postfix/smtpd[1648]: E50437E242: client=mysendingip, sasl_method=PLAIN, sasl_username=tbrandt\nFeb 14 11:17:21 mcgva postfix/cleanup[1469]: E50437E242: message-id=<20170214111720.4628563.21828.577@domain.tld>\n",
        ("tbrandt",),
        "postfix/cleanup[1469]: E50437E242: message-id=<",
    ),
    (
        f"{_SMTPD}Okwame, sasl_sender=shared@example.org\nFeb 14 11:17:22 mx1 dovecot: imap-login: Login: user=<okwame>, method=PLAIN\n",
        ("okwame",),
        ", sasl_sender=shared@example.org\n",
    ),
    (
        "Mar  3 08:01:12 mail postfix/submission/smtpd[3078]: 8A1B2C3D4E: client=unknown[192.0.2.10], sasl_method=LOGIN, sasl_username=j.marek\r\n",
        ("j.marek",),
        "sasl_method=LOGIN, sasl_username=",
    ),
    (
        "postfix/smtpd[2134]: warning: unknown[192.0.2.7]: SASL LOGIN authentication failed: UGFzc3dvcmQ6, sasl_username=hmoreau\n",
        ("hmoreau",),
        "SASL LOGIN authentication failed: UGFzc3dvcmQ6, sasl_username=",
    ),
    (
        "NOQUEUE: reject: RCPT from unknown[192.0.2.7]: 554 5.7.1 <b@example.net>: Relay access denied; from=<a@example.org> to=<b@example.net> proto=ESMTP helo=<pc> sasl_username=<pdelacroix>\n",
        ("pdelacroix",),
        "proto=ESMTP helo=<pc> sasl_username=<",
    ),
    (
        "NOQUEUE: reject: RCPT from unknown[192.0.2.7]: 550 5.7.1 <b@example.net>: Sender address rejected: not owned by user; from=<a@example.org> to=<b@example.net> proto=ESMTP helo=<pc> sasl_method=PLAIN sasl_username=ivanka_r\n",
        ("ivanka_r",),
        "sasl_method=PLAIN sasl_username=",
    ),
    (
        "request=smtpd_access_policy\nprotocol_state=RCPT\nsasl_method=plain\nsasl_username=rgallagher\nsize=12345\n",
        ("rgallagher",),
        "sasl_method=plain\nsasl_username=",
    ),
    (
        '# Default admin user is "admin"\n# Default password is "s3cr3t99"\n',
        ("s3cr3t99",),
        '# Default admin user is "admin"\n# Default password is "',
    ),
    ("username: admin\npassword: moohoo2\n", ("moohoo2",), "username: admin\npassword: "),
    ("MAILCOW_ADMIN_PASSWORD=Moohoo!7x\n", ("Moohoo!7x",), "MAILCOW_ADMIN_PASSWORD="),
]


@pytest.mark.parametrize(("text", "values", "kept"), GO)
def test_mail_server_login_or_password_goes(
    engine: Scrubber, text: str, values: tuple[str, ...], kept: str
) -> None:
    gone_and_kept(engine, text, values, kept, any_case=True)
