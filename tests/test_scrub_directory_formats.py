# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Directory, identity and single-sign-on tools' formats (stop 54, scrubber 1.54.0; issue 35).

The tune misses and damage of batch 101 (``tests/outside_corpus/SOURCE.md``, "The stop-101
collection"), each read by the tool's documented format, never by a list of the batch's names:

* a prompt in markdown emphasis (``_root@host:~# …_``): the ``_`` or ``*`` glued before the
  login is the emphasis, no part of the login (``user_names.yaml``'s ``prompt``);
* Active Directory's ``krbtgt`` (the KDC service account every AD and Samba domain has:
  Microsoft's "KRBTGT account") is a system account (``words.yaml``'s ``system_accounts``);
* ``mail@<placeholder domain>`` and ``E@mail.com``: addresses that only spell what goes there
  (``allow.yaml``'s ``placeholder_mail_address``);
* LDAP DNs (RFC 4514) of entries under a people or users branch, a search filter's account by
  name (RFC 4515) and a posixGroup's ``memberUid`` (RFC 2307) name accounts;
* ``id``'s answer (coreutils' ``id``: ``uid=<n>(<name>) gid=<n>(<group>) groups=…``) with a
  directory's id-mapped uid (SSSD's and winbind's ranges above 65535) and SSSD's qualified
  ``<name>@<domain>``; its ``gid`` group may hold a space (``domain users``) and ``groups=`` is
  translated (``grupos=``);
* passwd(5)'s GECOS full name with a middle initial (``First M. Last``) of a directory user;
* SSO servers' log fields: Keycloak's event ``username=``, lldap's ``User { user_id: … }``,
  a Meteor LDAP package's ``LDAP authentication for <u>``; nginx-auth-ldap's ``binddn_passwd``.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was written: texts
of the same shape that name nobody (or hold only public material), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

DAMAGE_NOBODY = [
    # a prompt in markdown emphasis: root stays a role
    "_root@acp-box16:~#  id domain\\user\nid: 'domainuser': no such user_\n",
    "_root@acp-box16:~# pbis authenticate-user --user ubuntu --domain DOMAIN.local_\n",
    "*root@server:~# systemctl restart sssd*\n",
    "**root@dc01:~# samba-tool user list**\n",
    "__root@nas:/volume1# ls__\n",
    "_ubuntu@ip-172-31-20-7:~$ sudo realm list_\n",
    "_admin@router:~$ show version_\n",
    "*user@host:~$ id*\n",
    "_pi@raspberrypi:~ $ groups_\n",
    "_vagrant@ubuntu-focal:~$ id_\n",
    "a_b@c.d is an address\n",
    "__init__@property\n",
    # AD's KDC account, in a passwd listing and as a principal
    "krbtgt:*:1100502:1100513::/home/krbtgt:/bin/bash\n",
    "> krbtgt:*:1100502:1100513::/home/krbtgt:/bin/bash\n",
    "krbtgt/EXAMPLE.COM@EXAMPLE.COM\n",
    "getent passwd krbtgt\nkrbtgt:*:16777218:16777217::/home/krbtgt:/bin/false\n",
    "samba-tool user setpassword krbtgt\n",
    "ls /home/krbtgt\n",
    "CN=krbtgt,CN=Users,DC=corp,DC=example,DC=com\n",
    "sudo -u krbtgt /home/krbtgt/x\n",
    "kadmin.local -q 'getprinc krbtgt/CORP.LAN'\n",
    "wbinfo -i krbtgt\nkrbtgt:*:3000001:3000002::/home/krbtgt:/bin/bash\n",
    # addresses that only spell what goes there
    "mail: mail@domain.com\n",
    'email: "E@mail.com"\n',
    "mail: mail@example.com\n",
    "email: email@domain.com\n",
    "mail: mail@yourdomain.com\n",
    "mail: e-mail@domain.com\n",
    "MAIL_FROM=mail@mydomain.com\n",
    "E@mail.com\n",
    "e@mail.com\n",
    "mail: user@example.com\n",
    'email: ""\n',
]

LDIF_NOBODY = [
    "dn: uid=admin,ou=people,dc=example,dc=com\n",
    "dn: cn=admin,dc=example,dc=org\n",
    "dn: cn=read-only-admin,dc=example,dc=com\n",
    "dn: uid=USER,ou=users,dc=company\n",
    "dn: cn=Name Surname,ou=users,ou=SAMBA,dc=company\n",
    "dn: cn=Manager,dc=my-domain,dc=com\n",
    "dn: cn=John Doe,ou=people,dc=example,dc=com\ncn: John Doe\n",
    "member: uid=john.doe,cn=users,dc=company,dc=com\n",
    "uniqueMember: uid=USERNAME,ou=users,dc=example,dc=com\n",
    "dn: uid={0},ou=people,dc=example,dc=com\n",
    "userDnPattern: uid=%s,ou=people,dc=example,dc=com\n",
    'LDAP_USER_DN="uid=${username},ou=users,dc=example,dc=org"\n',
    "dn: uid=<username>,ou=People,dc=example,dc=com\n",
    "dn: uid=*,ou=people,dc=example,dc=com\n",
    "dn: ou=users,dc=ldap,dc=example,dc=com\n",
    "dn: cn=finance,ou=groups,dc=ldap,dc=example,dc=com\n",
    "memberOf: CN=Domain Admins,CN=Users,DC=corp,DC=local\n",
    "member: CN=Domain Users,CN=Users,DC=corp,DC=local\n",
    '{"bindDN":"cn=akadmin,ou=users,dc=ldap,dc=example,dc=com","client":"172.20.0.6","event":"Invalid credentials","level":"info"}\n',
    '{"bindDN":"cn=ldapsearch,ou=ldapsearch,dc=ldap,dc=goauthentik,dc=io","client":"172.22.0.2","event":"Bind request"}\n',
    "ldapsearch -x -D 'uid=admin,ou=people,dc=example,dc=com' -W -b 'dc=example,dc=com' '(uid=*)'\n",
    "# filter: (&(class=account)(name=admin))\n",
    "ldapsearch -b dc=example,dc=com '(&(objectClass=person)(uid=%s))'\n",
    "(&(class=group)(name=developers))\n",
    "(&(objectClass=posixAccount)(uid={username}))\n",
    "(&(objectClass=inetOrgPerson)(uid=USERNAME))\n",
    "memberUid: john.doe\n",
    "memberUid: admin\n",
    "memberUid: ${user}\n",
    "memberUid: www-data\n",
    "dn: spn=admins@kanidm.example.com,dc=kanidm,dc=example,dc=com\nname: admins\n",
    "uid: valid_uid\ngivenname: name\nsn: sname\ncn: cname\n",
    "ldapsearch -H ldap://ldap.forumsys.com -D 'cn=read-only-admin,dc=example,dc=com' -w password -b 'dc=example,dc=com'\n",
    "dn: uid=tesla,dc=example,dc=com\n",
    # whole entries: a poster's placeholders under ou=people, the public forumsys test directory
    "# valid_uid, people, domain.com\ndn: uid=valid_uid,ou=people,dc=domain,dc=com\nobjectclass: inetOrgPerson\nobjectclass: posixAccount\nuid: valid_uid\nmail: mail@domain.com\ngivenname: name\nsn: sname\ncn: cname\n",
    "dn: uid=newton,dc=example,dc=com\nsn: Newton\nobjectClass: inetOrgPerson\nobjectClass: organizationalPerson\nobjectClass: person\nobjectClass: top\ncn: Isaac Newton\nuid: newton\n",
    "dn: uid=admin,ou=people,dc=example,dc=com\nobjectClass: inetOrgPerson\ncn: Administrator\nsn: admin\nuid: admin\n",
    "dn: uid=user,ou=users,dc=example,dc=org\ncn: Test User\ngivenName: Test\nsn: User\ndisplayName: Test User\n",
    "dn: uid=john.doe,ou=People,dc=example,dc=com\ncn: John Doe\ngivenName: John\nsn: Doe\nuid: john.doe\n",
    "dn: cn=developers,ou=groups,dc=example,dc=com\nobjectClass: posixGroup\ncn: developers\nmemberUid: admin\n",
    # rroemhild/docker-test-openldap's documented Planet Express directory (found by the suite)
    'ldapsearch -x -D "uid=professor,ou=people,dc=planetexpress,dc=com" -w professor\n',
    "dn: cn=Philip J. Fry,ou=people,dc=planetexpress,dc=com\nobjectClass: inetOrgPerson\ncn: Philip J. Fry\nuid: fry\n",
]

ID_NOBODY = [
    "uid=0(root) gid=0(root) groups=0(root)\n",
    "uid=1000(ubuntu) gid=1000(ubuntu) groups=1000(ubuntu),4(adm),27(sudo)\n",
    "uid=957200500(administrator) gid=957200513(domain users) groups=957200513(domain users),957200512(domain admins)\n",
    "uid=65534(nobody) gid=65534(nogroup) groups=65534(nogroup)\n",
    "uid=33(www-data) gid=33(www-data) groups=33(www-data)\n",
    "uid=1000680000(default) gid=0(root) groups=0(root),1000680000\n",
    "uid=1001(runner) gid=118(docker) grupos=118(docker)\n",
    "uid=200001(administrator@corp.lan) gid=200513(domain users@corp.lan) groups=200513(domain users@corp.lan)\n",
    "uid=1000(user@domain.com) gid=1000(user@domain.com) groups=1000(user@domain.com)\n",
    "root@bcm-01:/var/log/sssd# id root\n",
    "root@bcm-01:/var/log/sssd# groups root\n",
    "root : root\n",
    "dialout:x:20:\n",
    "docker:x:999:ubuntu\n",
    "m000001:*:851715518:\n",
    "root@acp-box16:~#  id domain\\user\n",
    "$ id -u\n1000\n",
    "uid=2(daemon) gid=2(daemon) groups=2(daemon)\n",
    "uid=4294967294(nfsnobody) gid=4294967294(nfsnobody) groups=4294967294(nfsnobody)\n",
    "uid=70000(sssd) gid=70000(sssd) groups=70000(sssd)\n",
]

GECOS_NOBODY = [
    "administrator:*:1100500:1100513::/home/administrator:/bin/bash\n",
    "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n",
    "www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin\n",
    "username:*:12345:12345:Example User:/home/username:/usr/bin/bash\n",
    "user1:*:xxxxxxxxx:xxxxxxxxx:This is User1:/home/user1:/bin/bash\n",
    "user:*:1100600:1100513:Test User:/home/user:/bin/bash\n",
    "ubuntu:x:1000:1000:Ubuntu:/home/ubuntu:/bin/bash\n",
    "guest:*:1100501:1100514:Guest:/home/guest:/bin/bash\n",
    "sshd:x:110:65534::/run/sshd:/usr/sbin/nologin\n",
    "systemd-network:x:100:102:systemd Network Management,,,:/run/systemd:/usr/sbin/nologin\n",
    "admin:*:200500:200513:Domain Admin:/home/admin:/bin/bash\n",
]

SSO_NOBODY = [
    "10:28:42,779 WARN  [org.keycloak.events] (default task-83) type=LOGIN_ERROR, realmId=master, clientId=nexus, userId=null, ipAddress=127.0.0.1, error=user_not_found, username=admin\n",
    'type="LOGIN_ERROR", realmName="test", clientId="account-console", userId="4e2fbbbc-289d-435e-9fe7-4f1719226bb0", error="invalid_user_credentials"\n',
    "WARN [org.keycloak.events] type=LOGIN_ERROR, realmId=x, clientId=y, userId=null, error=user_not_found, username=null\n",
    "WARN [org.keycloak.events] type=LOGIN_ERROR, realmId=x, clientId=y, userId=null, error=invalid_user_credentials, username=${username}\n",
    "WARN [org.keycloak.events] type=LOGIN_ERROR, realmId=x, clientId=y, userId=null, error=user_not_found, username=user\n",
    "WARN [org.keycloak.events] type=LOGIN, realmId=x, clientId=y, userId=1c1d0c4e-7f6a-4c1a-9d0b-1c9f6b7f0a11, username=test\n",
    '{"bindDN":"","client":"172.20.0.6","event":"Search request","filter":"(objectclass=*)"}\n',
    'UserAndGroups { user: User { user_id: "admin", email: "", display_name: Some("Administrator") } }\n',
    'User { user_id: "USERNAME", email: "", display_name: None }\n',
    "LDAP authentication for admin\n",
    "LDAP authentication for user\n",
    "Trying to bind admin@example.com...\n",
    "msg=\"Successful 1FA authentication attempt made by user 'authelia'\" method=POST path=/api/firstfactor\n",
    'binddn "DOMAIN\\\\svc-ldap";\n',
    "binddn_passwd XXXX;\n",
    "binddn_passwd ********;\n",
    "binddn_passwd <password>;\n",
    "binddn_passwd $LDAP_PASSWORD;\n",
    "binddn_passwd secret;\n",
    # the module's README's own example (found after the rule's first version replaced it)
    "        binddn_passwd LDAPPASSWORD;\n",
    '    binddn_passwd "admin_pass";\n',
]


@pytest.mark.parametrize(
    "text", DAMAGE_NOBODY + LDIF_NOBODY + ID_NOBODY + GECOS_NOBODY + SSO_NOBODY
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


# (text, what must be gone from the whole text, what must stay)
DAMAGE_RULES_STILL_GO = [
    ("_okarvel@acp-box16:~# id domain\\user_\n", "okarvel", "@acp-box16:~# id domain\\user_"),
    ("*tmarlow@devbox:~/proj$ make*\nls /srv/tmarlow\n", "tmarlow", "@devbox:~/proj$ make*"),
    ("**jvelde@gpu-01:~$ nvidia-smi**\n", "jvelde", "@gpu-01:~$ nvidia-smi**"),
    ("mail: mail@kowalczyk.dev\n", "mail@kowalczyk.dev", "mail: "),
    ("email: e@mailbox.org\n", "e@mailbox.org", "email: "),
    ("krbtgtx:*:1100502:1100513::/home/krbtgtx:/bin/bash\n", "krbtgtx", ":/bin/bash"),
]


@pytest.mark.parametrize(("text", "value", "kept"), DAMAGE_RULES_STILL_GO)
def test_the_damage_rules_keep_finding_people(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


LDAP_GO = [
    (
        "uniqueMember: uid=bkarsten,ou=users,dc=ldap,dc=example,dc=com\n",
        "bkarsten",
        "uniqueMember: uid=",
    ),
    (
        "# cn=Ilse Vornholt,ou=users,dc=ldap,dc=example,dc=com\ndn: cn=Ilse Vornholt,ou=users,dc=ldap,dc=example,dc=com\ncn: Ilse Vornholt\ngivenname: Ilse\nsn: Vornholt\n",
        "Vornholt",
        ",ou=users,dc=ldap,dc=example,dc=com\ncn: ",
    ),
    (
        "dn: uid=okarvel,ou=People,dc=corp,dc=lan\nobjectClass: inetOrgPerson\ncn: Tamsin Roqueford\ngivenName: Tamsin\nsn: Roqueford\ndisplayName: Tamsin Roqueford\n",
        "Roqueford",
        "\nobjectClass: inetOrgPerson\ncn: ",
    ),
    (
        '{"bindDN":"cn=maelk,ou=users,dc=ldap,dc=goauthentik,dc=io","event":"Bind request"}\n',
        "maelk",
        '{"bindDN":"cn=',
    ),
    (
        "dn: uid=vdrassen,cn=users,cn=accounts,dc=ipa,dc=test\n",
        "vdrassen",
        ",cn=users,cn=accounts,dc=ipa,dc=test",
    ),
    (
        "# filter: (&(class=account)(name=quillon))\ndn: spn=quillon@idm.example.org,dc=idm,dc=example,dc=org\nname: quillon\n",
        "quillon",
        "# filter: (&(class=account)(name=",
    ),
    ("(&(uid=ferrabec)(objectClass=posixAccount))\n", "ferrabec", "(&(uid="),
    ("memberUid: tolvanen\nmemberUid: admin\n", "tolvanen", "memberUid: admin\n"),
]


@pytest.mark.parametrize(("text", "value", "kept"), LDAP_GO)
def test_ldap_accounts_and_names_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


ID_GO = [
    (
        "root@bcm-01:/var/log/sssd# id okvarn\nuid=851707146(okvarn) gid=1543400513(domain users) groups=1543400513(domain users)\n",
        "okvarn",
        "root@bcm-01:/var/log/sssd# id ",
    ),
    (
        "$ groups okvarn\nokvarn : operator\n$ id okvarn\nuid=453877(okvarn) gid=37(operator) groups=37(operator)\n",
        "okvarn",
        " : operator\n",
    ),
    (
        "uid=33123(tbrisco@domain1) gid=30000(domain users@domain1) grupos=30000(domain users@domain1),16(dialout)\n/etc/group:\ndialout:x:16:tbrisco@domain1,tbrisco\n",
        "tbrisco",
        "dialout:x:16:",
    ),
    (
        "uid=1500(halvrik) gid=1500(halvrik) Gruppen=1500(halvrik),27(sudo)\n",
        "halvrik",
        ",27(sudo)",
    ),
]


@pytest.mark.parametrize(("text", "value", "kept"), ID_GO)
def test_id_answers_of_directory_users_go(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


GECOS_GO = [
    (
        "kovanek:*:1101106:1100513:Miroslav T. Kovanek:/home/kovanek:/bin/bash\n",
        "Kovanek",
        ":/bin/bash",
    ),
    (
        "> drelling:*:1101108:1100513:Anouk E. Drelling:/home/drelling:/bin/bash\n",
        "Drelling",
        "> ",
    ),
    ("brandtle:x:1001:1001:Tilde Brandtle,,,:/home/brandtle:/bin/bash\n", "Brandtle", ",,,:"),
]


@pytest.mark.parametrize(("text", "value", "kept"), GECOS_GO)
def test_a_directory_users_full_name_goes(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


SSO_GO = [
    (
        "```\n10:28:42,779 WARN  [org.keycloak.events] (default task-83) type=LOGIN_ERROR, realmId=nwse, clientId=nexus, userId=693a7ee3-4755-4ea2-90a9-083369856b3e, ipAddress=127.0.0.1, error=invalid_user_credentials, auth_method=openid-connect, grant_type=password, username=tolva.rinne\n```\n",
        "tolva.rinne",
        "userId=693a7ee3-4755-4ea2-90a9-083369856b3e",
    ),
    (
        'type="LOGIN_ERROR", realmName="test", clientId="account-console", userId="null", error="user_not_found", username="brekkan"\n',
        "brekkan",
        'error="user_not_found", username="',
    ),
    (
        'UserAndGroups { user: User { user_id: "quillmar", email: "E@mail.com", display_name: Some("DisplayName") } }\n',
        "quillmar",
        'email: "E@mail.com", display_name: Some("DisplayName")',
    ),
    (
        "LDAP authentication for vennrik\nTrying to bind vennrik@corp.corporation.COM...\n",
        "vennrik",
        "Trying to bind ",
    ),
    ("        binddn_passwd 4921;\n", "4921", "binddn_passwd "),
    ('    binddn_passwd "Qx7!mPa2";\n', "Qx7!mPa2", 'binddn_passwd "'),
]


@pytest.mark.parametrize(("text", "value", "kept"), SSO_GO)
def test_identity_servers_logins_and_bind_passwords_go(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
