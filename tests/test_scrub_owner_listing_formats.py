# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""The account that owns a file or runs a task in operating-system listings (stop 61, scrubber
1.145.0; issue 35): a class rule written from the tools' documented formats, seen in no tune
batch.

Measured first on 1.143.0: of 21 small listings naming a person, only one lost the login (a
macOS ``ls -le`` long line's owner column, by the ``ls -l`` rule); getfacl(1)'s ``# owner:``
and ``user:<u>:rwx`` entries, GNU and BSD ``stat``'s ``Uid: ( 1000/ <u>)``, macOS ``ls -le``'s
ACL entries, Windows icacls, ``dir /q``, PowerShell Get-Acl, ``schtasks /query /v /fo list``,
``quser`` and ``tasklist /v`` / ``Get-Process -IncludeUserName`` all kept it. The rules
(``scrubbers/user_names.yaml``: ``getfacl_owner``, ``stat_owner``, ``macos_acl_user``,
``icacls_user``, ``get_acl_owner``, ``dir_q_owner``, ``schtasks_user``, ``process_user``,
``quser_row``) learn that account, so it goes wherever the text repeats it.

``OWNER_LISTING_NOBODY`` is the harm hunt the rules were attacked with before they were kept:
the same listings naming only system, service and built-in accounts (``root``, ``nobody``,
``daemon``, ``_www``, ``SYSTEM``, ``NT AUTHORITY\\*``, ``BUILTIN\\*``, ``NT SERVICE\\*``,
``Administrator``, ``Users``), numeric owners, groups, and prose about the tools, which must
be unchanged.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

OWNER_LISTING_NOBODY = [
    # getfacl(1)
    "# file: etc/shadow\n# owner: root\n# group: shadow\nuser::rw-\ngroup::r--\nother::---\n",
    "# file: var/www\n# owner: www-data\n# group: www-data\nuser::rwx\nuser:www-data:rwx\ngroup::r-x\nmask::rwx\nother::r-x\ndefault:user:www-data:rwx\n",
    "# file: srv/git\n# owner: 1000\n# group: 1000\nuser::rwx\nuser:1001:r-x\ngroup::r-x\nmask::r-x\nother::---\n",
    "# file: var/lib/postgresql\n# owner: postgres\n# group: postgres\nuser::rwx\nuser:nobody:r-x\ngroup::---\nother::---\n",
    "# file: shared\n# owner: root\n# group: developers\n# flags: -s-\nuser::rwx\ngroup::rwx\ngroup:developers:rwx\nmask::rwx\nother::---\n",
    "$ setfacl -m u:username:rwx file\n$ getfacl file\n# owner: root\nuser:username:rwx\n",
    # GNU stat, BSD/macOS stat -x
    "  File: /etc/passwd\n  Size: 2954      \tBlocks: 8          IO Block: 4096   regular file\nAccess: (0644/-rw-r--r--)  Uid: (    0/    root)   Gid: (    0/    root)\n",
    "Access: (0755/drwxr-xr-x)  Uid: (   33/www-data)   Gid: (   33/www-data)\n",
    "Access: (0700/drwx------)  Uid: (  999/  ollama)   Gid: (  999/  ollama)\n",
    "Access: (0644/-rw-r--r--)  Uid: (65534/  nobody)   Gid: (65534/ nogroup)\n",
    "Access: (0644/-rw-r--r--)  Uid: ( 1001/ UNKNOWN)   Gid: ( 1001/ UNKNOWN)\n",
    '  File: "/Library"\n  Mode: (0755/drwxr-xr-x)         Uid: (    0/    root)  Gid: (   80/   admin)\n',
    "  Mode: (0755/drwxr-xr-x)         Uid: (   70/    _www)  Gid: (   70/    _www)\n",
    "  Mode: (0644/-rw-r--r--)         Uid: (  501/  daemon)  Gid: (    1/  daemon)\n",
    # macOS ls -le
    "drwxr-xr-x+ 4 root  wheel  128 Jan  1 10:00 Library\n 0: group:everyone deny delete\n",
    "drwx------+ 3 _www  _www  96 Jan  1 10:00 cache\n 0: user:_www allow list,search\n 1: group:staff inherited allow read\n",
    "-rw-r--r--+ 1 root  wheel  10 Jan  1 10:00 x\n 0: user:root allow read\n 1: user:daemon deny write\n",
    # icacls
    "C:\\Windows\\System32\\drivers\\etc\\hosts NT AUTHORITY\\SYSTEM:(I)(F)\n                                        BUILTIN\\Administrators:(I)(F)\n                                        BUILTIN\\Users:(I)(RX)\n                                        APPLICATION PACKAGE AUTHORITY\\ALL APPLICATION PACKAGES:(I)(RX)\n\nSuccessfully processed 1 files; Failed processing 0 files\n",
    "C:\\Program Files NT SERVICE\\TrustedInstaller:(F)\n                 NT SERVICE\\TrustedInstaller:(CI)(IO)(F)\n                 NT AUTHORITY\\SYSTEM:(M)\n                 CREATOR OWNER:(OI)(CI)(IO)(F)\n                 BUILTIN\\Users:(RX)\n",
    "C:\\inetpub\\wwwroot IIS APPPOOL\\DefaultAppPool:(OI)(CI)(RX)\n                   BUILTIN\\IIS_IUSRS:(OI)(CI)(RX)\n                   NT AUTHORITY\\Authenticated Users:(OI)(CI)(M)\n",
    "C:\\Data DESKTOP-AB12CD\\Administrator:(OI)(CI)(F)\n        Everyone:(OI)(CI)(R)\n",
    "icacls C:\\Data /grant Users:(OI)(CI)M\n",
    # dir /q
    " Directory of C:\\Windows\n\n01/01/2024  10:00 AM    <DIR>          NT SERVICE\\TrustedInstaller .\n01/01/2024  10:00 AM            12,345 NT AUTHORITY\\SYSTEM   bootstat.dat\n01/01/2024  10:00 AM    <DIR>          BUILTIN\\Administrators Temp\n",
    " Directory of D:\\x\n\n01.01.2024  10:00    <DIR>          ...                    .\n01.01.2024  10:00             1.024 DESKTOP-AB12CD\\Administrator a.txt\n",
    # Get-Acl
    "Path   : Microsoft.PowerShell.Core\\FileSystem::C:\\Windows\nOwner  : NT SERVICE\\TrustedInstaller\nGroup  : NT SERVICE\\TrustedInstaller\nAccess : CREATOR OWNER Allow  268435456\n         NT AUTHORITY\\SYSTEM Allow  FullControl\n         BUILTIN\\Administrators Allow  FullControl\n         BUILTIN\\Users Allow  ReadAndExecute, Synchronize\n",
    "Owner  : BUILTIN\\Administrators\nGroup  : DESKTOP-AB12CD\\None\nAccess : DESKTOP-AB12CD\\Administrator Allow  FullControl\n",
    # schtasks /query /v /fo list
    "HostName:                             DESKTOP-AB12CD\nTaskName:                             \\Microsoft\\Windows\\Defrag\\ScheduledDefrag\nAuthor:                               Microsoft Corporation\nTask To Run:                          %windir%\\system32\\defrag.exe -c -h -o -$\nRun As User:                          SYSTEM\n",
    "Author:                               $(@%SystemRoot%\\system32\\wininet.dll,-16772)\nRun As User:                          Users\n",
    "Author:                               N/A\nRun As User:                          INTERACTIVE\n",
    "Author:                               NT AUTHORITY\\SYSTEM\nRun As User:                          LOCAL SERVICE\n",
    "Author:                               Microsoft\nRun As User:                          NETWORK SERVICE\n",
    # quser / query session
    " USERNAME              SESSIONNAME        ID  STATE   IDLE TIME  LOGON TIME\n>administrator         console             1  Active      none   1/1/2024 9:00 AM\n",
    " SESSIONNAME       USERNAME                 ID  STATE   TYPE        DEVICE\n services                                    0  Disc\n>console           Administrator             1  Active\n rdp-tcp                                 65536  Listen\n",
    # tasklist /v, Get-Process -IncludeUserName
    "Image Name                     PID Session Name        Session#    Mem Usage Status          User Name                                              CPU Time Window Title\n========================= ======== ================ =========== ============ =============== ================================================== ============ ========================================================================\nsvchost.exe                   1234 Services                   0     10,000 K Unknown         NT AUTHORITY\\SYSTEM                                      0:00:05 N/A\ndwm.exe                       1500 Console                    1     80,000 K Running         Window Manager\\DWM-1                                      0:01:05 N/A\nfontdrvhost.exe                900 Console                    1      3,000 K Unknown         Font Driver Host\\UMFD-1                                   0:00:00 N/A\n",
    '"svchost.exe","1234","Services","0","10,000 K","Unknown","NT AUTHORITY\\LOCAL SERVICE","0:00:01","N/A"\n',
    "User Name:    NT AUTHORITY\\NETWORK SERVICE\nUser Name:    N/A\n",
    "     WS(M)   CPU(s)      Id UserName               ProcessName\n     -----   ------      -- --------               -----------\n     10.00     5.00    1234 NT AUTHORITY\\SYSTEM    svchost\n      4.00             4321 DESKTOP-AB12CD\\Administrator cmd\n",
    # Windows' built-in principals and local groups behind a machine's name
    "C:\\Data DESKTOP-AB12CD\\docker-users:(OI)(CI)(F)\n        DESKTOP-AB12CD\\IIS_IUSRS:(OI)(CI)(RX)\n        DESKTOP-AB12CD\\Remote Desktop Users:(RX)\n        DESKTOP-AB12CD\\Guests:(R)\n",
    "Owner  : DESKTOP-AB12CD\\None\nAccess : DESKTOP-AB12CD\\Administrators Allow  FullControl\n         DESKTOP-AB12CD\\Hyper-V Administrators Allow  FullControl\n         CONTOSO\\Domain Users Allow  ReadAndExecute, Synchronize\n",
    "Owner  : DESKTOP-AB12CD\\TrustedInstaller\nOwner  : DESKTOP-AB12CD\\INTERACTIVE\nOwner  : CONTOSO\\ORA_DBA\nOwner  : WORKGROUP\\DESKTOP-AB12CD$\n",
    "Run As User:                          INTERACTIVE\nRun As User:                          DESKTOP-AB12CD\\Administrators\nRun As User:                          BATCH\n",
    "User Name:    Window Manager\\DWM-1\nUser Name:    DESKTOP-AB12CD\\DWM-2\nUser Name:    CONTOSO\\UMFD-0\n",
    # image and placeholder accounts
    "# file: home/ubuntu\n# owner: ubuntu\n# group: ubuntu\nuser::rwx\nuser:vagrant:r-x\n",
    "Access: (0755/drwxr-xr-x)  Uid: ( 1000/  ubuntu)   Gid: ( 1000/  ubuntu)\nAccess: (0755/drwxr-xr-x)  Uid: ( 1000/  vagrant)   Gid: ( 1000/  vagrant)\n",
    "Access: (0755/drwxr-xr-x)  Uid: ( 1000/    user)   Gid: ( 1000/    user)\n",
    # look-alikes of other tools: a config's owner comment, an indented tree, a Python dict
    "# owner: data-team\n# contact: platform\nreplicas: 3\ndata-team owns this\n",
    "project\n      src\\main\n      lib\\helpers\nhelpers and main\n",
    "acl = {'user:guest:rw-': True}\nstatus: Running   build\\worker  0:00:01\n",
    # prose about the tools
    "getfacl prints '# owner:' and '# group:' lines, then user:name:perms entries.\n",
    "The Uid: ( %u/%8U) field of stat shows the owner.\n",
    "Run schtasks /query /v /fo list and read the Run As User: field.\n",
]

OWNER_LISTING_GO = [
    (
        "# file: srv/data/report.txt\n# owner: hliao\n# group: hliao\nuser::rw-\ngroup::r--\nother::r--\n",
        "hliao",
        "# owner: ",
    ),
    (
        "# file: shared\n# owner: root\n# group: root\nuser::rwx\nuser:tmarlow:r-x\ngroup::r-x\nmask::r-x\nother::---\ndefault:user:tmarlow:rwx\n",
        "tmarlow",
        "default:user:",
    ),
    (
        "Access: (0644/-rw-r--r--)  Uid: ( 1000/  okmwangi)   Gid: ( 1000/  okmwangi)\n",
        "okmwangi",
        "Uid: ( 1000/",
    ),
    (
        '  File: "notes.txt"\n  Mode: (0644/-rw-r--r--)         Uid: (  501/  pemberly)  Gid: (   20/   staff)\n',
        "pemberly",
        "Gid: (   20/   staff)",
    ),
    (
        "drwx------+ 5 root  wheel  160 Jan  1 10:00 Shared\n 0: user:hliao allow list,add_file,search\n",
        "hliao",
        " 0: user:",
    ),
    (
        "C:\\Data\\notes.txt DESKTOP-AB12CD\\tmarlow:(I)(F)\n                  NT AUTHORITY\\SYSTEM:(I)(F)\n",
        "tmarlow",
        "NT AUTHORITY\\SYSTEM:(I)(F)",
    ),
    (
        "D:\\share BUILTIN\\Administrators:(OI)(CI)(F)\n         CONTOSO\\pemberly:(OI)(CI)(M)\n",
        "pemberly",
        "BUILTIN\\Administrators:(OI)(CI)(F)",
    ),
    (
        " Directory of C:\\Data\n\n01/01/2024  10:00 AM             1,024 DESKTOP-AB12CD\\okmwangi notes.txt\n",
        "okmwangi",
        " notes.txt",
    ),
    (
        "Owner  : DESKTOP-AB12CD\\hliao\nGroup  : DESKTOP-AB12CD\\None\nAccess : NT AUTHORITY\\SYSTEM Allow  FullControl\n",
        "hliao",
        "NT AUTHORITY\\SYSTEM Allow  FullControl",
    ),
    (
        "Owner  : BUILTIN\\Administrators\nAccess : CONTOSO\\tmarlow Allow  Modify, Synchronize\n",
        "tmarlow",
        "Owner  : BUILTIN\\Administrators",
    ),
    (
        "Author:                               DESKTOP-AB12CD\\pemberly\nRun As User:                          pemberly\n",
        "pemberly",
        "Run As User:",
    ),
    ("Run As User:                          CONTOSO\\okmwangi\n", "okmwangi", "Run As User:"),
    (
        " USERNAME              SESSIONNAME        ID  STATE   IDLE TIME  LOGON TIME\n>hliao                 console             1  Active      none   1/1/2024 9:00 AM\n",
        "hliao",
        "console",
    ),
    (
        "notepad.exe                   4321 Console                    1     12,345 K Running         DESKTOP-AB12CD\\tmarlow                                  0:00:01 Untitled - Notepad\n",
        "tmarlow",
        "Untitled - Notepad",
    ),
    (
        "Image Name:   notepad.exe\nUser Name:    DESKTOP-AB12CD\\pemberly\nCPU Time:     0:00:01\n",
        "pemberly",
        "User Name:",
    ),
    (
        '"notepad.exe","4321","Console","1","12,345 K","Running","DESKTOP-AB12CD\\okmwangi","0:00:01","Untitled - Notepad"\n',
        "okmwangi",
        '"Running","',
    ),
    (
        "     WS(M)   CPU(s)      Id UserName               ProcessName\n     35.21     0.52    4321 DESKTOP-AB12CD\\hliao    notepad\n",
        "hliao",
        "notepad",
    ),
]


@pytest.mark.parametrize("text", OWNER_LISTING_NOBODY)
def test_owner_listing_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), OWNER_LISTING_GO)
def test_owner_listing_account_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
