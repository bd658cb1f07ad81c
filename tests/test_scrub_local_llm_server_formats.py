# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Local LLM servers' pasted output (stop 56, scrubber 1.79.0; issue 35).

The tune misses and damage of batch 124 (``tests/outside_corpus/SOURCE.md``, "The stop-124
collection"), fixed by general rules:

* ``listing_owner_group`` (``scrubbers/user_names.yaml``, read by ``engine._short_login``): a
  long listing's owner and group columns (coreutils' ``ls -l``: mode, link count, owner, group,
  size, date, name). A two-letter owner is a login when the owner and group are the same name
  (the user private group useradd(8) ``-U`` and Debian's adduser ``USERGROUPS=yes`` give every
  person's account) or when the text names it as a home too; system, service, default and
  placeholder accounts (``lp``, ``pi``, ``me``, ``xx``) and numeric ids stay by the account
  lists.
* ``installer_host`` (``user_names.yaml``, read by ``engine.installer_host_names``): a
  prompt's host made of its learned login with the ``-`` dropped (Ubuntu's installer ubiquity,
  ``plugins/ubi-usersetup.py``: ``re.sub(r'\\W', '', username) + suffix``, the suffix
  ``-desktop``, ``-laptop`` or ``-<DMI model>``), learned beside the login.
* text-generation-webui's own ``--gradio-auth username:password`` (``modules/shared.py``: the
  flag's help ``in the format "username:password"`` and the start-up warning) is a
  placeholder, not a credential (``context._FIELD_NAME_PAIR``), and a word after a quoted flag's
  name (``the "--gradio-auth" flag``) is prose, not its value (``context._not_an_assignment``).
* a home folder named by a mask word (``C:\\Users\\unnamed>``, ``redacted``, ``anonymous``) is
  the poster's withheld name (``words.yaml``'s ``not_user_names``).

The ``*_NOBODY`` lists are the harm hunt the rules were attacked with before they were kept:
texts of the same shapes that name nobody, which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

LISTING_NOBODY = [
    "drwxr-xr-x 26 root root 4096 maj 26 07:25 /\n",
    "drwx------  4 ollama ollama 4096 lis 12 18:57 /data2\n",
    "drwxrwxr-x  4 1000   1000   4096 lis 12 18:58 /data2/models\n",
    "drwxr-xr-x  2 nobody nogroup 4096 Jan  1 00:00 /srv/models\n",
    "drwxr-xr-x 3 www-data www-data 4096 Mar  3 10:00 /var/www/open-webui\n",
    "drwxrwxr-x 4 ubuntu ubuntu 4096 Apr  2 12:00 /home/ubuntu/.ollama\n",
    # two letters as owner and group that name no person: a system account, a board's default
    # account, placeholders and masks
    "drwxr-xr-x  2 lp lp 4096 Jan  1 00:00 /var/spool/cups\n",
    "drwxr-xr-x 18 pi pi 4096 Feb  3 09:12 /home/pi/llama.cpp\n",
    "drwxr-xr-x  2 me me 4096 Jan  1 00:00 /data\n",
    "drwxr-xr-x  2 xx xx 4096 Jan  1 00:00 /data/models\n",
    "drwxr-xr-x  2 it it 4096 Jan  1 00:00 /srv/share\n",
    # two letters as owner only, with another group and no home of that name: one piece
    "drwxr-sr-x  2 tc staff 4096 Jan  1 00:00 /mnt/sda1/tce\n",
    "drwxr-xr-x  4 ab cd 4096 Jan  1 00:00 /data2\n",
    # a two-letter service account owning its own files under a system folder
    "drwxr-x---  3 db db 4096 Jan  1 00:00 /var/lib/db\n",
    # ps's user column (one piece, not a listing) and a home of an image's account beside it
    "jm        2231  0.3  1.2 123456 65432 ?        Ssl  10:00   0:05 /usr/local/bin/ollama serve\n",
    "/home/ubuntu/.ollama/models\ndrwxr-xr-x 2 jm staff 4096 Jan  1 00:00 /data\n",
]

LISTING_GO = [
    # the user private group: owner and group the same two letters
    (
        "ls -ld / /data2\ndrwxr-xr-x 26 root root 4096 maj 26 07:25 /\ndrwx------  4 wq   wq   4096 lis 12 18:57 /data2\n",
        "wq",
        "drwxr-xr-x 26 root root 4096 maj 26 07:25 /",
    ),
    ("-rw-r--r-- 1 jm jm 220 Jan  1 12:00 .bashrc\n", "jm", " 220 Jan  1 12:00 .bashrc"),
    (
        "total 8\ndrwxr-xr-x  3 Zo Zo 4096 2024-05-01 10:00 models\n",
        "Zo",
        " 4096 2024-05-01 10:00 models",
    ),
    # a home of the same name beside the owner column (a Mac's staff group)
    (
        "ls -l /Users/jm/.lmstudio\ndrwxr-xr-x  5 jm  staff  160 Dec 30 10:00 models\n",
        "jm",
        "/.lmstudio\n",
    ),
    (
        "Error: mkdir /home/ko: permission denied\n$ ls -ld /data\ndrwxr-xr-x 2 ko ollama 4096 Jan  1 00:00 /data\n",
        "ko",
        " ollama 4096 Jan  1 00:00 /data",
    ),
]

