# ruff: noqa: E501  (tools' lines and files are kept whole, as they are written)
"""Prompt signs, masks, R's temporary names and a distribution's account kept; ``.netrc``,
``.hgrc``, SSH key comments and Minecraft's account line read (stop 50, scrubber 1.30.0;
issue 35).

The damage classes of batches 66's and 67's tune parts (``tests/outside_corpus/SOURCE.md``),
each written from the format or the tool that writes it, not from the batches' values:

* a prompt ``<login>:/home/<login>$ cmd`` (bash's ``\\u:\\w\\$``): a home name's extent stops
  before a prompt sign (``$``, ``#``, ``%``) that ends the path or is followed by a space
  (``user_names.yaml``'s ``home_segment``), so the name is learned whole and the sign stays;
* a UUID's layout typed in one repeated digit and one repeated letter (``1a1aa111-…``, the nil
  UUID ``00000000-…``) is a mask (``allow.yaml``'s ``masked_uuid``), and the ``==`` around
  VS Code Remote-SSH's ``connectionToken==<value>==`` are separators
  (``context._WRAPPED_VALUE``);
* a name R's ``tempfile()`` makes under its session folder ``Rtmp<random>``
  (``devtools1c0c75c81609``, a pattern and hex) is a path's folder, not a token
  (``recognizers._r_temp``): before, the run of ``/``-joined folders after ``C:`` was taken for
  one high-entropy token, which overlapped the path, so the path fell back to whole-path
  replacement (``C:/Users/user/project1/file1``), or, under a shared account, became a secret;
* NixOS-WSL's and the NixOS installer's default account ``nixos`` (``words.yaml``'s
  ``system_accounts``, with its source).

And the names and secrets of batch 67's and 66's tune misses, by a documented format:

* a ``.netrc`` entry's password, whatever its shape, and its login (``recognizers.yaml``'s
  ``netrc_password``, ``user_names.yaml``'s ``netrc_login``);
* Mercurial's ``[ui]`` ``username = First Last <address>`` (``hgrc_username``);
* an OpenSSH public key's comment ``<login>@<host>`` (``ssh_key_comment``);
* Minecraft's client log line ``Setting user: <name>`` (``minecraft_user``).

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody, which must stay as they are. ``PERSONS`` lose the private
value everywhere and keep the rest.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

PROMPT_SIGN_NOBODY = [
    "root:/root# ls -la\n",
    "www-data:/var/www$ ls\n",
    "bash-5.1$ whereis code\n",
    "sh-3.2$ ls\n",
    "user:/home/user$ whereis code\n",
    "ubuntu:/home/ubuntu$ ls\n",
    "vagrant:/home/vagrant$ make\n",
    "nobody:/tmp$ id\n",
    "runner@fv-az123:/home/runner/work/app$ make\n",
    "PS C:\\Users\\Public> dir\n",
    "price: 5$ each, or 20% off\n",
    "echo $HOME/bin:$PATH\n",
]

MASK_NOBODY = [
    "[12:00:01.123] connectionToken==1a1aa111-1a11-1a11-a11a-1a1aaa11111a==\n",
    '{"connectionToken":"1a1aa111-1a11-1a11-a11a-1a1aaa11111a","listeningOn":43669}\n',
    "connectionToken==00000000-0000-0000-0000-000000000000==\n",
    "connectionToken==xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx==\n",
    "connectionToken====\n",
    "token: 00000000-0000-0000-0000-000000000000\n",
    '"api_key": "ffffffff-ffff-ffff-ffff-ffffffffffff"\n',
    "session_token=2b2bb222-2b22-2b22-b22b-2b2bbb22222b\n",
    "listeningOn==43669==\n",
    "osReleaseId==ubuntu==\n",
    "arch==x86_64==\n",
    "exitCode==0==\n",
]

R_TEMP_NOBODY = [
    '"C:/Users/Public/AppData/Local/Temp/RtmpQx3kLm/devtools1c0c75c81609/r-lib-xml2-bb6efb2"\n',
    '"C:/Users/runneradmin/AppData/Local/Temp/RtmpQx3kLm/devtools1c0c75c81609/r-lib-xml2-bb6efb2"\n',
    "/tmp/RtmpQx3kLm/devtools1c0c75c81609/r-lib-xml2-bb6efb2\n",
    "C:\\Users\\Public\\AppData\\Local\\Temp\\RtmpQx3kLm\\downloaded_packages\n",
    "C:/Users/Public/AppData/Local/Temp/Rtmp8f3KzQ/file2a3c5d7e9b1f.R\n",
    "/var/folders/7k/x1y2z3/T//RtmpQx3kLm/file1c0c75c81609\n",
    "C:/Users/user/AppData/Local/Temp/RtmpQx3kLm/devtools1c0c75c81609/r-lib-xml2-bb6efb2\n",
    "D:/a/_temp/RtmpQx3kLm/devtools1c0c75c81609/pkg\n",
    "/tmp/RtmpQx3kLm/rmarkdown-str1c0c75c81609.html\n",
    "C:/Users/Administrator/AppData/Local/Temp/RtmpQx3kLm/downloaded_packages/xml2_1.3.3.zip\n",
    "C:/Users/Public/AppData/Local/Temp/RtmpQx3kLm/filea1b2c3d4e5f6/out.pdf\n",
]

NIXOS_NOBODY = [
    "[nixos@nixos:~]$ ls\n",
    "/home/nixos/.config/Code/logs/main.log\n",
    "wsl -d NixOS --user nixos\n",
    "[root@nixos:~]# nixos-rebuild switch\n",
    "[user@nixos:/etc/nixos]$ sudo nixos-rebuild switch\n",
    "nixos@nixos:~$ whoami\nnixos\n",
    "sudo -u nixos code .\n",
    "PS C:\\Users\\Public> wsl -d NixOS -u nixos\n",
    "ssh nixos@192.168.1.20\n",
    "users.users.nixos.shell = pkgs.fish;\n",
    "[nixos@nixos:/mnt/c/Users/Public]$ code .\n",
]

NETRC_NOBODY = [
    "machine code.aliyun.com\nlogin username\npassword xxx\n",
    "machine github.com login x-access-token password $GITHUB_TOKEN\n",
    "machine api.heroku.com\n  login me@example.com\n  password <your-api-key>\n",
    "machine ftp.example.org login anonymous password guest\n",
    "default login anonymous password user@example.com\n",
    "machine github.com\n  login git\n  password ${GH_TOKEN}\n",
    "machine upload.pypi.org login __token__ password <pypi-token>\n",
    "machine example.com login user password password\n",
    "The machine learning login password is weak.\n",
    "machine gitlab.com login oauth2 password %GITLAB_TOKEN%\n",
    "machine 192.168.1.1 login admin password ****\n",
    # added after the first version's run: a swagger example's placeholders (batch 45's
    # curl-curl-issues-8256, a tune document: the first version learned aaaaa and bbbbb)
    "default login bbbbb password bbbbb\nmachine petstore.swagger.io login aaaaa password aaaaa\nbbbbb:bbbbb\n",
    # added on review of the kept rules: prose with netrc's words (the version before, with no
    # line start and no login required, replaced "manager" and "changed" as passwords)
    "Use a machine learning password manager.\n",
    "the machine default password changed\n",
    "Restart the machine and it will login automatically with the password manager.\n",
]

HGRC_NOBODY = [
    "[ui]\nusername = John Doe <john@example.com>\n",
    "[ui]\nusername = Your Name <you@example.com>\n",
    "[ui]\nusername = Firstname Lastname <firstname.lastname@example.net>\n",
    "[ui]\nusername = Mercurial Bot <noreply@example.com>\n",
    "[ui]\nusername = %USERNAME%\n",
    "[ui]\nusername = $USER\n",
    "[ui]\nmerge = internal:merge\nusername = John Doe <john@example.com>\n",
    "[ui]\nusername = Jenkins Bot <ci@build.example.org>\n",
    "[auth]\nbb.username = deploy\n",
    "[ui]\nusername =\nverbose = True\n",
    "username = First Last <first.last@example.com>\n",
    # added on review: a robot's name (the version before learned "Build Robot")
    "[ui]\nusername = Build Robot <builds@ci.example.org>\n",
]

KEY_COMMENT_NOBODY = [
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7vbqajDhA root@localhost\n",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq3bJvK8sY2x4mN6pQ9rT1u ubuntu@ip-172-31-20-7\n",
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7vbqajDhA ec2-user@bastion\n",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq3bJvK8sY2x4mN6pQ9rT1u user@host\n",
    'ssh-keygen -t ed25519 -C "your_email@example.com"\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq3bJvK8sY2x4mN6pQ9rT1u your_email@example.com\n',
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7vbqajDhA rsa-key-20200101\n",
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7vbqajDhA imported-openssh-key\n",
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7vbqajDhA generated-by-azure\n",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq3bJvK8sY2x4mN6pQ9rT1u vagrant@vagrant\n",
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7vbqajDhA deploy@ci\n",
    'command="echo \'Please login as the user \\"ec2-user\\" rather than the user \\"root\\".\';echo;sleep 10" ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7vbqajDhA FIRST\n',
    "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTY git@github.com\n",
]

MINECRAFT_NOBODY = [
    "[12:00:01] [main/INFO]: Setting user: Player\n",
    "[12:00:01] [main/INFO]: Setting user: Player726\n",
    "[12:00:01] [Render thread/INFO] [minecraft/Minecraft]: Setting user: Dev\n",
    "[12:00:01] [main/INFO] (Minecraft) Setting user: Player0\n",
    "Setting user: admin\n",
    "DEBUG Setting user: {}\n",
    "[main/INFO]: Setting user: \n",
    "[12:00:01] [main/INFO]: Setting user: Player999\n",
    "[12:00:01] [Render thread/INFO]: Setting user: Player42\n",
    "2024-01-01 12:00:01 INFO SessionManager - Setting user: guest\n",
]

# (text, the scrubbed text): the private value goes everywhere, everything else stays
PERSONS = [
    (
        "okafor:/home/okafor$ whereis code\ncode: /home/okafor/.vscode-server/bin/x/bin/code\n",
        "user1:/home/user1$ whereis code\ncode: /home/user1/.vscode-server/bin/x/bin/code\n",
    ),
    (
        "connectionToken==3f9c2b1e-7a4d-4e8b-9c1f-2d6e8a0b4c7f==\n",
        "connectionToken==FAKE00000000000000000000000000000001==\n",
    ),
    (
        '"C:/Users/okafor/AppData/Local/Temp/RtmpQx3kLm/devtools1c0c75c81609/r-lib-xml2-bb6efb2"\n',
        '"C:/Users/user1/AppData/Local/Temp/RtmpQx3kLm/devtools1c0c75c81609/r-lib-xml2-bb6efb2"\n',
    ),
    (
        "[nixos@US-OKAFOR-L:/mnt/c/Users/Okafor]$ code .\n",
        "[nixos@US-user1-L:/mnt/c/Users/user1]$ code .\n",
    ),
    (
        "machine api.heroku.com\n  login chidi@okafor.dev\n  password 3f9c2b1e-7a4d-4e8b-9c1f-2d6e8a0b4c7f\n",
        "machine api.heroku.com\n  login user1@example.com\n  password FAKE00000000000000000000000000000001\n",
    ),
    (
        "machine github.com\nlogin 4815162342\npassword xxx\n# 4815162342's mirror\n",
        "machine github.com\nlogin user1\npassword xxx\n# user1's mirror\n",
    ),
    # the name's words are learned alone too (as git's name =), each with its own fixture
    (
        "[ui]\nusername = Chidi Okafor <chidi@okafor.dev>\n# Chidi's settings\n",
        "[ui]\nusername = user1 <user1@example.com>\n# user2's settings\n",
    ),
    (
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq3bJvK8sY2x4mN6pQ9rT1u okafor@shiny\nssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7vbqajDhA okafor@okafor-t450s\n",
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq3bJvK8sY2x4mN6pQ9rT1u user1@shiny\nssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7vbqajDhA user1@user1-t450s\n",
    ),
    (
        "[12:00:01] [main/INFO]: Setting user: Okafor2011\n[12:00:05] [Render thread/INFO]: [CHAT] Okafor2011 joined the game\n",
        "[12:00:01] [main/INFO]: Setting user: user1\n[12:00:05] [Render thread/INFO]: [CHAT] user1 joined the game\n",
    ),
]


@pytest.mark.parametrize(
    "text",
    PROMPT_SIGN_NOBODY
    + MASK_NOBODY
    + R_TEMP_NOBODY
    + NIXOS_NOBODY
    + NETRC_NOBODY
    + HGRC_NOBODY
    + KEY_COMMENT_NOBODY
    + MINECRAFT_NOBODY,
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "expected"), PERSONS)
def test_a_person_loses_the_private_value_alone(engine: Scrubber, text: str, expected: str) -> None:
    assert scrubbed(engine, text) == expected


def test_a_netrc_password_goes_whatever_its_shape(engine: Scrubber) -> None:
    """A ``.netrc`` password is a credential by its place: a word, a UUID (Heroku's API key), a
    provider's token; the same UUID with no ``password`` before it is a public id."""
    for value in ("hunter22", "3f9c2b1e-7a4d-4e8b-9c1f-2d6e8a0b4c7f", "Zx8bJ0pQv2kLmN4r"):
        text = f"machine example.org login okafor password {value}\n"
        assert value not in scrubbed(engine, text)
    public = 'resource "x" { id = "3f9c2b1e-7a4d-4e8b-9c1f-2d6e8a0b4c7f" }\n'
    assert scrubbed(engine, public) == public
