# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""File-transfer and notebook servers' logs by their documented formats (stop 52, scrubber
1.42.0; issue 35).

The damage of batches 90's and 91's tune parts (``tests/outside_corpus/SOURCE.md``, "The
stop-90 collection", "The stop-91 collection"), each fixed by a general rule:

* ``placeholder_name`` (``scrubbers/user_names.yaml``): a poster's masked home, ``user`` then
  a run of mask capitals (``/home/userX/``, ``UserX``, ``user_X``, ``userXXX``), is a mask as
  ``USER``, ``XXXX`` and ``<user>`` are; a real ``userxavier`` or ``userx1`` still goes;
* ``default_passwords`` (``scrubbers/allow.yaml``): a placeholder password in camel case
  (``myPassword``, ``YourPassword``) is the placeholder ``mypassword`` is, in a URL's userinfo
  as anywhere else (one decision per value whatever the syntax); a real password still goes;
* ``sshfs_win_unc`` (``scrubbers/user_names.yaml``): SSHFS-Win's ``\\\\sshfs\\<login>@<host>\\…``
  (and its ``sshfs.r``, ``sshfs.k``, ``sshfs.kr`` prefixes, SSHFS-Win's README) is an ssh target
  and a remote path, no server and share: only the login is replaced (and learned, so
  ``net use``'s ``/user:<login>`` goes too); ``root``, ``www-data``, ``myusername`` stay.

The login misses, each found by a rule read from its tool's documented format
(``scrubbers/user_names.yaml``):

* ``ftp_user_command``: FTP's ``USER <login>`` command (RFC 959, 4.1.1) in a client's or
  server's transcript: FileZilla's ``Command:\\tUSER``, ForkLift's ``[host - 0] USER``,
  proftpd's ``dispatching CMD command 'USER <login>'`` and ExtendedLog's ``"USER <login>" 331``,
  and SFTP's ``USERAUTH_REQUEST <login> none|publickey|password`` (RFC 4252, 5);
* ``vsftpd_login``: vsftpd's ``[pid N] [<login>] OK LOGIN:`` / ``OK UPLOAD:`` (its log format,
  ``logging.c``'s ``vsf_log_do_log_vsftpd_format``);
* ``bsd_ftp_name``: a BSD ftp client's ``Name (<host>:<local>): <login>`` prompt and answer,
  and ``230 User <login> logged in.`` (the reply RFC 959 and ftpd print);
* ``jupyterhub_user``: JupyterHub's own log lines (``[I <date> JupyterHub <module>:<line>]``):
  ``User logged in: <u>``, the request's ``(<u>@<ip>)``, ``spawn for <u>``, and the routes
  ``/user/<u>/``, ``/hub/user/<u>``, ``/hub/spawn-pending/<u>``, ``%2Fspawn-pending%2F<u>``;
* ``rstudio_rsession_tag``: RStudio Server's session process ``rsession-<login>`` as its log
  tag, ``[rsession-<login>]``.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only public material), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

MASKED_HOME_NOBODY = [
    '  File "/home/userX/.anaconda3/lib/python3.7/site-packages/spyder/app/mainwindow.py", line 3718, in main\n',
    '  File "/home/UserX/miniconda3/lib/python3.8/site-packages/qtconsole/comms.py", line 177, in comm_msg\n',
    '  File "/home/user_X/miniconda3/lib/python3.8/site-packages/qtconsole/comms.py", line 177, in comm_msg\n',
    '  File "/home/userXXX/.local/lib/python3.9/site-packages/x/y.py", line 4, in f\n',
    "C:\\Users\\userX\\anaconda3\\lib\\site-packages\\spyder\\app\\start.py\n",
    "/Users/userXXXX/Library/Caches/pip\n",
    "/home/user-X/.cache/huggingface/hub\n",
    "(base) userX@ubuntu:~$ spyder\n",
    "/home/USERX/.conda/envs/py38/bin/python\n",
    "C:/Users/UserXX/AppData/Local/Programs/Python/Python39/python.exe\n",
    "/home/userX/.anaconda3/bin/python and /home/userX/.spyder-py3/spyder.ini\n",
    "/home/userXYZ/.config/spyder-py3\n",
]

URL_PLACEHOLDER_PASSWORD_NOBODY = [
    'curlftpfs "ftp://myUsername:myPassword@h2980c01.myFTPServer.com" /mnt/ftp\n',
    "curl ftp://myUser:MyPassword@ftp.example.com/file.txt\n",
    "git clone https://username:yourPassword@github.com/owner/repo.git\n",
    "lftp ftp://your_user:your_password@ftp.example.com\n",
    "mongodb://admin:myPassword@localhost:27017/\n",
    "postgresql://postgres:YourPassword@localhost:5432/db\n",
    "smb://user:yourpassword@nas.local/share\n",
    "https://USERNAME:PASSWORD@registry.example.com/v2/\n",
    "DATABASE_URL=mysql://root:mySecretPassword@127.0.0.1/app\n",
    "sftp://user:myPass@host.example.com:22/upload\n",
    "password = myPassword\n",
    "redis://:MyPassword@localhost:6379/0\n",
]

SSHFS_NOBODY = [
    "net use X: \\\\sshfs\\myusername@website.i.want\n",
    "net use Z: \\\\sshfs.k\\www-data@container-host\n",
    "net use U: \\\\sshfs\\root@10.66.124.129\\..\\..\\opt\\IBM\\WebSphere /user:root\n",
    "net use Y: \\\\sshfs.r\\root@192.168.1.20\\srv\\data\n",
    "\\\\sshfs\\USERNAME@HOST\\path\n",
    "\\\\sshfs.kr\\user@host!2222\\tmp\n",
    "net use X: \\\\sshfs\\<user>@<host>\n",
    "net use X: \\\\sshfs.k\\ubuntu@10.0.0.7\\..\\..\\var\\www\n",
    "\\\\sshfs\\admin@nas.local\\volume1\n",
    "net use X: \\\\sshfs\\username@example.com /user:username\n",
    "sshfs-win.exe svc \\sshfs.k\\root@10.0.0.2 X:\n",
]

FTP_USER_NOBODY = [
    "Command:\tUSER anonymous\nResponse:\t331 Anonymous login ok\n",
    "Command:  USER ***\nStatus:   Waiting for response to: USER ***\n",
    "22/04/2023 15:12:44 [ftp.example.com - 0] USER anonymous\n",
    "22/04/2023 15:12:44 [ftp.example.com - 0] USER ftp\n",
    "Run> command sent: USER USERNAME\n",
    "2022-09-02 20:43:20,540 ubuntu-VirtualBox proftpd[2789] ubuntu-VirtualBox (192.168.29.101[192.168.29.101]): dispatching CMD command 'USER ftp' to mod_auth\n",
    "2022-09-02 20:43:20,540 host1 proftpd[2789] host1 (10.0.0.1[10.0.0.1]): dispatching CMD command 'USER anonymous' to mod_auth\n",
    '127.0.0.1 [06/Mar/2023:11:33:50 -0500] ZAYV7qwZ115/AAABACVpEfri - "USER anonymous" 331 -\n',
    '127.0.0.1 [06/Mar/2023:11:34:59 -0500] ZAYWM6wZ115/AAABACVpFw5H - "USERAUTH_REQUEST root none" - -\n',
    '127.0.0.1 [06/Mar/2023:11:34:59 -0500] ZAYWM6wZ115/AAABACVpFw5H - "USERAUTH_REQUEST - none" - -\n',
    "Command:\tUSER <username>\n",
    "---> USER *****\n331 Please specify the password.\n",
    "Command:\tUSER admin\n",
    "The USER command sends the user name.\n",
    "USER ubuntu\nPASS ubuntu\n",
    # a Dockerfile's USER instruction in a build log is no FTP command
    "#7 [stage-1 4/6] USER nextjs\n",
    " ---> USER nextjs\n",
    "Step 5/9 : USER pptruser\n",
    "USER pptruser\n",
]

VSFTPD_NOBODY = [
    'Fri Dec 14 09:38:35 2018 [pid 16242] CONNECT: Client "X.X.X.X"\n',
    'Fri Dec 14 09:38:37 2018 [pid 16248] [ftp] OK LOGIN: Client "X.X.X.X", anon password "?"\n',
    'Fri Dec 14 09:38:37 2018 [pid 16248] [ftp] OK DOWNLOAD: Client "1.2.3.4", "/pub/a.txt", 10 bytes\n',
    'Fri Dec 14 09:38:37 2018 [pid 16248] [anonymous] OK LOGIN: Client "1.2.3.4"\n',
    'Fri Dec 14 09:38:37 2018 [pid 16248] [root] FAIL LOGIN: Client "1.2.3.4"\n',
    'Fri Dec 14 09:38:37 2018 [pid 16248] [USERNAME] OK LOGIN: Client "1.2.3.4"\n',
    'Fri Dec 14 09:38:37 2018 [pid 16248] [<user>] OK LOGIN: Client "1.2.3.4"\n',
    'Fri Dec 14 09:38:37 2018 [pid 16248] [admin] OK UPLOAD: Client "1.2.3.4", "/a.txt", 10 bytes\n',
    'Fri Dec 14 09:38:37 2018 [pid 2] [www-data] OK MKDIR: Client "1.2.3.4", "/x"\n',
    "[pid 16248] [ftp] OK LOGIN\n",
]

BSD_FTP_NOBODY = [
    "Name (10.0.2.2:ftp): anonymous\n331 Guest login ok\n",
    "Name (ftp.example.com:root): ftp\n",
    "331 User name okay, need password.\n230 User logged in, proceed.\n",
    "230 Login successful.\nRemote system type is UNIX.\n",
    "230 User anonymous logged in.\n",
    "230 User ftp logged in.\n",
    "Name (localhost:pi): <username>\n",
    "Name (10.0.0.5:admin): admin\n230 User admin logged in.\n",
    "230 Anonymous user logged in.\n",
    "230 User USERNAME logged in.\n",
]

JUPYTERHUB_NOBODY = [
    "[I 2021-02-12 11:28:50.033 JupyterHub log:181] 200 GET /hub/login (@::ffff:127.0.0.1) 3.61ms\n",
    "[I 2018-10-01 16:30:35.300 JupyterHub log:158] 302 GET / -> /hub/ (@128.117.65.36) 0.76ms\n",
    "[I 2018-10-01 16:30:35.201 JupyterHub log:158] 302 GET /hub -> /hub/home (@128.117.65.36) 0.50ms\n",
    "[I 2021-02-12 11:28:49.966 JupyterHub log:181] 302 GET /hub/spawn-pending/{username} -> /hub/login?next=%2Fhub%2Fspawn-pending%2F{username} (@::ffff:127.0.0.1) 2.91ms\n",
    "[I 2021-02-12 11:29:00.068 JupyterHub base:757] User logged in: admin\n",
    "[E 2018-10-01 16:30:35.409 JupyterHub base:1001] Preventing implicit spawn for <username> because last spawn failed: Timeout\n",
    "[E 2021-02-12 11:29:00.335 JupyterHub pages:380] Previous spawn for {user} failed: Server at http://127.0.0.1:34769/user/{user}/ didn't respond in 30 seconds\n",
    "[I 2021-02-12 11:29:00.068 JupyterHub log:181] 302 GET /user/jovyan/ -> /hub/user/jovyan/ (jovyan@127.0.0.1) 1.2ms\n",
    "[I 2021-02-12 11:28:44.120 JupyterHub proxy:347] Adding route for Hub: / => http://127.0.0.1:8081\n",
    "[I 2021-02-12 11:28:50.033 JupyterHub log:181] 200 GET /hub/api/users (admin@127.0.0.1) 3.61ms\n",
    "[I 2021-02-12 11:28:50.033 JupyterHub log:181] 302 GET /hub/spawn-pending/admin -> /user/admin/ (admin@10.0.0.1) 3.61ms\n",
    "[W 2021-02-12 11:28:50.033 JupyterHub base:393] Invalid or expired cookie token\n",
    "GET /user/alice/api/kernels is how the docs write a user's route\n",
    "[I 2021-02-12 11:28:50.033 JupyterHub log:181] 200 GET /hub/user/<username>/ (@1.2.3.4) 1ms\n",
]

RSTUDIO_NOBODY = [
    "04 Sep 2020 12:28:52 [rserver] ERROR Parent terminated; LOGGED FROM: void {anonymous}::detectParentTermination() src/cpp/session/SessionMain.cpp:1371\n",
    "08 May 2019 23:04:02 [rdesktop] ERROR system error 232 (The pipe is being closed)\n",
    "03 Sep 2019 00:33:12 [rsession-rstudio] ERROR session hadabend\n",
    "2024-10-04T13:17:10.089655Z [rsession-root] ERROR The previous R session terminated abnormally\n",
    "2024-10-04T13:17:10.089655Z [rsession-jovyan] ERROR The previous R session terminated abnormally\n",
    "[rsession-<username>] ERROR session hadabend\n",
    "[rsession-USERNAME] ERROR session hadabend\n",
    "[rsession-admin] WARNING x\n",
    "[rsession-{user}] ERROR y\n",
    "the rsession-<user> process is RStudio's per-user session\n",
    "[rsession-ubuntu] ERROR z\n",
]

WINSCP_NOBODY = [
    ". 2023-10-23 14:17:54.343 Local account: DESKTOP-4F2K9QJ\\Administrator\n",
    ". 2023-10-23 14:17:54.343 Session name: xxx\n",
    ". 2023-10-23 14:17:54.343 User name: xxx (Password: xxx, Key file: No, Passphrase: No)\n",
    '! 2023-05-11 16:16:15.347 Using username "UserXY".\n',
    ". 2023-10-23 14:17:54.343 Local account: NT AUTHORITY\\SYSTEM\n",
    ". 2023-10-23 14:17:54.343 Local account: LAPTOP-7H2K\\User\n",
    ". 2023-10-23 14:17:54.343 Local account: WIN-3R8D2\\Owner\n",
    ". 2023-10-23 14:17:54.343 Local account: DESKTOP-ABC123\\Usuario\n",
    ". 2023-10-23 14:17:54.343 Local account: <Failed to retrieve username>\n",
    ". 2023-10-23 14:17:54.343 Local account: DOMAIN\\USERNAME\n",
    ". 2023-10-23 14:17:54.343 Local account: PC\\<user>\n",
    ". 2023-10-23 14:17:54.343 Local account: LENOVO-PC\\Lenovo\n",
    ". 2023-10-23 14:17:54.343 Working directory: C:\\Program Files (x86)\\WinSCP\n",
]

# (text, the login that must be gone from the whole text, what must stay)
STILL_GO = [
    ("/home/userxavier/.cache/pip\n", "userxavier", "/.cache/pip"),
    ("/home/userx1/.conda/envs\n", "userx1", "/.conda/envs"),
    ("curl ftp://bob:Tr0ub4dor3x@ftp.example.com/x\n", "Tr0ub4dor3x", "ftp.example.com/x"),
    (
        "git clone https://jdoe:myPassword7Q@example.com/x.git\n",
        "myPassword7Q",
        "example.com/x.git",
    ),
    (
        "net use U: \\\\sshfs\\kvorn@10.66.124.129\\..\\..\\opt\\IBM\\WebSphere\\AppServer\\profiles /user:kvorn abcd\n",
        "kvorn",
        "@10.66.124.129\\..\\..\\opt\\IBM\\WebSphere\\AppServer\\profiles /user:",
    ),
    ("\\\\sshfs.r\\mtorres@host.example.com\\data\n", "mtorres", "\\\\sshfs.r\\"),
    ("net use X: \\\\sshfs.kr\\okello@nas!2222\\share\n", "okello", "@nas!2222\\share"),
    ("sshfs-win.exe svc \\sshfs.k\\mtorres@host.lan X:\n", "mtorres", "\\sshfs.k\\"),
    (  # SSHFS-Win's optional local Windows account before the login: replaced whole, as before
        "net use X: \\\\sshfs\\CORP+jlinde=jlinde@nas.local\\share\n",
        "jlinde",
        "net use X: ",
    ),
    ("22/04/2023 15:12:44 [ftp.example.com - 0] USER tvalder\n", "tvalder", "] USER "),
    ("Command:\tUSER kwalden\nResponse:\t331 Password required\n", "kwalden", "Command:\tUSER "),
    (
        "2022-09-02 20:43:20,540 marlo-VirtualBox proftpd[2789] marlo-VirtualBox (192.168.29.101[192.168.29.101]): dispatching CMD command 'USER marlo' to mod_auth\n",
        "marlo",
        "-VirtualBox proftpd[2789]",
    ),
    (
        '127.0.0.1 [06/Mar/2023:11:33:50 -0500] ZAYV7qwZ115/AAABACVpEfri - "USER tornqvist" 331 -\n',
        "tornqvist",
        '"USER ',
    ),
    (
        '127.0.0.1 [06/Mar/2023:11:34:59 -0500] ZAYWM6wZ115/AAABACVpFw5H - "USERAUTH_REQUEST hbrenn publickey" - -\n',
        "hbrenn",
        "USERAUTH_REQUEST ",
    ),
    (
        'Fri Dec 14 09:38:37 2018 [pid 16248] [gsolano] OK LOGIN: Client "X.X.X.X"\n',
        "gsolano",
        "OK LOGIN",
    ),
    ("Name (10.0.2.2:ftp): ravindr\n331 Password required\n", "ravindr", "Name (10.0.2.2:ftp): "),
    ("230 User tkellam logged in.\n", "tkellam", "logged in."),
    (
        "[I 2021-02-12 11:29:00.068 JupyterHub base:757] User logged in: pkeller\n",
        "pkeller",
        "User logged in: ",
    ),
    (
        "[I 2018-10-01 16:30:35.300 JupyterHub log:158] 302 POST /hub/login?next= -> /user/dian.l_x/ (dian.l_x@128.117.65.36) 80ms\n",
        "dian.l_x",
        "/user/",
    ),
    (
        "[I 2018-10-01 16:30:35.300 JupyterHub log:158] 302 GET /hub/spawn-pending/mrossi -> /hub/login?next=%2Fhub%2Fspawn-pending%2Fmrossi (@1.2.3.4) 2ms\n",
        "mrossi",
        "/hub/spawn-pending/",
    ),
    (
        "Oct 01 16:30:35 acf-jhub python3[1142]: [E 2018-10-01 16:30:35.409 JupyterHub base:1001] Preventing implicit spawn for lhamid because last spawn failed\n",
        "lhamid",
        "spawn for ",
    ),
    (
        "04 Sep 2020 12:28:52 [rsession-maelis] ERROR Parent terminated; LOGGED FROM: x\n",
        "maelis",
        "[rsession-",
    ),
    (". 2023-10-23 14:17:54.343 Local account: RTKLAPTOP\\RTK\n", "RTK", "LAPTOP\\"),
    (
        ". 2023-10-23 14:17:54.343 Local account: DESKTOP-9QK2LMV\\mkovacs\n> whoami\ndesktop-9qk2lmv\\mkovacs\n",
        "mkovacs",
        "DESKTOP-9QK2LMV\\",
    ),
    (". 2023-10-23 14:17:54.343 Local account: CORP\\Ana Lima\n", "Lima", "CORP\\"),
]


@pytest.mark.parametrize(
    "text",
    MASKED_HOME_NOBODY
    + URL_PLACEHOLDER_PASSWORD_NOBODY
    + SSHFS_NOBODY
    + FTP_USER_NOBODY
    + VSFTPD_NOBODY
    + BSD_FTP_NOBODY
    + JUPYTERHUB_NOBODY
    + RSTUDIO_NOBODY
    + WINSCP_NOBODY,
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), STILL_GO)
def test_logins_and_real_passwords_still_go(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
