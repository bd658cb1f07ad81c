# ruff: noqa: E501  (tools' lines and files are kept whole, as they are written)
"""Prompt signs, masks, R's temporary names and a distribution's account kept (stop 50,
scrubber 1.30.0; issue 35).

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
]


@pytest.mark.parametrize(
    "text",
    PROMPT_SIGN_NOBODY + MASK_NOBODY + R_TEMP_NOBODY + NIXOS_NOBODY,
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "expected"), PERSONS)
def test_a_person_loses_the_private_value_alone(engine: Scrubber, text: str, expected: str) -> None:
    assert scrubbed(engine, text) == expected
