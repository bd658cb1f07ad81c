"""Batch 75 of the real-threads corpus (stop 51): its tune part held to what was measured, and
texts of the shapes of its tune misses and damage that name nobody, kept as they are.

Batch 75 (``tests/outside_corpus/real_threads.py``, ``_RAW_STOP75``) is a collection of threads
of Windows administration output as people paste it (environment blocks, ``Get-ADTUserProfiles``,
``cmdkey /list``, ``whoami``, a task's XML, an MSI verbose log, sshd's log, Event Viewer,
``net use``, ``systeminfo``, ``pnputil``, ``dsregcmd``, Windows Terminal, WSL and PowerToys
errors). It was scored blind under scrubber 1.32.0 with 1e55f1d's rules (``docs/benchmarks.md``,
"Stop 51, batch 75, blind") and no rule was changed for it. Every home in its tune part is found
(20/20, every tail kept); its tune misses and damage (``tests/outside_corpus/SOURCE.md``, "The
stop-75 collection") are three classes, all in a mail-reply header and a ``net use`` listing:

* a person's display name in a mail header's ``Cc:`` written before an organisation and an
  address (``Cc: <First Last>, <ORG> <<addr>>``, 1 label): the address is found and the name in
  ``From: <First Last> <notifications@github.com>`` is found, but a display name cut from its
  address by ``, <ORG>`` is not;
* as damage, GitHub's notification role addresses in the same header
  (``To: microsoft/terminal <terminal@noreply.github.com>``,
  ``Cc: … Author <author@noreply.github.com>``; 2 spans) replaced as a person's, while
  ``notifications@github.com`` and ``noreply@github.com`` are kept: a ``noreply.github.com``
  address without ``<id>+<login>`` in its local part (``<repo>@``, ``author@``, ``mention@``,
  ``subscribed@``, ``state_change@``, ``comment@``, ``your_activity@``) names nobody;
* a clean document changed: ``net use``'s rows whose UNC host is an IP address and whose share
  is a common word (``\\\\192.168.0.10\\Documentos``, ``\\\\192.168.68.110\\Desenvolvimento``)
  become ``\\\\fileserver\\share1`` and ``share2`` (no label: batch 71's UNC class).

A rule for each would have to keep the texts below, the same shapes naming nobody (1.32.0 with
1e55f1d keeps every one). Not among them, as that scrubber changes them (more of the same harms,
not kept here): every ``…@noreply.github.com`` role address and ``reply+…@reply.github.com``,
every UNC path (``\\\\192.168.1.10\\public``, ``net use Z: \\\\10.0.0.5\\Documents``), and Git
Credential Manager's ``User: PersonalAccessToken`` in ``cmdkey /list`` (replaced as a login).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score

SAME_SHAPES_THAT_NAME_NOBODY = [
    # mail-reply headers whose display names and addresses name nobody
    "From: GitHub <noreply@github.com>\n",
    "From: notifications@github.com\n",
    "From: Your Name <you@example.com>\nCc: John Doe <john@example.com>\n",
    "From: Microsoft Docs <noreply@microsoft.com>\n",
    "Cc: Support, ACME <support@example.com>\n",
    "To: Dev Team <dev-team@example.org>\n",
    "Cc: Subscribed <subscribed@example.com>\n",
    "To: octo-org/octo-repo <octo-repo@example.com>\n",
    "Sent: 11 May 2020 16:50\n",
    "Subject: Re: [microsoft/terminal] Settings.json is KO, need a fresh one (#5840)\n",
    # net use's frame
    "New connections will be remembered.\n",
    "The command completed successfully.\n",
    # Windows profile paths, environment blocks and account lines of the tune part's shapes
    "C:\\Users\\<username>\\AppData\\Local\\Packages\\Microsoft.WindowsTerminal_8wekyb3d8bbwe"
    "\\LocalState\n",
    "%LOCALAPPDATA%\\Packages\\Microsoft.WindowsTerminal_8wekyb3d8bbwe\\LocalState\\settings.json\n",
    "file:///C:/Users/Public/Desktop/settings.json\n",
    "HOMEPATH=\\Users\\Administrator\n",
    "APPDATA=C:\\Users\\Default\\AppData\\Roaming\n",
    "USERPROFILE=C:\\Windows\\system32\\config\\systemprofile\n",
    "LOGONSERVER=\\\\WIN-G06ENRTTKF9\n",
    "USERDOMAIN=WORKGROUP\n",
    "USERNAME=SYSTEM\n",
    "C:\\Users\\Administrator>cmdkey /list\n",
    "    Target: WindowsLive:target=virtualapp/didlogical\n    Type: Generic\n"
    "    Local machine persistence\n",
    "NTAccount              : NT AUTHORITY\\SYSTEM\n"
    "ProfilePath            : C:\\Windows\\system32\\config\\systemprofile\n",
    "<Author>Microsoft Corporation</Author>\n",
    "<UserId>S-1-5-18</UserId>\n",
    "<Author>$(@%SystemRoot%\\system32\\wininet.dll,-16000)</Author>\n",
    "MSI (c) (9C:20) [11:04:55:958]: SHELL32::SHGetFolderPath returned: "
    "C:\\Users\\Public\\Desktop\n",
    "debug1: trying public key file __PROGRAMDATA__/ssh/administrators_authorized_keys\n",
    "debug3: Failed to open file:C:/ProgramData/ssh/administrators_authorized_keys error:13\n",
    "whoami\n\nnt authority\\system\n",
    "C:\\WINDOWS\\system32>bash\nAccess is denied.\n",
]


@pytest.mark.parametrize("text", SAME_SHAPES_THAT_NAME_NOBODY)
def test_texts_of_the_tune_misses_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_batch_75_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 75's tune part under scrubber 1.32.0 with 1e55f1d's rules, blind, no rule changed
    after it: paths 20/20, elsewhere 1/2, e-mails 1/1, no secret, 2 of 32 keep spans damaged,
    15/15 library tails, 1 of 5 clean changed, no JSON or YAML. The figures
    scrubber 1.35.0's rules moved are marked below."""
    score = tune_score(engine, 75, tmp_path)
    assert score.docs == 12
    assert [score.total[c] for c in CLASSES] == [20, 2, 1, 0]
    # since 1.35.0 (stop 51): the Cc: display name cut from its address by ", <ORG>" is found
    # (user_names.yaml's mail_comma_name): elsewhere 1/2 -> 2/2
    assert [score.found[c] for c in CLASSES] == [20, 2, 1, 0]
    assert score.missed == []
    assert score.keeps == 32
    # since 1.35.0: GitHub's notification addresses at noreply.github.com are kept
    # (allow.yaml's github_notification_address): 2 damaged spans -> 0
    assert score.damage == []
    # since 1.35.0: net use's UNC rows on an IP address with a word share are kept
    # (user_names.yaml's unc_share_of_nobody): 1 clean document changed -> 0
    assert score.clean_touched == []
    assert score.clean_docs == 5
    assert score.tails_kept == score.tails == 15
    assert score.parses == score.structured == 0
    assert score.not_idempotent == [] and score.check_findings == [] and score.clashes == []
