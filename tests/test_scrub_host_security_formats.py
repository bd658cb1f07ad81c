# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Host security and intrusion-prevention tools' formats (stop 54, scrubber 1.61.0; issue 35).

The damage and misses of batch 108's tune part (``tests/outside_corpus/SOURCE.md``, "The
stop-108 collection"), each fixed by a general rule:

* a spelt-out placeholder address and a vendor's documentation subdomain (``allow.yaml``'s
  ``placeholder_spelt_address``): a local part that says an address goes here
  (``realemailhere1@gmail.com``, ``youremailhere@…``, ``email_here@…``) names nobody at any
  domain, and an ``example`` label under a vendor's domain (Wazuh's shipped ``ossec.conf``:
  ``<email_from>ossecm@example.wazuh.com</email_from>``, wazuh/wazuh ``etc/ossec-server.conf``)
  is its documentation's placeholder; a person's mailbox at gmail.com still goes;
* CloudFlare's client API v1 key field (``secret_names.yaml``'s ``shaped``: ``tkn``):
  fail2ban's ``config/action.d/cloudflare.conf`` sends ``-d 'tkn=<cftoken>'`` to
  ``api_json.html`` and the same ``<cftoken>`` as API v4's ``X-Auth-Key``; a token-shaped value
  there is the account's API key, the placeholders and other tools' digests stay.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept; each
``*_PERSONS`` list holds the same shapes that do name someone and must still go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

PLACEHOLDER_ADDRESS_NOBODY = [
    "  <global>\n    <email_notification>yes</email_notification>\n    <email_to>realemailhere1@gmail.com</email_to>\n    <smtp_server>your-smtp-server.com</smtp_server>\n    <email_from>ossecm@example.wazuh.com</email_from>\n  </global>\n",
    "    <email_to>realemailhere2@gmail.com</email_to>\n",
    "    <email_to>realmailhere1@gmail.com</email_to>\n",
    "    <email_to>realmailhere2@yahoo.com</email_to>\n",
    "    <email_to>youremailhere@gmail.com</email_to>\n",
    "destemail = email_here@gmail.com\n",
    "destemail = emailhere@outlook.com\n",
    "    <email_to>your_email_here@company.com</email_to>\n",
    "    <email_to>mailhere@gmail.com</email_to>\n",
    "    <email_from>wazuh@example.wazuh.com</email_from>\n",
    "    <email_from>ossecm@example.ossec.net</email_from>\n",
    "    <email_to>you@example.com</email_to>\n",
    "    <email_to>**************@wazuh.com</email_to>\n",
    "destemail = root@localhost\n",
    "destemail = you@youremail.com\n",
]

# the same shapes naming someone: must still be replaced
PLACEHOLDER_ADDRESS_PERSONS = [
    ("    <email_to>marta.kowalczyk@gmail.com</email_to>\n", "marta.kowalczyk@gmail.com"),
    ("    <email_to>rhereford@gmail.com</email_to>\n", "rhereford@gmail.com"),
    ("    <email_to>realestate.jones@gmail.com</email_to>\n", "realestate.jones@gmail.com"),
    ("    <email_to>mailheremans@gmail.com</email_to>\n", "mailheremans@gmail.com"),
    ("    <email_to>emailherrera7@gmail.com</email_to>\n", "emailherrera7@gmail.com"),
    ("    <email_from>tkowal@examples.wazuh.com</email_from>\n", "tkowal@examples.wazuh.com"),
    ("    <email_from>tkowal@wazuh.com</email_from>\n", "tkowal@wazuh.com"),
    ("    <email_from>jsmith@example-corp.com</email_from>\n", "jsmith@example-corp.com"),
    ("    <email_from>jsmith@myexample.io</email_from>\n", "jsmith@myexample.io"),
    ("destemail = kenji.watanabe@gmail.com\n", "kenji.watanabe@gmail.com"),
]


@pytest.mark.parametrize("text", PLACEHOLDER_ADDRESS_NOBODY)
def test_placeholder_addresses_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), PLACEHOLDER_ADDRESS_PERSONS)
def test_persons_addresses_still_go(engine: Scrubber, text: str, value: str) -> None:
    assert value not in scrubbed(engine, text)


# Class 2: CloudFlare's client API v1 (api_json.html) takes the account's API key as the form
# field ``tkn`` (fail2ban's action.d/cloudflare.conf: ``-d 'tkn=<cftoken>'``)
CF_TKN_NOBODY = [
    "actionban = curl -s -o /dev/null https://www.cloudflare.com/api_json.html -d 'a=ban' -d 'tkn=<cftoken>' -d 'email=<cfuser>' -d 'key=<ip>'\n",
    "actionban = curl https://www.cloudflare.com/api_json.html -d 'a=ban' -d 'tkn=<cfapikey>' -d 'email=sample@example.com' -d 'key=1.2.3.4'\n",
    "actionunban = curl https://www.cloudflare.com/api_json.html -d 'a=nul' -d 'tkn=XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX' -d 'email=sample@example.com' -d 'key=<ip>'\n",
    "cftoken = your-cf-api-token\n",
    'action = cloudflare[cfuser="%(cfemail)s", cftoken="%(cfapikey)s"]\n',
    'cftoken="TOKEN"\n',
    "LibClamAV debug: clean_cache_add: 5f4dcc3b5aa765d61d8327deb882cf99 (level 0)\n",
    "2016-05-10 10:12:13,123 fail2ban.filter [1234]: INFO Added logfile: '/var/log/auth.log' (pos = 0, hash = 3a1f9e0b7c2d4e6f8a9b0c1d2e3f4a5b6c7d8e9f)\n",
    "curl 'https://mirror.example.net/get?file=clamav.tar.gz&md5=9e107d9d372bb6826bd81d3542a419d6'\n",
    "-d 'a=ban' -d 'key=203.0.113.7' -d 'tkn=$CF_TOKEN'\n",
    "tkn=\n",
]