HOST_NOBODY = [
    "(textgen) user@user-desktop:/media/user/DATA/text-generation-webui$ python server.py\n",
    "(base) ubuntu@ubuntu-desktop:~/text-generation-webui$ ./start_linux.sh\n",
    "(textgen) root@textgen-desktop:/media/root/DATA/text-generation-webui# python server.py\n",
    "(base) ubuntu@ml-desktop:~$ ollama serve\n",
    # a hyphenated account that names nobody, its host made of it: the login is not learned, so
    # neither is the host
    "(textgen) cloud-user@clouduser-desktop:~$ ls\n",
    "www-data@wwwdata-desktop:/var/www$ ls\n",
    "ec2-user@ip-172-31-1-2:~$ ollama serve\n",
    "(venv) admin@gpu-box:~/vllm$ vllm serve Qwen/Qwen3-0.6B\n",
]

HOST_GO = [
    (
        "(textgen) ka-lu@kalu-desktop:/media/ka-lu/DATA/text-generation-webui$ python server.py\n",
        "kalu",
        "-desktop:/media/",
    ),
    ("jo-an@joan-laptop:~$ ollama serve\n", "joan", "-laptop:~$ ollama serve"),
    (
        "mi-ra@mira-ThinkPad-T480:~/llama.cpp$ ./llama-server -m models/phi.gguf\n",
        "mira",
        "-ThinkPad-T480:~/llama.cpp$",
    ),
]

HOST_KEPT = [
    # the login goes; a host made of something else stays
    ("(textgen) ka-lu@ml-desktop:/media/ka-lu/DATA$ ls\n", "ka-lu", "@ml-desktop:/media/"),
]

GRADIO_AUTH_NOBODY = [
    '                         You can create one with the "--gradio-auth" flag like\n                         this:\n\n                         --gradio-auth username:password\n\n                         Make sure to replace username:password with your own.\n',
    'You are potentially exposing the web UI to the entire internet without any access password.\nYou can create one with the "--gradio-auth" flag like this:\n\n--gradio-auth username:password\n\nMake sure to replace username:password with your own.\n',
    "--gradio-auth username:password\n",
    "python server.py --listen --gradio-auth USERNAME:PASSWORD\n",
    '-x EXTRA_LAUNCH_ARGS="--listen --verbose --gradio-auth username:password"\n',
    "--gradio-auth user:pass\n",
    "--gradio-auth <user>:<password>\n",
    "--gradio-auth-path pwd.txt\n",
    "Make sure to replace username:password with your own.\n",
    'Use the "--password" option to set it.\n',
    "use the '--token' flag when the server asks\n",
    'pass the "--api-key" argument to llama-server\n',
]

GRADIO_AUTH_GO = [
    ("--gradio-auth alice:hunter2\n", "hunter2", "--gradio-auth "),
    ("python server.py --listen --gradio-auth user:Str0ngPass\n", "Str0ngPass", "--listen"),
    ("--gradio-auth admin:admin\n", "admin:admin", "--gradio-auth "),
    ('--gradio-auth "tk:s3cretword"\n', "s3cretword", "--gradio-auth"),
    ('"--gradio-auth" s3cr3tPass\n', "s3cr3tPass", '"--gradio-auth"'),
]

MASKED_HOME_NOBODY = [
    "PS C:\\Users\\unnamed> lms server start && lms load MaziyarPanahi/DARE_TIES_13B-GGUF --gpu max -y\n",
    "PS C:\\Users\\redacted> ollama serve\n",
    "PS C:\\Users\\anonymous> ollama serve\n",
    "C:\\Users\\censored\\AppData\\Local\\Programs\\Ollama\\ollama.exe\n",
    "/home/noname/.ollama/models\n",
    "PS C:\\Users\\YourName> ollama serve\n",
    "PS C:\\Users\\username> lms ls\n",
    "PS C:\\Users\\Administrator> lms server start\n",
    "PS C:\\Users\\Default> lms ls\n",
    "C:\\Users\\Public\\Documents\\models\n",
]

MASKED_HOME_GO = [
    ("PS C:\\Users\\Unnamedo> ollama serve\n", "Unnamedo", "PS C:\\Users\\"),
    ("PS C:\\Users\\hiddenkat> ollama serve\n", "hiddenkat", "> ollama serve"),
]


@pytest.mark.parametrize(
    "text",
    LISTING_NOBODY + HOST_NOBODY + GRADIO_AUTH_NOBODY + MASKED_HOME_NOBODY,
)
def test_local_llm_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), LISTING_GO + HOST_GO + MASKED_HOME_GO)
def test_a_login_by_its_format_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


@pytest.mark.parametrize(("text", "value", "kept"), HOST_KEPT)
def test_a_host_made_of_something_else_stays(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)


@pytest.mark.parametrize(("text", "value", "kept"), GRADIO_AUTH_GO)
def test_a_real_gradio_credential_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)
