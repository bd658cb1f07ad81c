"""A Windows account in a PowerShell transcript's header (issue 35, batch 52).

Batch 52's tune part held a Windows PowerShell transcript whose header names the account twice
(``Username: <HOST>\\<login>``, ``RunAs User: <HOST>\\<login>``): no rule read those fields, so
the login stayed. The ``DOMAIN\\login`` rule of ``whoami /all`` and Event Viewer's ``User:`` now
reads them too (``docs/scrubber.md``, "Stop 52"). The rule was attacked first with texts of the
same shape that name nobody; three harms it found are fixed with it, by shape: Windows' built-in
accounts (``DefaultAccount``, ``WDAGUtilityAccount``), a login made only of role words
(``ServiceAccount``, ``ContainerUser``: ``scrubbers/words.yaml``'s ``role_name_words``) and a
service's login glued to its product (``sqlservice``). Every case below was checked on scrubber
1.17.2 (before) and 1.18.0 (after): the ``NAMES_NOBODY`` texts were unchanged before and stay
so; the ``PERSONS`` were all left before.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score

HEAD = "**********************\nWindows PowerShell transcript start\nStart time: 20240101120000\n"

PERSONS = [
    # batch 52 (PowerShell/PowerShell#8720, a substitute): the header's two fields
    (
        HEAD + "Username: BK-WINDOWS-V2-1\\oliverstamm\nRunAs User: BK-WINDOWS-V2-1\\oliverstamm\n",
        "oliverstamm",
    ),
    # a domain account with a dot, a capitalised local account, one field alone
    (HEAD + "Username: CONTOSO\\m.kowalska\nRunAs User: CONTOSO\\m.kowalska\n", "kowalska"),
    ("Username: DESKTOP-7H2K9QF\\Tariq\n", "Tariq"),
    ("RunAs User: LAPTOP-93KD1\\hvance\n", "hvance"),
    # an Entra ID (Azure AD) joined machine's account
    ("Username: AzureAD\\JuliaNowak\n", "JuliaNowak"),
    # Microsoft's documentation example, which the project's corpora plant as a person's login
    # (docs/scrubber.md, "Stop 50": C:\Users\Jdoe): found the same way here
    (HEAD + "Username: CONTOSO\\jdoe\n", "jdoe"),
]


@pytest.mark.parametrize(("text", "login"), PERSONS)
def test_a_transcript_headers_account_goes(engine: Scrubber, text: str, login: str) -> None:
    out = scrubbed(engine, text)
    assert regex.search(rf"(?i)(?<![\p{{L}}\p{{N}}]){regex.escape(login)}", out) is None
    assert "Username: " in out or "RunAs User: " in out, "the field's name stays"


NAMES_NOBODY = [
    # Windows' own accounts and authorities
    HEAD + "Username: NT AUTHORITY\\SYSTEM\nRunAs User: NT AUTHORITY\\SYSTEM\n",
    "Username: NT AUTHORITY\\LOCAL SERVICE\n",
    "Username: NT AUTHORITY\\NETWORK SERVICE\n",
    "Username: WORKGROUP\\SYSTEM\n",
    HEAD + "Username: BUILTIN\\Administrators\n",
    "Username: NT SERVICE\\MSSQLSERVER\nRunAs User: IIS APPPOOL\\DefaultAppPool\n",
    "Username: NT VIRTUAL MACHINE\\Virtual Machines\n",
    "Username: Font Driver Host\\UMFD-0\n",
    "Username: Window Manager\\DWM-1\n",
    # a machine's account, a JEA virtual account under a spaced authority
    HEAD + "Username: WORKGROUP\\DESKTOP-7H2K9QF$\nRunAs User: WORKGROUP\\DESKTOP-7H2K9QF$\n",
    "RunAs User: WinRM Virtual Users\\WinRM VA_1_CONTOSO_priv\n",
    # built-in and default accounts (DefaultAccount and WDAGUtilityAccount: harms found here)
    HEAD + "Username: DESKTOP-7H2K9QF\\Administrator\nRunAs User: DESKTOP-7H2K9QF\\Administrator\n",
    HEAD + "Username: WIN-3J1SV0B7QKE\\Administrator\n",
    HEAD + "Username: EC2AMAZ-4F7G8H9\\Administrator\n",
    HEAD + "Username: DESKTOP-7H2K9QF\\Guest\n",
    HEAD + "Username: DESKTOP-7H2K9QF\\DefaultAccount\n",
    HEAD + "Username: DESKTOP-7H2K9QF\\WDAGUtilityAccount\n",
    "Username: HOST\\Public\n",
    "Username: HOST\\defaultuser0\n",
    "Username: HOST\\root\n",
    # CI, VM and container images' accounts (ContainerUser: a harm found here)
    HEAD + "Username: fv-az123-456\\runneradmin\nRunAs User: fv-az123-456\\runneradmin\n",
    HEAD + "Username: VAGRANT-2019\\vagrant\n",
    "Username: DESKTOP-ABC\\ContainerAdministrator\nRunAs User: User Manager\\ContainerUser\n",
    "Username: DESKTOP-ABC\\ContainerUser\n",
    "Username: DESKTOP-ABC\\docker\n",
    "Username: DESKTOP-ABC\\sshd\n",
    "Username: DESKTOP-ABC\\postgres\n",
    "Username: DESKTOP-ABC\\admin\n",
    "Username: DESKTOP-ABC\\test\n",
    # OEM defaults
    "Username: HP\\HP\n",
    "Username: LENOVO\\Lenovo\n",
    "Username: DESKTOP-ABC\\Usuario\n",
    "Username: DESKTOP-ABC\\Asus\n",
    "Username: DESKTOP-ABC\\Owner\n",
    # service accounts (ServiceAccount, sqlservice: harms found here)
    "Username: contoso\\svc_backup\n",
    "Username: CONTOSO\\svc-sql\n",
    "Username: CONTOSO\\sqlservice\n",
    "Username: ACME\\ServiceAccount\n",
    # placeholders and variables
    HEAD + "Username: <DOMAIN>\\<user>\nRunAs User: <DOMAIN>\\<user>\n",
    HEAD + "Username: DOMAIN\\username\nRunAs User: DOMAIN\\username\n",
    HEAD + "Username: DOMAIN\\user\n",
    HEAD + "Username: MYPC\\MyUser\n",
    HEAD + "Username: HOST\\xxxxx\n",
    HEAD + "Username: %USERDOMAIN%\\%USERNAME%\n",
    HEAD + "Username: $env:USERDOMAIN\\$env:USERNAME\n",
    # not an account: a share, a folder, a local-machine prefix, code, an escape
    "Username: \\\\fileserver\\share\n",
    "Username: C:\\Users\n",
    "Username: .\\LocalAccount\n",
    "  Username: DOMAIN\\Administrator (password)\n",
    "print('Username: %s\\n' % name)\n",
    "Username: a\\nb\n",
    "Username: AzureAD\\\n",
]


@pytest.mark.parametrize("text", NAMES_NOBODY)
def test_same_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(
    "text",
    [
        # a home under a role-words or built-in account, as the login rule reads it
        'File "C:\\Users\\ContainerAdministrator\\AppData\\Local\\Temp\\x.py", line 1\n',
        "C:\\Users\\DefaultAccount\\AppData\\Local\\x\n",
        "/home/service-account/.cache/pip\n",
    ],
)
def test_role_word_accounts_stay_as_homes(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(
    ("text", "login"),
    [
        # a person's login that holds one role word, or a role word and a name, still goes
        ("C:\\Users\\ServiceDesk.Kowalski\\AppData\\Local\\x\n", "Kowalski"),
        ("/home/dev-okafor/.cache/pip\n", "okafor"),
        ("C:\\Users\\maria.service\\AppData\\Local\\x\n", "maria"),
    ],
)
def test_a_person_beside_a_role_word_still_goes(engine: Scrubber, text: str, login: str) -> None:
    assert login not in scrubbed(engine, text)


def test_batch_52_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 52's tune part after scrubber 1.18.0 (blind under 1.17.2: paths 28/30, elsewhere
    3/3, 0 of 38 damaged, 0 of 9 clean changed): the transcript header's login found; every
    label found, every keep span and library tail kept."""
    score = tune_score(engine, 52, tmp_path)
    assert score.docs == 23
    assert score.missed == []
    totals = [score.total[c] for c in CLASSES]
    assert totals == [30, 3, 1, 1]
    assert score.damage == [] and score.keeps == 38
    assert score.tails_kept == score.tails == 28
    assert (score.clean_touched, score.clean_docs) == ([], 9)
    assert score.parses == score.structured == 3
