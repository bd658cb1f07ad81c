# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Active Directory and network credential tools' command lines and banners (stop 62, scrubber
1.165.0; issue 35, batch 188's tune part).

* ``user_then_password_flag`` (``scrubbers/recognizers.yaml``, since 1.118.0) now reads
  ``bloodhound-python -u <user> -p <password>``: its ``-u`` was taken for python's own
  (unbuffered) because ``python`` ends the tool's name; ``ldapdomaindump``, ``certipy``,
  ``evil-winrm``, ``crackmapexec``/``cme``/``nxc`` were read already. ``-p passwords`` (a
  wordlist's name) stays as ``passwords.txt`` does.
* ``impacket_target_password``: impacket's target ``[[domain/]username[:password]@]<target>``
  (fortra/impacket ``examples/*.py``; ``impacket/examples/utils.py`` ``parse_target``).
* ``ntlm_hash_option``: an NT hash given to ``-hashes LMHASH:NTHASH`` (impacket, certipy,
  bloodhound-python) or to NetExec's/CrackMapExec's/evil-winrm's ``-H``.
* ``netexec_result_password``: NetExec's echo ``[+] <domain>\\<user>:<password> (Pwn3d!)``
  (Pennyw0rth/NetExec ``nxc/protocols/*.py``: ``logger.success(f"{domain}\\\\{username}:
  {process_secret(password)} {mark_pwned()}")``).
* ``tool_banner_author_address`` (kept public material): Responder's banner's author address
  (lgandx/Responder ``utils.py`` ``banner()``), only with the banner's next line under it.

``NOBODY`` is the harm hunt (texts of the same shapes that name nobody: they stay whole);
``GO`` the real-shaped values that must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

RESPONDER = (
    "/opt/Responder$ sudo ./Responder.py -I eth5\n"
    "                                         __\n"
    "  .----.-----.-----.-----.-----.-----.--|  |.-----.----.\n"
    "  |   _|  -__|__ --|  _  |  _  |     |  _  ||  -__|   _|\n"
    "  |__| |_____|_____|   __|_____|__|__|_____||_____|__|\n"
    "                   |__|\n\n"
    "           NBT-NS, LLMNR & MDNS Responder {v}\n\n"
    "  To support this project:\n"
    "  Patreon -> https://www.patreon.com/PythonResponder\n"
    "  Paypal  -> https://paypal.me/PythonResponder\n\n"
    "  Author: Laurent Gaffie (laurent.gaffie@gmail.com)\n"
    "  To kill this script hit CTRL-C\n\n"
    "[+] Poisoners:\n    LLMNR                      [ON]\n"
)

NOBODY = [
    # placeholders, variables, empty values and wordlists after -p
    "$ bloodhound-python -u USERNAME -p PASSWORD -d example.local -ns 10.0.0.1 -c all\n",
    "$ bloodhound-python -u admin -p '' -d cyberloop.local -ns 192.168.56.10\n",
    "$ bloodhound-python -u admin -p <password> -d cyberloop.local -vv -ns 192.168.56.10\n",
    '$ bloodhound-python -u "$USER" -p "$PASS" -d "$DOMAIN" -ns "$DC_IP"\n',
    "bloodhound-python -u username -p password -d domain.local -c all\n",
    "nxc smb 10.10.10.10 -u users.txt -p passwords.txt --continue-on-success\n",
    "nxc smb 10.10.10.10 -u users -p passwords --continue-on-success\n",
    "crackmapexec smb 10.0.0.0/24 -u administrator -p /usr/share/wordlists/rockyou.txt\n",
    "netexec smb target -u '' -p '' --shares\nnetexec smb target -u 'guest' -p ''\n",
    "netexec <service> <target> -u <username> -p <password>\n",
    "nxc smb <host> -u <user> -p <password> --shares\n",
    "crackmapexec --debug smb 192.168.XXX.202 -u user -p 'password' -X whoami\n",
    "evil-winrm -i 10.10.10.5 -u Administrator -p 'password'\n",
    "certipy find -u '<user>@<domain>' -p '<password>' -dc-ip <dc_ip>\n",
    "ldapdomaindump -u 'DOMAIN\\user' -p 'password' ldap://10.0.0.1\n",
    # impacket: usage text, variables, placeholders, no password, hashes' usage
    "psexec.py [[domain/]username[:password]@]<targetName or address>\n",
    "  target                [[domain/]username[:password]@]<targetName or address>\n",
    'GetUserSPNs.py "$DOMAIN"/"$USER":"$PASSWORD" -dc-ip "$DC_IP" -request\n',
    "GetUserSPNs.py $DOMAIN/$USER:$PASSWORD -dc-ip $DC_IP\n",
    "secretsdump.py domain/user:password@10.0.0.1\n",
    "secretsdump.py '<domain>/<user>:<password>@<target>'\n",
    "GetNPUsers.py corp.local/ -usersfile users.txt -format hashcat -outputfile asrep.txt\n",
    "impacket-secretsdump -just-dc corp.local/Administrator@10.0.0.1 -k -no-pass\n",
    "secretsdump.py -hashes LMHASH:NTHASH corp/Administrator@10.0.0.1\n",
    "wmiexec.py -hashes :31d6cfe0d16ae931b73c59d7e0c089c0 corp/guest@10.0.0.1\n",
    "evil-winrm -i 10.0.0.1 -u administrator -H 'aad3b435b51404eeaad3b435b51404ee:8846f7eaee8fb117ad06bdd830b7586c'\n",
    "nxc smb 10.0.0.1 -u Administrator -H <hash>\nnxc smb 10.0.0.1 -u Administrator -H $NTHASH\n",
    "  -hashes LMHASH:NTHASH\n                        NTLM hashes, format is LMHASH:NTHASH\n",
    "docker run -p 8080:80 -p 445:445 impacket\n",
    # NetExec's rows with a placeholder, a mask or nothing
    "SMB         192.168.1.111   445    FSOCIETY         [+] FSOCIETY\\admin:<password> (Pwn3d!)\n",
    "SMB         10.0.0.1        445    DC01             [+] corp.local\\jdoe:******** \n",
    "SMB         10.0.0.1        445    DC01             [+] corp.local\\guest: \n",
    "SMB         10.0.0.1        445    DC01             [*] Windows 10.0 Build 17763 x64 (name:DC01) (domain:corp.local) (signing:True) (SMBv1:False)\n",
    # -p elsewhere: ports, flags, paths
    "nmap -p 445 --script smb-vuln* 192.168.56.10\n",
    "nmap -p- -T4 -Pn -sV 192.168.56.101\n",
    "ssh -p 2222 kali@192.168.56.10\n",
    "hydra -l admin -P /usr/share/wordlists/rockyou.txt ssh://10.0.0.1\n",
    "hydra -L users.txt -P passwords.txt smb://10.0.0.1\n",
    "hashcat -m 0 -a 3 -D 1 --session deneme1 md5.txt rockyou.txt --force\n",
    "mkdir -p /home/vagrant/.local/bin\n",
    "python3 -u bloodhound.py -p 8080\n",
    # Responder's banner, kept whole; the banner's other lines
    RESPONDER.format(v="3.0.0.0"),
    RESPONDER.format(v="3.1.4.0").replace(
        "  Patreon -> https://www.patreon.com/PythonResponder\n",
        "  Github -> https://github.com/sponsors/lgandx\n",
    ),
    "  Author: Responder maintainers (security@example.com)\n",
    "[!] Error: eth5: Interface not found\n",
]

GO = [
    # (text, the value that must go, context that must stay)
    (
        "$  bloodhound-python -u admin -p SilverDesk482! -d cyberloop.local -vv -ns 192.168.56.10\n",
        "SilverDesk482!",
        "-d cyberloop.local -vv",
    ),
    (
        "bloodhound-python -d corp.local -u jdoe -p 'Tq8vLm2x' -c All -ns 10.0.0.1\n",
        "Tq8vLm2x",
        "-c All",
    ),
    (
        "bloodhound-ce-python -u jdoe -p Tq8vLm2x -d corp.local -c All\n",
        "Tq8vLm2x",
        "-d corp.local",
    ),
    (
        "evil-winrm -i 10.10.10.5 -u Administrator -p 'Qw7rtyMango!'\n",
        "Qw7rtyMango!",
        "-u Administrator",
    ),
    ("nxc smb 10.0.0.1 -u jdoe -p Qw7rtyMango1 --shares\n", "Qw7rtyMango1", "--shares"),
    (
        "certipy find -u jdoe@corp.local -p 'Qw7rtyMango1' -dc-ip 10.0.0.1\n",
        "Qw7rtyMango1",
        "-dc-ip",
    ),
    (
        "ldapdomaindump -u 'CORP\\jdoe' -p 'Qw7rtyMango1' 10.0.0.1\n",
        "Qw7rtyMango1",
        "10.0.0.1",
    ),
    (
        "GetUserSPNs.py corp.local/jdoe:Qw7rtyMango1 -dc-ip 10.0.0.1 -request\n",
        "Qw7rtyMango1",
        "corp.local/jdoe:",
    ),
    (
        "secretsdump.py 'corp.local/Administrator:Qw7r@tyMango1@10.0.0.1'\n",
        "tyMango1",
        "@10.0.0.1'",
    ),
    ("impacket-psexec administrator:Qw7rtyMango1@10.0.0.1\n", "Qw7rtyMango1", "@10.0.0.1"),
    (
        "python3 /opt/impacket/examples/GetNPUsers.py corp.local/jdoe:Qw7rtyMango1 -request\n",
        "Qw7rtyMango1",
        "corp.local/jdoe:",
    ),
    (
        "secretsdump.py -hashes aad3b435b51404eeaad3b435b51404ee:0c4d2f1e9b8a7c6d5e4f3a2b1c0d9e8f corp/Administrator@10.0.0.1\n",
        "0c4d2f1e9b8a7c6d5e4f3a2b1c0d9e8f",
        "aad3b435b51404eeaad3b435b51404ee:",
    ),
    (
        "nxc smb 10.0.0.1 -u Administrator -H 0c4d2f1e9b8a7c6d5e4f3a2b1c0d9e8f --local-auth\n",
        "0c4d2f1e9b8a7c6d5e4f3a2b1c0d9e8f",
        "--local-auth",
    ),
    (
        "evil-winrm -i 10.0.0.1 -u Administrator -H 0c4d2f1e9b8a7c6d5e4f3a2b1c0d9e8f\n",
        "0c4d2f1e9b8a7c6d5e4f3a2b1c0d9e8f",
        "-u Administrator -H ",
    ),
    (
        "SMB         10.0.0.1        445    DC01             [+] CORP\\jdoe:Qw7rtyMango1 (Pwn3d!)\n",
        "Qw7rtyMango1",
        "(Pwn3d!)",
    ),
    (
        "SMB         10.0.0.1        445    DC01             [-] CORP\\jdoe:Winter2024x STATUS_LOGON_FAILURE\n",
        "Winter2024x",
        "STATUS_LOGON_FAILURE",
    ),
    # an author line that is not Responder's banner: the address goes
    (
        "  Author: Jana Novakova (jana.novakova@gmail.com)\n  Contact me for help\n",
        "jana.novakova@gmail.com",
        "Author: Jana Novakova (",
    ),
    (
        "  Author: Laurent Gaffie (laurent.gaffie@gmail.com)\n",
        "laurent.gaffie@gmail.com",
        "Author: Laurent Gaffie (",
    ),
    (
        "  author: jana (jana.novakova@gmail.com)\n  To kill this script hit CTRL-C\n",
        "jana.novakova@gmail.com",
        "To kill this script hit CTRL-C",
    ),
]


@pytest.mark.parametrize("text", NOBODY)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), GO)
def test_the_credentials_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)


def test_every_occurrence_goes(engine: Scrubber) -> None:
    text = (
        "root@kali:~# nxc smb 10.0.0.1 -u jdoe -p Qw7rtyMango1 -x whoami\n"
        "SMB         10.0.0.1        445    DC01             [+] CORP\\jdoe:Qw7rtyMango1 (Pwn3d!)\n"
    )
    out = gone_and_kept(engine, text, "Qw7rtyMango1", ["-x whoami", "(Pwn3d!)"])
    assert out.count("-p ") == 1 and "CORP\\jdoe:" in out
