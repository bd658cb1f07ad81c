# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Directory servers' and their clients' logs (stop 59, scrubber 1.128.0; issue 35).

The tune misses and damage of batch 171 (``tests/outside_corpus/SOURCE.md``, "The stop-171
collection"), fixed by rules that read each tool's documented format:

* ``sssd_debug_login`` (``scrubbers/user_names.yaml``): SSSD's fully-qualified user name in its
  debug lines (``Parsing input name [<u>@<d>]``, ``… user is <u>``, a negative-cache key
  ``NCE/USER/<d>/<u>@<d>`` also wrapped at the console's width, a sysdb user DN
  ``name=<u>@<d>,cn=users,cn=<d>,cn=sysdb``), and ``pam_module_login``'s ``by <u>@<d>(uid=``;
* ``nslcd_request_login``: nslcd's request context ``<passwd|shadow|authc="<u>">`` and the
  ``cn=<First Last>,ou=…`` of the entry its ``ldap_result()`` found; the same context is no
  ``passwd=`` secret (``context._nslcd_request``, ``password_word``);
* ``samba_auth_login``: smbd's ``check_ntlm_password: … for user [<u>]`` and ``Invalid
  username/password for [<u>]``; ``check_ntlm_password:`` is no ``password:`` field;
* ``ipauser_task_login``: an ansible-freeipa ``ipauser`` (or ``ipa_user``) task's ``name:``,
  ``first:`` and ``last:``; ``update_password: on_create`` is no secret (``words.yaml``);
* ``words.yaml``'s ``system_accounts``: freeipa-password-reset's ``ldap-passwd-reset``;
  ``cloud_prompt`` reads no ``<host>:~ #`` root prompt.

The ``*_NOBODY`` lists are the harm hunt the rules were attacked with before they were kept
(texts of the same shapes naming nobody, from these tools and others of the same class), which
must come out unchanged; the ``*_GO`` lists hold real-shaped values in the same places, which
must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

DIRECTORY_NOBODY = [
    # SSSD: system, built-in and placeholder accounts, a group, the domain
    "[pam] [cache_req_process_input] (0x0400): CR #1: Parsing input name [root]\n",
    "[pam] [cache_req_process_input] (0x0400): CR #1: Parsing input name [admin@ipa.test]\n",
    "[pam] [sss_parse_name_for_domains] (0x0200): name 'admin@ipa.test' matched expression for domain 'ipa.test', user is admin\n",
    "[sudo] [sss_parse_name_for_domains] (0x0200): [CID#15] name 'root' matched without domain, user is root\n",
    "[nss] [sss_parse_name_for_domains] (0x0200): name 'nobody@files' matched expression for domain 'files', user is nobody\n",
    "[pam] [cache_req_search_cache] (0x0400): CR #1: Looking up [administrator@ad.domain.example] in cache\n",
    "[pam] [merge_msg_ts_attrs] (0x2000): No such DN in the timestamp cache: name=ipausers@ipa.test,cn=groups,cn=ipa.test,cn=sysdb\n",
    "[pam] [merge_msg_ts_attrs] (0x2000): No such DN in the timestamp cache: name=admin@ipa.test,cn=users,cn=ipa.test,cn=sysdb\n",
    "[pam] [cache_req_search_ncache] (0x0400): CR #366: Checking negative ca\nche for [root@implicit_files]\n",
    "[pam] [sss_ncache_check_str] (0x2000): Checking negative cache for [NCE/USER/implicit_files/root@implicit_files]\n",
    "[nss] [sss_ncache_check_str] (0x2000): Checking negative cache for [NCE/GROUP/implicit_files/wheel@implicit_files]\n",
    "[pam] [cache_req_set_domain] (0x0400): CR #366: Using domain [fedoraproject.org]\n",
    "[pam] [pam_print_data] (0x0100): [CID#351] user: someuser@ldap\n",
    "the debug line says user is ready\n",
    # su and cron: root and a service account, by no one or by root, with a domain too
    "Oct  8 08:41:06 host su: pam_unix(su:session): session opened for user root(uid=0) by (uid=0)\n",
    "Oct  8 08:41:07 host su: pam_unix(su:session): session opened for user postgres(uid=26) by root(uid=0)\n",
    "Oct  8 08:41:07 host su: pam_unix(su:session): session opened for user root(uid=0) by admin@ipa.test(uid=0)\n",
    # nslcd: system accounts, a group's request, a service bind DN, the directory's manager
    'nslcd: [3c9869] <passwd="root"> DEBUG: myldap_search(base="dc=domain", filter="(&(objectClass=posixAccount)(uid=root))")\n',
    'nslcd: [3c9869] <passwd="nobody"> DEBUG: ldap_result(): end of results (0 total)\n',
    'nslcd: [3c9869] <passwd="www-data"> DEBUG: ldap_initialize(ldap://ldap/)\n',
    'nslcd: [3c9869] <shadow="nobody"> DEBUG: ldap_initialize(ldap://ldap/)\n',
    'nslcd: [3c9869] <group/member="admin"> DEBUG: ldap_start_tls_s()\n',
    'nslcd: [3c9869] <group="developers"> DEBUG: ldap_result(): cn=Web Developers,ou=Groups,dc=example,dc=com\n',
    'nslcd: [3c9869] DEBUG: ldap_simple_bind_s("cn=leoldap,dc=domain","***") (uri="ldap://temis/")\n',
    'nslcd: [3c9869] <shadow="admin"> DEBUG: ldap_result(): cn=Directory Manager,dc=domain\n',
    'nslcd: [3c9869] <passwd="admin"> DEBUG: ldap_result(): cn=Directory Manager,ou=Admins,dc=domain\n',
    # Samba: built-in and guest accounts, the function name
    "  check_ntlm_password: sam authentication for user [nobody] FAILED with error NT_STATUS_NO_SUCH_USER\n",
    "  check_ntlm_password:  Authentication for user [nobody] -> [nobody] FAILED with error NT_STATUS_NO_SUCH_USER\n",
    "  auth_check_ntlm_password: Authentication for user [guest] -> [guest] FAILED\n",
    "  Invalid username/password for [guest]\n",
    "  check_ntlm_password:  authentication for user [administrator] -> [administrator] -> [administrator] succeeded\n",
    "TCDON+admin\nTCDON+administrator\nTCDON+guest\nBUILTIN+users\n",
    # ansible: variables, a test user, the task's own name, the module's choices
    '          - name: "{{ item.name }}"\n            first: "{{ item.first }}"\n            last: "{{ item.last }}"\n',
    "    - name: Create users\n      freeipa.ansible_freeipa.ipauser:\n        state: present\n        update_password: on_create\n",
    "    - ipauser:\n        users:\n          - name: admin\n            first: Test\n            last: User\n",
    "    - ansible.builtin.user:\n        name: deploy\n        update_password: on_create\n",
    "    - community.general.ipa_user:\n        name: admin\n        givenname: Test\n        sn: User\n        update_password: always\n",
    # a documented service account; root prompts named after the host
    "ipa: ERROR: Could not create log_dir u'/home/ldap-passwd-reset/.ipa/log'\nPermission denied: '/home/ldap-passwd-reset'\n",
    "failed to set perms (3140) on file (/var/run/ipa/ccaches/ldap-passwd-reset@corp.stage)!\n",
    "ipa: INFO: [jsonserver_session] ldap-passwd-reset@corp.stage: ping(): SUCCESS\n",
    "dcontrol:~ # hostname\n",
    "linux:~ # zypper in samba\n",
    "alpine:~# apk add openldap\n",
]

DIRECTORY_GO = [
    (
        "[pam] [cache_req_process_input] (0x0400): CR #1: Parsing input name [kim.tollan@ad.corp.example]\n",
        "kim.tollan",
        "Parsing input name [",
    ),
    (
        "[pam] [sss_parse_name_for_domains] (0x0200): name 'pvarga@ipa.test' matched expression for domain 'ipa.test', user is pvarga\n",
        "pvarga",
        "matched expression for domain 'ipa.test', user is ",
    ),
    (
        "   *  (2021-09-30 13:32:57): [pam] [sss_ncache_check_str] (0x2000): Checking negative cache for [NCE\n/USER/implicit_files/drovena@implicit_files]\n",
        "drovena",
        "/USER/implicit_files/",
    ),
    (
        "No such DN in the timestamp cache: name=hkalder@corp.example,cn=users,cn=corp.example,cn=sysdb\n",
        "hkalder",
        ",cn=users,cn=corp.example,cn=sysdb",
    ),
    (
        "Oct  8 08:41:06 host su: pam_unix(su:session): session opened for user root(uid=0) by wquell@corp.example(uid=0)\n",
        "wquell",
        "session opened for user root(uid=0) by ",
    ),
    (
        'nslcd: [3c9869] <shadow="jbrenner"> DEBUG: myldap_search(base="dc=domain", filter="(&(objectClass=shadowAccount)(uid=jbrenner))")\n',
        "jbrenner",
        "<shadow=",
    ),
    (
        'nslcd: [7b0c12] <passwd="okalu"> DEBUG: ldap_result(): cn=Ona Kalu,ou=People,dc=example,dc=com\n',
        ["okalu", "Ona Kalu"],
        ",ou=People,dc=example,dc=com",
    ),
    (
        "  check_ntlm_password: sam authentication for user [tferrand] FAILED with error NT_STATUS_WRONG_PASSWORD\n",
        "tferrand",
        "check_ntlm_password: sam authentication for user [",
    ),
    (
        "  Invalid username/password for [lmarsk]\n",
        "lmarsk",
        "Invalid username/password for [",
    ),
    (
        '    freeipa.ansible_freeipa.ipauser:\n      users:\n        - name: pvantol\n          first: Pieter\n          last: Vantol\n          password: "x"\n',
        ["pvantol", "Pieter", "Vantol"],
        "freeipa.ansible_freeipa.ipauser:",
    ),
]


@pytest.mark.parametrize("text", DIRECTORY_NOBODY)
def test_directory_text_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), DIRECTORY_GO)
def test_directory_login_goes(
    engine: Scrubber, text: str, value: str | list[str], kept: str
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