CF_TKN_KEYS = [
    (
        "actionban = curl https://www.cloudflare.com/api_json.html -d 'a=ban' -d 'tkn=7be2c0a9d41f3e8856ab9c0d2e7f1a43' -d 'email=sample@example.com' -d 'key=<ip>'\n",
        "7be2c0a9d41f3e8856ab9c0d2e7f1a43",
    ),
    (
        "curl https://www.cloudflare.com/api_json.html -d 'a=nul&tkn=0c81f5d7a2b94e3fa6d0b8c1e29f7a55&email=sample@example.com&key=1.2.3.4'\n",
        "0c81f5d7a2b94e3fa6d0b8c1e29f7a55",
    ),
    ("tkn=9f3a2c1b8e7d6a5f4c3b2a1e0d9c8b7a\n", "9f3a2c1b8e7d6a5f4c3b2a1e0d9c8b7a"),
]


@pytest.mark.parametrize("text", CF_TKN_NOBODY)
def test_cloudflare_placeholders_and_digests_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), CF_TKN_KEYS)
def test_cloudflare_tkn_key_goes(engine: Scrubber, text: str, value: str) -> None:
    gone_and_kept(engine, text, value, "tkn=")


# Class 3: Debian's and Ubuntu's default PS1 (``\u@\h:\w\$ ``, /etc/skel/.bashrc) prints the login
# as it is, capital and all
CAPITAL_PROMPT_NOBODY = [
    "Admin@packetpig:~/Documents/packetpig$ sudo snort -c /etc/snort/snort.conf\n",
    "User@DESKTOP:~$ ls\n",
    "Root@kali:~# id\n",
    "Ubuntu@ip-10-0-0-5:~$ sudo systemctl status fail2ban\n",
    "Pi@raspberrypi:~ $ sudo fail2ban-client status sshd\n",
    "Vagrant@vagrant:~$ sudo cscli alerts list\n",
    "Kali@kali:~$ sudo snort -V\n",
    "Guest@host:~$ ls\n",
    "Test@test:~$ cat /etc/fail2ban/jail.local\n",
    "Username@hostname:~$ sudo clamscan -r /home\n",
    "Ubuntu@ubuntu-VirtualBox:~$ snort -V\n",
    "Note@10:30: restart the service\n",
]

CAPITAL_PROMPT_LOGINS = [
    ("Ken@packetpig:~/Documents/packetpig$ sudo snort -c /etc/snort/snort.conf -r x.pcap\n", "Ken"),
    ("Marta@box:~$ sudo fail2ban-client status sshd\n", "Marta"),
    ("Tkowal@lab-01:/etc/wazuh$ ls\n", "Tkowal"),
    ("(venv) Jiro@gpu:~/proj$ python a.py\n", "Jiro"),
]


@pytest.mark.parametrize("text", CAPITAL_PROMPT_NOBODY)
def test_capitalised_role_prompts_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), CAPITAL_PROMPT_LOGINS)
def test_a_capitalised_login_at_a_prompt_goes(engine: Scrubber, text: str, value: str) -> None:
    gone_and_kept(engine, text, value, "@")


# Class 4: Thunderbird's Profile Manager (thunderbird -P, "Create Profile…") names a new
# profile's folder by the name typed; its own are ``<8 chars>.default[-release]``
PROFILE_FOLDER_NOBODY = [
    "LibClamAV debug: /root/.thunderbird/abcd1234.default/Mail/Local Folders/Inbox\n",
    "find /home/ubuntu/.thunderbird/Profiles/default/extensions/\n",
    "~/.thunderbird/8a2b9c1d.default-release/ImapMail/imap.gmail.com/INBOX: OK\n",
    "/var/lib/thunderbird/Default/Mail/Inbox: OK\n",
    "/home/user/.thunderbird/Default/extensions/: OK\n",
    "/home/user/.thunderbird/Crash Reports/events/: OK\n",
    "/home/user/.thunderbird/Pending Pings/: OK\n",
    "/home/user/.mozilla/firefox/Profiles/x1y2z3w4.default/cache2/: OK\n",
    "/home/user/.thunderbird/Profiles/: OK\n",
    "/home/user/.thunderbird/Work/Mail/: OK\n",
]

PROFILE_FOLDER_PERSONS = [
    (
        'find "/home/aldo/.thunderbird/Olaf/extensions/" -type f\n/home/aldo/.thunderbird/Olaf/ImapMail/x: OK\n',
        "Olaf",
    ),
    ("/home/kz/.mozilla/firefox/Marta/cache2/entries/A1: OK\n", "Marta"),
]


@pytest.mark.parametrize("text", PROFILE_FOLDER_NOBODY)
def test_profile_folders_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), PROFILE_FOLDER_PERSONS)
def test_a_profile_folder_named_after_its_person_goes(
    engine: Scrubber, text: str, value: str
) -> None:
    out = scrubbed(engine, text)
    assert value not in out, out
    assert ".thunderbird/" in out or ".mozilla/firefox/" in out, out
