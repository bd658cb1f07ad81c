"""Batch 85 of the real-threads corpus (stop 52): its tune part held to what was measured, and
texts of the shapes of its tune misses, and of its tune part's public values, that name nobody,
kept as they are.

Batch 85 (``tests/outside_corpus/real_threads.py``, ``_RAW_STOP85``) is a collection of threads
of desktop container and VM tools' diagnostics (Docker Desktop, WSL, podman machine, Vagrant,
VBoxManage, VirtualBox's ``VBox.log``, Multipass, colima, lima, Rancher Desktop). It was scored
blind under scrubber 1.37.0 (``docs/benchmarks.md``, "Stop 52, batch 85, blind") and no rule was
changed for it. Its tune part's homes under ``/Users``, ``/home``, ``C:\\Users`` and
``/mnt/c/Users`` are found with their tails (a macOS default prompt, ``podman machine rm``'s
file list, gvproxy's command line with a hyphenated login, an ``ls -l`` owner column, a
``C:\\Users\\<CamelCase>\\Desktop\\vagrant>`` prompt, ``wslpath -w ~``, Multipass's journal).
Its tune misses and damage (``tests/outside_corpus/SOURCE.md``, "The stop-85 collection") are
three classes:

* a person's full name as a self-hosted git domain and its owner folder in a checkout under the
  WSL view of a Windows home, ``/mnt/c/Users/<u>/Development/git.<name>.com/<name>/website``
  (2 labels); the bench also counts the 4 labels of the logins ``<u>`` and ``<u>m`` (each
  replaced) as missed, as each is a prefix of the name left in the text;
* a login as a folder directly under a drive root in a PowerShell prompt,
  ``PS C:\\<login>\\Metasploitable>`` (2 labels), nothing else in the excerpt naming the person;
* damage: a placeholder with a space in a profile path, ``VBOX_USER_HOME=C:\\Users\\User
  Name\\.VirtualBox``, replaced as if a login (1 keep span; the only change to a clean document).

A rule for each would have to keep the texts below, the same shapes naming nobody (1.37.0 keeps
every one).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score

SAME_SHAPES_THAT_NAME_NOBODY = [
    # checkouts laid out as host/owner/repo whose owner is an organisation or a placeholder
    "npm ERR! path /mnt/c/Development/git.example.com/example/website/node_modules/yargs-parser\n",
    "npm ERR! path /srv/build/git.kernel.org/pub/scm/website/node_modules/yargs-parser\n",
    "npm ERR! path /mnt/d/src/github.com/microsoft/vscode/node_modules/.staging/string-width\n",
    "npm ERR! path /mnt/c/work/gitlab.com/gitlab-org/gitlab-ui/node_modules/.bin\n",
    "/home/$USER/go/src/golang.org/x/tools/gopls\n",
    "npm ERR! dest /opt/node-v14.15.1/lib/node_modules/.staging/yargs-parser-eed7b39a\n",
    # PowerShell prompts under a folder directly under a drive root that names nobody
    "PS C:\\dev\\Metasploitable> vagrant up\n",
    "PS C:\\projects\\Metasploitable> vagrant up\n",
    "PS C:\\HashiCorp\\Vagrant\\bin> vagrant --version\n",
    "PS C:\\vagrant\\metasploitable3> vagrant status\n",
    "PS C:\\src\\boxes> vagrant box list\n",
    "PS D:\\VMs\\ub1404> VBoxManage showvminfo ub1404 --machinereadable\n",
    "C:\\HashiCorp\\Vagrant\\bin>vagrant up --debug\n",
    # a VirtualBox home under a placeholder, a variable, the shared profile or no profile
    "VBOX_USER_HOME=C:\\Users\\UserName\\.VirtualBox\n",
    "VBOX_USER_HOME=C:\\Users\\<User Name>\\.VirtualBox\n",
    "VBOX_USER_HOME=C:\\Users\\%USERNAME%\\.VirtualBox\n",
    "VBOX_USER_HOME=%USERPROFILE%\\.VirtualBox\n",
    "VBOX_USER_HOME=C:\\Users\\Public\\.VirtualBox\n",
    "VBOX_USER_HOME=D:\\VirtualBox Home\n",
    # public values of the tune part: default accounts, installs, ids, generated names
    'VBoxManage guestproperty set ub1404 /VirtualBox/GuestAdd/UserName "vboxuser"\n',
    "VBOX_MSI_INSTALL_PATH=C:\\Program Files\\Oracle\\VirtualBox\\\n",
    '[2022-11-02T20:14:35.355749200Z][com.docker.backend.exe][I] settings get: {"dataFolder":'
    '"C:\\\\Users\\\\Public\\\\Documents\\\\Hyper-V\\\\Virtual Hard Disks","filesharingDirectories"'
    ':["C:\\\\Servers\\\\Docker\\\\Certs\\\\\\u003cHOST\\u003e"]}\n',
    'a1b2c3d4e5f6   nginx:1.25   "/docker-entrypoint.…"   2 minutes ago   Up 2 minutes   80/tcp'
    "   quirky_hopper\n",
    "$ wslpath -a //wsl.localhost/Debian/home\nwslpath: //wsl.localhost/Debian/home\n",
    "Error: dial unix /var/folders/9x/k2l8m4n5p6q7r8s9t0u1v2w30000gn/T/podman"
    "/podman-machine-default_ready.sock: connect: connection refused\n",
    "-rw-r--r--  1 root  wheel  4 Sep 14 16:12 podman-machine-default.pid\n",
    "Jul 11 16:11:36 build-host-07 multipassd[442403]: Caught an unhandled exception: unable to"
    " create directory '/var/snap/multipass/common/data'\n",
    ' INFO global: VAGRANT_HOME="C:\\\\HashiCorp\\\\Vagrant\\\\embedded"\n',
    'Command: ["showvminfo", "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f", "--machinereadable"]\n',
]


@pytest.mark.parametrize("text", SAME_SHAPES_THAT_NAME_NOBODY)
def test_texts_of_the_tune_misses_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_batch_85_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 85's tune part under scrubber 1.37.0, blind: paths 14/20, elsewhere 6/8, no e-mail
    or secret, 1 of 22 keep spans damaged, 18/18 library tails, 1 of 7 clean changed, no JSON
    or YAML; under 1.38.0 paths 18/20, elsewhere 8/8, no keep span damaged and no clean
    document changed."""
    score = tune_score(engine, 85, tmp_path)
    assert score.docs == 17
    assert [score.total[c] for c in CLASSES] == [20, 8, 0, 0]
    # scrubber 1.38.0 (stop 52): a full name as a git domain and its owner folder in a checkout
    # under a home (`git.<name>.com/<name>/`, the name starting with the home's login) is found
    # (engine.checkout_owner_names): 14/20 and 6/8 before. Still missed (tests/outside_corpus/
    # SOURCE.md): a login as a folder directly under a drive root in a PowerShell prompt
    assert [score.found[c] for c in CLASSES] == [18, 8, 0, 0]
    assert sorted(m.rsplit(": ", 1)[1] for m in score.missed) == ["user (path) 'ralph'"] * 2
    assert score.keeps == 22
    # scrubber 1.38.0 (stop 52): the spaced placeholder profile `C:\Users\User Name\…` is a
    # placeholder (user_names.yaml's placeholder_name), no longer read as a login: the 1
    # damaged span and the 1 clean document changed are gone
    assert score.damage == []
    assert score.clean_touched == []
    assert score.clean_docs == 7
    assert score.tails_kept == score.tails == 18
    assert score.parses == score.structured == 0
    assert score.not_idempotent == [] and score.check_findings == [] and score.clashes == []
