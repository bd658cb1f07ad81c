# ruff: noqa: E501  (pasted lines are kept whole, as in tests/outside_corpus/real_threads.py)
"""What each batch's tune part of the real-threads corpus measured, and its texts that name nobody.

Adding a batch (e.g. a ``tests/test_scrub_batch_NN.py`` in the old shape): move its texts list
here as ``_TEXTS_NN`` (helpers prefixed ``_BNN_``), and append one ``Measured`` to ``MEASURED``
with the figures its ``test_batch_NN_tune_part_holds_what_was_measured`` asserted (missed and
damage as the full sorted strings ``tune_score`` gives) and its comments, one line each; its
narrative goes to SOURCE.md's "The stop-NN collection", and the old module is deleted.

One record per batch (``tests/outside_corpus/SOURCE.md``, "The stop-NN collection", tells each
batch's story): the scrubber version its tune part was scored blind under, the figures its tune
part holds now (``tests/support/scrubbing.py``'s ``tune_score``; a rule that moves one updates
it knowingly, with a comment saying which version moved it and why), and texts of the shapes of
its tune misses and damage that name nobody, which every rule must keep.
``tests/test_scrub_tune_parts_measured.py`` holds every record.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Measured:
    """A batch's tune part as measured, and the same-shaped texts that name nobody."""

    batch: int
    blind_under: str
    """The scrubber version the batch was scored blind under (its figures in docs/benchmarks.md)."""
    docs: int
    total: tuple[int, int, int, int]
    """Labels per class, in ``tests.support.scrubbing.CLASSES``' order."""
    found: tuple[int, int, int, int]
    missed: tuple[str, ...]
    """The known missed labels, sorted, as ``Score.missed`` writes them."""
    keeps: int
    damage: tuple[str, ...]
    """The known damaged keep spans, sorted."""
    clean_changed: tuple[str, ...]
    """The ids of the clean documents changed, sorted."""
    clean_docs: int
    tails: tuple[int, int]
    """Library tails kept, of all."""
    parses: tuple[int, int]
    """JSON/YAML documents that parse after scrubbing, of all structured."""
    texts: tuple[str, ...]
    """Texts of the shapes of the tune misses and damage that name nobody: each stays."""
    files: tuple[tuple[str, str], ...] = ()
    """``(suffix, text)``: files of those shapes, scrubbed as files, that stay."""
    texts_as_files: bool = False
    """Whether each text also stays when scrubbed as a ``.txt`` file."""


def _spaced(text: str) -> str:
    """A line as a UTF-16 log reads when its NUL bytes print as spaces."""
    return " ".join(text)


_TEXTS_59 = (
    "Fatal error: require(): Failed opening required 'D:\\WEB Projects\\LaravelMart\\vendor\\nikic\\php-parser\\lib/PhpParser/Autoloader.php' in D:\\WEB Projects\\LaravelMart\\vendor\\nikic\\php-parser\\lib\\bootstrap.php on line 4\n",
    '  File "D:\\Program Files\\Python311\\Lib\\site-packages\\numpy\\core\\__init__.py", line 24, in <module>\n',
    "Loading D:\\Steam Library\\steamapps\\common\\Skyrim Special Edition\\Data\\Skyrim.esm\n",
    "E:\\Epic Games\\UE_5.3\\Engine\\Binaries\\Win64\\UnrealEditor.exe -log\n",
    "D:\\Visual Studio\\Common7\\IDE\\devenv.exe /rootsuffix Exp\n",
    "error MSB4018: [D:\\Source Code\\MyApp\\MyApp.csproj]\n",
    "D:\\My Projects\\blog\\node_modules\\.bin\\vite build\n",
    "PS D:\\Riot Games\\League of Legends> .\\LeagueClient.exe\n",
    "C:\\Program Files (x86)\\Microsoft Visual Studio\\2019\\BuildTools\\MSBuild\\Current\\Bin\\MSBuild.exe\n",
    "D:\\Android Studio\\jbr\\bin\\java.exe -version\n",
    "'D:\\Anaconda3\\envs\\torch\\lib\\site-packages\\torch\\nn\\modules\\module.py'\n",
    "D:\\WEB Projects\\LaravelMart>composer install\n",
)

_TEXTS_60 = (
    # a prompt with no ':' before the folder: role, cloud and service logins
    "root@hammer $ git push\n",
    "user@host $ ssh-keygen -t ed25519\n",
    "ubuntu@ip-172-31-5-10 $ sudo apt update\n",
    "admin@router # show version\n",
    "git@github.com: Permission denied (publickey).\n",
    "root@:~\n$  \n",
    "user@:/var/www\n$ ls\n",
    # ansible's connection lines for system, box and cloud accounts
    "<10.0.3.196> ESTABLISH SSH CONNECTION FOR USER: root\n",
    "<web1> ESTABLISH SSH CONNECTION FOR USER: vagrant\n",
    "<node1> ESTABLISH SSH CONNECTION FOR USER: ec2-user\n",
    "<127.0.0.1> ESTABLISH LOCAL CONNECTION FOR USER: None\n",
    "-o User=ubuntu -o ConnectTimeout=10\n",
    "ansible all -m ping -u ubuntu -vvv\n",
    # database refusals naming a default, service or application role
    'FATAL:  role "postgres" does not exist\n',
    'psql: FATAL:  role "root" does not exist\n',
    'FATAL:  role "directus" does not exist\n',
    'FATAL:  password authentication failed for user "ckan_default"\n',
    "ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)\n",
    "ERROR 1045 (28000): Access denied for user 'tmpfs'@'localhost' (using password: YES)\n",
    "java.sql.SQLException: Access denied for user 'xxxx_user'@'172.16.9.152' (using password: YES) to database 'xxxx_dbName'\n",
    "[Note] Access denied for user 'mysql'@'localhost' (using password: NO)\n",
    # sudo's refusal for a role or live-session account, in English and in Chinese
    "admin is not in the sudoers file.  This incident will be reported.\n",
    "liveuser is not in the sudoers file.  This incident will be reported.\n",
    "user 不是 sudoers 文件。该事件已报告给管理员。\n",
)

_TEXTS_61 = (
    "sdk.dir=C\\:\\\\Users\\\\user\\\\AppData\\\\Local\\\\Android\\\\Sdk\n",
    "sdk.dir=D\\:\\\\Android\\\\Sdk\n",
    "ndk.dir=C\\:\\\\Android\\\\sdk\\\\ndk-bundle\n",
    "org.gradle.java.home=C\\:\\\\Program Files\\\\Java\\\\jdk1.8.0_202\n",
    "browser.find_element_by_id('search').send_keys('selenium')\n",
    "driver.find_element(By.NAME, 'q').send_keys('pycon')\n",
    "driver.find_element(By.ID, 'password').send_keys(password)\n",
    "driver.find_element(By.ID, 'password').send_keys(os.environ['SITE_PASSWORD'])\n",
    "browser.find_elements_by_css_selector('input#password').send_keys('your_password')\n",
    "elem.send_keys(Keys.RETURN)\n",
    '    <list default="true" id="669d4625-807e-4dca-94c2-03ed747da8e2"'
    ' name="Default Changelist" comment="" />\n',
)

_TEXTS_62 = (
    "define( 'DB_NAME', 'database_name_here' );\n"
    "define( 'DB_USER', 'username_here' );\n"
    "define( 'DB_PASSWORD', 'password_here' );\n",
    "define( 'DB_USER', 'root' );\n",
    "define( 'DB_NAME', 'wordpress' );\ndefine( 'DB_USER', 'wordpress' );\n",
    "MYSQL_USER=root\n",
    "MYSQL_USER=wordpress\n",
    "POSTGRES_USER=postgres\n",
    "MYSQL_USER=${DB_USER}\n",
    "DB_USER=app_user\n",
    "hostname:port:database:username:password\n",
    "*:*:*:postgres:postgres\n",
    "localhost:5432:*:postgres:yourpassword\n",
    "localhost:5432:mydb:myuser:${PGPASSWORD}\n",
    "db:5432:app:app:*\n",
    "docker:x:999:ubuntu\n",
)

_TEXTS_63 = (
    "debug1: userauth-request for user root service ssh-connection method none [preauth]\n",
    "debug1: userauth-request for user ec2-user service ssh-connection method publickey"
    " [preauth]\n",
    "debug1: userauth-request for user git service ssh-connection method publickey [preauth]\n",
    'debug1: PAM: initializing for "git"\n',
    'debug1: PAM: initializing for "root"\n',
    'debug1: PAM: initializing for "ubuntu"\n',
    "pam_unix(sshd:session): session opened for user root(uid=0) by (uid=0)\n",
    "Accepted publickey for vagrant from 10.0.2.2 port 60398 ssh2\n",
    "Invalid user admin from 203.0.113.7 port 51514\n",
    "open '/Users/user/Documents/Obsidian Vault/.obsidian/plugins/dataview/main.js'\n",
    "open '/Users/user/Library/Mobile Documents/iCloud~md~obsidian/Documents/Writer's Notebook"
    "/.obsidian/plugins/vantage-obsidian/main.js'\n",
    "C:\\Users\\Public\\Documents\\Mom's Recipes\\notes.md\n",
    "/Users/USER/Documents/Team's Vault/.obsidian/app.json\n",
    '  "sleepWakeUUID" : "61B8E2D0-9C47-4A35-B0F1-7D3E58A24C96",\n',
    '  "incident" : "5E90C3B2-A417-4D6E-9F28-C1B7E04A6D59",\n',
    '  "storeInfo" : {"deviceIdentifierForVendor":"A2C47E91-0B3D-5F86-9E1C-D74B5830F2A6",'
    '"thirdParty":true},\n',
    '  "crashReporterKey" : "********-****-****-****-************",\n',
    "CrashReporter Key:   TODO\n",
    "Anonymous UUID:       ADF94D00-B625-B4BB-2446-A893C6CA85AB\n",
    "Incident Identifier: EB99C189-88DD-4BC5-8D92-F9580F463AEB\n",
)

_TEXTS_64 = (
    "Host github.com\n    HostName github.com\n    IdentityFile ~/.ssh/id_ed25519\n    User git\n",
    "Host work.github.com\n    HostName github.com\n    IdentityFile ~/.ssh/id_rsa_work\n"
    "    User git\n",
    "Host *.compute.amazonaws.com\n    User ec2-user\n    IdentityFile ~/.ssh/aws.pem\n",
    "Host pi\n    HostName raspberrypi.local\n    User pi\n",
    "Host vagrant\n    HostName 127.0.0.1\n    User vagrant\n    Port 2222\n",
    "Host server\n    User ubuntu\n",
    "Host server\n    User root\n",
    "Host *\n    User %u\n",
    "SOFT=/PUBLIC/software/public\nRNASOFT=/PUBLIC/software/RNA\n"
    "LNC=/PUBLIC/source/RNA/lncRNA/lncRNA_v1\nMAF=/PUBLIC/database/RNA/maf/genome\n",
    "MY=/PROJ/RNA/share\nWORK=/WORK/RNA/public\n",
    "export PROJ=/PROJ/RNA/pipeline/v2\n",
    "https://x-access-token:${GITHUB_TOKEN}@github.com\n",
    "https://oauth2:${GITLAB_TOKEN}@gitlab.com\n",
    "https://username:password@github.com\n",
    "https://USERNAME:TOKEN@github.com\n",
    "https://{username}:{password}@github.com\n",
    "https://git:${PASSWORD}@example.com\n",
    "QT_DIR:PATH=C:/Qt/6.8.3/6.8.1/mingw_64/lib/cmake/Qt6\n",
    "CMAKE_INSTALL_PREFIX:PATH=C:/Program Files (x86)/PersonalBudget\n",
    "D:/src/app/build/MinGW_64_bit-Debug\n",
    "D:/src/app/build/Desktop-Debug\n",
)

_TEXTS_65 = (
    "C:\\Users\\Public.pydio_data\\pydio.log\n",
    "C:\\Users\\Public\\.pydio_data\\pydio.log\n",
    "C:\\Users\\user\\.pydio_data\\pydio.log\n",
    "%USERPROFILE%\\.pydio_data\\pydio.log\n",
    "C:\\Users\\Administrator\\.cargo\\bin\\cargo.exe\n",
    "C:\\Users\\Administrator.WIN-7GQK2M1\\AppData\\Roaming\\PRemoteM\n",
    "C:\\Users\\defaultuser0.DESKTOP-4F2K9QX\\AppData\\Local\n",
    "C:\\Users\\Admin\\AppData\\Roaming\\PRemoteM\n",
    "C:\\Users\\Administrator\\AppData\\Roaming\\PRemoteM\n",
    "PS C:\\Users\\Guest> cd /mnt/c\n",
    "PS C:\\Users\\Public> cd /mnt/c\n",
    "C:\\Users\\Usuario\\Desktop\n",
    "C:\\Users\\Benutzer\\Desktop\n",
    "C:\\Users\\WDAGUtilityAccount\\AppData\\Local\n",
)

_B66_DERIVED = (
    "/Library/Developer/Xcode/DerivedData/Core-gsugaskgvvljlsbbrlqwgexjknrz/Build/Products"
)

_TEXTS_66 = (
    # Minecraft's log line with the offline and development accounts
    "[07:57:24] [main/INFO]: Setting user: Player\n",
    "[07:57:24] [main/INFO]: Setting user: Player726\n",
    "[07:57:24] [main/INFO]: Setting user: Dev\n",
    # prompts with no host: a role account, shells that print no login
    "root:/root# whereis code\n",
    "www-data:/var/www$ ls\n",
    "bash-5.1$ whereis code\n",
    "sh-3.2$ ls\n",
    # nixos as a host or an argument, not as the account at the prompt
    "[root@nixos:~]# code .\n",
    "[user@nixos:/mnt/c/Users/Public]$ code .\n",
    "[root@DESKTOP-4F2K9QX:/mnt/c/Users/Public]# code .\n",
    "wsl -d NixOS --user nixos\n",
    # VS Code's status lines with a token masked by x, or empty
    "connectionToken==xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx==\n",
    "connectionToken====\n",
    '{"connectionToken":"xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"}\n',
    # R's temporary folders outside a home, or under a shared one written with backslashes
    "/tmp/RtmpyASPgj/devtools1c0c75c81609/r-lib-xml2-bb6efb2\n",
    "C:\\Users\\Public\\AppData\\Local\\Temp\\RtmpyASPgj\\downloaded_packages\n",
    # and under it written with "/" (a secret until stop 50's file-mode agreement)
    "C:/Users/Public/AppData/Local/Temp/RtmpyASPgj/devtools1c0c75c81609/r-lib-xml2-bb6efb2\n",
    # Xcode's DerivedData under a home written as ~ or $HOME, or a shared, placeholder or CI home
    f"~{_B66_DERIVED}/Debug-iphonesimulator/CoreTests.xctest/Frameworks\n",
    f"$HOME{_B66_DERIVED}/Debug-iphonesimulator/CoreTests.xctest/Frameworks\n",
    f"/Users/Shared{_B66_DERIVED}/Debug-iphonesimulator/CoreTests.xctest/Frameworks\n",
    f"/Users/username{_B66_DERIVED}/Debug-iphonesimulator/CoreTests.xctest/Frameworks\n",
    f"/Users/runner{_B66_DERIVED}/Debug-iphonesimulator/CoreTests.xctest/Frameworks\n",
)

_B67_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILTlith2Rm28a5Fu5gub+VfPlZ0rISrw0BfjyjVD0Ku4"

_TEXTS_67 = (
    "machine api.github.com\n    login git\n    password xxx\n",
    "machine github.com\nlogin x-access-token\npassword $GITHUB_TOKEN\n",
    "machine api.heroku.com\n  login you@example.com\n  password <your-api-key>\n",
    "machine example.com login anonymous password guest\n",
    "default login anonymous password user@example.com\n",
    '"id": "a4a1c4fc-1217-47ed-a5d4-380a1fdcbc08",\n',
    "request-id: 3f2b8c1e-9a4d-4e7b-8c2f-1d5e6a7b8c9d\n",
    '<list default="true" id="8b1c2a3d-4e5f-4a6b-9c7d-0e1f2a3b4c5d" name="Default Changelist" />\n',
    "[ui]\nusername = John Doe <john@example.com>\n",
    "[ui]\nusername = Your Name <you@example.com>\n",
    "[ui]\nusername = Firstname Lastname <firstname.lastname@example.net>\n",
    "[ui]\nusername = Mercurial Bot <noreply@example.com>\n",
    "[ui]\nusername = %USERNAME%\n",
    "[ui]\nusername = $USER\n",
    f"{_B67_KEY} generated-by-azure\n",
    f"{_B67_KEY} imported-openssh-key\n",
    f"{_B67_KEY} rsa-key-20200101\n",
    f"{_B67_KEY} root@localhost\n",
    f"{_B67_KEY} ubuntu@ip-172-31-20-7\n",
    f"{_B67_KEY} ec2-user@bastion\n",
    f"{_B67_KEY} deploy@ci\n",
    f"{_B67_KEY} user@host\n",
    f"{_B67_KEY} your_email@example.com\n",
    f"{_B67_KEY} vagrant\n",
)

_B68_LOGINCTL = "$ loginctl\nSESSION  UID USER SEAT  LEADER CLASS TTY  IDLE SINCE\n"

_B68_LASTLOG = "Username         Port     From             Latest\n"

_B68_SLAPD = "Jun 14 20:56:07 ldap1 slapd[31387]: conn=1000 op=0 BIND dn="

_TEXTS_68 = (
    f"{_B68_LOGINCTL}1 0 root seat0 812 user tty1 no -\n",
    "$ loginctl list-sessions\n   SESSION        UID USER             SEAT\n"
    "         1       1000 liveuser         seat0\n\n1 sessions listed.\n",
    f"{_B68_LOGINCTL}c1       120 gdm  seat0 1021   greeter tty1 no   -\n",
    f"{_B68_LOGINCTL}1        976 lightdm seat0 977    greeter -    no   -\n",
    f"{_B68_LOGINCTL}3 1000 ubuntu -     1523   user  pts/0 no   -\n",
    f"{_B68_LOGINCTL}2 1000 user seat0 1302   user  tty2 no   -\n",
    f"{_B68_LOGINCTL}5 1000 pi    seat0 880    user  tty1 no   -\n",
    f"{_B68_LASTLOG}root             pts/0    10.0.2.2         Mon Jan  6 10:12:01 +0000 2020\n"
    "daemon                                     **Never logged in**\n"
    "nobody                                     **Never logged in**\n",
    f"{_B68_LASTLOG}ubuntu           pts/0    203.0.113.7      Tue Feb  4 09:01:44 +0000 2020\n"
    "sshd                                       **Never logged in**\n",
    f"{_B68_LASTLOG}vagrant          pts/0    10.0.2.2         Wed Mar  4 08:00:00 +0000 2020\n",
    "用户名           端口     来自             最后登陆时间\n"
    "root             pts/1                     六 5月 18 19:32:07 +0800 2019\n"
    "nobody                                     **从未登录过**\n",
    "    new: added who -b, suggested by the reviewers\n",
    "    fix: typo in README, suggested by Copilot\n",
    "    chore: bump lodash, suggested by Dependabot\n",
    "    docs: reword the intro, as suggested by review\n",
    f'{_B68_SLAPD}"cn=admin,dc=example,dc=org" method=128\n',
    f'{_B68_SLAPD}"uid=admin,ou=people,dc=example,dc=com" method=128\n',
    f'{_B68_SLAPD}"cn=Manager,dc=my-domain,dc=com" method=128\n',
    f'{_B68_SLAPD}"uid=servers,ou=services,dc=datac,dc=com" method=128\n',
    f'{_B68_SLAPD}"" method=128\n',
    'ldapsearch -x -D "uid=professor,ou=people,dc=planetexpress,dc=com" -w professor\n',
    "binddn_fmt = uid={},ou=users,dc=example,dc=com\n",
    'bindDn: "uid={{username}},ou=people,dc=example,dc=com"\n',
    "LDAP_BIND_DN=uid=%s,ou=users,dc=example,dc=com\n",
    "commit e7888595c3173508bc808857ecc0c236eb491952\nAuthor: John Doe <john@example.com>\n",
    "Author:     Your Name <you@example.com>\n",
    "Author: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>\n",
    "Author: GitHub <noreply@github.com>\n",
)

_B69_PS = " 952   2800  powershell.exe   x64   1        "

_B69_SSHD = "4140 2020-02-28 17:16:48.147 debug2: userauth_pubkey: valid user "

_B69_FP = "SHA256:er4Hn6mfUpc8MaMhN0PK8AqX/59FkIeDvWyU4XxIl4s"

_B69_MYSQL = "ERROR 1045 (28000): Access denied for user "

_TEXTS_69 = (
    f"{_B69_PS}NT AUTHORITY\\SYSTEM           C:\\Windows\\System32\\vds.exe\n",
    f"{_B69_PS}NT AUTHORITY\\LOCAL SERVICE    C:\\Windows\\system32\\svchost.exe\n",
    f"{_B69_PS}NT AUTHORITY\\NETWORK SERVICE  C:\\Windows\\system32\\svchost.exe\n",
    f"{_B69_PS}BUILTIN\\Administrators        C:\\Windows\\explorer.exe\n",
    f"{_B69_PS}WORKGROUP\\Administrator       C:\\Windows\\explorer.exe\n",
    f"{_B69_PS}DOMAIN\\user                  C:\\Windows\\explorer.exe\n",
    f"{_B69_SSHD}DOMAIN\\\\username querying public key rsa-sha2-512 [preauth]\n",
    f"{_B69_SSHD}administrator querying public key rsa-sha2-512 [preauth]\n",
    f"{_B69_SSHD}root querying public key rsa-sha2-512 {_B69_FP} [preauth]\n",
    "[sudo] password for DOMAIN\\user:\n",
    "[sudo] password for root:\n",
    "[sudo] password for ubuntu:\n",
    "$ sudo mount -t cifs -o user=guest //server/share /mnt\n",
    "$ sudo mount -t cifs -o username=USERNAME,domain=DOMAIN //server/share /mnt\n",
    "$ sudo mount -t cifs -o user=nobody,domain=WORKGROUP //nas.local/public /mnt\n",
    "Password for guest@//server/share:  \nmount error(13): Permission denied\n",
    f"{_B69_MYSQL}'root'@'localhost' (using password: YES)\n",
    "mysqli::real_connect(): (HY000/1045): Access denied for user 'user'@'localhost'"
    " (using password: YES)\n",
    "Error 1045: Access denied for user ''@'localhost' (using password: NO)\n",
    f"{_B69_MYSQL}'admin'@'%' (using password: YES)\n",
    f"{_B69_MYSQL}'username'@'localhost' (using password: YES)\n",
    'psql: FATAL:  role "postgres" does not exist\n',
    'FATAL: role "root" does not exist\n',
    'PG::ConnectionBad: FATAL:  role "user" does not exist\n',
    'psql: FATAL:  role "USER" does not exist\n',
    'PG::ConnectionBad: FATAL: role "*" does not exist\n',
    'FATAL:  role "myuser" does not exist\n',
    'FATAL:  role "username" does not exist\n',
    f"debug1: userauth_pubkey: test pkalg rsa-sha2-512 pkblob RSA {_B69_FP} [preauth]\n",
    f"debug1: Server accepts key: /home/user/.ssh/id_rsa RSA {_B69_FP} explicit\n",
    f"256 {_B69_FP} root@localhost (ED25519)\n",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"
    " user@example.com\n",
    "Postponed publickey for user@example.com from 172.18.196.34 port 43800 ssh2 [preauth]\n",
    "debug1: userauth-request for user you@example.com service ssh-connection method publickey"
    " [preauth]\n",
    "Accepted publickey for username@domain.com from 10.0.0.2 port 50522 ssh2\n",
    "Postponed publickey for user@domain.local from 10.0.0.2 port 50522 ssh2 [preauth]\n",
    "ubuntu@ip-10-0-0-1:~$ sudo -i\n",
    "ec2-user@ip-172-31-0-1 ~]$ sudo -i\n",
    "pi@raspberrypi:~ $ sudo -i\n",
    "vagrant@vagrant:~$ sudo -i\n",
    "root@ip-10-74-185-13 ~ # journalctl -u user@0.service\n",
    "$ ssh pi@emonpi\npi@emonpi's password:\n",
    "admin is not in the sudoers file. This incident will be reported.\n",
    "user is not in the sudoers file.  This incident will be reported.\n",
    "remote: Permission to user/repo.git denied to github-actions[bot].\n",
)

_TEXTS_70 = (
    "#  When no password is set, the default is to generate a new, random token.\n",
    "#  If no password is given, a token is generated.\n",
    "#  The password is hashed with sha1 before it is stored.\n",
    "#  The password is required to log in.\n",
    "#  When the password is changed, x.\n",
    "#  When no token is enabled, x.\n",
    "#c.NotebookApp.password = ''\n",
    "c.NotebookApp.password = ''\n",
    "c.NotebookApp.password = u'sha1:<your hashed password here>'\n",
    "c.NotebookApp.token = '<generated>'\n",
    "c.NotebookApp.notebook_dir = '/home/jovyan/work'\n",
    "  oauth_token: [token generated from https://github.com/settings/tokens]\n",
    "  oauth_token: [token from the settings page]\n",
    "GITHUB_PAT=<your-token>\n",
    "GITHUB_PAT=\n",
    "MAPS_KEY=YOUR_API_KEY\n",
)

_FILES_70 = (
    (".yaml", "github.com:\n    git_protocol: https\n"),
    (".yaml", "github.com:\n    user: ghost\n"),
    (".yaml", "github.com:\n    user: USERNAME\n    git_protocol: https\n"),
    (".yaml", "github.com:\n    oauth_token: <your-token>\n    user: octocat\n"),
    (
        ".yaml",
        "github.com:\n    users:\n        octocat:\n    user: octocat\n    git_protocol: ssh\n",
    ),
    (".yaml", "github.com:\n- user: octocat\n  oauth_token: YOUR_TOKEN\n  protocol: https\n"),
    (
        ".yaml",
        "github.com:\n- user: octocat\n"
        "  oauth_token: '[paste your token here]'\n  protocol: https\n",
    ),
    (
        ".yaml",
        "github.com:\n- user: octocat\n"
        "  oauth_token: <your token from https://github.com/settings/tokens>\n  protocol: https\n",
    ),
    (
        ".json",
        '{\n\t"auths": {\n\t\t"https://index.docker.io/v1/": {}\n\t},'
        '\n\t"credsStore": "desktop"\n}',
    ),
    (
        ".json",
        '{\n  "auths": {\n    "ghcr.io": {\n      "auth": "<base64 of user:token>"\n    }\n  }\n}',
    ),
    (
        ".json",
        '{\n  "auths": {\n    "registry.example.com": {\n'
        '      "auth": "$DOCKER_AUTH"\n    }\n  }\n}',
    ),
)

_TEXTS_71 = (
    # pg_hba.conf records whose user column names nobody
    "host all all 0.0.0.0/0 md5\n",
    "host    all             all             127.0.0.1/32            trust\n",
    "host all postgres 127.0.0.1/32 trust\n",
    "host replication replicator 10.0.0.0/8 md5\n",
    "local   all             all                                     peer\n",
    "host all +admins 192.168.0.0/16 scram-sha-256\n",
    "host all all 127.0.0.1/32 sspi include_realm=0\n",
    "host all all 127.0.0.1/32 sspi include_realm=0 krb_realm=EXAMPLE.COM\n",
    "hostssl all all 0.0.0.0/0 cert clientcert=verify-full\n",
    # Samba's -U user%password and SMB options with test, guest and placeholder accounts
    'smbclient -L 192.168.1.10 -U "user1%pass123"\n',
    "smbclient //server/share -U guest%\n",
    'smbclient //server/share -U "$SMB_USER%$SMB_PASS" -c "ls"\n',
    "smbclient //<hostname>/<share> --user=<username>\n",
    "smbclient -U administrator //server/c$\n",
    "smbclient //192.168.1.10/public -N\n",
    # grep over keys and account files for words that are not logins
    'wget -O- -q "https://raw.githubusercontent.com/ghtorrent/ghtorrent.org/master/keys.txt"'
    " | grep ssh-rsa\n",
    "grep -v '^#' /etc/passwd\n",
    "grep sshd /var/log/auth.log\n",
    "cat ~/.ssh/authorized_keys | grep ed25519\n",
    # placeholder identities in git
    'git config --global user.name "John Doe"\n',
    "git config user.name 'Your Name'\n",
    "Author: John Doe <john@example.com>\n",
    "Author: A U Thor <author@example.com>\n",
    "2016-09-19 16:45 Foo Bar o [master] Changed username\n",
    # default and variable passwords in a workflow
    '        root-password: "123456"\n',
    '        root-password: "123456789"\n',
    '        root-password: "root"\n',
    '        password: "password"\n',
    '        password: "$MYSQL_PASSWORD"\n',
    "        root-password: ${{ secrets.MYSQL_ROOT_PASSWORD }}\n",
    "mysql -uroot -p123456 -e 'SELECT 1;'\n",
    # Kerberos debug
    "   startTime=20210826085446Z\n     endTime=20210826185446Z\n",
    "      client=y\n      server=krbtgt/REALM@REALM\n",
    "   renewTill=null\n",
    "  authtime=1630000000\n",
)

_TEXTS_72 = (
    # Bazel's per-user output root for root, CI accounts, $USER and placeholders
    "$ bazel info execution_root\n"
    "/private/var/tmp/_bazel_root/048dc339e919adf019cd498aa08795ff/execroot/__main__\n",
    "ERROR: The output base [/home/runner/.cache/bazel/_bazel_runner/"
    "55e3c28bac5650f266581ec62924e366] cannot be a subdirectory of the --disk_cache directory"
    " [/home/runner/.cache/bazel]\n",
    "the output base defaults back to ~/.cache/bazel/_bazel_$USER/.\n",
    "On MacOS 10.15.2, Bazel is using `/private/var/tmp/_bazel_$USER/`\n",
    "output_base: /private/var/tmp/_bazel_<username>/<md5 of workspace path>\n",
    "$ bazel info output_base\n/tmp/_bazel_root/ba6e2a4e2e4fb4e0a0f7b0c0f9f0e7e1\n",
    "$ ./output/bazel info install_base\n"
    "/private/var/tmp/_blaze_user/install/048dc339e919adf019cd498aa08795ff\n",
    "/apollo/.cache/bazel/_bazel_root/cache/repos/v1\n",
    "(...)/execroot/github3055/bazel-out/local-fastbuild/bin\n",
    "bazel-bin/external/bazel_tools/tools/jdk/singlejar\n",
    # environment reports of this batch's shapes naming nobody
    "$HOME: /home/runner\n$NVM_DIR: '$HOME/.nvm'\n",
    "${HOME}: /Users/runner\n",
    "  config file = /etc/ansible/ansible.cfg\n"
    "  configured module search path = ['/root/.ansible/plugins/modules',"
    " '/usr/share/ansible/plugins/modules']\n",
    "userdeMacBook-Pro:~ user$ npm install -g expo-cli\n",
    "gitpod@ws-c61895d2-1215-424b-94ac-5e50617110cf /workspace/envinfo (main)> npx envinfo\n",
    "    RubyGems: 3.0.9 - /home/gitpod/.rvm/rubies/ruby-2.6.6/bin/gem\n",
    'Attempting to create directory "C:\\Users\\Administrator\\AppData\\Local\\Temp\\chocolatey'
    '\\ChocolateyPackageCache".\n',
    "user@host $ ./gradlew --version\n",
    "Daemon JVM:    /Library/Java/JavaVirtualMachines/temurin-11.jdk/Contents/Home"
    " (no JDK specified, using current Java home)\n",
    "Logs: %LOCALAPPDATA%\\Packages\\Microsoft.DesktopAppInstaller_8wekyb3d8bbwe\\LocalState"
    "\\DiagOutputDir\n",
    "Ruby: /usr/local/bin/ruby => /usr/local/Cellar/ruby/2.3.1/bin/ruby\n",
    "Scan this dir for additional .ini files => /etc/php.d\n",
    "    Node: 14.16.0 - ~/.nvm/versions/node/v14.16.0/bin/node\n",
    "$HOME/.rustup/toolchains/1.78.0-aarch64-apple-darwin/bin/rustc -vV\n",
    "uname -a: 'Darwin 19.6.0 Darwin Kernel Version 19.6.0: Sun Jul 5 00:43:10 PDT 2020;"
    " root:xnu-6153.141.1~9/RELEASE_X86_64 x86_64'\n",
)

_TEXTS_73 = (
    # a cluster group's shared and public folders, and other shares' home folders of data
    '            # model_path="/dssg/home/acct-medhyq/share/chatGLM3/chatglm3-6b",\n',
    "source activate /dssg/home/acct-medhyq/share/envs/glm\n",
    "ls /dssg/home/acct-medhyq/public/models\n",
    'model_path = "/lustre/home/acct-stu/public/models/chatglm3-6b"\n',
    'model_path="/opt/home/shared/chatglm3-6b"\n',
    'model_path="/mnt/home/datasets/chatglm3-6b"\n',
    '# model_path="/ABSOLUTE/PATH/TO/chatglm3-6b",\n',
    # the client's placeholder key and local base URL beside it
    '            openai_api_key= "EMPTY",\n',
    '            openai_api_base= "http://localhost:8000/v1",\n',
    # the tune part's kept placeholders and defaults, alone
    "Requirement already satisfied: mdurl~=0.1 in c:\\users\\usuario\\appdata\\local\\packages"
    "\\pythonsoftwarefoundation.python.3.11_qbz5n2kfra8p0\\localcache\\local-packages\\python311"
    "\\site-packages (0.1.2)\n",
    "`C:\\Users\\[USER]\\.lmstudio\\models\\lmstudio-community\\Phi-4-reasoning-plus-GGUF`\n",
    '        "PATH": "/Users/${username}/.nvm/versions/node/${version}/bin:'
    '/usr/local/bin:/usr/bin:/bin",\n',
    "┌──(root㉿192)-[/home/kali]\n└─# export WORKSPACE_BASE=$(pwd)/workspace\n",
)

_TEXTS_74 = (
    # option-file accounts that are defaults, variables, placeholders or empty
    "[client]\nuser = root\npassword =\nhost = localhost\n",
    "[mysql]\nuser=root\npassword=root\n",
    "[client]\nuser = $MYSQL_USER\npassword = $MYSQL_PASSWORD\n",
    "[client]\nuser = <username>\npassword = <password>\n",
    "[client]\nuser = your_username\npassword = your_password\nhost = localhost\n"
    "database = your_database\n",
    "[HXQ]\nuser=user\npassword=password\n",
    "[mssql]\nUsername    = sa\nServer      = 127.0.0.1\n",
    "; [vertica]\n; UserName = \n; Password = \n",
    "[water_levels_db]\nDatabase = water_level\nUser = zabbix\n",
    "[postgres]\nUser = postgres\nPassword = postgres\n",
    "[test_canvasdb]\nuser = test\nhost     = localhost\ndatabase = test_canvasdb\n",
    "[mysqld]\ncharacter-set-server = utf8mb4\ninnodb_file_per_table = 1\n",
    # default passwords that are kept
    "password = changeme\n",
    "password = 123456\n",
    "password=password\n",
    # SSH remotes whose owner names nobody
    "git clone git@github.com:octocat/Hello-World.git\n",
    "git clone git@github.com:USERNAME/REPOSITORY.git\n",
    "git clone git@github.com:<user>/<repo>.git\n",
    "git remote add origin git@github.com:your-username/your-repo.git\n",
    "git clone git@gitlab.com:gitlab-org/gitlab.git\n",
    "ssh -T git@github.com\n",
    # .mailmap lines of bots, GitHub itself and placeholder identities
    "GitHub <noreply@github.com>\n",
    "dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>\n",
    "github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>\n",
    "Your Name <you@example.com>\n",
    "A U Thor <author@example.com> <author@example.org>\n",
    # Oracle homes under a service account, a role or no user folder
    "# tnsnames.ora Network Configuration File: "
    "C:\\app\\oracle\\product\\11.2.0\\dbhome_1\\network\\admin\\tnsnames.ora\n",
    "# tnsnames.ora Network Configuration File: "
    "D:\\app\\Administrator\\product\\11.2.0\\dbhome_1\\network\\admin\\tnsnames.ora\n",
    "# tnsnames.ora Network Configuration File: "
    "/u01/app/oracle/product/19.0.0/dbhome_1/network/admin/tnsnames.ora\n",
    "# listener.ora Network Configuration File: "
    "C:\\app\\product\\18.0.0\\dbhomeXE\\network\\admin\\listener.ora\n",
    "# sqlnet.ora Network Configuration File: "
    "D:\\app\\client\\product\\12.2.0\\client_1\\network\\admin\\sqlnet.ora\n",
    "ORACLE_BASE=C:\\app\\oracle\nORACLE_HOME=C:\\app\\oracle\\product\\12.1.0\\dbhome_1\n",
    # ls -la rows owned by system accounts
    "drwxr-xr-x  3 root  root   4096 Dec 26 23:03 ..\n",
    "-rw-r--r--  1 www-data www-data  220 Dec 26 23:03 index.html\n",
)

_TEXTS_75 = (
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
)

_B76_AVC = (
    'AVC avc:  denied  {{ {perm} }} for  pid=911 comm="{comm}" name="{name}" '
    "scontext=system_u:system_r:systemd_homed_t:s0 "
    "tcontext=system_u:object_r:systemd_homed_cache_t:s0 tclass=dir permissive=1\n"
)

_TEXTS_76 = (
    # SELinux AVC denials whose name= is no login: systemd-homed's own folders and accounts
    "Oct 08 18:42:47 fedora audit[911]: "
    + _B76_AVC.format(perm="write", comm="systemd-homed", name="home"),
    _B76_AVC.format(perm="add_name", comm="systemd-homed", name="root"),
    _B76_AVC.format(perm="add_name", comm="systemd-homed", name="testuser"),
    _B76_AVC.format(perm="create", comm="systemd-homed", name="user"),
    _B76_AVC.format(perm="add_name", comm="systemd-homewor", name=".#lock7c61b494c6f1bd9c"),
    # ... and the name= of other denials: files, folders, file systems
    'type=AVC msg=audit(1575483708.024:147): avc:  denied  { search } for  pid=376 comm="sed"'
    ' name="selinux" dev="dm-0" ino=131370 scontext=system_u:system_r:resolvconf_t:s0'
    " tcontext=system_u:object_r:selinux_config_t:s0 tclass=dir permissive=0\n",
    'type=AVC msg=audit(1575483708.024:146): avc:  denied  { getattr } for  pid=376 comm="sed"'
    ' name="/" dev="selinuxfs" ino=1 scontext=system_u:system_r:resolvconf_t:s0'
    " tcontext=system_u:object_r:security_t:s0 tclass=filesystem permissive=0\n",
    'AVC avc:  denied  { read } for  pid=1840 comm="ssh-agent" name="opensslcnf.txt" dev="dm-1"'
    " ino=262231 scontext=staff_u:staff_r:staff_ssh_agent_t:s0"
    " tcontext=system_u:object_r:usr_t:s0 tclass=file permissive=1\n",
    'avc:  denied  { read } for  pid=285373 comm=rpm name=.rpmmacros dev="nvme0n1p3"'
    " ino=105965 scontext=system_u:system_r:setroubleshootd_t:s0"
    " tcontext=unconfined_u:object_r:admin_home_t:s0 tclass=file permissive=0\n",
    'avc:  denied  { remove_name } for  pid=152473 comm=systemd-user-ru name=user dev="tmpfs"'
    " ino=43 scontext=system_u:system_r:systemd_user_runtimedir_t:s0 tclass=file permissive=0\n",
    'avc:  denied  { execute } for  pid=3000 comm="systemd-homewor" name="mkfs.xfs" dev="dm-4"'
    " ino=33614691 scontext=system_u:system_r:systemd_homed_t:s0"
    " tcontext=system_u:object_r:fsadm_exec_t:s0 tclass=file permissive=1\n",
    # coredumpctl info: system, default, live-session and handheld accounts, no name, a process
    "           PID: 15706 (drkonqi-coredum)\n           UID: 0 (root)\n"
    "           GID: 0 (root)\n        Signal: 11 (SEGV)\n",
    "           UID: 1000 (user)\n           GID: 1000 (user)\n",
    "           UID: 1000 (deck)\n           GID: 1000 (deck)\n"
    "     Owner UID: 1000 (deck)\n      Hostname: steamdeck\n",
    "           UID: 1000 (ubuntu)\n           GID: 1000 (ubuntu)\n",
    "           UID: 1000 (liveuser)\n     Owner UID: 1000 (liveuser)\n",
    "           UID: 65534 (nobody)\n           GID: 65534 (nogroup)\n",
    "           UID: 42 (gdm)\n           GID: 42 (gdm)\n     Owner UID: 42 (gdm)\n",
    "           PID: 8723 (http.so)\n           UID: 1000 (<user>)\n",
    "           UID: 1000\n           GID: 1000\n     Owner UID: 1000\n",
    "       Message: Process 15706 (drkonqi-coredum) of user 1000 dumped core.\n",
    " Control Group: /user.slice/user-1000.slice/user@1000.service/app.slice/"
    "drkonqi-coredump-launcher@541-28783-15683_15684-0.service\n"
    "          Unit: user@1000.service\n",
    # gnome-shell journal frames whose extension folder is kept
    "_init@/home/username/.local/share/gnome-shell/extensions/Resource_Monitor@Ory0n/"
    "extension.js:1201:23\n",
    "Gjs-Message: JS WARNING: [resource:///org/gnome/shell/ui/layout.js 24]: reference to"
    ' undefined property "MetaWindowX11"\n',
)

_TEXTS_77 = (
    # Xcode's owner and group settings with service, CI and variable values
    "    ALTERNATE_OWNER = root\n",
    "    ALTERNATE_OWNER = runner\n",
    "    ALTERNATE_OWNER = _xcsbuildd\n",
    "    ALTERNATE_OWNER = jenkins\n",
    "    ALTERNATE_OWNER = $(USER)\n",
    "    ALTERNATE_OWNER = $(INSTALL_OWNER)\n",
    "    INSTALL_OWNER = root\n",
    "    INSTALL_GROUP = staff\n",
    "    ALTERNATE_GROUP = staff\n    ALTERNATE_MODE = u+w,go-w,a+rX\n",
    "    ALWAYS_SEARCH_USER_PATHS = NO\n",
    "    USER = runner\n    HOME = /Users/runner\n",
    '      "ALTERNATE_OWNER" : "runner",\n',
    '      "ALTERNATE_OWNER" : "root",\n',
    '      "ALTERNATE_GROUP" : "staff",\n',
    'Build settings for action clean and target "mZone Poker":\n    ACTION = clean\n',
    'Build settings for action build and target "Hello World":\n    ACTION = build\n',
    "    ARCHS = armv7 arm64\n    AVAILABLE_PLATFORMS = appletvos appletvsimulator iphoneos"
    " iphonesimulator macosx watchos watchsimulator\n",
    # crash report headers and frames
    "Incident Identifier: 3C1F0B2A-7D44-4E19-9A5B-1F2E3D4C5B6A\n"
    "CrashReporter Key:   9f2c4e7a1b3d5f60718293a4b5c6d7e8f9012345\n"
    "Hardware Model:      iPhone10,3\n",
    "2   CoreFoundation                  0x0000000181d9e218 0x181cc0000 + 909848"
    " (<redacted> + 200)\n",
    "Path:                  /Users/USER/Downloads/Example.app/Contents/MacOS/Example\n"
    "User ID:               501\n",
    "Anonymous UUID:        0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9\n",
    # Crashlytics on Android, CocoaPods' stack, fastlane's lane log
    "10-21 11:23:46.150 29176 29213 D FirebaseCrashlytics: Found matching FID, using Crashlytics"
    " IID: 0f1e2d3c4b5a69788796a5b4c3d2e1f0\n",
    "10-21 11:23:46.144 29176 29176 D FirebaseCrashlytics: Mapping file ID is:"
    " 00000000000000000000000000000000\n",
    "Repositories : master - https://github.com/CocoaPods/Specs.git @"
    " 0123456789abcdef0123456789abcdef01234567\n",
    "   CocoaPods : 1.0.1\n        Host : Mac OS X 10.12 (16A323)\n       Xcode : 8.0 (8A218a)\n",
    "[10:05:17]: rvm_bin_path=/usr/local/rvm/bin\n",
    "[10:05:17]: Driving the lane 'test_framework' 🚀\n",
)

_TEXTS_78 = (
    # HDFS permission errors whose user= and inode owner name service accounts and placeholders
    'Exception in thread "main" org.apache.hadoop.security.AccessControlException: '
    'Permission denied: user=root, access=WRITE, inode="/":hdfs:supergroup:drwxr-xr-x\n',
    "org.apache.hadoop.security.AccessControlException: Permission denied: user=hdfs, "
    'access=WRITE, inode="/user":root:supergroup:drwxr-xr-x\n',
    "org.apache.hadoop.security.AccessControlException: Permission denied: user=yarn, "
    "access=WRITE, inode=100037\n",
    'Permission denied: user=spark, access=WRITE, inode="/":hdfs:supergroup:drwxr-xr-xs\n',
    'Permission denied: user=mapr_user, access=WRITE, inode="/":hdfs:dba_hadoop:drwxr-xr-x\n',
    "Permission denied: user=dr.who, access=READ_EXECUTE, "
    'inode="/tmp":hadoop:supergroup:drwx------\n',
    "Permission denied: user=hive, access=EXECUTE, "
    'inode="/user/hive/warehouse":hive:hive:drwxrwx---\n',
    "Permission denied: user=anonymous, access=WRITE, "
    'inode="/user/hive/warehouse/db.db":hive:hadoop:drwxr-xr-x\n',
    "Permission denied: user=<username>, access=WRITE, "
    'inode="/user/<username>":hdfs:supergroup:drwxr-xr-x\n',
    "export HADOOP_USER_NAME=hdfs\n",
    # HDFS's service and per-user folders and /tmp staging names that name nobody
    "hdfs dfs -mkdir -p /user/root/output\n",
    "mkdir: `/user/hive/warehouse': File exists\n",
    "put: `/user/hdfs/apps/hive-1.2.1-lib.zip': File exists\n",
    "hdfs dfs -ls /user/spark/applicationHistory\n",
    "hadoop fs -put localfile /user/hadoop/file\n",
    "hdfs dfs -ls hdfs://namenode:8020/user/oozie/share/lib\n",
    "drwxr-xr-x   - hdfs supergroup          0 2020-07-27 11:52 /user/history/done\n",
    "/tmp/hive-1.2.1-lib.zip: OK\n",
    "ok - no need to re-generate the same /tmp/hadoop-yarn/staging/hive-lib.zip, continuing\n",
    "ls /tmp/hadoop-root/dfs/name\n",
    # Spark's SecurityManager acls that name service accounts
    "INFO SecurityManager: Changing view acls to: root\n",
    "INFO SecurityManager: Changing modify acls to: spark\n",
    "INFO SecurityManager: Changing view acls to: yarn,mapr,*\n",
    "INFO SecurityManager: Changing view acls groups to: \n",
    "INFO SecurityManager: SecurityManager: authentication disabled; ui acls disabled; "
    "users  with view permissions: Set(root); groups with view permissions: Set(); users "
    " with modify permissions: Set(root); groups with modify permissions: Set()\n",
    "INFO SecurityManager: SecurityManager: authentication disabled; ui acls disabled; "
    "users  with view permissions: Set(yarn, mapr, *); groups with view permissions: "
    "Set()\n",
    "INFO SecurityManager: Changing view acls to: hadoop\n",
    # Snowflake connector login bodies with placeholder and test accounts
    "DEBUG - body['data']: {'CLIENT_APP_ID': 'PythonConnector', 'ACCOUNT_NAME': "
    "'myaccount', 'LOGIN_NAME': 'myuser', 'AUTHENTICATOR': 'SNOWFLAKE'}\n",
    "DEBUG - body['data']: {'ACCOUNT_NAME': 'xy12345', 'LOGIN_NAME': '<username>', "
    "'AUTHENTICATOR': 'EXTERNALBROWSER'}\n",
    "DEBUG - body['data']: {'ACCOUNT_NAME': 'myaccount', 'LOGIN_NAME': 'testuser'}\n",
    "DEBUG - body['data']: {'ACCOUNT_NAME': 'myaccount', 'LOGIN_NAME': '***'}\n",
    "DEBUG - Session status for SessionPool 'myaccount.snowflakecomputing.com', "
    "SessionPool 1/1 active sessions\n",
    "snowflake.connector.connect(account='myaccount', user='username', password='****')\n",
)

_TEXTS_79 = (
    # TeamCity agent folders whose names, in parentheses or not, name nobody
    "[Step 6/7] Executing D:\\TeamCity\\agents\\TeamCity Build Agent 1\\BuildAgent\\work"
    "\\c09ad576ed797fb4\\source\\someApp\\node_modules\\.bin\\gulp.cmd via wrapping shell script\n",
    "[15:14:17][Step 6/7] in directory: C:\\Program Files (x86)\\TeamCity\\buildAgent\\work"
    "\\0123456789abcdef\n",
    "[15:14:17][Step 6/7] in directory: D:\\TeamCity\\agents\\Agent 2 (Linux)\\BuildAgent\\work"
    "\\abcdef0123456789\\source\n",
    '[15:14:17][Step 6/7] Starting: cmd /c "D:\\TeamCity\\agents\\TeamCity Build Agent 1 (2)'
    '\\BuildAgent\\temp\\agentTmp\\teamcity5287552443166195374.json" default\n',
    "[15:14:17][Step 6/7] in directory: D:\\TeamCity\\agents\\Build Agent (Windows Server 2019)"
    "\\BuildAgent\\work\\c09ad576ed797fb4\n",
    "D:\\TeamCity\\agents\\TeamCity Build Agent 1 (Default)\\BuildAgent\\work\n",
    "[15:14:17][Step 6/7] 'D:\\TeamCity\\agents\\TeamCity' is not recognized as an internal or"
    " external command,\n[15:14:17][Step 6/7] operable program or batch file.\n"
    "[15:14:17][Step 6/7] Process exited with code 1\n",
    # gcloud configurations whose accounts, projects and configuration names name nobody
    "[core]\naccount = 123456789012-compute@developer.gserviceaccount.com\n"
    "project = my-project-123456\n",
    "$ gcloud config list\nYour active configuration is: [default]\n",
    "Your active configuration is: [prod-test-flexible]\n",
    "[app]\nsuppress_change_warning = true\n[compute]\nregion = us-central1\n"
    "zone = us-central1-b\n",
    "[core]\ndisable_usage_reporting = False\nproject = bookshelf-test-flexible\n[metrics]\n"
    "command_name = gcloud.config.list\n",
    "[core]\naccount = ***REDACTED***@gmail.com\nproject = gcpnext2016-demo\n",
    "[core]\naccount = your-account@example.com\nproject = your-project-id\n",
    # az login's subscription table with subscription names that name nobody
    "No     Subscription name    Subscription ID                       Tenant\n"
    "-----  -------------------  ------------------------------------  -----------------\n"
    "[1] *  Azure subscription 1 ace4f714-0000-4909-9885-964a034bd586  Default Directory\n",
    "[1] *  Pay-As-You-Go        00000000-0000-0000-0000-000000000000  Default Directory\n",
    "The default is marked with an *; the default tenant is 'Default Directory' and subscription"
    " is 'Pay-As-You-Go' (00000000-0000-0000-0000-000000000000).\n",
    "[2]    Visual Studio Enterprise Subscription  11111111-2222-3333-4444-555555555555  Contoso\n",
    "[1] *  Concierge Subscription  66934742-a2f4-4f94-ad7b-07a47d83d2bc"
    "  Microsoft Learn Sandbox\n",
    "[1] *  MSI   00000000-0000-0000-0000-000000000000  Default Directory\n",
    "PS C:\\Users\\Administrator\\Desktop\\terraform> az login\n",
    "Message: Subscription xxxx69ca-c096-4710-8f4e-7942508xxxxx was not found.\n",
    "telemetry.save: Save telemetry record of length 4124 in cache file under"
    " /Users/runner/.azure/telemetry/20241219125553639\n",
    # self-hosted runners' default and service accounts
    "  /usr/bin/tar xz -C /Users/runner/actions-runner/_work/_temp/"
    "88d733fe-3d68-4222-bfad-274b280a0c83\n",
    "  Error: mkdir: /Users/runner: Permission denied\n",
    "  /usr/bin/tar xz -C /Users/admin/actions-runner/_work/_temp/"
    "88d733fe-3d68-4222-bfad-274b280a0c83\n",
    "    JAVA_HOME: /Users/runner/hostedtoolcache/Java_Adopt_jdk/12.0.2-10.3/x64/Contents/Home\n",
    "[ec2-user@ip-10-0-0-1 _diag]$ cat Runner_20200824-134409-utc.log\n",
    "[2020-08-24 13:44:09Z INFO HostContext] Well known directory 'Root':"
    " '/home/ec2-user/actions-runner'\n",
    "[2020-08-24 13:44:09Z INFO HostContext] Well known directory 'Root':"
    " '/home/ubuntu/actions-runner'\n",
    # kubeconfig users and secrets that name nobody
    "contexts:\n- context:\n    cluster: px-prd1002\n    user: kubernetes-admin\n"
    "  name: px-prd1002\n",
    "users:\n- name: kubernetes-admin\n  user:\n    client-certificate-data: REDACTED\n",
    "users:\n- name: admin@example.com\n",
    "    user: oidc-keycloak\n",
    "        client-id: gangway\n        client-secret: <redacted>\n",
    "        client-secret: ${OIDC_CLIENT_SECRET}\n",
    "        client-secret: changeme\n",
    "        id-token: <redacted>\n        refresh-token: <redacted>\n      name: oidc\n",
    "\t/home/travis/gopath/src/github.com/stefanprodan/kubectl-kubesec/vendor/k8s.io/client-go"
    "/kubernetes/clientset.go:531 +0x49\n",
    # AWS identities the tune part keeps: service users, roles, session names, request ids
    "User: arn:aws:iam::123456789012:user/Administrator is not authorized to perform: null\n",
    "User: arn:aws:sts::<main_account_id>:assumed-role/<role_name>/<session_name> is not"
    " authorized to perform: sts:AssumeRole\n",
    "User: arn:aws:sts::905279427843:assumed-role/readonly/dev-readonly is not authorized to"
    " perform: sts:AssumeRole on resource: arn:aws:iam::905279427843:role/readonly\n",
    "User: arn:aws:sts::019759562784:assumed-role/rancher-manager-stack-EKSCTLRole-D78Q8FNL2T9B"
    "/i-0d9daf0baeff2d308 is not authorized to perform: iam:GetUser\n",
    "Admin:~/environment $ env | grep AWS\nC9_PROJECT=AWS-RGS-Workshop\n",
    "  <RequestId>5c20075e-5b46-11e6-8da7-85ecadaf28a0</RequestId>\n",
    "CustomError: User: arn:aws:iam::**********:user/ECOM-KPI-DATA-INGESTION-ROLE is not"
    " authorized to perform: sts:AssumeRole\n",
    "https://signin.aws.amazon.com/federation?Action=login&Issuer=&Destination=redacted\n",
)

_TEXTS_80 = (
    # MSYS-form drive paths of Sublime Text's console that name nobody
    "executable: /C/Program Files/Sublime Text 3/sublime_text.exe\n"
    "working dir: /C/Program Files/Sublime Text 3\n",
    "zip path: /C/Program Files/Sublime Text 3/Packages\n",
    "zip path: /C/ProgramData/Sublime Text 3/Installed Packages\n",
    "packages path: /D/Portable/Sublime Text 3/Data/Packages\n",
    "packages path: /C/Users/Public/AppData/Roaming/Sublime Text 3/Packages\n",
    "packages path: /C/Users/Default/AppData/Roaming/Sublime Text 3/Packages\n",
    "packages path: /C/Users/Administrator/AppData/Roaming/Sublime Text 3/Packages\n",
    "packages path: /C/Users/<username>/AppData/Roaming/Sublime Text 3/Packages\n",
    "packages path: /C/Users/USERNAME/AppData/Roaming/Sublime Text 3/Packages\n",
    "state path: /C/Users/user/AppData/Roaming/Sublime Text 3/Local\n",
    "state path: /C/Users/runneradmin/AppData/Roaming/Sublime Text 3/Local\n",
    "ignored_packages: []\npre session restore time: 0.265958\nstartup time: 0.341958\n"
    "first paint time: 0.346958\nreloading plugin Default.arithmetic\n",
    # macOS prompts and ps rows whose host names and users name nobody
    "MacBook-Pro:~ user$ ps aux | grep pylance\n",
    "localhost:~ admin$ ps aux | grep pylance\n",
    "iMac:~ runner$ ps aux | grep pylance\n",
    "Mac-mini:~ admin$ ps aux | grep pylance\n",
    "DESKTOP-4F7K2QJ:~ user$ ps aux | grep pylance\n",
    "MBP329:~ admin$ ps aux | grep pylance\n",
    "root          60057   0.0  0.0 34121332    656 s002  S+    1:04AM   0:00.00 grep pylance\n",
    "_windowserver   150   0.0  0.3  5000000  50000   ??  Ss   9:00AM   1:00.00 WindowServer\n",
    "runner          60057   0.0  0.0 34121332    656 s002  S+    1:04AM   0:00.00 grep pylance\n",
    # the tune part's public values: placeholders, non-home workspaces, commit hashes
    "2025-01-08 15:07:56.588 [info] [Info  - 3:07:56 PM] (23796) Setting environmentName for"
    ' service "<default>": "3.11.9 (microsoft store)"\n',
    '    "message": "(23796) No include entries specified; assuming \\\\<default workspace'
    ' root>"\n',
    "Send text to terminal: /usr/local/bin/python3.5 <home>/.vscode/extensions/"
    "ms-python.python-2025.0.0-darwin-arm64/python_files/printEnvVariablesToFile.py\n",
    "2025-11-25 16:45:47.638 [info] (21004): FG(<default>): Setting pythonPath for service"
    ' "<default>": "c:\\AI\\LLM\\qaihub\\.venv\\Scripts\\python.exe"\n',
    "Location:\nC:\\<snipped>\\AppData\\Roaming\\helix\\config.toml\n",
    "115.685  003.680  002.558: sourcing /Users/user/.vim/plugged/vim-airline/plugin/airline.vim\n",
    "2025-03-31 17:19:38.975 [info] Skipping acquiring lock for /home/me/.config/Code/User/"
    "workspaceStorage/16648c344a3bfbe1694808f8d65bed2f.\n",
    "I[21:58:52.603] clangd version 20.1.0 (https://github.com/llvm/llvm-project"
    " 24a30daaa559829ad079f2ff7f73eb4e18095f88)\n",
    "  - INFO: `g:python3_host_prog` is not set.  Searching for python3 in the environment.\n"
    "  - INFO: Executable: /usr/local/bin/python3\n"
    "  - INFO: Other python executable: /usr/bin/python3\n",
    '          /usr/bin/python2.7 does not have the "neovim" module. :help provider-python\n',
)

_B81_STAGE = "spack-stage-xpmem-2.6.5-36-cspmvekjcflqnxnajbch7cdw6uji2zzz"

_TEXTS_81 = (
    # cluster mounts whose folders, under `home` or not, name nobody
    "  >> 242    /mnt/beegfs/apps/spack/opt/spack/linux-opensuse15-broadwell/gcc-12.2.0"
    "/xpmem-2.6.5-abcdef/include/xpmem.h:32:10: fatal error: xpmem_internal.h: No such file or"
    " directory\n",
    "config:\n  build_stage:\n    - $user_cache_path/stage\n",
    "config:\n  build_stage:\n    - /mnt/beegfs/scratch/spack-stage\n",
    "/mnt/beegfs/home/shared/spack/var/spack/cache/xpmem/xpmem-2.6.5.tar.gz\n",
    f"/mnt/beegfs/home/spack/.spack/stage/{_B81_STAGE}/spack-src/kernel/xpmem_main.c:32:10: fatal"
    " error\n",
    f"/mnt/beegfs/software/.spack/stage/{_B81_STAGE}/spack-src/kernel/xpmem_main.c:32:10: fatal"
    " error: xpmem_internal.h: No such file or directory\n",
    f"$HOME/.spack/stage/{_B81_STAGE}/spack-src/kernel/xpmem_pfn.c:20:10: fatal error\n",
    f"~/.spack/stage/{_B81_STAGE}/spack-src\n",
    "/mnt/beegfs/home/$USER/.spack/stage/spack-stage-xpmem\n",
    "/mnt/beegfs/home/<user>/.spack/stage/spack-stage-xpmem\n",
    "/mnt/beegfs/home/root/.spack/stage\n",
    "/mnt/beegfs/home\n",
    '     243       32 | #include "xpmem_internal.h"\n     244          |          ^~~~~~~~~~\n',
    # bracketed prompts with a second `@` whose accounts name nobody
    "[root@headnode@vpf-tools]$ stack build\n",
    "[user@headnode@vpf-tools]$ stack build\n",
    "[ec2-user@ip-10-0-0-1@app]$ stack build\n",
    "[ubuntu@login01@src]$ make\n",
    "Run from: /root/.stack/programs/x86_64-linux/ghc-8.10.2.temp/ghc-8.10.2/\n",
    "gmake[1]: *** [install_packages] Error 1\ngmake: *** [install] Error 2\n"
    "Received ExitFailure 2 when running\nRaw command: /usr/bin/gmake install\n",
    "Preparing to install GHC to an isolated location.\n"
    "This will not interfere with any system-level installation.\n",
    "Unpacking GHC into //opt/stack/programs/x86_64-linux/ghc-8.10.2/lib/ghc-8.10.2/bin/ghc-pkg:"
    " /lib64/libtinfo.so.5: no version information available\n",
    # SwiftPM's caches under build accounts, placeholders and Homebrew's own folders
    "warning: /Users/runner/Library/Caches/org.swift.swiftpm is not accessible or not writable,"
    " disabling user-level cache features.\n",
    "  warning: /Users/admin/Library/org.swift.swiftpm/configuration is not accessible or not"
    " writable, disabling user-level configuration features.\n",
    "$HOME/Library/Caches/org.swift.swiftpm/registry/downloads\n",
    "rm -rf ~/Library/Caches/org.swift.swiftpm\n",
    "NSFilePath=/Users/Shared/Library/Caches/org.swift.swiftpm/manifests\n",
    "  ==> /usr/local/Cellar/swift/5.7.2/bin/swift build --verbose --disable-sandbox\n",
    "/opt/homebrew/Library/Taps/homebrew/homebrew-core/Formula/s/swift.rb\n",
    "/private/tmp/swift-test-20230105-98617-17tcqpl/swiftpmtest/Package.swift\n",
    "/home/linuxbrew/.linuxbrew/bin/brew\n",
    "==> brew install swift\n",
    # public values of the tune part: placeholder and service accounts, variables, no user folder
    "C:\\Users\\Desktop\\vcpkg>.\\vcpkg update\n",
    "[myname@ac922 ~]$ spack bootstrap\n",
    "      - /private/tmp/$user/spack-stage\n",
    "Loading config file /home/vagrant/.config/composer/auth.json\n",
    "[root@127n mycms]# composer -vvv install\n",
    'CMake Error: The source directory "C:/Windows/System32/config/systemprofile/.conan/data'
    '/zlib/1.2.11/_/_/build/abc" does not exist.\n',
)

_TEXTS_82 = (
    # tailscale status lines whose owner column names nobody
    "100.108.1.2  machinename  tagged-devices  linux  offline\n",
    "100.77.140.60  laptop1  userid:51197  macOS  -\n",
    "100.64.0.1  myhost  user@  linux  -\n",
    "100.64.0.2  myhost  username@  linux  -\n",
    "100.64.0.3  server1  ubuntu@  linux  active; direct 192.168.1.10:41641\n",
    "100.64.0.4  gateway  root@  linux  idle, tx 1234 rx 5678\n",
    "100.64.0.5  nas  -  linux  offline\n",
    '                ("tsdev")            -            linux   -\n',
    "# Health check:\n#     - Tailscale can't reach the configured DNS servers.\n",
    "Logged out.\nLog in at: https://login.tailscale.com/a/xxxxxx\n",
    # openfortivpn's config lines with placeholder, empty and masked values
    'DEBUG:  Config username = "USER"\n',
    'DEBUG:  Config username = "notused"\n',
    'DEBUG:  Config username = "someone"\n',
    'DEBUG:  Config username = ""\n',
    'DEBUG:  Config username = "username"\n',
    'DEBUG:  Config username = "<username>"\n',
    'DEBUG:  Config username = "John Doe"\n',
    'DEBUG:  Config username = "JOHN DOE"\n',
    'DEBUG:  Config realm = ""\n',
    'DEBUG:  Config host = "vpn.example.com"\n',
    'DEBUG:  Config password = "********"\n',
    # placeholders at a Username: prompt and in a GlobalProtect login form
    "Username: USERNAME\n",
    "Username: <username>\n",
    "Username: your_username\n",
    "Username: VPN_USER\n",
    "Username: MY_USERNAME\n",
    "Username: YOUR_USERNAME\nuser=YOUR_USERNAME\n",
    "Username: $VPN_USER\n",
    "Username: \nPassword: \n",
    "> jnlpReady=jnlpReady&ok=Login&direct=yes&server=VPN_SERVER_HOSTNAME"
    "&computer=MY_LOCAL_HOSTNAME&user=VPN_USERNAME&passwd=VPN_PASSWORD\n",
    "Set-Cookie: PHPSESSID=SESSION_ID; secure; HttpOnly\n",
    # masked, empty and placeholder public keys
    '  "PublicKey": "",\n',
    '  "PublicKey": "[REDACTED]",\n',
    '  "PublicKey": "<public key>",\n',
    '  "PublicKey": "****",\n',
    '    "PublicKey": "nodekey:xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",\n',
    "PublicKey = xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx=\n",
    "PublicKey = <your public key here>\n",
    '  "AuthURL": "https://login.tailscale.com/a/xxxxxx",\n',
)

_TEXTS_83 = (
    # folders under a drive root that name nobody, as written and one letter apart
    "LogFileCache: Scanning file cache for directory 'E:/Unreal Projects/OSC/Saved/Collections/'"
    " took 0.01s\n",
    "LogDerivedDataCache: Warning: D:/Projects/Unreal Projects/AUTOLOD 4.19/DerivedDataCache is"
    " very slow (0.08MB/s)\n",
    "F:/Games/Epic Games/UE_4.19/Engine/Binaries/Win64/UE4Editor-Cmd.exe\n",
    "D:/Documents/Unreal Projects/AUTOLOD 4.19/AUTOLOD.uproject\n",
    "ProcessResult.StdOut:    "
    + _spaced("LogSavePackage: Display: Finished SavePackage F:/Games/Unreal Projects/AUTOLOD 4.19")
    + " \n",
    "ProcessResult.StdOut:   "
    + _spaced("LogDerivedDataCache: Warning: D:/Projects/Unreal Projects/AUTOLOD 4.19")
    + "\n",
    "ProcessResult.StdOut:   "
    + _spaced("C:/Program Files/Epic Games/UE_4.19/Engine/Binaries/Win64/UE4Editor.exe")
    + "\n",
    "ProcessResult.StdOut:    --------------------Build System Warning---------------------------\n"
    "ProcessResult.StdOut:   Failed to connect to Coordinator:\n",
    # Unreal's shared and engine folders that name nobody
    "LogFileCache: Scanning file cache for directory 'E:/Unreal Projects/OSC/Content/Collections/'"
    " took 0.01s\n",
    "LogFileCache: Scanning file cache for directory 'E:/Unreal Projects/OSC/Content/Developers/'"
    " took 0.01s\n",
    "C:/Program Files/Epic Games/UE_4.18/Engine/Source/Developer/DesktopPlatform/Private"
    "/DesktopPlatformBase.cpp(512)\n",
    "E:/Unreal Projects/OSC/Plugins/Developer/RiderLink/RiderLink.uplugin\n",
    "LogCollectionManager: Loaded 0 collections in 0.002025 seconds\n",
    # public values of the tune part: placeholders, no user folder, installs and mounts
    '  File "C:\\Users\\UserName\\AppData\\Roaming\\Blender Foundation\\Blender\\3.4\\scripts'
    '\\addons\\B1\\__init__.py", line 12, in <module>\n',
    "['C:\\\\Users\\\\user\\\\AppData\\\\Roaming\\\\Blender Foundation\\\\Blender\\\\4.3\\\\scripts"
    "\\\\addons']\n",
    "Writing 'C:\\Users\\Username\\AppData\\Roaming\\GIMP\\2.10\\pluginrc'\n",
    'File "/Users//Library/Preferences/kicad/5.99/scripting/plugins/InteractiveHtmlBom'
    '/InteractiveHtmlBom/ecad/kicad.py", line 551, in Run\n',
    "0x00007FF667560000 5.1.2.0              blender.exe C:\\Program Files (x86)\\Steam\\steamapps"
    "\\common\\Blender\\blender.pdb \n",
    '  File "H:\\Blender\\4.0\\scripts\\modules\\bpy\\ops.py", line 106, in __call__\n',
    'Write to  "/tmp/audacity_script_pipe.to.1000"\n',
    "23:21:40.922: Module '../../obs-plugins/64bit/obs-roi-ui.dll' not loaded\n",
    "14:04:26  PySide2/__init__.py: Unable to import shiboken2 from /tmp/.mount_FreeCA3Sbv0x/usr"
    "/Mod/asm3, /tmp/.mount_FreeCA3Sbv0x/usr/Mod/Web\n",
    '  "D:\\\\scoop\\\\apps\\\\freecad-weekly\\\\40176\\\\Mod\\\\Web",\n',
    "ERROR: call: Refusing to delete directory /tmp/xdg-data/Oh My Git/tmp/repos/yours/ that does"
    " not start with /home/$USER/.local/share/Oh My Git/tmp/\n",
)

_TEXTS_84 = (
    # prompts whose host names no login: a Mac's own model names, a placeholder, role accounts
    "iMac :: ~/Downloads » ls /Applications/Google\\ Chrome.app\n",
    "MacBook-Pro :: ~/Downloads » ls /Users/Shared/Library/Application\\ Support/Google/Chrome\n",
    "userdeiMac :: ~/Downloads » ls /Users/user/Library/Application\\ Support/Google/Chrome\n",
    "root@rootLT:~# ls /root/snap/signal-desktop/456/.config\n",
    "ubuntu@ubuntuLT:~$ env BAMF_DESKTOP_FILE_HINT=/var/lib/snapd/desktop/applications"
    "/signal-desktop_signal-desktop.desktop signal-desktop\n",
    "user@userLT:~$ ls /home/user/snap/signal-desktop/456/.config\n",
    "admin@adminPC:~$ signal-desktop\n",
    # coredumpctl's fields that name nobody: placeholders kept by 1.37.0, system accounts
    "      Hostname: HOSTNAME-CENSORED\n",
    "  Command Line: $'/usr/lib/electron/electron --disable-dev-mode --profile --enable-crashpad"
    " /usr/lib/element/app.asar PROFILENAME-CENSORED'\n",
    "           UID: 1000 (USER)\n",
    "           UID: 1000 (USERNAME)\n",
    "           UID: 1000 ([REDACTED])\n",
    "           UID: 1000 (<username>)\n",
    "           UID: 1000 (***)\n",
    "           UID: 0 (root)\n           GID: 0 (root)\n",
    "     Owner UID: 65534 (nobody)\n",
    "           PID: 4998 (electron)\n        Signal: 5 (TRAP)\n",
    # public values of the tune part: no user folder, placeholders, system and snap paths
    "panic: open /Users/Shared/Library/Application Support/Google/Chrome/Default/History: no such"
    " file or directory\n",
    'Error: Command failed: "/Applications/uTools.app/Contents/Resources/search_darwin"'
    ' -p="/Users/Shared/Library/Application Support/Google/Chrome/Default" -q='
    " -t=/var/folders/r8/2txzxbxn6gd7l4jf00c5sl880000gn/T/\n",
    "main.main()\n\t/go/src/utools/chrome-history/search/main.go:29 +0x52e\n",
    "mkdir: cannot create directory '/run/user/0': Permission denied\n",
    "/snap/signal-desktop/456/gnome-platform/command-chain/desktop-launch: line 268:"
    " /root/snap/signal-desktop/456/.config/user-dirs.dirs: No such file or directory\n",
    "Can't create dir /home/user/snap/signal-desktop/456/Schreibtisch\n",
)

_TEXTS_85 = (
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
)

_TEXTS_86 = (
    # a server's own user listings that name nobody, and the listings of the same shape
    "  - admin: admin\n",
    "Enabled:\n  - activity: 2.8.2\n  - calendar: 1.6.4\n  - files_pdfviewer: 1.4.0\n",
    "  - user_id: admin\n  - display_name: admin\n  - email: \n"
    "  - user_directory: /var/www/nextcloud/data/admin\n  - backend: Database\n",
    "sudo -u www-data php /var/www/nextcloud/occ user:info admin\n",
    "docker exec --user www-data nextcloud-aio-nextcloud php -f /var/www/html/occ user:list\n",
    " <ocs>\n  <meta>\n   <status>ok</status>\n   <statuscode>100</statuscode>\n   <message/>\n"
    "  </meta>\n  <data>\n   <id>admin</id>\n   <display-name>admin</display-name>\n"
    "   <email>no-response@domain.tld</email>\n  </data>\n </ocs>\n",
    "  <data>\n   <id>115</id>\n   <share_type>3</share_type>\n   <uid_owner>admin</uid_owner>\n"
    "  </data>\n",
    # Gitea's failed authentication lines that name nobody
    "...ers/web/auth/auth.go:206:SignInPost() [I] [645256b1] Failed authentication attempt for"
    " **_user_** from **_ip_**: user does not exist [uid: 2, name: **_user_**, keyid: 0]\n",
    "2023/02/25 20:26:14 modules/ssh/ssh.go:281:sshConnectionFailed() [W] [63fa641c-19] Failed"
    " authentication attempt from 192.0.2.4:57094\n",
    'pattern: "^%{GITEA_CUSTOMDATE:timestamp}.*?Failed authentication attempt for'
    ' %{GITEA_CUSTOMUSER:username} from %{IP:remote_ip}:%{NUMBER:remote_port}.*?"\n',
    "web/user/auth.go:181:SignInPost() [I] Failed authentication attempt for XXX from"
    " 100.127.0.3:56620\n",
    "ers/web/auth/auth.go:206:SignInPost() [I] Failed authentication attempt for admin from"
    " 10.0.0.5:57086: user's password is invalid [uid: 1, name: admin]\n",
    # paperless-ngx's mail rules and accounts named after a provider or a purpose
    "[2022-11-04 23:09:10,735] [DEBUG] [paperless_mail] Rule gmail.gmail test: Selecting folder"
    " INBOX\n",
    "[2023-12-29 13:56:11,655] [INFO] [paperless_mail] Rule MS-Exchange.MS-Exchange: Consuming"
    " attachment Rechnung.PDF\n",
    "[2025-01-19 17:30:00,040] [DEBUG] [paperless_mail] Processing mail account Outlook OAuth\n",
    "[2024-01-16 14:50:03,090] [ERROR] [paperless_mail] Rule Office.Global: Error while processing"
    " rule: UID command error\n",
    # Pi-hole's template and log lines without a token: short hashes and answers in backticks
    "**Debug token provided by [uploading `pihole -d` log](https://discourse.pi-hole.net/t/"
    "the-pihole-command-with-examples/738#debug):**\n\n`N/A`\n",
    "[2021-02-17 17:17:22.031 6M] FTL commit: 2999e2b5\n",
    "[2020-05-05 17:37:52.552 9107] FTL version: vDev-61fd420\n",
    "**How familiar are you with the the source code relevant to this issue?:**\n\n`2`\n",
    # placeholder and masked credentials in a configuration entry
    "{'broker': '192.168.1.XXX', 'discovery': True, 'password': '********', 'port': 1883,"
    " 'username': 'clear_text_userid'}\n",
    "mqtt:\n  broker: 192.168.x.x\n  port: 1883\n  username: !secret mqtt_user\n"
    "  password: !secret mqtt_pass\n",
    "  username: xxxxxxxx\n  password: xxxxxxxx\n",
    "'password': 'your_password'\n",
    # Nextcloud's masks where 1.37.0 keeps them, and a salt its writer marked fake
    '        "passwordsalt": "***REMOVED SENSITIVE VALUE***",\n',
    '        "instanceid": "***REMOVED SENSITIVE VALUE***",\n',
    '{"file":"/var/www/nextcloud/apps/dav/lib/Connector/Sabre/PublicAuth.php","line":126,'
    '"function":"getToken","args":["*** sensitive parameters replaced ***"]}\n',
    "  'passwordsalt' => 'fakesalthjsafgvsavjnksjn',\n",
    "  'dbpassword' => 'password',\n",
    # masked and example addresses, and a banner's links
    "User name: ******@gmail.com\n",
    "[2022-08-29 18:45:43,906] [DEBUG] [paperless_mail] Processing mail account"
    " john.doe@example.com\n",
    "2021-09-07 16:25:48 | stdout | ☕ Discussion? https://github.com/qdm12/ddns-updater/"
    "discussions/new\n",
    "2021-09-07 16:25:48 | stdout | 💰 Help me? https://www.paypal.me/qmcgaw"
    " https://github.com/sponsors/qdm12\n",
)

_TEXTS_87 = (
    # mbsync account, store and Maildir names that name nobody
    "IMAPStore gmail-remote\nAccount gmail\n\nMaildirStore gmail-local\nPath ~/Maildir/gmail/\n"
    "Inbox ~/Maildir/gmail/INBOX\n\nChannel gmail\n",
    "IMAPAccount work-disroot\nIMAPStore work-disroot-remote\nMaildirStore work-disroot-local\n"
    "Path ~/Maildir/work-disroot/\n",
    "IMAPStore personal-remote\nAccount personal\nMaildirStore personal-local\n"
    "Path ~/Maildir/personal/\n",
    # msmtprc lines with no literal password
    "account default\nhost smtp.gmail.com\nport 587\nauth on\ntls on\ntls_starttls on\n"
    "logfile /var/log/msmtp\naliases /etc/aliases\n",
    'passwordeval "pass user@protonmail.ch"\nauth login\n',
    "password ****\n",
    # msmtp log lines with no login, or a placeholder
    "feb 16 22:05:31 host=smtp.gmail.com tls=on auth=off from=root@localhost"
    " recipients=root@localhost errormsg='the server sent an empty reply' exitcode=EX_PROTOCOL\n",
    "feb 16 22:08:49 host=smtp.gmail.com tls=on auth=on user=USERNAME from=user@example.com"
    " recipients=user@example.com smtpstatus=535 smtpmsg='535-5.7.8 Username and Password not"
    " accepted.' errormsg='authentication failed (method PLAIN)' exitcode=EX_NOPERM\n",
    # himalaya's config.toml naming nobody
    'name = "Name"\n\n[gmail]\ndefault = true\nemail = "user@example.com"\n',
    'downloads-dir = "/Users/name/Downloads"\n',
    'imap-passwd-cmd = "mypassword"\nsmtp-passwd-cmd = "mypassword"\n',
    # IMAP URLs whose userinfo names nobody
    "I/IMAP 25B54000:mail.example.com:NA:ProcessCurrentURL:imap://mail.example.com:993"
    "/select%3E.INBOX:  = currentUrl\n",
    "I/IMAP check for auth'd:imap://user@example.org:993/select>.INBOX\n",
    "I/IMAP 25B54000:mail.example.com:NA:ProcessCurrentURL:imap://user%40example%2Ecom"
    "@mail.example.com:993/select%3E.INBOX:  = currentUrl\n",
    # Dovecot's auth lines naming a system account (the lines' "auth: Debug:" prefix left out:
    # 1.37.0 replaces "Debug" there, see SOURCE.md)
    "passwd-file(root,::1,master,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>): lookup: user=root"
    " file=/etc/dovecot/passwd.masters\n",
    "client passdb out: OK#0111#011user=root#011original_user=root#011auth_user=root\n",
    "passwd-file(vmail,::1,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>): Performing userdb lookup\n",
    "Sep 21 09:58:35 webmail dovecot[11908]: auth: Master user logging in as root\n",
    "Sep 21 09:58:35 webmail dovecot[11908]: auth(root,::1,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>):"
    " Auth request finished\n",
    # public values of the tune part: placeholders, masked values, public material
    "tls_fingerprint A8:52:4B:51:B4:A5:7A:EF:8F:99:39:B5:E6:1B:43:67:21:F7:79:7F:AA:D8:3A:8D:22:23"
    ":3E:29:1E:E5:91:44\n",
    "account xxxx@xxxx.com\nhost mail.tiersigma.com\nfrom xxxx@xxxx.com\nuser xxxx@xxxx.com\n"
    "account default: xxxx@xxxx.com\n",
    'added account "xx@xx": fetch=imaps server "imap.exmail.qq.com" port 993 user "xx@xx"'
    ' folders "INBOX"\n',
    "xx@xx: fetch started, pid 28162\nxx@xx: user is 1000\n",
    "[sendemail]\n\tsmtpserver = example.com\n\tsmtpuser = user@example.com\n"
    "\tsmtpencryption = ssl\n\tsmtpserverport = 465\n",
    '[credential "smtp://example.com:465"]\n\tusername = user@example.com\n'
    "\thelper = gopass -o mail/example_email\n",
    "Password for 'smtp://user@example.com@example.com:465'\n",
    'curl smtp://smtp.world4you.com --user "username:password" -v --login-options\n AUTH=PLAIN\n',
    "> EHLO DESKTOP-E0U2VS3\n< 250-AUTH PLAIN LOGIN\n> AUTH PLAIN\n"
    "< 535 Incorrect authentication data\n",
    "Nov 14 09:08:38 mail postfix/smtpd[2380154]: warning: unknown[1.228.168.90]: SASL LOGIN"
    " authentication failed: UGFzc3dvcmQ6\n",
    '                     user="root", # your username\n',
    'set realname = "DiskStation 418Play"\n'
    "unset use_domain        # because joe@localhost is just embarrassing\n",
    "set smtp_user = $imap_user\nset smtp_pass = $imap_pass\n",
    "$ imapsync --host1 mail.server1.com --user1 'user@my-domain.com' --password1 '12345' --ssl1"
    " --ssl2 --debug --debugimap\n",
    "/usr/bin/imapsync --host1 mail.server1.com --user1 'user@my-domain.com' --password1 MASKED"
    " --ssl1\n",
    "dma: using smarthost (mail.example.com:587)\ndma: SMTP login not available. Trying without.\n",
)

_TEXTS_88 = (
    # dev-container and board prompts whose host names name nobody
    "vscode@devcontainer:/workspaces/connectedhomeip$ source /opt/espressif/esp-idf/export.sh\n",
    "vscode@codespaces-4f2a1b:/workspaces/connectedhomeip$ ls\n",
    "vscode@3f9c2a7d41be:/workspaces/esp-matter$ idf.py build\n",
    "vscode@docker-desktop:/workspaces/connectedhomeip$ ls\n",
    "user@host:~/.platformio/packages/tool-esptool$ ./esptool -v\n",
    "Activating ESP-IDF 5.5\n* Identifying shell ... bash\nDone! You can now compile ESP-IDF"
    " projects.\n",
    # esptool's banners and upload lines with no address
    "esptool.py v4.5.1\nCreating esp32 image...\nMerged 2 ELF sections\n",
    "esptool.py v3.0\nSerial port /dev/ttyACM0\n",
    "esptool v0.4.9 - (c) 2014 Ch. Klippel\n",
    "        setting board to nodemcu\n        setting baudrate from 115200 to 115200\n"
    "        setting port from /dev/ttyUSB0 to /dev/ttyUSB0\n        espcomm_upload_file\n",
    "opening port /dev/ttyUSB0 at 115200\n",
    "Auto-detected UPLOAD_PORT/DISK: /dev/cu.wchusbserial1410\n",
    # public values of the tune part: placeholders, default accounts, no user folder
    "C:\\Users\\Admin\\AppData\\Local\\Arduino15\\package_index.json.tmp: The process cannot access"
    " the file because it is being used by another process.\n",
    "Ψ QMK home: /home/ubuntu/firmware/qmk_firmware\n",
    "⚠ Missing or outdated udev rules for 'atmel-dfu' boards. Run 'sudo cp"
    " /home/ubuntu/firmware/qmk_firmware/util/udev/50-qmk.rules /etc/udev/rules.d/'.\n",
    "2020-06-07 11:45:19,958 - octoprint.printer.standard.job - INFO - Print job done - origin:"
    " local, path: MyPrint.gcode, owner: <User>\n",
    "2020-06-07 11:45:19,901 - octoprint.filemanager.analysis - INFO - Invoking analysis command:"
    " /home/pi/oprint/bin/python2 -m octoprint analysis gcode --speed-x=6000"
    " /home/pi/.octoprint/uploads/MyPrint.gcode\n",
    "c:\\ESP_Temp_Sensor\\.pio\\build\\esp01\\src\\main.cpp.o\n",
    "ESP_Temp_Sensor>pio run -v\n",
    "PS C:\\Espressif\\esp-idf> ./install.ps1\n",
    "PATH=[C:/ST/STM32CubeIDE_1.13.2/STM32CubeIDE//plugins/com.st.stm32cube.ide.jre.win64_3.0.0"
    ".202305091045/jre/bin;C:\\WINDOWS\\system32;C:\\Program Files\\Git\\cmd;C:\\ST"
    "\\STM32CubeIDE_1.13.2\\STM32CubeIDE]\n",
)

_TEXTS_89 = (
    # ModLauncher's argument list and FML's `Setting user:` naming nobody (ForgeGradle's `Dev`,
    # MCP's default offline `Player` and three digits, Prism's emptied arguments)
    "[21:20:04] [main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher running: args"
    " [--username, Dev, --version, MOD_DEV, --gameDir, ., --assetsDir,"
    " C:\\Users\\*\\.gradle\\caches\\forge_gradle\\assets, --assetIndex, 1.19,"
    " --uuid, 00000000000000000000000000000000, --accessToken,"
    " ????????, --userType, mojang]\n",
    "  --username  --version 1.20.1 --gameDir C:/MultiMC/instances/1.20.1/.minecraft --assetIndex 5"
    " --uuid  --accessToken  --userType  --versionType release --launchTarget forgeclient\n",
    "[21:20:04] [main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher"
    " 10.0.8+10.0.8+main.0ef7e830 starting: java version 17.0.3 by Microsoft; OS Windows 10"
    " arch amd64 version 10.0\n",
    "[17:50:13] [Client thread/INFO]: Setting user: Player419\n",
    "[17:50:13] [Client thread/INFO]: (Session ID is token:0:Player419)\n",
    "2012-11-17 23:24:37 [INFO] [STDOUT] Setting user: Player803, \n",
    "2012-11-17 23:24:37 [INFO] [STDOUT] Setting user: Dev\n",
    "2012-11-17 23:24:37 [INFO] [STDOUT] 208 recipes\n",
    # a crash report's entity lists that name no player
    "\tAll players: 0 total; []\n",
    "\tForced entities: 1 total; [class_1531['Armor Stand'/87, l='ClientLevel', x=-380.50,"
    " y=64.00, z=-210.50]]\n",
    "\tEntities: [class_1542['Dirt'/112, l='ClientLevel', x=-385.13, y=64.00, z=-213.88]]\n",
    "\tChunk stats: 121, 25\n\tServer brand: fabric\n"
    "\tServer type: Integrated singleplayer server\n",
    # environment dumps and default accounts that name nobody
    "[umu.__main__:78] DEBUG: LOGNAME=root\n",
    "[umu.__main__:78] DEBUG: LOGNAME=deck\n",
    "[umu.__main__:78] DEBUG: LESSOPEN=| /usr/bin/lesspipe %s\n",
    "[umu.__main__:78] DEBUG: LD_LIBRARY_PATH=/app/net.lutris.Lutris/data/lutris/runtime/steam"
    "/amd64/lib:/usr/lib/extensions/vulkan/gamescope/lib\n",
    "PROTON_LOG_DIR=/var/log/proton LEGENDARY_CONFIG_PATH=/opt/heroic/legendaryConfig/legendary\n",
    '[INFO] [Config]: Loading config: "/home/pi/.config/retroarch/retroarch.cfg".\n',
    '[INFO] [Config]: Loading config: "/home/deck/.config/retroarch/retroarch.cfg".\n',
    "/opt/retropie/emulators/retroarch/bin/retroarch --config"
    " /opt/retropie/configs/mame-libretro/retroarch.cfg\n",
    '[INFO] [Config]: Loading config: "/storage/.config/retroarch/retroarch.cfg".\n',
    # public values of the tune part: placeholders, masks, default accounts, no home
    "C:/Users/[username]/MultiMC/instances/1.17.1/.minecraft\n",
    "  /home/********/.local/share/PrismLauncher/libraries/org/joml/joml/1.10.5/joml-1.10.5.jar\n",
    "Launch Command: STEAM_COMPAT_CLIENT_INSTALL_PATH=/home/deck/.var/app"
    "/com.heroicgameslauncher.hgl/.steam/steam"
    " STEAM_COMPAT_DATA_PATH=/var/run/media/mmcblk0p1/heroic/prefix/AbsoluteDrift\n",
    "[Errno 2] No such file or directory: '/home/USER/.var/app/com.usebottles.bottles/data/bottles"
    "/bottles/Opera-GX__185/bottle.yml'\n",
    "C:\\Users\\yourusername\\AppData\\Roaming\\gdlauncher_next\\instances"
    "\\Your Instance Name\\logs\n",
    "C:\\Users\\USER\\Documents\\Dolphin Emulator\\Load\\Textures\\GAME_ID\n",
    "/home/deck/.var/app/org.DolphinEmu.dolphin-emu/config/dolphin-emu/GameSettings/\n",
    "Minecraft folder is:\nC:/MultiMC/instances/1.18.2/.minecraft\n",
)


_TEXTS_90 = (
    # JupyterHub's own log lines naming no hub user (the hub's routes, a template's placeholder,
    # the documented default ``admin``)
    "[I 2021-02-12 11:28:44.331 JupyterHub service:121] Spawning /usr/bin/python3 -m jupyterhub_idle_culler --timeout=3600\n",
    "[I 2021-02-12 11:28:50.033 JupyterHub log:181] 200 GET /hub/login (@::ffff:127.0.0.1) 3.61ms\n",
    "[I 2018-10-01 16:30:35.300 JupyterHub log:158] 302 GET / -> /hub/ (@128.117.65.36) 0.76ms\n",
    "[I 2018-10-01 16:30:35.201 JupyterHub log:158] 302 GET /hub -> /hub/home (@128.117.65.36) 0.50ms\n",
    "[I 2021-02-12 11:28:49.966 JupyterHub log:181] 302 GET /hub/spawn-pending/{username} -> /hub/login?next=%2Fhub%2Fspawn-pending%2F{username} (@::ffff:127.0.0.1) 2.91ms\n",
    "Spawn failed: Server at http://127.0.0.1:41445/user/admin/ didn't respond in 30 seconds\n",
    "[I 2021-02-12 11:29:00.068 JupyterHub base:757] User logged in: admin\n",
    "[E 2018-10-01 16:30:35.409 JupyterHub base:1001] Preventing implicit spawn for <username> because last spawn failed: Timeout\n",
    "[E 2021-02-12 11:29:00.335 JupyterHub pages:380] Previous spawn for {user} failed: Server at http://127.0.0.1:34769/user/{user}/ didn't respond in 30 seconds\n",
    "Oct 01 16:30:35 acf-jhub python3[1142]: [E 2018-10-01 16:30:35.409 JupyterHub web:1670] Uncaught exception GET /hub/api/users (128.117.65.36)\n",
    "[I 2021-02-12 11:28:44.100 JupyterHub app:2479] JupyterHub is now running at http://:8000\n",
    "[I 2021-02-12 11:28:44.120 JupyterHub proxy:347] Adding route for Hub: / => http://127.0.0.1:8081\n",
    # RStudio's process tags naming no person (the server, the desktop, default and service
    # accounts, a placeholder)
    "04 Sep 2020 12:28:52 [rserver] ERROR Parent terminated; LOGGED FROM: void {anonymous}::detectParentTermination() src/cpp/session/SessionMain.cpp:1371\n",
    "08 May 2019 23:04:02 [rdesktop] ERROR system error 232 (The pipe is being closed)\n",
    "03 Sep 2019 00:33:12 [rsession-rstudio] ERROR session hadabend; LOGGED FROM: rstudio::core::Error {anonymous}::rInit(const rstudio::r::session::RInitInfo&) src/cpp/session/SessionMain.cpp:563\n",
    "2024-10-04T13:17:10.089655Z [rsession-root] ERROR The previous R session terminated abnormally; LOGGED FROM: src/cpp/session/SessionMain.cpp:725\n",
    "2024-10-04T13:17:10.089655Z [rsession-jovyan] ERROR The previous R session terminated abnormally\n",
    "[rsession-<username>] ERROR session hadabend\n",
    # a poster's masked or placeholder home, kept by 1.41.0 (``userX`` itself is not: the damage)
    '  File "/home/USER/.anaconda3/lib/python3.7/site-packages/qtconsole/comms.py", line 177, in comm_msg\n',
    '  File "/home/<user>/.anaconda3/lib/python3.7/site-packages/qtconsole/comms.py", line 265, in handle_msg\n',
    '  File "/home/username/.anaconda3/lib/python3.7/site-packages/spyder_kernels/comms/commbase.py", line 331, in _comm_message\n',
    '  File "/home/XXXX/.anaconda3/lib/python3.7/site-packages/qtconsole/comms.py", line 177, in comm_msg\n',
    '  File "C:\\Users\\xxxxx\\anaconda3\\lib\\site-packages\\qtconsole\\comms.py", line 177, in comm_msg\n',
)

_TEXTS_91 = (
    # FTP transcripts' `USER` command naming nobody: the anonymous login, masks, placeholders
    "Command:\tUSER anonymous\n",
    "Command:  USER ***\nStatus:   Waiting for response to: USER ***\n",
    "Response: 331 Password required for *** [<1ms]\n",
    "22/04/2023 15:12:44 [ftp.example.com - 0] USER anonymous\n",
    "22/04/2023 15:12:44 [ftp.example.com - 0] 331 password required\n",
    "22/04/2023 15:12:44 [ftp.example.com - 0] PASS **********\n",
    "Run> command sent: USER USERNAME\n",
    # proftpd's debug dispatch and ExtendedLog naming nobody (the `ftp` account, a `-` field)
    "2022-09-02 20:43:20,540 ubuntu-VirtualBox proftpd[2789] ubuntu-VirtualBox"
    " (192.168.29.101[192.168.29.101]): dispatching CMD command 'USER ftp' to mod_auth\n",
    "2022-09-02 20:43:20,541 ubuntu-VirtualBox proftpd[2789] ubuntu-VirtualBox"
    " (192.168.29.101[192.168.29.101]): dispatching PRE_CMD command 'PASS (hidden)' to mod_delay\n",
    '127.0.0.1 [06/Mar/2023:11:33:50 -0500] ZAYV7qwZ115/AAABACVpEfri - "USER anonymous" 331 -\n',
    '127.0.0.1 [06/Mar/2023:11:34:59 -0500] ZAYWM6wZ115/AAABACVpFw5H - "KEXINIT" - -\n',
    '127.0.0.1 [06/Mar/2023:11:34:59 -0500] ZAYWM6wZ115/AAABACVpFw5H - "USERAUTH_REQUEST root none" - -\n',
    # vsftpd's log naming nobody
    'Fri Dec 14 09:38:35 2018 [pid 16242] CONNECT: Client "X.X.X.X"\n',
    'Fri Dec 14 09:38:37 2018 [pid 16248] [ftp] OK LOGIN: Client "X.X.X.X", anon password "?"\n',
    # a BSD ftp client's login naming nobody
    "Name (10.0.2.2:ftp): anonymous\n",
    "331 User name okay, need password.\n230 User logged in, proceed.\n",
    "230 Login successful.\nRemote system type is UNIX.\n",
    # WinSCP's session log header naming nobody
    ". 2023-10-23 14:17:54.343 Local account: DESKTOP-4F2K9QJ\\Administrator\n",
    ". 2023-10-23 14:17:54.343 Session name: xxx\n",
    ". 2023-10-23 14:17:54.343 User name: xxx (Password: xxx, Key file: No, Passphrase: No)\n",
    '! 2023-05-11 16:16:15.347 Using username "UserXY".\n',
    '! 2023-05-11 16:16:15.347 Using username "root".\n',
    # SSHFS-Win's `\\sshfs\<login>@<host>` UNC specs are not here: 1.41.0 rewrites every one whole
    # (`\\fileserver\share1`), so none that names nobody stays (SOURCE.md, "The stop-91 collection")
    # a URL's placeholder password (the damage class, `ftp://myUsername:myPassword@…`) is not
    # here: 1.41.0 replaces it; a URL with no userinfo stays
    "curlftpfs ftp://ftp.example.com ~/ftp-MyFolder\n",
)

_TEXTS_92 = (
    # Nextcloud's WebDAV and OCS paths naming nobody: placeholders, the default `admin`, the
    # client's own job names (the shape of the missed `/remote.php/dav/files/<u>/` and
    # `/dav/avatars/<u>/128.png`)
    "Sync finished for folder [/home/user/Nextcloud] of account [admin@cloud.example.com] with"
    " remote [https://cloud.example.com/remote.php/dav/files/admin/]\n",
    "https://cloud.example.com/remote.php/dav/files/USERNAME/\n",
    "https://cloud.example.com/remote.php/dav/files/{user}/Documents\n",
    '"https://192.168.1.7/nextcloud/remote.php/dav/avatars/admin/128.png" has X-Request-ID'
    ' "589204a6-f81e-48f9-8c82-7c0421dca482"\n',
    'OCC::JsonApiJob created for "https://cloud.example.com" + "ocs/v1.php/cloud/user"'
    ' "OCC::UserInfo"\n',
    # nextcloud.log's JSON line with no user (`"user":"--"`, a background job): the shape of the
    # missed `"user":"<u>"`
    '{"reqId":"aB3dEfGhIjKlMnOpQrSt","level":2,"time":"2020-09-24T19:53:08+00:00","remoteAddr":"",'
    '"user":"--","app":"cron","method":"","url":"--","message":"Finished background job"}\n',
    # folders under a mount root that are no home (the shape of the missed
    # `/mnt/data/homes/<u>/Cloud/One Drive`)
    "ERROR : Local file system at /mnt/data/media/Cloud/One Drive: not deleting directories as"
    " there were IO errors\n",
    "ERROR : Local file system at /mnt/data/backups/onedrive: not deleting files as there were IO"
    " errors\n",
    "rclone sync /mnt/data/shared/Photos onedrive:Photos -vv\n",
    # restic's sftp repositories and rclone's `config create` with placeholders (the shapes of
    # the damaged `sftp:admin@…`, `sftp:rsync@…` and copyparty's example passwords)
    'export RESTIC_REPOSITORY="sftp:user@host:/srv/restic-repo"\n',
    'export RESTIC_PASSWORD="***************"\n',
    "Fatal: unable to open repository at sftp:user@host.example.com:/srv/restic-repo: unable to"
    " start the sftp session\n",
    "rclone config create mydav webdav url=https://example.com vendor=nextcloud user=USER"
    " pass=PASSWORD\n",
    "rclone config create mydav webdav url=https://example.com vendor=owncloud user=me"
    " pass=mypassword\n",
    "rclone config create mydav webdav url=https://example.com vendor=owncloud pass=changeme\n",
    "rclone mount --vfs-cache-mode writes --dir-cache-time 5s mydav: W:\n",
)

_TEXTS_93 = (
    # MySQL's and MariaDB's refusal and mysqli_connect's user argument naming nobody: defaults,
    # role, app and placeholder accounts (the shape of the missed
    # `mysqli_sql_exception: Access denied for user '<u>'@'localhost'` and
    # `mysqli_connect('localhost', '<u>', …)`)
    "Fatal error: Uncaught mysqli_sql_exception: Access denied for user 'root'@'localhost' (using password: YES) in C:\\xampp\\htdocs\\SHOP\\index.php:7 Stack trace: #0 C:\\xampp\\htdocs\\SHOP\\index.php(7): mysqli_connect('localhost', 'root', Object(SensitiveParameterValue), 'shop_db') #1 {main} thrown in C:\\xampp\\htdocs\\SHOP\\index.php on line 7\n",
    "Fatal error: Uncaught mysqli_sql_exception: Access denied for user 'username'@'localhost' (using password: YES) in /var/www/html/db.php:4\n",
    "Fatal error: Uncaught mysqli_sql_exception: Access denied for user 'admin'@'localhost' (using password: NO) in /var/www/html/db.php:4\n",
    "Fatal error: Uncaught mysqli_sql_exception: Access denied for user 'root'@'127.0.0.1' (using password: NO) in /var/www/html/index.php:5 Stack trace: #0 /var/www/html/index.php(5): mysqli_connect('127.0.0.1', 'root', '', 'demo') #1 {main}\n",
    "Warning: mysqli_connect(): (HY000/1045): Access denied for user 'wordpress'@'localhost' (using password: YES) in /var/www/html/wp-includes/class-wpdb.php on line 1987\n",
    "mysqli_real_connect(): (HY000/1045): Access denied for user 'pma'@'localhost' (using password: YES)\n",
    "SQLSTATE[HY000] [1045] Access denied for user 'forge'@'localhost' (using password: NO)\n",
    "'message' => 'SQLSTATE[HY000] [1045] Access denied for user 'database username'@'localhost' (using password: YES)',\n",
    "mysqli_connect('localhost', 'root', '', 'test')\n",
    "mysqli_connect('127.0.0.1', 'db_user', Object(SensitiveParameterValue), 'app')\n",
    # a shared host's document root `/www/htdocs/` with no account, a masked one, a site folder
    # and a domain naming nobody (the shape of the missed `/www/htdocs/<account>/` and
    # `www.<first-last>.de`)
    "Warning: is_readable(): open_basedir restriction in effect. File(/etc/unmark/environment.php) is not within the allowed path(s): (/www/htdocs/:/tmp:/usr/bin:/bin:/usr/local/bin:/usr/share/php:/dev/urandom) in /www/htdocs/www.example.de/unmark/index.php on line 43\n",
    "Warning: include(/www/htdocs/wp-config.php): failed to open stream in /www/htdocs/index.php on line 17\n",
    "DocumentRoot /www/htdocs/example.com\n",
    "(/www/htdocs/xxxxxxxx/:/tmp:/usr/bin:/www/htdocs/xxxxxxxx:/bin) in /www/htdocs/xxxxxxxx/www.xxxxxxxx.de/unmark/index.php on line 43\n",
    "in /www/htdocs/html/www.green-garden.de/unmark/index.php on line 43\n",
    # a web stack's folders under /home that are no one's home (kept; LNMP's `/home/wwwroot/`,
    # the damage, is replaced by 1.44.0 and so not here)
    "/home/www/public_html/index.php\n",
    "/var/www/html/index.php\n",
)


_TEXTS_94 = (
    # a scheduler's user column and fields holding a role or service account or a placeholder
    # (the shape of the missed `squeue` USER column, `squeue -u <First.Last>`, a `set -x` trace
    # echoing the column, scontrol's `UserId=<u>(<uid>)`, rc-squeue's `[default: <u>]`)
    "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
    "                17   default    ok.sh     root PD       0:00      1 (None)\n",
    "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
    "           1872107         skx run_01_u    slurm PD       0:00      1 (Priority)\n",
    'squeue -u $USER --noheader -o "%.18i %T %.10M %.35j"\n',
    "++ squeue -u ${USER} -j 135087666\n",
    "+ status=RUNNING\n",
    "rt_utils.sh: *** WARNING ***: Job status unsupported: COMPLETING\n",
    "   UserId=root(0) GroupId=root(0) MCS_label=N/A\n",
    "   UserId=slurm(64030) GroupId=slurm(64030) MCS_label=N/A\n",
    "                        [default: None] (default: None)\n",
    "  -u USER, --user USER  Get data for the specified user. [default: $USER]\n",
    # PBS's Job_Owner as a role account at a server (the shape of the missed `Job_Owner`
    # `<u>@<host>`, read as an e-mail) and its paths naming nobody
    "    Job_Owner = root@pbs-server\n",
    "    Job_Owner = pbsadmin@headnode\n",
    "<Job_Owner>root@master.cluster</Job_Owner><job_state>R</job_state>\n",
    "    Error_Path = headnode:/home/username/job.e0\n",
    "<Error_Path>headnode:/raid6/shared/science/yep.e39352</Error_Path>\n",
    # cluster shares whose segment is a variable, a project, a role account or a placeholder (the
    # shape of the missed `/scratch/<u>/`, `//login3/scratch/<project>/<u>/`,
    # `/gpfs/…/noscrub/<First.Last>/`, `/gpfs/…/ptmp/<u>/`, `/raid6/homes/<u>/`,
    # `/om/scratch/Fri/<u>/`, `/orange/<group>/<first.last>/`, `/home/<dept>/<group>/<u>/`)
    "   Command=/scratch/$USER/front-dynamics/Run/job.slurm\n",
    "   WorkDir=/scratch/project_2001234/run\n",
    "//login3/scratch/05861/$USER/MiamiSenAT48/DEM[1047] showstatus\n",
    "+ . /gpfs/dell2/emc/modeling/noscrub/$USER/fv3gfs/global-workflow/ush/load_fv3gfs_modules.sh\n",
    "/gpfs/dell1/ptmp/emc.glopara/ROTDIRS/v16\n",
    "/gpfs/dell2/usrx/local/nceplibs/dev/hpc-stack/libs/hpc-stack/modulefiles/mpi/ips/18.0.1.163"
    "/impi/18.0.1/upp/10.0.8.lua\n",
    "singularity exec -c -B /tmp -H /om/scratch/Fri/shared/bids image ls\n",
    "+ cd /orange/group/username/bberry/14-nextdenovo/01_rundir\n",
    "/home/user/work/CANU/canu-1.7/Linux-amd64/bin/canu -pacbio-raw reads.fastq genomeSize=1.4g\n",
    # a bracketed prompt after a quote and Open MPI's `[<host>:<pid>]` prefix, on a node named
    # by number (the shape of the missed `'[<u>@<u>1700 ~]$` and `[<u>1700:<pid>]`)
    "'[root@node1700 ~]$ mpirun -np 16 --hostfile ~/Host2 ./a.out\n",
    "[node1700:01167] mca: base: components_register: registering framework plm components\n",
    "[user@host ~]$ mpirun -np 4 hostname\n",
)
_TEXTS_95 = (
    # Subversion's own committer fields naming nobody: the Subversion book's example users, a
    # service account, `(no author)` (the shapes of the missed `r<n> | <login> | <date> | 1 line`,
    # `Last Changed Author: <login>` and `<author><login></author>`)
    "r1 | (no author) | 2008-02-11 14:02:17 +0000 (Mon, 11 Feb 2008) | 1 line\n",
    "r40 | sally | 2008-05-15 11:57:39 +0100 (Thu, 15 May 2008) | 2 lines\n",
    "r12 | root | 2015-05-15 11:57:39 +0100 (Fri, 15 May 2015) | 1 line\n",
    "r7 | jenkins | 2019-01-02 10:00:00 +0000 (Wed, 02 Jan 2019) | 1 line\n",
    "Last Changed Author: harry\n",
    "Last Changed Author: username\n",
    "Last Changed Author: (no author)\n",
    "<author>harry</author>\n",
    "<author>(no author)</author>\n",
    "<author>svnsync</author>\n",
    # Mercurial's `user:` field and an oh-my-zsh two-line prompt naming nobody (the shapes of the
    # missed `user: '<login>'` and `╭─<u>@<u>-mac ~/tmp ‹2.5.3›`), a public Bitbucket owner
    "user:        'test'\n",
    "user:        Your Name <you@example.com>\n",
    "user:        convert-repo\n",
    "╭─root@localhost ~ ‹system›\n",
    "╭─user@user-mac ~/tmp ‹ruby-2.5.3›\n",
    "╰─➤  hg log -f --pager=never\n",
    "hg clone https://bitbucket.org/atlassian/python-bitbucket/src tmp_hg\n",
    # GnuPG user ids and `-bsau` arguments naming nobody (the shape of the missed display name
    # before its address, `uid [ unknown] <First Last> <addr>`, `-bsau '<First Last> <addr>'`)
    "uid           [ unknown] ____ <_____>\n",
    "uid           [ultimate] Your Name <you@example.com>\n",
    "uid                          Hubot <hubot@example.com>\n",
    "trace: run_command: gpg --status-fd=2 -bsau 'Test User <test@example.com>'\n",
    "trace: run_command: gpg --status-fd=2 -bsau 3AA5C34371567BD2\n",
    # Azure DevOps accounts and repository folders naming nobody: Microsoft's documented example
    # organisations (the shape of the missed `https://<account>.visualstudio.com/_git/<account>-…`
    # and `c:\Users\<u>\<account>-website`, an account named after the owner's login)
    "detecting authority type for 'https://contoso.visualstudio.com/_git/contoso-website'.\n",
    "detecting authority type for 'https://fabrikam.visualstudio.com/DefaultCollection/_git/fabrikam-fiber'.\n",
    "git local config found at 'C:\\Users\\<user>\\source\\repos\\contoso-website\\.git\\config'.\n",
    # an ssh target's default account and placeholder Windows logins that stay (the shapes of the
    # damaged `syslocal@securenet-rtr` and `C:\Users\some_user\…`, `<some_user@mail.org>`)
    "BELC02XK7PQH3RM:~ user$ ssh -vvvv admin@router\n",
    "ssh -vvvv admin@192.168.1.1\n",
    "): C:\\Users\\username\\AppData\\Local\\Programs\\gnupg\\bin\\gpg.exe -bsau <user@example.com> --batch\n",
    "C:\\Users\\your_user\\AppData\\Local\\Programs\\gnupg\\bin\\gpg.exe\n",
)


_TEXTS_96 = (
    # OpenPGP user ids that name nobody: placeholders, a masked uid, a service's signing key (the
    # shapes of the missed `uid [ultimate] First Last <e-mail>`, `[ultimate] (1). First Last
    # <e-mail>`, gopass's `[0] 0x<keyid> - First Last <e-mail>` and the quoted uid after
    # `gpg: encrypted with … key`)
    "uid                  John Doe <john.doe@example.com>\n",
    "uid                  Test Key <test@example.com>\n",
    "uid           [ultimate] ... <...@gmail.com>\n",
    "uid           [ultimate] [redacted] <[redacted]>\n",
    "uid           [ unknown] GitHub (web-flow commit signing) <noreply@github.com>\n",
    "[ultimate] (1). John Doe <john.doe@example.com>\n",
    "[0] 0x5A2F90C3C51E07B9 - Test User <test@example.com>\n",
    "[0] 0x5A2F90C3C51E07B9 - John Doe <john.doe@example.com>\n",
    "gpg: encrypted with rsa4096 key, ID 0x3B7E19C4A2D05F68, created 2018-05-22\n"
    '      "John Doe <john.doe@example.com>"\n',
    "gpg: encrypted with 4096-bit RSA key, ID 9D41B7A3E0C2F586, created 2018-12-11\n"
    '      "[redacted]"\n',
    "gpg: encrypted with RSA key, ID 9D41B7A3E0C2F586\n",
    # GitHub Desktop's keyring account lines naming nobody (the shape of the missed `adding
    # account <Login> (<Login>) to store` and `Error adding account '<Login>'`)
    "2023-01-11T14:40:53.110Z - info: [ui] [AppStore] adding account USERNAME (USERNAME) to store\n",
    "2023-01-11T14:40:53.120Z - error: [ui] Error adding account '<username>'\n",
    "2023-01-11T14:40:53.110Z - info: [ui] [AppStore] adding account ghost (ghost) to store\n",
    "2023-01-11T14:40:53.110Z - info: [ui] [AppStore] loading 0 accounts from store\n",
    "2023-01-11T14:40:53.120Z - error: [ui] Error adding account 'github.com'\n",
    # bracketed Red Hat prompts with default and placeholder logins, also indented as a Markdown
    # code block (the shape of the missed `    [<u>@<host> ~]$ curl …`)
    "[root@localhost ~]# vault status\n",
    "[vagrant@centos7 ~]$ vault login\n",
    '[ec2-user@ip-10-0-0-12 ~]$ curl -H "X-Vault-Token: $VAULT_TOKEN" https://127.0.0.1:8200/v1/sys/health\n',
    '    [root@stg-mcontrol1 ~]$ curl --tlsv1.2 -X GET -H "X-Vault-Token: $VAULT_TOKEN" https://stg-mcontrol1:8200/v1/auth/token/lookup/REDACTED_TOKEN\n',
    "    [user@host ~]$ vault token lookup\n",
    "[user@host ~]$ vault token lookup\n",
    # Vault's token tables and logins with the dev server's `root`, masks and placeholders (the
    # shape of the missed UUID token after `vault login` and in the `token` row); an accessor is
    # no credential
    "$ vault login root\n",
    "$vault login s.XXXXXXXXXXXXXXXXXXXXXXXX\n",
    "Key                Value\n---                -----\ntoken              root\ntoken_accessor     n/a\ntoken_policies     [root]\n",
    "token              ************************************\n",
    "token              00000000-0000-0000-0000-000000000000\n",
    "token              <token>\n",
    "token_accessor     7e19b4c0-44d2-a8f3-0c6b-d35a91e2f7b8\n",
    "Success! You are now authenticated. The token information displayed below\nis already stored in the token helper.\n",
    "Error: open /root/.vault-token: permission denied\n",
    "Error storing token: write /home/user/.vault-token: read-only file system\n",
    # `bw status` with placeholder and empty accounts (the shape of the missed `"userEmail":
    # "<handle>@example.org"`)
    '  "userEmail": "user@example.org",\n',
    '  "userEmail": "you@example.com",\n',
    '  "userEmail": "email@gmail.com",\n',
    '  "userEmail": null,\n',
    '{"serverUrl":"https://bitwarden.example.org","lastSync":"","userEmail":"","userId":"","status":"unauthenticated"}\n',
)

_TEXTS_97 = (
    # Windows folders of role, default and placeholder accounts in a JVM's properties, written out
    # in full (the shape of the damaged 8.3 short name `C:\Users\ADMINI~1\AppData\Local\Temp\` in
    # `java -XshowSettings:properties`; the short names themselves are changed by 1.48.0, so not
    # here)
    "    java.io.tmpdir = C:\\Users\\Administrator\\AppData\\Local\\Temp\\\n",
    "    java.io.tmpdir = C:\\Users\\Public\\AppData\\Local\\Temp\\\n",
    "    java.io.tmpdir = C:\\Users\\user\\AppData\\Local\\Temp\\\n",
    "    java.io.tmpdir = C:\\Windows\\ServiceProfiles\\LocalService\\AppData\\Local\\Temp\\\n",
    "    java.io.tmpdir = C:\\WINDOWS\\TEMP\\\n",
    "    java.io.tmpdir = /var/folders/xx/xxxxxxxxxxxxxxxxxxxxxxxxxxxx/T/\n",
    "    user.home = C:\\Users\\Administrator\n",
    "    user.name = Administrator\n",
    "    user.home = C:\\Users\\user\n",
    "    user.name = user\n",
    "    user.home = /root\n",
    "    user.home = ?\n    user.name = ?\n",
    "        C:\\Users\\Administrator\\AppData\\Local\\fnm_multishells\\16436_1779674376769\n",
    "java.io.tmpdir=C:\\Users\\test\\AppData\\Local\\Temp\\\n",
    "user.home=C:\\Users\\test\n",
    "[DEBUG] Reading user settings from ?/.m2/settings.xml\n",
    # placeholder and build-tree homes in a JDK's own metadata (the shape of the damaged
    # `/home/auser/…` in `jcmd`'s example output; `auser` and `anyuser` are changed by 1.48.0, so
    # not here)
    '  "java.home" : "/home/user/src/git/jdk/open/build/linux-x86_64-server-release/jdk",\n',
    '  "java.home" : "/home/username/src/git/jdk/open/build/linux-x86_64-server-release/jdk",\n',
    '  "java.home" : "/home/someuser/src/git/jdk/open/build/linux-x86_64-server-release/jdk",\n',
    '  "java.home" : "/home/myuser/src/git/jdk/open/build/linux-x86_64-server-release/jdk",\n',
    '  "java.home" : "/home/<user>/src/git/jdk/open/build/linux-x86_64-server-release/jdk",\n',
    '  "java.home" : "/usr/lib/jvm/java-21-openjdk-amd64",\n',
    '  "jvm.args" : [ "-Dapplication.home=/usr/lib/jvm/java-21-openjdk-amd64", "-Xms8m", "-Djdk.module.main=jdk.jshell" ],\n',
    '  "jvm.args" : [ "-Dapplication.home=/home/user/jdk", "-Xms8m" ],\n',
    # the other placeholder, role and OEM homes the tune part kept, as the tools print them
    "CATALINA_BASE:         /home/user1/tomcat_vscode\n",
    "01-Mar-2022 10:29:08.679 INFO [main] org.apache.catalina.startup.VersionLoggerListener.log CATALINA_BASE:         /opt/tomcat\n",
    "daemonRegistryDir=C:\\Users\\Jenkins\\.gradle\\daemon,pid=136056\n",
    "daemonRegistryDir=C:\\Users\\user\\.gradle\\daemon,pid=15728\n",
    "daemonRegistryDir=/root/.gradle/daemon,pid=879\n",
    "user global configuration and to define the default location to store repositories: 'C:\\Users\\acer'. If this is\n",
    "user global configuration and to define the default location to store repositories: 'C:\\Users\\Administrator'. If this is\n",
    "user global configuration and to define the default location to store repositories: 'C:\\Users\\user'. If this is\n",
    "Starting StartupInfoLoggerTests using Java 17 on localhost with PID 4242 (started by root in /app)\n",
    "Starting DemoApplication using Java 17.0.2 with PID 1 (/app/classes started by root in /)\n",
    "Starting DemoApplication using Java 17.0.2 with PID 1 (/workspace/app.jar started by cnb in /workspace)\n",
    "Starting DemoApplication using Java 17.0.2 with PID 7 (/home/user/app/target/classes started by user in /home/user/app)\n",
)


_TEXTS_100 = (
    # Chef's knife.rb that names nobody: role and documented accounts, client.rb's node (a host),
    # placeholders (the shapes of the missed `node_name '<u>'` and `client_key '/Users/<u>/.chef/<u>.pem'`)
    "node_name 'admin'\n",
    "node_name 'web01.example.com'\n",
    "node_name 'chef-validator'\n",
    "client_key '/etc/chef/client.pem'\n",
    "client_key '/root/.chef/admin.pem'\n",
    "client_key '/home/vagrant/.chef/vagrant.pem'\n",
    "validation_key '/etc/chef/validation.pem'\n",
    "validation_client_name 'chef-validator'\n",
    "node_name 'USERNAME'\nclient_key '~/.chef/USERNAME.pem'\n",
    "node_name 'pivotal'\nclient_key '/etc/opscode/pivotal.pem'\n",
    # Chef's UserIDNotFound naming service accounts, a test login, root and a placeholder (the
    # shape of the missed `cannot determine user id for '<u>'`)
    "cannot determine user id for 'yarn', does the user exist on this system?\n",
    "cannot determine user id for 'test', does the user exist on this system?\n",
    "cannot determine user id for 'nginx', does the user exist on this system?\n",
    "cannot determine user id for 'root', does the user exist on this system?\n",
    "cannot determine user id for 'USERNAME', does the user exist on this system?\n",
    "cannot determine group id for 'hdfs', does the group exist on this system?\n",
    "Chef::Exceptions::UserIDNotFound\n",
    "    * user[foo] action remove (up to date)\n",
    "    * directory[/Users/test/.ssh] action create\n",
    # Puppet's managed service accounts (the shape of the damaged `User[puppetboard]` and
    # `useradd -r puppetboard … /home/puppetboard`): each line alone stays at 1.48.0
    "Error: /Stage[main]/Prometheus::Install/User[prometheus]/ensure: change from absent to present failed\n",
    "Notice: /Stage[main]/Consul::Install/User[consul]/ensure: created\n",
    "Error: /Stage[main]/Puppetboard/User[puppetboard]/ensure: change from absent to present failed\n",
    "Error: /Stage[main]/Main/User[jenkins]/ensure: change from absent to present failed: Could not create user jenkins\n",
    "Error: Could not create user jenkins: Execution of '/usr/sbin/useradd -m -r jenkins' returned 12: useradd: cannot create directory /home/jenkins\n",
    "/usr/sbin/useradd -g puppetboard -s /bin/bash -m -r puppetboard\n",
    "puppetboard::apache::vhost::port: '80'\n",
    "May 04 09:49:01 prometheus CROND[8958]: (CRON) ERROR chdir failed (/home/prometheus): No such file or directory\n",
    "2025-04-21 09:44:52 +0900 Puppet (info): Applying configuration version '1745166682'\n",
    # the file system's lost+found outside /home (the shape of the damaged `/home/lost+found`)
    "drwx------  2 root root 16384 Jan  1 00:00 lost+found\n",
    "/mnt/data/lost+found\n",
    "9.2G    /home/gitlab-runner\n",
    "1.9G    /home/gitlab-runner/builds\n",
    "(base) gitlab-runner@ bscesjenkins01:~> du -hsc ./*\n",
    "root@ bscesjenkins01:~> sudo du -hsc /home/*\n",
    # a token field that is masked, empty or redacted (the shape of the damaged masked JWT)
    '{"level":"trace","token":"...","message":"Token refreshed"}\n',
    '{"level":"trace","token":"<redacted>","message":"Token refreshed"}\n',
    '{"level":"trace","token":"***","message":"Token refreshed"}\n',
    '{"level":"trace","token":"eyJ...","message":"Token refreshed"}\n',
    '{"level":"trace","token":"","message":"Token refreshed"}\n',
    # found in the tune part; their public neighbours stay
    "ci-info no authorized ssh keys fingerprints found for user ubuntu\n",
    "ci-info no authorized ssh keys fingerprints found for user ...\n",
    "Writing to /home/ubuntu/.ssh/authorized_keys - wb: [600] 0 bytes\n",
    "   lock-passwd: true\n",
    '  File "/Users/user/dev-virtualenv/lib/python2.7/site-packages/fabric/main.py", line 760, in main\n',
    "[hostname] out: Reading package lists...\n",
    "Disconnecting from hostname... done.\n",
    '  --registration-token "$REGISTRATION_TOKEN" \\\n',
    '  --registration-token "<registration-token>" \\\n',
    "  INFO [c12cb3b1] Running /usr/bin/env ln -s /var/www/myapp/shared/public/assets /var/www/myapp/releases/20181127052321/public/assets as root@192.168.2.100\n",
    "[root@DP-CHEFDK01 chef]# knife client list\n",
    "        Name: modcronfoo\n",
)


_TEXTS_98 = (
    # utmpdump rows whose user column names nobody: pseudo-users of run-level, boot and login
    # records, an emptied dead-process record, `root`, a placeholder and a mask (the shape of the
    # missed USER_PROCESS row `[7] [<pid>] [<id>] [<u>    ] [<line>] …`)
    "[2] [00000] [~~  ] [reboot  ] [~           ] [6.1.0-10-amd64      ] [0.0.0.0        ] [2023-07-30T14:48:36,029177+00:00]\n",
    "[1] [00053] [~~  ] [runlevel] [~           ] [6.1.0-10-amd64      ] [0.0.0.0        ] [2023-07-30T14:49:59,221732+00:00]\n",
    "[1] [00000] [~~  ] [shutdown] [~           ] [6.1.0-10-amd64      ] [0.0.0.0        ] [2023-07-30T14:43:16,813650+00:00]\n",
    "[6] [00704] [1   ] [LOGIN   ] [tty1        ] [                    ] [0.0.0.0        ] [2023-05-23T07:37:18,000000+00:00]\n",
    "[8] [20804] [    ] [        ] [pts/1       ] [                    ] [0.0.0.0        ] [2023-08-03T06:02:41,101386+00:00]\n",
    "[7] [01187] [tty1] [root    ] [tty1        ] [                    ] [0.0.0.0        ] [2023-08-03T05:35:14,613911+00:00]\n",
    "[7] [02266] [    ] [user    ] [:0          ] [:0                  ] [0.0.0.0        ] [2023-07-30T14:50:06,828157+00:00]\n",
    "[7] [20804] [ts/1] [XXX     ] [pts/1       ] [XXX] [XXX] [2023-08-03T05:35:14,613911+00:00]\n",
    # lpstat -l -o job rows whose owner column names nobody (the shape of the missed
    # `<queue>-<job>  <u>  <size>  <date>`)
    "laser-58                root              1024   Tue Jun  3 12:32:23 2008\n",
    "XV5A-234940             anonymous         2048   Tue Jun  3 12:32:23 2008\n        Alerts: job-printing\n        queued for XV5A\n",
    "someprinter-29          user              4096   Tue 13 Jul 2010 01:53:25 PM CEST\n    Alerts: none\n    queued for someprinter\n",
    # CUPS error_log user fields naming nobody (the shapes of the missed `requesting-user-name =
    # '<u>'`, `requesting-user-name="<u>"` and `Job <n> queued on '<printer>' by '<u>'.`)
    "D [07/May/2003:13:10:52 +0800] check_quotas: requesting-user-name = 'root'\n",
    "D [07/May/2003:13:10:52 +0800] print_job: requesting-user-name = 'root'\n",
    "I [07/May/2003:13:10:52 +0800] Job 1 queued on 'laser' by 'root'.\n",
    'D [24/Sep/2015:11:32:21 -0300] add_job: requesting-user-name="anonymous"\n',
    'D [24/Sep/2015:11:32:21 -0300] add_job: requesting-user-name="root"\n',
    'I [24/Apr/2016:19:57:19 +0200] [Job 39] Queued on "lpd" by "root".\n',
    'I [24/Apr/2016:19:57:19 +0200] [Job 39] File of type text/plain queued by "root".\n',
    # pactl info with system, system-wide and placeholder users (the shape of the missed `User
    # Name: <u>`), and its other fields
    "User Name: root\nHost Name: localhost\nServer Name: pulseaudio\n",
    "User Name: pulse\n",
    "User Name: user\nHost Name: host\n",
    "User Name: pi\nHost Name: raspberrypi\n",
    "Server String: unix:/run/user/1000/pulse/native\nLibrary Protocol Version: 35\nServer Name: PulseAudio (on PipeWire 0.3.40)\nServer Version: 15.0.0\n",
    # a test account's passwd line, id and home (the shape of the damaged `newuser`, `vncuser1`,
    # learned from `/home/<u>/` and replaced everywhere), kept by 1.48.0 for `testuser`
    "testuser:x:1001:1001::/home/testuser:/bin/bash\n",
    "uid=1001(testuser) gid=1001(testuser) groups=1001(testuser)\n",
    "/usr/bin/Xvnc :1 -auth /home/testuser/.Xauthority -desktop rhel-8-4:1 (testuser)\n",
    "uid=0(root) gid=0(root) groups=0(root)\n",
    # ps rows of service accounts that stay (the shape of the damaged `tlog` row, whose account is
    # learned and replaced inside `-tlog-rec-session`), and the program's own path
    "USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\nroot      8947  0.0  0.2  26712  5224 pts/0    Ss   17:57   0:00 -bash\npolkitd   9357  0.0  0.4 121780  7488 ?        Ssl  18:08   0:00 /usr/lib/polkit-1/polkitd --no-debug\n",
    "USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\navahi      496  0.0  0.0  13988  4832 ?        Ss   09:12   0:05 avahi-daemon: running [host.local]\ndbus       497  0.0  0.0  16324  7428 ?        Ss   09:12   0:08 /usr/bin/dbus-daemon --system\n",
    "/usr/bin/tlog-rec-session\n",
    # a GNOME Shell extension's uuid inside its folder, which stays (the shape of the damaged
    # `JS ERROR: Extension <name>@<author>.gmail.com:`, read as an e-mail outside the path)
    "Dec 01 14:02:10 host gnome-shell[11570]: [System monitor] applet init from /home/user/.local/share/gnome-shell/extensions/system-monitor-next@paradoxxx.zero.gmail.com\n",
    "/usr/share/gnome-shell/extensions/dash-to-dock@micxgx.gmail.com/extension.js:42:21\n",
)


_TEXTS_99 = (
    # IRC registration, capability and SASL numerics that name nobody: placeholders, a target `*`,
    # a bot's own documented nick, a guest nick (the shape of the missed `NICK <nick>`, `USER <u> <u>
    # <server> :<u>`, `433 * <nick>`, `904 <nick> :SASL authentication failed`, `CAP <nick> ACK`)
    "1433026617.23\tCAP LS\n1433026617.23\tNICK nick\n1433026617.23\tUSER user 0 * :realname\n",
    "1433026617.23\tNICK <nick>\n1433026617.23\tUSER <user> 0 * :<realname>\n",
    "1433026617.23\tNICK jenni\n1433026617.23\tUSER jenni +iw jenni :jenni, https://github.com/myano/jenni\n",
    "1433026627.27\t:orwell.freenode.net 904 * :SASL authentication failed\n",
    "1433026627.27\t:orwell.freenode.net 904 YourNick :SASL authentication failed\n",
    "1433026626.43\t:orwell.freenode.net CAP * ACK :multi-prefix sasl \n",
    "1433026627.27\t:orwell.freenode.net 904 nick :SASL authentication failed\n",
    "1433026632.26\t:orwell.freenode.net 906 Guest51234 :SASL authentication aborted\n",
    "1433026626.68\tAUTHENTICATE +\n",
    "1433026627.27\tCAP END\n",
    # a client window's welcome line with placeholder and guest nicks (the shape of the missed
    # `Welcome to the freenode Internet Relay Chat Network <nick>`)
    "08:48 <freenode> Welcome to the freenode Internet Relay Chat Network nick\n",
    "08:48 <freenode> Welcome to the freenode Internet Relay Chat Network YourNick\n",
    "08:48 <libera> Welcome to the Libera.Chat Internet Relay Chat Network guest\n",
    "08:48 <freenode> Your host is tolkien.freenode.net[71.11.84.232/6667], running version ircd-seven-1.1.4\n",
    # a rendered whois with placeholder nicks and services (the shape of the missed `<NICK> is
    # <ident>@<cloak> * <client>`, `… End of /WHOIS list.`)
    "[12:27:08] nick is ~user@host * realname\n",
    "[12:27:08] NickServ using services.libera.chat Atheme IRC Services\n",
    "[12:27:08] nick End of /WHOIS list.\n",
    "[12:27:08] nick is connecting from *@127.0.0.1 127.0.0.1\n",
    # `Nick … is already in use` and `/who` replies naming nobody, and the default cloud logins
    # before a host (the shape of the missed `Nick <Nick> is already in use`, `* <Nick>  H  0  ec2-user@<host>`
    # and of the damaged `ec2-user`)
    "13:28 -!- Nick nick is already in use\n",
    "13:28 -!- Nick Guest is already in use\n",
    "13:25 -!-          * NickServ   H   0  NickServ@services. [Nickname Services]\n",
    "13:25 -!- End of /WHO list\n",
    "/who nick\n",
    "[ec2-user@ip-10-0-0-12 ~]$ irssi\n",
    "ssh ec2-user@ec2-3-91-20-5.compute-1.amazonaws.com\n",
    "13:25 -!-          * bot   H   0  ubuntu@ip-10-0-0-12.ec2.internal [Ubuntu]\n",
    "* root H 0 root@localhost [root]\n",
    # Synapse's access log with placeholder and admin ids, and its other lines (the shape of the
    # missed `{@<u>:<server>} Processed request`)
    "2024-11-14 08:51:11,808 - synapse.http.site - 385 - INFO - GET-1927- Connection from client lost before response was sent\n",
    '2024-11-14 08:51:02,738 - synapse.access.http.8008 - 473 - INFO - GET-1925- 37.97.106.xx - 8008 - {@user:example.com} Processed request: 0.017sec/-0.000sec 1828B 200 "GET /_matrix/client/v1/media/thumbnail/matrix.org/abc?width=36 HTTP/1.0"\n',
    '2024-11-14 08:51:02,738 - synapse.access.http.8008 - 473 - INFO - GET-1925- 37.97.106.xx - 8008 - {@user:matrix.mydomain.com} Processed request: 30.017sec/0.002sec 412B 200 "GET /_matrix/client/v3/sync HTTP/1.0"\n',
    '2024-11-14 08:51:02,738 - synapse.access.http.8008 - 473 - INFO - GET-1925- 127.0.0.1 - 8008 - {@admin:localhost} Processed request: 0.017sec/-0.000sec 412B 200 "GET /_synapse/admin/v2/users HTTP/1.0"\n',
    '2024-11-14 08:51:02,738 - synapse.access.http.8008 - 473 - INFO - GET-1925- 127.0.0.1 - 8008 - {@admin:matrix.mydomain.com} Processed request: 0.017sec/-0.000sec 412B 200 "GET /_matrix/client/v3/sync HTTP/1.0"\n',
    '2024-11-14 08:51:02,738 - synapse.access.http.8008 - 473 - INFO - GET-1925- 127.0.0.1 - 8008 - {@user:localhost} Processed request: 0.004sec/-0.000sec 2B 200 "GET /_matrix/client/versions HTTP/1.0"\n',
    "2024-11-14 08:50:48,861 - synapse.handlers.presence - 914 - INFO - persist_presence_changes-539- Persisting 1 unpersisted presence updates\n",
    "LOGFILE: /var/log/matrix-synapse/homeserver.log\n",
    # `register_new_matrix_user` answered with role and placeholder localparts or the default (the
    # shape of the missed `New user localpart [root]: <u>`)
    "New user localpart [root]: admin\nPassword: \nConfirm password: \nMake admin [no]: yes\nSending registration request...\nSuccess!\n",
    "New user localpart [root]: username\n",
    "New user localpart [root]: \n",
    "New user localpart [root]: testuser\n",
    "New user localpart [root]: root\n",
    "root@localhost ~ # register_new_matrix_user -c /etc/matrix-synapse/homeserver.yaml https://127.0.0.1:8008\n",
    # a Telegram update's `from`, `chat` and `via_bot` naming nobody: a bot, a `\u`-escaped
    # placeholder, Telegram's service account, empty names (the shape of the missed `\u`-escaped
    # `first_name` and `last_name`)
    '"via_bot":{"id":6077343007,"is_bot":true,"first_name":"23452345234_bot","username":"ervtwevrvwercvtsrerybnrty_bot"}\n',
    '"from":{"id":123456789,"is_bot":false,"first_name":"\\u0422\\u0435\\u0441\\u0442","language_code":"ru"}\n',
    '"chat":{"id":-1001234567890,"title":"\\u0427\\u0430\\u0442","type":"supergroup"}\n',
    '"from":{"id":777000,"is_bot":false,"first_name":"Telegram"}\n',
    '"first_name":"","last_name":"","username":""\n',
    # library and service paths that are no person's home (the shape of the damaged
    # `/home/matrix/…`)
    '  File "/opt/synapse/lib/python3.7/site-packages/mautrix/bridge/custom_puppet.py", line 165, in try_start\n',
    '  File "/var/lib/matrix-synapse/venv/lib/python3.9/site-packages/synapse/app/homeserver.py", line 10\n',
    "      at handleErrors (/home/node/node_modules/@discordjs/rest/dist/index.js:640:13)\n",
    "[2020-05-05 23:18:30,891] [ERROR@mau.user.@user:example.com] Failed to automatically enable custom puppet\n",
    # Rocket.Chat's login answer with placeholders and references (the shape of the damaged
    # documented example `authToken`)
    '{\n  "status": "success",\n  "data": {\n      "authToken": "<your-auth-token>",\n      "userId": "<your-user-id>"\n   }\n}\n',
    '      "authToken": "YOUR_AUTH_TOKEN",\n',
    "X-Auth-Token: $RC_AUTH_TOKEN\nX-User-Id: $RC_USER_ID\n",
    '      "userId": "aobEdbYhXfu5hkeqG"\n',
)

_TEXTS_101 = (
    # LDIF and ldapsearch's DNs and attributes that name nobody
    "dn: uid=admin,ou=people,dc=example,dc=com\n",
    "dn: cn=admin,dc=example,dc=org\n",
    "dn: cn=read-only-admin,dc=example,dc=com\n",
    "dn: uid=USER,ou=users,dc=company\n",
    "dn: cn=Name Surname,ou=users,ou=SAMBA,dc=company\n",
    "dn: spn=admins@kanidm.example.com,dc=kanidm,dc=example,dc=com\n",
    "memberof: spn=admins@kanidm.example.com,dc=kanidm,dc=example,dc=com\n",
    "dn: cn=finance,ou=groups,dc=ldap,dc=example,dc=com\n",
    "cn: engineering\n",
    "uid: valid_uid\n",
    "uid: USER\n",
    "cn: admin\n",
    "cn: John Doe\n",
    "givenname: name\n",
    "sn: sname\n",
    "cn: cname\n",
    "name: admins\n",
    "member: uid=john.doe,cn=users,dc=company,dc=com\n",
    "memberUid: john.doe\n",
    "uniqueMember: uid=USERNAME,ou=users,dc=example,dc=com\n",
    "# filter: (&(class=account)(name=admin))\n",
    "# admin, people, example.com\n",
    "ldapsearch -x -D 'uid=admin,ou=people,dc=example,dc=com' -W -b 'dc=example,dc=com' '(uid=*)'\n",
    # passwd lines through winbind/SSSD that name nobody
    "administrator:*:1100500:1100513::/home/administrator:/bin/bash\n",
    "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n",
    "www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin\n",
    "username:*:12345:12345:Example User:/home/username:/usr/bin/bash\n",
    "user1:*:xxxxxxxxx:xxxxxxxxx:This is User1:/home/user1:/bin/bash\n",
    "krbtgt/EXAMPLE.COM@EXAMPLE.COM\n",
    # id, groups and /etc/group that name nobody
    "uid=0(root) gid=0(root) groups=0(root)\n",
    "uid=1000(ubuntu) gid=1000(ubuntu) groups=1000(ubuntu),4(adm),27(sudo)\n",
    "uid=957200500(administrator) gid=957200513(domain users) groups=957200513(domain users),957200512(domain admins)\n",
    "root@bcm-01:/var/log/sssd# id root\n",
    "root@bcm-01:/var/log/sssd# groups root\n",
    "root : root\n",
    "dialout:x:20:\n",
    "video:x:44:\n",
    "docker:x:999:ubuntu\n",
    "m000001:*:851715518:\n",
    "root@acp-box16:~#  id domain\\user\n",
    "id: 'domainuser': no such user\n",
    # SSO servers' log fields that name nobody
    "10:28:42,779 WARN  [org.keycloak.events] (default task-83) type=LOGIN_ERROR, realmId=master, clientId=nexus, userId=null, ipAddress=127.0.0.1, error=user_not_found, username=admin\n",
    'type="LOGIN_ERROR", realmName="test", clientId="account-console", userId="4e2fbbbc-289d-435e-9fe7-4f1719226bb0", error="invalid_user_credentials"\n',
    '{"bindDN":"cn=akadmin,ou=users,dc=ldap,dc=example,dc=com","client":"172.20.0.6","event":"Invalid credentials","level":"info"}\n',
    '{"bindDN":"cn=ldapsearch,ou=ldapsearch,dc=ldap,dc=goauthentik,dc=io","client":"172.22.0.2","event":"Bind request","level":"info"}\n',
    '{"bindDN":"","client":"172.20.0.6","event":"Search request","filter":"(objectclass=*)"}\n',
    'UserAndGroups { user: User { user_id: "admin", email: "", display_name: Some("Administrator") } }\n',
    "LDAP authentication for admin\n",
    "Trying to bind admin@example.com...\n",
    "msg=\"Successful 1FA authentication attempt made by user 'authelia'\" method=POST path=/api/firstfactor\n",
    # a join script's typed admin login that names nobody
    "Please type Admin user:\nadministrator\n",
    "Please type Admin user:\nAdministrator\n",
    "Password for domainadmin:\n",
    " * Authenticated as user: administrator@XXX.LAN\n",
    # nginx auth_ldap's bind password placeholders
    'binddn "DOMAIN\\\\svc-ldap";\n',
    "binddn_passwd XXXX;\n",
    "binddn_passwd ********;\n",
    # the damaged placeholders' neighbours that stay
    "mail: user@example.com\n",
    'email: ""\n',
)


_TEXTS_102 = (
    # device host names that name nobody: lab, role and model names, upper-case words (the shape
    # of the missed `hostname <FIRSTNAME>`), and the account of a `Last configuration change … by`
    "hostname R1\n",
    "hostname Switch\n",
    "hostname EIGRP4\n",
    "hostname External_CISCO\n",
    "hostname CORE-SW01\n",
    "hostname nxos9000-0\n",
    "hostname BRANCH\n",
    "hostname ROUTER\n",
    "hostname DellEMC\n",
    "hostname LAB-R2\n",
    "!\nhostname SWITCH\n!\n",
    "! Last configuration change at 16:27:33 UTC Wed Jun 11 2025 by admin\n",
    "! Last configuration change at 20:55:07 IST Tue Jul 19 2016 by vsnl\n",
    # IOS secrets that hold nothing (the shape of the missed `enable secret 5 $1$<salt>$<hash>`):
    # masked, placeholder, documented lab words
    "enable secret 5 <removed>\n",
    "enable secret 5 $1$xxxx$xxxxxxxxxxxxxxxxxxxxxx\n",
    "enable secret 5 $1$<salt>$<hash>\n",
    "enable secret 5 ********\n",
    "enable secret 5 $PASS$\n",
    "enable secret <removed>\n",
    "enable secret class\n",
    "enable password Password1\n",
    "username admin password 5 <secret hidden>  role network-admin\n",
    "username administrator password 5 $PASS$  role network-admin\n",
    # the UniFi API browser's login lines for role, default and placeholder accounts (the shape of
    # the missed `failed login attempt for user <login>`)
    "[Wed Oct 14 17:14:23 2020] successful login for user admin\n",
    "[Tue Feb 25 06:46:01 2020] failed login attempt for user admin\n",
    "[Tue Feb 25 06:46:01 2020] failed login attempt for user root\n",
    "[Tue Feb 25 06:46:01 2020] failed login attempt for user ubnt\n",
    "[Tue Feb 25 06:46:01 2020] failed login attempt for user <username>\n",
    "[Tue Feb 25 06:46:01 2020] failed login attempt for user USERNAME\n",
    # a PHP RouterOS client's constructor in a stack trace with an empty, masked, placeholder or
    # default password (the shape of the missed `Client->__construct('<ip>', 'admin', '<password>')`)
    "#0 C:\\wamp64\\www\\test1.php(9): PEAR2\\Net\\RouterOS\\Client->__construct('192.168.88.1', 'admin', '')\n",
    "#0 C:\\wamp64\\www\\test1.php(9): PEAR2\\Net\\RouterOS\\Client->__construct('192.168.0.240', 'admin', '***')\n",
    "#0 /var/www/html/test.php(5): PEAR2\\Net\\RouterOS\\Client->__construct('host', 'user', 'password')\n",
    "#0 C:\\wamp64\\www\\test1.php(9): PEAR2\\Net\\RouterOS\\Client->__construct('192.168.0.240', 'admin', 'admin')\n",
    # netmiko device dictionaries' credentials that hold nothing (the shape of the damaged
    # `'password': 'cisco'`, a vendor's lab default, which 1.52.0 replaces and so is not here)
    "\t'password': 'xxxxxxxxxxx',\n",
    "\t'password': '***',\n",
    "\t'password': '<Removed>',\n",
    "\t'password': 'password',\n",
    "\t'password': 'admin',\n",
    "\t'username': 'cisco',\n",
    "    password=getpass(),\n",
)


_TEXTS_103 = (
    # the mongo shell's -p that holds no password (prompted, a variable, a placeholder, a mask),
    # and -p as a port in psql, redis-cli and docker (the shape of the missed `-p<pw>` glued)
    "++ /usr/bin/mongo -u root -p --authenticationDatabase admin\n",
    "root@ubuntu:~# mongo ${MONGOHOST}:${MONGOPORT}/admin -u mongo -p $MONGOPASSWORD\n",
    "mongo --host localhost -u admin -p '<password>' --authenticationDatabase admin\n",
    "mongo -u admin -p**** --authenticationDatabase admin\n",
    "mongo -u root -p<password> --authenticationDatabase admin\n",
    "mongo -u root -p$MONGO_PASS --authenticationDatabase admin\n",
    "mongo -u mongo -p ${MONGO_INITDB_ROOT_PASSWORD} --authenticationDatabase admin\n",
    'mongosh "mongodb://localhost:27017" --username root --password\n',
    'mongodump --uri="$MONGO_URI" -u backup -p "$MONGO_PASSWORD" --out /backup\n',
    "$ psql -h localhost -p 7543 -U standby -d postgres\n",
    "-> /home/redis/bin $ ./redis-cli -p 7000 get foo\n",
    "./redis-cli -h 127.0.0.1 -p 6379 ping\n",
    "docker run -d --name mongo -p 27017:27017 mongo:4.4\n",
    "mongo --port 27017 --host 127.0.0.1\n",
    '2016-09-07T15:26:25.776+0200 Error: 18 { ok: 0.0, errmsg: "auth failed", code: 18 } at src/mongo/shell/db.js:1292\n',
    # sqlplus logons that name nobody: OS authentication, Oracle's documented defaults and demo
    # account, placeholders, masks, variables, a test account (the shape of the missed
    # `sqlplus '<ADMIN>/"<pw>"@…'`)
    "sqlplus / as sysdba\n",
    "sqlplus -s /nolog\n",
    "sqlplus -L sys/change_on_install@172.16.72.129:32775/ORCL AS SYSDBA\n",
    "sqlplus scott/tiger@orcl\n",
    "sqlplus my_user/my_password@//localhost:1521/ORCLCDB\n",
    "sqlplus username/password@//hostname:1521/service_name\n",
    "sqlplus FORP_C016_SAS_QUERY/xxxxxxxx@CCFRDEN_PROD\n",
    "sqlplus 'PDBADMIN/\"<password>\"@localhost:1521/TESTDBPDB1'\n",
    "sqlplus system/$ORACLE_PWD@//localhost:1521/XEPDB1\n",
    "SQL> conn c##testaccount/test1234@//localhost:1521/ORCLPDB1 as sysdba\n",
    "ORA-01017: invalid username/password; logon denied\n",
    "SP2-0751: Unable to connect to Oracle.  Exiting SQL*Plus\n",
    # SQL Server's login failures naming built-in, service, pool and placeholder accounts (the
    # shape of the missed `Login failed for user '<DOMAIN>\\<u>'`)
    "Login failed for user 'sa'. Reason: Password did not match that for the login provided. [CLIENT: 109.228.254.187]\n",
    "[28000] [Microsoft][ODBC Driver 17 for SQL Server][SQL Server]Login failed for user 'NT AUTHORITY\\\\ANONYMOUS LOGON'. (18456) (SQLDriverConnect)\n",
    "Login failed for user 'NT AUTHORITY\\SYSTEM'. Reason: Failed to open the explicitly specified database 'master'. [CLIENT: <local machine>]\n",
    "Login failed for user 'NT SERVICE\\MSSQLSERVER'.\n",
    "Login failed for user 'IIS APPPOOL\\DefaultAppPool'.\n",
    "ConnectionError: Login failed for user 'DOMAIN\\username'. code: 'ELOGIN'\n",
    "[28000] [Microsoft][ODBC Driver 11 for SQL Server][SQL Server]Login failed for user 'domain\\\\user'. (18456) Invalid connection string attribute (0)\n",
    "[28000] [Microsoft][ODBC Driver 18 for SQL Server][SQL Server]Login failed for user '{domain}//{username}'. (18456)\n",
    "mssql: Error 18456: Login failed for user 'username-here'.\n",
    "Login failed for user '<token-identified principal>'.\n",
    "Login failed for user ''. The user is not associated with a trusted SQL Server connection.\n",
    "Login failed. The login is from an untrusted domain and cannot be used with Windows authentication.\n",
    "Logon       Login failed for user 'sa'. Reason: An error occurred while evaluating the password. [CLIENT: 172.17.0.1]\n",
    "Error: 18456, Severity: 14, State: 38.\n",
    # database URLs and an operator's users naming application, role, default and placeholder
    # accounts (the shape of the damaged application user `lrds` in `mongodb://lrds:<pw>@…`)
    "`mongodb://my-user:<password>@mongodb-0.mongodb-svc.default.svc.cluster.local/admin?replicaSet=mongodb`\n",
    "mongodb://app:${MONGO_PASSWORD}@mongodb-0.mongodb-svc.default.svc.cluster.local/app-dev?replicaSet=mongodb\n",
    "mongodb+srv://<username>:<password>@cluster0.abcde.mongodb.net/test\n",
    "mongodb://root:example@mongo:27017/\n",
    "mongodb://user:password@127.0.0.1:27017\n",
    "postgresql://postgres:postgres@localhost:5432/postgres\n",
    "redis://default:${REDIS_PASSWORD}@redis:6379/0\n",
    "  users:\n    - name: my-user\n      db: admin\n      passwordSecretRef:\n        name: my-user-password\n",
    "    - name: app\n      db: app-dev\n      passwordSecretRef:\n        name: app-password\n",
    "stringData:\n  password: <your-password-here>\n",
    "  password: ${MONGO_PASSWORD}\n",
)


_TEXTS_104 = (
    # ZFS dataset names whose `home/<segment>` names nobody: role, box and placeholder accounts,
    # the home container itself, system datasets and snapshots (the shape of the missed
    # `rpool/home/<u>/.cache`, a dataset name with no leading slash)
    "rpool/home                    used                  11.9G                  -\n",
    "rpool/home/root/.cache  logicalused                14.2G                      -\n",
    "rpool/home/user/.cache  logicalused                14.2G                      -\n",
    "rpool/home/ubuntu/.cache  logicalused                14.2G                      -\n",
    "tank/home/username/.cache  acltype                    posix                      inherited from tank\n",
    "zhome/home  mountpoint            /home                  local\n",
    "rpool/ROOT/ubuntu_8juuya  mountpoint  /  local\n",
    "bpool/BOOT/ubuntu_8juuya  mountpoint  /boot  local\n",
    "rpool/USERDATA/root_8juuya  mountpoint  /root  local\n",
    "rpool/ROOT/ubuntu_8juuya/var/cache  relatime  on  inherited from rpool\n",
    "rpool/var/lib/docker  used  2.1G  -\n",
    "tank/svn@night      0      -  97.4G  -\n",
    "homes/home@autosnap_2021-03-25_22:27:28_monthly                  0B      -      191G  -\n",
    "zdata/admin  mountpoint              /Users/admin         local\n",
    "zdata  compression             zstd                    local\n",
    # an illumos shell prompt `<login>@<host> <cwd> [<history>] ;` naming nobody: root, a
    # placeholder, a role and a cloud account (the shape of the missed `<u>@fs2 ~ [504] ;`)
    "root@fs2 ~ [504] ; zpool status pool0\n",
    "user@host ~ [1] ; ls\n",
    "admin@nas ~ [12] ; zfs list\n",
    "ubuntu@ip-10-0-0-1 ~ [3] ; sudo zpool import\n",
    "  pool: pool0\n state: ONLINE\n",
    # Incus's Loki target at a domain that names nobody (the shape of the missed
    # `http://loki.<u>.dev:3100`, a person's own domain)
    "  logging.loki.target.address: http://loki.example.dev:3100\n",
    "  logging.loki.target.address: http://loki:3100\n",
    "  logging.loki.target.address: http://loki.monitoring.svc.cluster.local:3100\n",
    "  logging.loki.target.address: https://logs.home.arpa\n",
    "  logging.loki.target.address: http://loki.internal.dev:3100\n",
    "  logging.loki.target.instance: incus\n",
    "  server_name: demeter\n",
    # Proxmox VE token ids and documented token shapes with no secret in them (the shape of the
    # damaged `PROXMOX_VE_APITOKEN='<user>@pve!<tokenid>=<placeholder>'`): each stays at 1.52.0
    "export PROXMOX_VE_APITOKEN='USER@REALM!TOKENID=UUID'\n",
    'export PROXMOX_VE_APITOKEN="${PVE_TOKEN}"\n',
    'pm_api_token_id = "username@pam!xxxxxxxxxxxxxx"\n',
    "error retrieving next VM ID: received an HTTP 401 response - Reason: no such token 'TOKENID' for user 'dev@pve'\n",
    "invalid value for api_token (Must be a valid API token, e.g. 'USER@REALM!TOKENID=UUID')\n",
    "~# pveum user token list terraform-prov@pve\n",
    # found in the tune part; their public neighbours stay
    "$ virsh pool-dumpxml default\n",
    "  <name>default</name>\n",
    "    <path>/var/lib/libvirt/images</path>\n",
    "root@nas:/home# ls /var/snap/lxd/common/lxd/storage-pools/test-pool/\n",
    "[root@m8345043 fcos-test]$ echo $IGNITION_DEVICE_ARG\n",
    "--disk path=/var/lib/libvirt/images/base.ign,format=raw,readonly=on,serial=ignition,startupPolicy=optional\n",
    "auth_user_method: tls\n",
    "Enter WORKGROUP\\example1's password: \n",
)

_TEXTS_105 = (
    # a grafana.ini [paths] block and grafana-server's command line whose folders sit under a
    # share that names nobody (the shape of the missed `/users/is/<u>/grafana/…`)
    "[paths]\ndata = /srv/grafana/var\nlogs = /opt/grafana/logs\n",
    "data = /users/is/shared/grafana/var\n",
    "logs = /users/is/grafana/logs\n",
    "data = /users/shared/grafana/var\n",
    "logs = /data/users/grafana/logs\n",
    '$ grafana-server -homepath /apps/research/tools/grafana/current/ -config /etc/grafana/grafana.ini "cfg:default.paths.logs=/var/log/grafana"\n',
    "2015/11/26 11:15:39 [log.go:290 Error()] [E] Fail to set logger(file): open /apps/research/tools/grafana/current/data/log/grafana.log: no such file or directory\n",
    "  [0]: /apps/research/tools/grafana/current/conf/defaults.ini\n",
    # journal lines whose host names nobody (the shape of the missed `<u>-vm-sber node_exporter[…]:`)
    "Nov 11 17:07:50 prod-vm-01 node_exporter[3652887]: ts=2024-11-11T17:07:50.354Z caller=node_exporter.go:118 level=info collector=entropy\n",
    "Nov 11 17:07:50 ubuntu-vm-sber node_exporter[3652887]: ts=2024-11-11T17:07:50.354Z caller=node_exporter.go:118 level=info collector=hwmon\n",
    "Nov 11 17:07:50 monitoring-vm node_exporter[812]: ts=2024-11-11T17:07:50.354Z caller=node_exporter.go:118 level=info collector=loadavg\n",
    "Aug 13 13:00:30 HOSTNAME systemd[1]: telegraf.service: Scheduled restart job, restart counter is at 5.\n",
    "Apr 01 18:22:37 host_name telegraf[5984]: 2025-04-01T10:22:37Z I! Loading config: /etc/telegraf/telegraf.conf\n",
    'Jul 31 13:19:54 host promtail[10586]: level=error ts=2023-07-31T11:19:54.268580997Z caller=positions.go:179 msg="error writing positions file"\n',
    # influx's authorization listing whose user is a role or generated account (the shape of the
    # missed `"userName": "<u>"`)
    '                "userName": "admin",\n',
    '                "userName": "telegraf",\n',
    '                "userName": "admin-ab2caf54-3448-48f1-976e-6e43a47b7f0b",\n',
    '                "token": "redacted",\n',
    '                "status": "active",\n',
    "ID\tDescription\tToken\tUser Name\tUser ID\tPermissions\n",
    # influx config's Org column naming no one (the shape of the missed `<u>+cloud2's organization`)
    "*\tuswest\thttps://us-west-2-1.aws.cloud2.influxdata.com\tmy-org\n",
    "*\tdefault\thttp://localhost:8086\tinfluxdata\n",
    "Active\tName\tURL\t\t\t\t\t\tOrg\n",
    '  organization = "changeme"\n',
    '  organization = "ORG_ID"\n',
    # Netdata's installer settling on a service account (the shape of the missed
    # `finally set to: <u>/<u>`)
    "Netdata user and group is finally set to: netdata/netdata\n",
    "Netdata user and group is finally set to: root/root\n",
    "Netdata user and group is finally set to: nobody/nogroup\n",
    " FAILED  The installer does not run as root. Nothing to do for user and groups \n",
    "[global]\n   run as user = netdata\n",
    # role senders at a documented or masked domain (the shape of the damaged
    # `smtp_from: 'alertmanager@xx.com'`) that 1.52.0 keeps
    "  smtp_from: 'alertmanager@example.org'\n",
    "  smtp_smarthost: 'x.xx.xx.xxx:25'\n",
    "  smtp_smarthost: 'localhost:25'\n",
    "  smtp_from: 'noreply@example.com'\n",
    "  smtp_from: 'yyyy@xxxx.com'\n",
    # found in the tune part; their public neighbours stay
    "    API key ending with hoge: API Key invalid\n",
    "api_key: xxxxxx\n",
    "    hostname: <snip>\n",
    "uid=998(_promtail) gid=998(_promtail) groups=998(_promtail)\n",
    "-rw-r-----   1 root  _promtail    6387 Nov 25 10:24 daemon\n",
    "ubuntu@loire1:/tmp$ grafana-cli -homepath /usr/share/grafana admin reset-admin-password myadmin\n",
    "INFO[11-04|13:39:49] Path Plugins                             logger=settings path=data\\\\plugins\n",
)


_TEXTS_106 = (
    # AUTOMATIC1111's `webui.sh` banner whose account names nobody: root, role, box and service
    # accounts (the shape of the missed `Running on <u> user`, a login between two fixed words),
    # and the other `Running on` lines of the same tools
    "################################################################\nRunning on root user\n################################################################\n",
    "Running on ubuntu user\n",
    "Running on user user\n",
    "Running on admin user\n",
    "Running on Administrator user\n",
    "Running on ec2-user user\n",
    "Running on www-data user\n",
    "Running on runner user\n",
    "Running on jenkins user\n",
    "Running on a single GPU user session\n",
    "Running on local URL:  http://127.0.0.1:7860\n",
    "Running on public URL: https://0123456789abcdef.gradio.live\n",
    "ERROR: This script must not be launched as root, aborting...\n",
    "Install script for stable-diffusion + Web UI\nTested on Debian 11 (Bullseye)\n",
    # a W&B entity that names nobody: a team, an organisation, a placeholder, none (the shape of
    # the missed `--wandb-entity=<first>-<last>-self` and its echo `wandb_entity='…'`)
    "--wandb-project=stanford-cs336-language-model --wandb-entity=my-team\n",
    "--wandb-entity=carnegie-mellon-robotics\n",
    "--wandb-entity=openai\n",
    "--wandb-entity=your-wandb-username\n",
    "wandb_project='stanford-cs336-language-model', wandb_entity=None, wandb_tags=None\n",
    "wandb_entity='your-entity'\n",
    "WANDB_ENTITY=my-org\n",
    '"entity": "your-wandb-username",\n',
    "run_name='repro', data_path='data/tokens-TinyStoriesV2-GPT4-valid.npy', batch_size=64\n",
    # MLflow run and experiment names that name nobody (the shape of the missed `tas_<u>`, a login
    # glued to a run name, and of the experiment under `/Users/<e-mail>/`)
    "View run tas_repro at: https://dbc-xxxxxxx-xxxxxxx.cloud.databricks.com/ml/experiments/abcd/runs/abcd\n",
    "\U0001f3c3 View run bright-sun-42 at: https://dbc-xxxx-xxxx.cloud.databricks.com/ml/experiments/1/runs/2\n",
    "\U0001f3c3 View run tas_base at: http://localhost:5000/#/experiments/0/runs/abc\n",
    "\U0001f9ea View experiment at: http://127.0.0.1:5000/#/experiments/0\n",
    "--mlflow_experiment_name /Shared/Primus_DeepSeek_Pretrain \\\n",
    "Experiment with name '/Shared/Primus_DeepSeek_Pretrain' does not exist. Creating a new experiment.\n",
    # the documentation placeholder `/path/to/…` kept by 1.52.0 (the damaged shape is
    # `/path/to/anaconda3/…`, where `to` is read as a login before a home's tool tree)
    "See /path/to/wandb/wandb/debug.log for full traceback.\n",
    '  File "/path/to/venv/lib/python3.10/site-packages/wandb/sdk/wandb_init.py", line 1475, in init\n',
    '  File "/path/to/site-packages/torch/nn/modules/module.py", line 1501\n',
    "/path/to/your/venv/bin/activate\n",
    "C:\\path\\to\\anaconda3\\python.exe\n",
    "--logdir=/path/to/logs\n",
)


_TEXTS_107 = (
    # supervisord program sections and supervisorctl lines whose `user=`, program and group names
    # name nobody: system, role, service and cloud accounts, two-letter programs with no home
    # (the shape of the missed two-letter login `ax` of `[program:<u>]`, `<u>:<u>_00: ERROR`,
    # `start <u>:*` and `user=<u>` beside `/home/<u>/<u>/artisan`)
    "user=root\n",
    "user=www-data\n",
    "user=nobody\n",
    "[program:laravel-worker]\ncommand=php /home/forge/app.com/artisan queue:work sqs --sleep=3 --tries=3\nuser=forge\n",
    "command=php /var/www/html/artisan queue:work --sleep=3 --tries=3\nuser=www-data\n",
    "process_name=%(program_name)s_%(process_num)02d\n",
    "worker:worker-0                  FATAL     Exited too quickly (process log may have details)\n",
    "laravel-worker:laravel-worker_00: ERROR (abnormal termination)\n",
    "# sudo supervisorctl -u root start laravel-worker:*\n",
    "[program:db]\ncommand=/usr/bin/redis-server\nuser=db\n",
    "[program:in]\nuser=in\n",
    "stdout_logfile=/home/ubuntu/app/worker.log\nuser=ubuntu\n",
    "stdout_logfile=/var/log/supervisor/worker.log\n",
    "[program:c9]\nuser=root\ndirectory=/root\n",
    # database URLs whose userinfo is a documented or descriptive placeholder (the shape of the
    # damaged `postgres://pool_user:PA$$WORD@localhost:5432/dbname` of a `pm2 start` line)
    "postgres://username:password@host:port/databasename\n",
    "postgres://user:password@localhost:5432/dbname\n",
    "postgres://postgres:postgres@localhost:5432/postgres\n",
    "postgres://USER:PASSWORD@localhost:5432/DBNAME\n",
    "postgres://db_user:db_password@localhost:5432/dbname\n",
    "postgres://user:p@ssw0rd@localhost:5432/dbname\n",
    "mysql://root:root@127.0.0.1:3306/test\n",
    "pm2 start postgraphql -- postgres://localhost:5432/dbname --route=/graphql --secret=$ECRET --development\n",
    # broker URLs and settings whose password is a placeholder, a variable or a mask (the shape of
    # the damaged `redis://:yourrediskey@localhost:6379/1` of a `production.env`)
    "CELERY_BROKER_URL=redis://:password@localhost:6379/1\n",
    "CELERY_BROKER_URL=redis://:<password>@localhost:6379/1\n",
    "CELERY_BROKER_URL=redis://:${REDIS_PASSWORD}@localhost:6379/1\n",
    "CELERY_BROKER_URL=redis://localhost:6379/1\n",
    "CELERY_BROKER_URL=redis://:yourpassword@localhost:6379/1\n",
    "CELERY_BROKER_URL=redis://:your_redis_password@localhost:6379/1\n",
    "CELERY_BROKER_URL=redis://:YOUR_REDIS_KEY@localhost:6379/1\n",
    "DJANGO_SECRET_KEY=our_django_key\n",
    "DJANGO_SECRET_KEY=your_secret_key\n",
    "redis://:**@redis_broker:6379/0\n",
    'BROKER_URL = "redis://:xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx@localhost:6379/0"\n',
    # found in the tune part; their public neighbours stay
    "(vkenv) root@ubuntu-s-2~/vkproject$ ls\n",
    "ubuntu@ubuntu-s-2:~/vkproject$ source ~/vkproject/vkenv/bin/activate\n",
    "nodename: localhost.localdomain\n",
    "setuid www-data\nsetgid www-data\nchdir /var/www/myservername\n",
    "(env) root@localhost:~/sites/example.com/app$ sudo start gunicorn-app\n",
    "current working directory: /home/www/django-sspanel\n",
    "Installing gunicorn script to /home/deploy/.virtualenv/clients/bin\n",
    "chdir() to /home/www/plane/django-sspanel/\n",
    "2012-04-25 14:02:08 [12696] [INFO] Booting worker with pid: 12696\n",
    "*** WARNING: you are running uWSGI as root !!! (use the --uid flag) *** \n",
)


_TEXTS_109 = (
    # the exec server's command line: the script's own hex id, the commit, placeholders after
    # `--require-token` (a rule for the token must read the flag, not the hex shape)
    "[10:36:05.774] > 5ec4cfce9118: running\n",
    "> 5ec4cfce9118%%1%%\n",
    "> Running ssh connection command... /root/.vscode-server/code-8b3775030ed1a69b13e4f4c628c612102e30a681 command-shell --cli-data-dir /root/.vscode-server/cli --on-port --parent-process-id 20449\n",
    "> Running ssh connection command... /root/.vscode-server/code-8b3775030ed1a69b13e4f4c628c612102e30a681 command-shell --on-port --require-token <token> --parent-process-id 20449\n",
    "> command-shell --cli-data-dir /root/.vscode-server/cli --on-port --require-token $VSCODE_TOKEN --parent-process-id 20449\n",
    "> command-shell --on-port --require-token *** --parent-process-id 20449\n",
    '[10:36:04.783] Using commit id "8b3775030ed1a69b13e4f4c628c612102e30a681" and quality "stable" for server\n',
    '> rver/.cli.8b3775030ed1a69b13e4f4c628c612102e30a681.log" < /dev/null\n',
    # a Codespaces creation log cloning an organisation's repository
    '2024-03-01 11:22:49.239Z: $ git -C "/var/lib/docker/codespacemount/workspace" clone --branch "main" --depth 1 https://github.com/actions/javascript-action "/var/lib/docker/codespacemount/workspace/javascript-action"\n',
    '2022-11-12 14:17:15.177Z: $ git -C "/var/lib/docker/codespacemount/workspace" clone --branch main --depth 1 https://github.com/microsoft/vscode-remote-try-python "/var/lib/docker/codespacemount/workspace/vscode-remote-try-python"\n',
    "2022-11-12 14:17:15.225Z: Cloning into '/var/lib/docker/codespacemount/workspace/fastapi-flutter'...\n",
    "2024-03-01 11:22:49.180Z: Image details: https://github.com/github/codespaces-host-images/blob/main/README.md\n",
    # a codespace's address made of generated words, and GitHub's own addresses
    "1. Open codespaces https://fluffy-space-waffle-5g4xq7w9rj6h7vr.github.dev/ in the web browser.\n",
    "Forwarded port: https://laughing-robot-9x7wq4jv5rp3f6g-3000.app.github.dev/\n",
    "Open https://github.dev/microsoft/vscode in the web browser.\n",
    "(Invalid script url: https://vscodeweb.azureedge.net/stable/dfd34e8260c270da74b5c2d86d61aee4b6d56977/node_modules/xterm/lib/xterm.js)\n",
)


_TEXTS_110 = (
    # Windows Installer property dumps (`msiexec /l*v`): LogonUser naming a built-in or system
    # account, not a person; a ComputerName ending in `-VM` made of no login
    "Property(S): LogonUser = SYSTEM",
    "Property(S): LogonUser = Administrator",
    "Property(C): LogonUser = Administrator",
    "Property(N): LogonUser = SYSTEM",
    "Property(S): LogonUser = defaultuser0",
    "Property(S): AdminUser = 1\nProperty(S): MsiTrueAdminUser = 1\nProperty(S): LogonUser = Administrator\nProperty(S): UserSID = S-1-5-21-1004336348-1177238915-682003330-500",
    "Property(S): UserSID = S-1-5-18",
    "Property(S): ComputerName = BUILD-VM",
    "Property(S): ComputerName = TEST-VM",
    "Property(S): ComputerName = WIN-VM",
    "Property(S): ComputerName = SQL-VM",
    "Property(S): ComputerName = DEV-VM",
    "Property(S): ComputerName = DESKTOP-4KQ2M7T",
    "Property(S): LogonUser = Administrator\nProperty(S): UserLanguageID = 1031\nProperty(S): ComputerName = ADMIN-VM",
    "Property(S): LogonUser = SYSTEM\nProperty(S): ComputerName = WIN10-VM",
    "Property(S): MsiTrueAdminUser = 1\nProperty(S): LogonUser = defaultuser0\nProperty(S): UserSID = S-1-5-21-2990084406-2117279596-39235-1000\nProperty(S): ComputerName = DESKTOP-VM",
    "Property(S): LogonUser = Administrator\nProperty(S): DesktopFolder = C:\\Users\\Administrator\\Desktop\\",
    "Property(C): LogonUser = SYSTEM\nProperty(C): TempFolder = C:\\Windows\\TEMP\\\n",
    # the same dump's machine-wide folders and databases, local
    "Property(S): StartMenuFolder = C:\\ProgramData\\Microsoft\\Windows\\Start Menu\\",
    "Property(S): DesktopFolder = C:\\Users\\Public\\Desktop\\",
    "Property(S): FontsFolder = C:\\Windows\\Fonts\\",
    "Property(S): DATABASE = C:\\Windows\\Installer\\196c4b2.msi\nProperty(S): OriginalDatabase = C:\\out.msi",
)


_TEXTS_108 = (
    # a CloudFlare action's key field with a placeholder, a tool's own digests in its log
    "actionban = curl https://www.cloudflare.com/api_json.html -d 'a=ban' -d 'tkn=<cftoken>' -d 'email=<cfuser>' -d 'key=<ip>'\n",
    "actionban = curl -s -o /dev/null https://www.cloudflare.com/api_json.html -d 'a=ban' -d 'tkn=<cfapikey>' -d 'email=<cfemail>' -d 'key=<ip>'\n",
    "actionban = curl https://www.cloudflare.com/api_json.html -d 'a=ban' -d 'tkn=XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX' -d 'email=you@example.com' -d 'key=<ip>'\n",
    "LibClamAV debug: clean_cache_add: 9e107d9d372bb6826bd81d3542a419d6 (level 0)\n",
    "2021-05-04 18:19:58,610 fail2ban.filter         [45252]: INFO    Added logfile: '/var/log/auth.log' (pos = 0, hash = 4b1c0f6e2a9d83c57e61b0a4f2d9c8e713a5b6d0)\n",
    "cftoken = your-cf-api-token\n",
    'action_cf_mwl = cloudflare[cfuser="%(cfemail)s", cftoken="%(cfapikey)s"]\n',
    'action  = cloudflare-token[cfzone="ZONE", cftoken="TOKEN"]\n',
    "curl -s 'https://example.com/api?md5=d41d8cd98f00b204e9800998ecf8427e'\n",
    # Apache's auth error lines with default, role and placeholder accounts
    "[Mon Dec 16 22:45:49 2013] [error] [client 209.222.18.27] Digest: user admin: password mismatch: /nagios3/\n",
    "[Mon Feb 17 09:13:03 2014] [error] [client 1.1.1.1] user root not found: /nagios3/\n",
    '[error] [client 10.0.0.5] user nagiosadmin: authentication failure for "/nagios": Password Mismatch\n',
    "[error] [client 10.0.0.5] Digest: user <user>: password mismatch: /private/\n",
    '[Tue Mar 01 10:00:00 2016] [error] [client 192.0.2.1] AH01617: user test: authentication failure for "/": Password Mismatch\n',
    "[error] [client 192.0.2.7] Digest: user guest: password mismatch: /status\n",
    # a capitalised role or default word as a prompt's login
    "Admin@packetpig:~/Documents/packetpig$ sudo snort -c lib/snort-2931/etc/snort.conf -A fast\n",
    "User@DESKTOP:~$ snort -V\n",
    "Root@kali:~# snort -T -c /etc/snort/snort.conf\n",
    "Ubuntu@ip-10-0-0-5:~$ sudo snort -T\n",
    # a root prompt's folder and a lab host that name nobody
    "[root@wazuh-server vagrant]# systemctl restart wazuh-manager\n",
    "[root@ids-lab ~]# systemctl status wazuh-manager\n",
    "[root@localhost ossec]# /var/ossec/bin/ossec-control start\n",
    "Mar 31 17:19:28 wazuh-ids-lab systemd[1]: Starting Wazuh manager...\n",
    "[root@server-1 bin]# ./agent-auth -m 10.1.1.1\n",
    "[root@cs-hog-jpl05 bro]# service suricata status\n",
    "[root@haproxy-lab etc]# systemctl status wazuh-agent\n",
    "Mar 31 17:19:28 security-ids-lab env[5460]: ossec-csyslogd: Configuration error. Exiting\n",
    # Thunderbird profile folders that name nobody
    '$find "/root/.thunderbird/abcd1234.default/Mail/" -type d | wc -l\n',
    "/home/ubuntu/.thunderbird/Profiles/default/extensions/\n",
    '$find "~/.thunderbird/8a2b9c1d.default-release/ImapMail/" -type f | wc -l\n',
    "/var/lib/thunderbird/Default/Mail/Local Folders/Inbox\n",
    '$find "/home/user/.thunderbird/Default/extensions/" -type d | wc -l\n',
    # documentation's addresses in alert settings
    "<email_to>you@example.com</email_to>\n",
    "<email_to>your_email@example.com</email_to>\n",
    "<smtp_server>your-smtp-server.com</smtp_server>\n",
    "<email_to>**************@wazuh.com</email_to>\n",
    "destemail = root@localhost\n",
    "sender = root@<fq-hostname>\n",
    "destemail = you@youremail.com\n",
)

_TEXTS_111 = (
    # catkin build's profile table and catkin_make's header under a home whose folder is a
    # default, placeholder, masked or CI account (the tune part's damage: a course's shared
    # `mech-user` account read as a login), and roslaunch / ros2 launch log lines under such a home
    "Workspace:                   /home/ubuntu/catkin_ws\n--------------------------------------------------------------\nSource Space:       [exists] /home/ubuntu/catkin_ws/src\nLog Space:          [exists] /home/ubuntu/catkin_ws/logs\nBuild Space:        [exists] /home/ubuntu/catkin_ws/build\nDevel Space:        [exists] /home/ubuntu/catkin_ws/devel\nInstall Space:      [unused] /home/ubuntu/catkin_ws/install\nDESTDIR:            [unused] None",
    "Workspace:                   /home/user/catkin_ws\nSource Space:       [exists] /home/user/catkin_ws/src",
    "Workspace:                   /root/catkin_ws\nLog Space:         [missing] /root/catkin_ws/logs",
    "Workspace:                   /home/student/catkin_ws",
    "Workspace:                   /home/pi/catkin_ws\nDevel Space:        [exists] /home/pi/catkin_ws/devel",
    "Workspace:                   /home/nvidia/catkin_ws",
    "Workspace:                   /home/jetson/ros2_ws",
    "Workspace:                   /home/vagrant/catkin_ws",
    "Workspace:                   /home/docker/catkin_ws",
    "Workspace:                   /home/test-user/catkin_ws",
    "Workspace:                   /home/build-user/catkin_ws",
    "Workspace:                   /home/ci-user/ros2_ws",
    "Extending:             [env] /opt/ros/noetic:/home/ubuntu/catkin_ws/devel",
    "Profile:                     default\nExtending:          [cached] /opt/ros/kinetic\nWorkspace:                   /home/****/catkin_ws",
    "ubuntu@ubuntu:~/catkin_ws$ catkin build",
    "student@robot-pc:~/catkin_ws$ catkin build",
    "Base path: /home/ubuntu/catkin_ws\nSource space: /home/ubuntu/catkin_ws/src\nBuild space: /home/ubuntu/catkin_ws/build",
    "Base path: /root/catkin_ws\nDevel space: /root/catkin_ws/devel",
    '#### Running command: "make -j8 -l8" in "/home/user/catkin_ws/build"',
    "... logging to /home/ubuntu/.ros/log/9bd7afb2-d0fc-11e7-91d4-b827eb6b9362/roslaunch-ubuntu-2053.log",
    "[INFO] [launch]: All log files can be found below /home/ros/.ros/log/2024-12-20-19-11-59-571676-5200755c994a-255183",
    "[INFO] [launch]: All log files can be found below /root/.ros/log/2023-06-14-18-57-40-522575-b3c1f0e2a7d4-79330",
    "Workspace:                   /home/USERNAME/catkin_ws",
    "Workspace:                   /home/<user>/catkin_ws",
)

_TEXTS_112 = (
    # osm2pgsql's and libpq's connection strings: a default or placeholder role, or none, not
    # a person's login
    "--database=postgresql://postgres:postgres@localhost/gis",
    "--database=postgresql://postgres@localhost/places",
    "--database=postgresql://postgres:***@localhost/places",
    "--database=postgresql://postgres@localhost:5432/osm --prefix=osm_117028524",
    "--database=postgresql://user:password@localhost/places",
    "--database=postgresql://user:***@localhost/places",
    "--database=postgresql://username:password@localhost/places",
    "--database=postgresql://USER:PASSWORD@HOST/DBNAME",
    "--database=postgresql://<user>:<password>@localhost/places",
    "--database=postgresql://www-data@localhost/osmtm",
    "--database=postgresql:///places",
    "--database=postgresql://%2Fvar%2Frun%2Fpostgresql/places",
    "postgresql://postgres:postgres@db:5432/osm",
    'PG:"host=localhost dbname=gis user=postgres password=postgres"',
    "CalledProcessError: Command '['osm2pgsql', '--create', '--slim', '--prefix=osm_117028524', '--cache=500', '--database=postgresql://postgres@localhost/places', '/tmp/overpass/117028524.xml']' returned non-zero exit status 1.",
    # the same tool's role given by -U, and the server's answers naming a role
    "osm2pgsql --create --slim -d gis -U renderaccount -H localhost planet.osm.pbf",
    "osm2pgsql --append -s -C 300 -G --hstore --style openstreetmap-carto.style -d gis -H localhost -U postgres -",
    'ERROR: Connecting to database failed: connection to server at "localhost" (::1), port 5432 failed: FATAL:  password authentication failed for user "renderaccount"',
    'FATAL:  password authentication failed for user "gis"',
    'FATAL:  role "osm" does not exist',
    "Osm2pgsql failed due to ERROR: Connection to database failed: fe_sendauth: no password supplied",
    # a style file named after the application, outside a home
    "--style=/usr/share/osm2pgsql/default.style",
    "'--style=/opt/owl-places/data/matcher.style', '--multi-geometry', '--database=postgresql:///places'",
)

_TEXTS_116 = (
    # daemon accounts' homes and runtime folders named after the daemon, a root login in
    # pactl info, Raspberry Pi OS's default prompt: no person
    "W: [pulseaudio] authkey.c: Failed to open cookie file '/var/lib/pulse/.config/pulse/cookie': No such file or directory",
    "su: warning: cannot change directory to /var/lib/saned: No such file or directory",
    "Dec 29 09:03:11 raspberrypi pulseaudio[822]: [pulseaudio] authkey.c: Failed to open cookie file '/var/lib/AlexaPi/.config/pulse/cookie': No such file or directory",
    "root@xpra-server-s1:~# xpra --version\nxpra v4.2.2-r0",
    "2021-09-17 14:33:42,316  '/run/user/1000/xpra/pulse-80/pulse/native'",
    "-rw------- 1 root root 256 Sep 17 14:33 .config/pulse/cookie",
    "srwxrwxrwx 1 pulse pulse 0 Jul 24 22:32 /run/pulse/native",
    "drwx------ 2 colord colord 4096 Mar  3 10:12 /var/lib/colord",
    "pi@raspberrypi:~ $ bluetoothctl",
    "Server String: /run/user/1000/pulse/native\nUser Name: root\nHost Name: raspberrypi",
    # BlueZ D-Bus object paths and sink names holding a Bluetooth address (a device, not a person)
    "[NEW] Endpoint /org/bluez/hci1/dev_00_1B_66_E8_CB_52/sep8",
    "[DEL] Transport /org/bluez/hci1/dev_00_1B_66_E8_CB_52/sep8/fd0",
    "bluetoothd[4711]: profiles/audio/sink.c:sink_init() /org/bluez/hci0/dev_94_DB_56_EA_BA_2A",
    "Name: bluez_sink.04_52_C7_11_22_33.a2dp_sink\nMonitor Source: bluez_sink.04_52_C7_11_22_33.a2dp_sink.monitor",
    "Bluez:Device:/org/bluez/hci0/dev_C0_E9_AF_B3_FE_97 Failed connecting: Error: org.bluez.Error.Failed +3ms",
    'object path "/org/bluealsa/hci0/dev_XX_XX_XX_XX_XX_XX/a2dpsrc/sink"',
    "Address: HP18602408C229.local/192.168.1.35:631",
    # DNS-SD records of printers: machine names that name no one
    "Address: BRN3C2AF4A1B2C3.local/192.168.0.23:631",
    "Address: raspberrypi.local/192.168.1.20:631",
    "Address: localhost/127.0.0.1:60000",
    "Address: fedora-t14g5.local/127.0.0.1:60001",
    "Service Name: HP OfficeJet Pro 8730 [08C229]\nDomain Name: local\nInterface: enx00051bb07395 IPv4",
    "TXT adminurl = http://localhost:60001/net/net/airprint.html\nTXT usb_SER = E82414G4N583607",
)

_TEXTS_114 = (
    # a shell prompt `<word>@<host> <dir> $` (or `#`) before a LibreOffice or TeX command whose
    # word is an account that names nobody (root, the image's or service's default user)
    "root@pooh T # soffice --invisible --headless --convert-to doc --outdir /. non-existent-file.txt\nError: source file could not be loaded",
    "root@pooh T # echo $?\n0",
    "user@pooh T $ soffice --headless --convert-to pdf report.docx",
    "admin@nas ~ $ soffice --headless --convert-to pdf report.docx",
    "ubuntu@ip-172-31-20-5 tmp $ soffice --headless --convert-to pdf report.docx",
    "vagrant@precise64 T $ latexmk -pdf main.tex",
    "docker@default ~ $ soffice --headless --convert-to pdf test.odt",
    "pi@raspberrypi ~ $ soffice --headless --convert-to pdf test.odt",
    "runner@fv-az123-456 T $ quarto check",
    "root@buildkitsandbox:/# tlmgr update --self",
    "user@node78: ~  # /opt/libreoffice7.5/program/soffice.bin --headless --convert-to pdf:calc_pdf_Export --outdir . MAM.xlsx",
    "git@github.com: Permission denied (publickey).",
    "Error: source file could not be loaded\nconvert /tmp/in.docx -> /tmp/out.pdf using filter : writer_pdf_Export",
    # an 8.3 short name of a built-in or default account, or a machine-wide folder, in an
    # installer's temporary repository or a tool's temp file
    "visiting repository C:\\Users\\ADMINI~1\\AppData\\Local\\Temp\\mik40008...",
    "visiting repository C:\\Users\\ADMINI~1.XYZ\\AppData\\Local\\Temp\\mik40008...",
    "visiting repository C:\\Users\\DEFAUL~1\\AppData\\Local\\Temp\\mik40008...",
    "visiting repository C:\\Users\\Administrator\\AppData\\Local\\Temp\\mik40008...",
    "visiting repository C:\\Users\\Default\\AppData\\Local\\Temp\\mik40008...",
    "visiting repository C:\\Users\\Public\\Downloads\\miktex-repo...",
    "visiting repository C:\\Windows\\Temp\\mik40008...\nrepository type: local package repository",
    "Directory for temporary files: C:\\Users\\ADMINI~1\\AppData\\Local\\Temp\\0_SuuN7vXd",
    "Directory for temporary files: C:\\Users\\WDAGUtilityAccount\\AppData\\Local\\Temp\\0_SuuN7vXd",
    "[execProcess] cmd /c C:\\Users\\ADMINI~1\\AppData\\Local\\Temp\\quarto-safe-execfc6763d3.bat",
    "C:\\PROGRA~1\\MiKTeX\\miktex\\bin\\x64\\pdflatex.exe",
    "C:/PROGRA~1/R/R-42~1.2/bin/x64/Rscript.exe",
)

_TEXTS_113 = (
    # GATK/Picard's start-up lines: a home not at the root of the file system, and the account
    # it runs as, naming a system account or a container, not a person
    "09:05:02.972 INFO  HaplotypeCaller - Executing as root@localhost.localdomain on Linux v3.10.0-1160.31.1.el7.x86_64 amd64",
    "09:05:02.972 INFO  HaplotypeCaller - Executing as ubuntu@ip-172-31-5-10 on Linux v5.15.0-1019-aws amd64",
    "10:11:12.345 INFO  MarkDuplicates - Executing as root@3f2a1b9c8d7e on Linux v5.10.0-23-cloud-amd64 amd64",
    "09:04:49.857 INFO  NativeLibraryLoader - Loading libgkl_compression.so from jar:file:/opt/gatk/gatk-package-4.2.6.1-local.jar!/com/intel/gkl/native/libgkl_compression.so",
    "09:04:49.857 INFO  NativeLibraryLoader - Loading libgkl_compression.so from jar:file:/share/apps/gatk-4.0.10.1/gatk-package-4.0.10.1-local.jar!/com/intel/gkl/native/libgkl_compression.so",
    "09:04:49.857 INFO  NativeLibraryLoader - Loading libgkl_compression.so from jar:file:/gatk/gatk-package-4.4.0.0-local.jar!/com/intel/gkl/native/libgkl_compression.so",
    "jar:file:/share/home/software/gatk/gatk.jar",
    # bcftools' vcfutils.pl under a site's storage, with no home in it or a shared one
    "Use of uninitialized value $l in numeric lt (<) at /usr/share/bcftools/misc/vcfutils.pl line 566.",
    "Use of uninitialized value $l in numeric lt (<) at /mnt/storage/software/bcftools/misc/vcfutils.pl line 566.",
    "Use of uninitialized value $l in numeric lt (<) at /mnt/storage/scratch/bcftools/misc/vcfutils.pl line 566.",
    "at /mnt/storage/home/shared/software/vcfutils.pl line 566.",
    # .nextflow.log's plugin and config lines under root, a shared folder, a site's project tree
    "July-05 17:59:21.577 [main] DEBUG nextflow.plugin.PluginsFacade - Setting up plugin manager > mode=prod; embedded=false; plugins-dir=/root/.nextflow/plugins; core-plugins: nf-amazon@1.16.2",
    "July-05 17:59:21.624 [main] DEBUG nextflow.config.ConfigBuilder - Found config home: /root/.nextflow/config",
    "Found config home: /home/users/shared/.nextflow/config",
    "July-05 17:59:21.625 [main] DEBUG nextflow.config.ConfigBuilder - Found config local: /vast/projects/RCP/PPP_NF/nf-qc-pipe/nextflow.config",
    "Jul-05 17:59:21.139 [main] DEBUG nextflow.cli.Launcher - $> /stornext/System/data/tools/nextflow/nextflow-23.04.2/nextflow-23.04.2-all run main.nf -profile milton",
    # STAR's command line on an RDS: variables, project folders, a sample id with no name
    "--genomeDir $RDS/home/genomeDir/Index_Genome \\",
    "--readFilesIn $RDS/projects/cohesin/live/naiveRNAseq/SOUK007710/*_R1_*.fastq.gz \\",
    "--outFileNamePrefix /rds/general/project/cohesin/live/mapped/Genecode/cohesin \\",
    "--outFileNamePrefix $EPHEMERAL/mapped/Genecode/cohesin \\",
    "--readFilesIn /rds/general/user/$USER/home/reads.fq.gz",
    # cellranger count's folders naming no login, and Martian's UI line with no token
    "--transcriptome=/opt/refdata-gex-GRCh38-2020-A \\",
    "--fastqs=/data/fastq/PRJNA577618/SRX6991953/ \\",
    "--fastqs=/xtdisk/apod-gen/1-10X/PRJNA577618/1-output/SRX6991953/ \\",
    "--transcriptome=/pnas/reference/hg38/cellranger/refdata-cellranger-GRCh38-and-mm10-3.1.0/ \\",
    "Serving UI at http://fat2:37279?auth=<token>",
    "Serving UI at http://localhost:3600",
    # CloudMan's cluster log with no admin or a placeholder admin
    "22:27:02 - Received following list of admin users: ''",
    "Received following list of admin users: 'admin@example.org'",
    "22:27:02 - Galaxy admins added: []; restarting Galaxy",
    "22:27:02 - Restarting Galaxy service",
)

_TEXTS_115 = (
    # Infura and Alchemy endpoints whose last segment is no key: empty, a template, a
    # placeholder, `undefined`, a run of one letter, a masked key, Alchemy's documented `demo`
    "url: 'https://mainnet.infura.io/v3/',",
    'PROVIDER="https://mainnet.infura.io/v3/"',
    "ETHEREUM_NODE_URL: wss://rinkeby.infura.io/ws/v3/<project_id>",
    "url: `https://rinkeby.infura.io/v3/${INFURA_PROJECT_ID}`,",
    "url: 'https://sepolia.infura.io/v3/${INFURA_API_KEY}',",
    '* Invalid value {"url":"https://kovan.infura.io/v3/undefined","accounts":["0xundefined"]} for HardhatConfig.networks.kovan - Expected a value of type HttpNetworkConfig.',
    '* Invalid value {"url":"https://mainnet.infura.io/v3/cccccccccccccccccccccccccccccccc","accounts":["0xundefined"]} for HardhatConfig.networks.production - Expected a value of type HttpNetworkConfig.',
    'Invalid value {"url":"https://rinkeby.infura.io/v3/<my key>","accounts":["<my key>"]} for HardhatConfig.networks.rinkeby',
    "export RPC_URL=https://mainnet.infura.io/v3/YOUR_INFURA_PROJECT_ID",
    '$ npx hardhat node --fork "wss://eth-mainnet.ws.alchemyapi.io/v2/<API_KEY>"\nError HH604: Error running JSON-RPC server: Only HTTP(S) protocols are supported',
    "https://eth-mainnet.g.alchemy.com/v2/demo",
    "FetchError: request to https://eth-mainnet.alchemy.com/REMOVED_PII_API_KEY_FOR_GITHUB/v1/getNFTs/?owner=0xeB94Bd011F6b794B6C846457b85Efa895D2DD744 failed, reason: connect ETIMEDOUT 23.45.205.250:443",
    'alchemy_url = "https://eth-mainnet.g.alchemy.com/{alchemy_api_key}/v1"',
    "Could not connect to RPCEndpoint(chain_id=1, network='mainnet', provider='Infura', url='https://mainnet.infura.io/v3/', explorer='https://etherscan.io')",
    # a Jupyter link into the docker image's home, and URL paths under /home naming no one
    "File [~/.local/lib/python3.11/site-packages/ib_async/ib.py:279](http://localhost:8888/home/jovyan/.local/lib/python3.11/site-packages/ib_async/ib.py#line=278), in IB.connect(self)",
    "[I 14:04:20.113 NotebookApp] 302 GET /tree/home/notebooks (127.0.0.1) 1.02ms",
    # bitcoin.conf / lnd.conf / debug.log RPC logins that are placeholders, defaults, empty, masked
    "rpcuser=someusername\nrpcpassword=somepassword",
    "rpcuser=<your-rpc-user-here>\nrpcpassword=<your-rpc-password-here>",
    "bitcoind.rpcuser=kek\nbitcoind.rpcpass=kek",
    "rpcuser=\nrpcpassword=\nrpcallowip=127.0.0.1\nrpcport=2601",
    "rpcuser=bitcoinrpc",
    "bitcoind.rpcuser=bitcoinrpc",
    "rpcuser=user\nrpcpassword=password",
    "rpcuser=admin",
    "2021-10-23T17:37:05Z Config file arg: [main] rpcuser=****\n2021-10-23T17:37:05Z Config file arg: [main] rpcpassword=****",
    # CI's and Replit's runner home; a telegram bot token that is a placeholder or empty
    "/home/runner/work/freqtrade/freqtrade/tests/conftest.py",
    '"token": "your_telegram_token",',
    '"token": "",\n        "chat_id": ""',
    "https://api.telegram.org/bot<YOUR_TOKEN>/getUpdates",
    "`token` should be in the format of `22222222:APITOKEN`",
)

_TEXTS_120 = (
    # macOS prompts `<login>@<Host>` whose host is a role's, a runner's or a default name, not
    # an owner's first name (the tune miss's host was `<Name>s-MBP`)
    "runner@Mac-1654 project % npx playwright install",
    "admin@Admins-MBP parodify % python3 -m playwright install",
    "admin@Admins-MacBook-Pro ~ % npx playwright install chromium",
    "user@Users-MBP app % npx cypress verify",
    "test@Tests-MBP e2e % npx playwright test",
    "ci@CI-MBP repo % npx cypress run",
    "administrator@MacBook-Pro ~ % npx playwright install",
    "runner@Runners-Mac-mini work % npm test",
    "admin@Admins-MBP parodify % ls /Users/admin/Library/Caches/ms-playwright",
    "qa@QA-MacBook-Air tests % npx wdio run ./wdio.conf.js",
    # zsh prompts of a bare word and the working folder (the tune miss's word was the first
    # part of the home's `first.last`), naming a role or nothing
    "admin chrome-kill-tabs % node puppeteer.js",
    "runner e2e % npx playwright test",
    "user project % npx cypress open",
    "root tmp % node index.js",
    "admin ~ % npx puppeteer browsers install chrome",
    "node chrome-kill-tabs % node /Users/admin/codes/main.js",
    # container and CI images' own accounts (the tune damage was Cypress's test image's
    # `person`): homes, prompts and npm's package-name warning
    "> cypress@3.3.1 postinstall /home/node/node_modules/cypress",
    "node@0bab1ba8abcc:~$ $(npm bin)/cypress verify",
    " ✖  Verifying Cypress can run /home/node/.cache/Cypress/3.3.1/Cypress",
    "npm WARN node No description",
    "npm WARN enoent ENOENT: no such file or directory, open '/home/node/package.json'",
    "circleci@7d1e2f3a4b5c:~/project$ npx cypress run",
    " ✖  Verifying Cypress can run /home/circleci/.cache/Cypress/12.17.4/Cypress",
    " ✖  Verifying Cypress can run /root/.cache/Cypress/13.6.0/Cypress",
    "> cypress@13.6.0 postinstall /home/runner/work/app/app/node_modules/cypress",
    "vscode@codespaces-1a2b3c:/workspaces/app$ npx cypress verify",
)

_TEXTS_117 = (
    # Paper/Spigot command lines and a lost connection naming no player
    "[19:31:48 INFO]: CONSOLE issued server command: /op @a",
    "[19:32:41 INFO]: [Rcon: Saved the game]",
    "[Server thread/INFO]: /127.0.0.1:38894 lost connection: Disconnected",
    "[Server thread/INFO]: com.mojang.authlib.GameProfile@7c1a7ab0[id=<null>,name=<null>,properties={},legacy=false] (/127.0.0.1:38894) lost connection: Disconnected",
    "[Server thread/INFO]: Disconnecting com.mojang.authlib.GameProfile@5d2f3a1[id=<null>,name=<null>,properties={},legacy=false] (/10.0.0.5:51234): Took too long to log in",
    # Valheim: a session named by its Steam id only
    "03/12/2021 13:42:48: Got connection SteamID 76561197987220805",
    "03/12/2021 13:42:49: Got handshake from client 76561197987220805",
    "03/12/2021 13:43:57: Closing socket 76561197987220805",
    "03/12/2021 13:43:17: Peer 76561197987220805 has wrong password",
    # Palworld and AMP: the RCON console's own lines, broadcasts naming nobody, a masked id
    "[2024-04-21 15:53:45] [LOG] RCON executed the command. ShowPlayers",
    "[2024-04-21 15:53:45] [LOG] RCON executed the command. Save",
    "palworld-dedicated-server  | > RCON: Broadcasted: Server-will-restart-in-60-seconds",
    "palworld-dedicated-server  | > RCON: Broadcasted: 14:39:53-Saving-world",
    "palworld-server  | Broadcasted: Backup_complete",
    # a zsh prompt at a macOS account naming nobody, mcrcon's own output
    "admin@192 ~ % mcrcon -H localhost -P 25575 -p password list",
    "Connection failed.\nError 61: Connection refused",
    "/Users/Shared/mcrcon-0.7.2/mcrcon.command ; exit;",
    # game-server homes that are LinuxGSM's or an image's accounts and are kept
    "/home/steam/ARK/ShooterGame/Binaries/Linux/ShooterGameServer TheIsland?listen",
    "root@mint ~/csgosl $ ./csgosl.sh",
    "21:50:37: Creating assync update and start script /opt/csgosl/bin/onstart.sh",
    "[Pterodactyl Daemon]: Pulling Docker container image, this could take a few minutes to complete...",
    "[Pterodactyl Daemon] Server marked as STARTING",
)

_TEXTS_119 = (
    # PHPMailer's SMTPDebug AUTH exchange with nothing private on the client's lines: the
    # server's challenges, PHPMailer 6's own mask, the reporter's mask, placeholder base64
    "2018-03-28 07:28:15\tCLIENT -> SERVER: AUTH LOGIN\n2018-03-28 07:28:15\tSERVER -> CLIENT: 334 VXNlcm5hbWU6\n",
    "2018-03-28 07:28:15\tSERVER -> CLIENT: 334 UGFzc3dvcmQ6\n",
    "2021-06-01 10:02:11\tCLIENT -> SERVER: [credentials hidden]\n",
    "2021-06-01 10:02:11\tCLIENT -> SERVER: AUTH LOGIN\n2021-06-01 10:02:11\tSERVER -> CLIENT: 334 VXNlcm5hbWU6\n2021-06-01 10:02:11\tCLIENT -> SERVER: [credentials hidden]\n2021-06-01 10:02:11\tSERVER -> CLIENT: 334 UGFzc3dvcmQ6\n2021-06-01 10:02:11\tCLIENT -> SERVER: [credentials hidden]\n2021-06-01 10:02:12\tSERVER -> CLIENT: 235 2.7.0 Accepted\n",
    "  | 2017-08-17 11:40:19\tCLIENT -> SERVER: AUTH LOGIN\n  | 2017-08-17 11:40:19\tSERVER -> CLIENT: 334 VXNlcm5hbWU6\n  | 2017-08-17 11:40:19\tCLIENT -> SERVER: xxxxxxxxxxxxxxxx\n",
    "2018-03-28 07:28:15\tCLIENT -> SERVER: dXNlcm5hbWU=\n2018-03-28 07:28:15\tSERVER -> CLIENT: 334 UGFzc3dvcmQ6\n2018-03-28 07:28:15\tCLIENT -> SERVER: cGFzc3dvcmQ=\n",
    "2018-03-28 07:28:15\tCLIENT -> SERVER: EHLO localhost\n",
    "2018-03-28 07:28:15\tCLIENT -> SERVER: MAIL FROM:<>\n2018-03-28 07:28:15\tSERVER -> CLIENT: 250 2.1.0 OK\n",
    "2018-03-28 07:28:15\tSERVER -> CLIENT: 535-5.7.8 Username and Password not accepted. Learn more at\n535 5.7.8 https://support.google.com/mail/?p=BadCredentials a63sm4132349wrc.22 - gsmtp\n",
    "2018-03-28 07:28:15\tSMTP ERROR: Password command failed: 535 5.7.8 Error: authentication failed: UGFzc3dvcmQ6\n",
    # an EHLO name made of no one's name
    "CLIENT 1:\n└──EHLO MacBook-Air.local\n",
    "CLIENT 1:\n└──EHLO localhost\n",
    " -> EHLO DESKTOP-E0U2VS3\n",
    "DEBUG [pUzDNyFoiLg] C: EHLO [127.0.0.1]\n",
    "EHLO ip-172-31-20-7.ec2.internal\n",
    "EHLO Mac-mini.local\n",
    # Swift Mailer's authentication failure naming a provider's fixed user, an empty one, a
    # placeholder or an unresolved parameter
    "PHP Fatal error:  Uncaught exception 'Swift_TransportException' with message 'Failed to authenticate on SMTP server with username \"apikey\" using 2 possible authenticators' in /var/www/html/vendor/swiftmailer/swiftmailer/lib/classes/Swift/Transport/Esmtp/AuthHandler.php:191\n",
    'Failed to authenticate on SMTP server with username "" using 0 possible authenticators\n',
    'Failed to authenticate on SMTP server with username "null" using 2 possible authenticators\n',
    'Failed to authenticate on SMTP server with username "xxxx" using 2 possible authenticators\n',
    'Failed to authenticate on SMTP server with username "your-username" using 2 possible authenticators\n',
    'Failed to authenticate on SMTP server with username "%mailer_user%" using 2 possible authenticators\n',
    # smtp-cli's options and prompt with placeholders and a subject naming no one
    'smtp-cli --server=smtp.example.com --user=USERNAME --pass=PASSWORD --subject="hello from smtp-cli" --body-plain="content" --verbose\n',
    'smtp-cli --verbose --host=smtp.example.com --enable-auth --user username --body-plain "hello you"\n',
    '~root/bin/smtp-cli --server=smtp.gmail.com --subject="Test from cron" --body-plain="content"\n',
    "Enter password for username@smtp.example.com : \n",
    # a Gogs/gomail [email] section with placeholders and documented defaults
    "[email]\nENABLED = true\nHOST    = smtp.example.com:587\nFROM    = Gogs <noreply@example.com>\nUSER    =\nPASSWD  =\n",
    "[mailer]\nENABLED = true\nHOST = mail.xxx.com:25\nFROM = xxx@xxx.com\nUSER = xxx\nPASSWD = xxx\n",
    'USER    = ""\nPASSWD  = ********\n',
    "USER    = apikey\nPASSWD  = <sendgrid key>\n",
    "[email]\nFROM    = gogs <gitlab@domainname.tld>\nUSER    = gitlab\nPASSWD  = password\n",
)

_TEXTS_118 = (
    # SIP URIs whose host is an IP address: extensions, test and role users, a softphone's
    # random contact, a PBX's own URL; none a login
    "Contact: <sip:1001@192.168.1.10:5060;transport=udp>",
    "Contact: <sip:7000-0x5612e1be0030@192.168.0.240:37472>;expires=3689",
    "Contact: <sip:moo@172.30.110.100:5060>",
    "Contact: <sip:bob@122.161.88.226:63134;transport=UDP>.",
    "From: <sip:alice@127.0.0.1:5160>;tag=60p66uaaq5",
    "From: <sip:1002@192.168.70.88:1890>;tag=18be67844ae13d6c",
    "Contact: <sip:asterisk@10.0.0.5:5060>",
    "Contact: <sip:e7tsgqtj@tm2lg3eoisjk.invalid;transport=ws>;+sip.ice;reg-id=1",
    "From: <sip:anonymous@anonymous.invalid>;tag=as5f3d1c2e",
    "INVITE sip:+919468673014@43.231.124.208;transport=UDP SIP/2.0",
    "URL                     sip:mod_sofia@120.48.126.3:8060",
    ' I/Linphone_demo: Contact: <sip:8022@192.168.0.123:45251;transport=tcp>;+sip.instance="<urn:uuid:275b18d5-dc42-00f0-83d7-1e92b9d5eac8>"',
    "Registration from '<sip:7000@192.168.50.95>' failed for '10.8.0.6:57786' - Wrong password",
    # SIP.js's configuration dump: a numeric user, the registrar, the masked password
    "sip.ua | · uri: sip:1000@45.76.189.19:7777",
    "sip.ua | · registrarServer: sip:45.76.189.19:7777",
    "sip.ua | · password: NOT SHOWN",
    # display names that name a number, a role or a device
    'Contact: "9806" <sip:9806@192.168.0.31:5062;transport=udp>;expires=600',
    'From: "Anonymous" <sip:anonymous@192.168.0.250>;tag=a63af4fb',
    'Contact: "Asterisk" <sip:asterisk@10.0.0.5:5060>',
    'Contact: "Reception" sip:200@10.10.10.20:5060;transport=udp',
    'Contact: "Polycom" sip:1003@XX.XX.XX.XX:5070;transport=tls',
    "Auth User: 260000\nAuth Realm: xxxx.online\nMWI Account: 260000@xxxx.online",
    # Linphone's auth info lines naming an extension, a placeholder, a masked number
    "MESSAGE Auth info found for [1001] realm [asterisk]",
    "MESSAGE Auth info found for [user] realm [sip.discountvoip.co.uk]",
    "MESSAGE Auth info found for [00339XXXXXXX] realm [sbc6.fr.sip.ovh]",
    "MESSAGE linphone_core_find_auth_info(): returning auth info username=242683, realm=uzgsip",
    "MESSAGE AuthStack::authFound() for Username[1001];Userid[];Realm[asterisk];Domain[192.168.1.10];Algorithm[];",
    # twilio-cli and a Video app's deploy output naming no one
    "Passcode: [hidden]",
    "Room Type: group\nExpires: Tue May 04 2021 04:38:00 GMT+0900",
    "Web App URL: https://video-app-7926-2626-dev.twil.io",
    "? Your Twilio Auth Token for your Twilio Account or Subaccount: [hidden]",
    "[DEBUG] Using profile: default",
    "[DEBUG] Using profile: multiGuy",
    "[DEBUG] Using profile: ${TWILIO_ACCOUNT_SID}/${TWILIO_AUTH_TOKEN}",
    "[DEBUG] Using profile: Consumer Assessment - Dev",
    "[DEBUG] Using profile: dev-dealerstack",
    "[DEBUG] Config File: /root/.twilio-cli/config.json\n[DEBUG] Using profile: project-danger",
    # a PBX prompt with a short host, pjsip auth sections with placeholder passwords
    "root@pbx:~# asterisk -rvvv",
    "[1001]\ntype=auth\nauth_type=userpass\nusername=1001\npassword=yourpassword",
    "secret=1234\nusername=6011",
)

_TEXTS_123 = (
    # Gitea's serv and router lines, its built-in SSH server's trace and SQL log, a push to an
    # scp-style remote: owners and repositories that are a project, an org or a role, no login
    "2021/05/21 19:53:00 Started GET /api/internal/serv/command/1/gitea/gitea?mode=1&verb=git-upload-pack for [::1]:47464",
    "2021/05/21 19:53:00 Completed GET /api/internal/serv/command/1/my_group/my_repo?mode=1&verb=git-upload-pack 500 Internal Server Error in 1.815752ms",
    "2024/07/09 11:38:42 ...eb/routing/logger.go:102:func1() [I] router: completed POST /api/internal/ssh/10/update/1559 for 127.0.0.1:0, 500 Internal Server Error in 13.3ms @ private/key.go:16(private.UpdatePublicKeyInRepo)",
    "2020/05/18 12:37:01 modules/ssh/ssh.go:63:sessionHandler() [T] SSH: Payload: git-upload-pack 'my_group/my_repo.git'",
    "2020/05/18 12:37:01 modules/ssh/ssh.go:66:sessionHandler() [T] SSH: Arguments: [serv key-51 --config=/home/git/gitea/custom/conf/app.ini]",
    '[SQL] SELECT repository.* FROM `repository` INNER JOIN `user` ON `user`.id = repository.owner_id WHERE (repository.lower_name = ?) AND (`user`.lower_name = ?) LIMIT 1 []interface {}{"test", "admin"}',
    "Pushing to git@gitea.example.com:org/repo.git",
    "Pushing to gitea.local:gitea/test.git",
    "git@gitmi.dev: Permission denied (publickey).",
    # `gitea serv key-N`'s greeting and Redmine's git hosting / gitolite log lines naming a role
    "Hi there, admin! You've successfully authenticated with the key named deploy, but Gitea does not provide shell access.",
    "Hi there, gitea! You've successfully authenticated with the key named ci-bot, but Gitea does not provide shell access.\nIf this is unexpected, please log in with password and setup Gitea under another user.",
    "2015-10-22 03:12:07 +0200 [INFO] User 'admin' created a new repository 'testtest'",
    "2014-04-10 19:57:31 +0200 INFO [GitWorker] add_repository : repository 'test123' does not exist in Gitolite, create it ...",
    "2015-10-22 03:12:13 +0200 [ERROR] FATAL: R any testtest admin DENIED by fallthru (or you mis-spelled the reponame)",
    "FATAL: R any gitolite-admin git DENIED by fallthru\n(or you mis-spelled the reponame)",
    # a GitLab runner's registration lines with no token in them, a placeholder token
    "Registering runner... succeeded                     runner=registra",
    "Runner registered successfully. Feel free to start it, but if it's running already the config should be automatically reloaded!",
    'irb(main):003:0> ApplicationSetting.current.runners_registration_token\n=> "SECRETTOKEN"',
    # the admin CLI and mail settings with placeholders that stay
    "gitea admin change-password --username myusername --password <password>",
    "gitea admin user create --username gitea_admin --password changeme --email admin@example.com --admin",
    "[mailer]\nENABLED = true\nFROM = gitea@example.com\nPROTOCOL = smtps\nSMTP_ADDR = smtp.example.com\nSMTP_PORT = 465",
    "2018/01/10 19:42:03 [ WARN] Failed to login 'user@example.com' via 'S13': EOF",
    "gitlab_rails['smtp_user_name'] = \"xxx@qq.com\"\ngitlab_rails['smtp_password'] = \"xxx\"",
)

_TEXTS_122 = (
    # `docker login -u <account>` where the account is a registry's fixed or service name, or a
    # variable, not a person's login
    "root@ubuntu:~# docker login -u admin 192.168.1.188:5000\nPassword: \nLogin Succeeded",
    "$ aws ecr get-login-password | docker login -u AWS --password-stdin $ECR_REGISTRY\nLogin Succeeded",
    "$ docker login -u _json_key --password-stdin https://gcr.io\nLogin Succeeded",
    "$ docker login -u oauth2accesstoken --password-stdin https://us-docker.pkg.dev\nLogin Succeeded",
    "$ docker login -u gitlab-ci-token -p $CI_JOB_TOKEN $CI_REGISTRY\nLogin Succeeded",
    "$ docker login -u $CI_REGISTRY_USER -p $CI_REGISTRY_PASSWORD $CI_REGISTRY",
    'run: echo "${{ secrets.DOCKER_PASSWORD }}" | docker login -u "${{ secrets.DOCKER_USERNAME }}" --password-stdin',
    "$ docker login -u 00000000-0000-0000-0000-000000000000 myregistry.azurecr.io\nPassword: ",
    "$ docker login -u iamapikey us.icr.io\nPassword: ",
    "$ docker login -u <username> <registry>:5000\nPassword: ",
    "$ docker login -u USERNAME ghcr.io --password-stdin",
    # `docker push` / `The push refers to a repository` into a project or organisation namespace,
    # or the official images' `library`
    "The push refers to a repository [docker.io/library/ubuntu]\n9a39129ae0ac: Preparing\nunauthorized: authentication required",
    "$ docker push 192.168.1.188:80/library/busybox:test\nThe push refers to a repository [192.168.1.188:80/library/busybox]\n08c2295a7fa5: Preparing \ndenied: requested access to the resource is denied",
    "$ docker push 192.168.1.188:80/lskc/lskc-csf:201706070000\nThe push refers to a repository [192.168.1.188:80/lskc/lskc-csf]",
    "The push refers to repository [docker.io/bitnami/nginx]\n3c0285ad7db9: Preparing \ndenied: requested access to the resource is denied",
    "$ docker push registry.example.com/myproject/myimage:latest",
    "$ docker push ghcr.io/OWNER/IMAGE_NAME:latest",
    "openshift/origin          latest              c45099c2bcfa        2 weeks ago         674 MB",
    # a placeholder folder under a home made of `my` and a word, and a registry key's placeholder
    "7 silly cache add   spec: '/home/myuser/dev/code/js/clidom',",
    "WARNING: login credentials saved in /home/user/.docker/config.json",
    ":rubygems_api_key: YOUR_API_KEY",
    "Enter your username: __token__\nEnter your password: ",
)

_TEXTS_121 = (
    # Mosquitto's connection lines with a device's, a service's or an add-on's account, not a person
    "1530826287: New client connected from 192.168.1.11 as ESP8266Client-8f66 (c1, k15, u'esp').",
    "1530826289: New client connected from ::1 as emoncms (c1, k5, u'emoncms').",
    "1488904294: New client connected from 192.168.33.1 as client-test (c1, k60, u'client-test').",
    "1651691010: New client connected from 172.30.32.1:40012 as mqttjs_79b7efb1 (p2, c1, k60, u'homeassistant').",
    "1651691011: New client connected from 172.30.33.2:51862 as zigbee2mqtt (p2, c1, k60, u'addons').",
    "1651691012: New client connected from 192.168.1.40:50122 as DVES_29FB47 (p2, c1, k30, u'DVES_USER').",
    "1651691013: New client connected from 192.168.1.41:50123 as tasmota_A26B8E (p2, c1, k30, u'tasmota').",
    "1651691014: New client connected from 127.0.0.1:50124 as nodered_5f1c (p2, c1, k60, u'mqtt').",
    "2024-03-17T09:25:47: New client connected from 192.168.**.**:45778 as BAC5BF18-48B7-BA3C-6198-E5266107CE41 (p2, c1, k60).",
    "1651691015:         rpc/device/860719020206417/com (QoS 1)",
    "1651691016: Received PUBLISH from 860719020206417 (d0, q0, r1, m0, 'report/station/1000000,4400000/rmap/-,-,-/-,-,-,-/B01213', ... (12 bytes))",
    "2025-02-28 20:30:13: Client shellypro3em-e8db84dcccf3 disconnected, not authorised.",
    # mosquitto_pub/_sub with placeholder or masked passwords and client ids of hosts naming no one
    "mosquitto_sub -u username -P password -t '#'",
    "mosquitto_pub -h localhost -u <username> -P <password> -t test -m hello",
    "mosquitto_sub -h broker -p 8883 -u i-dont-exist -P whatever --tls-version tlsv1.2",
    "Client mosqsub|81657 sending CONNECT\nClient mosqsub|81657 received CONNACK (0)",
    "Client mosqpub/27644-raspberryp sending CONNECT\nClient mosqpub/27644-raspberryp received CONNACK",
    # an MQTT client's own authentication line with placeholders
    "flutter: 1-2024-12-31 18:45:37.713817 -- Authenticating with username 'username' and password 'password'",
    # Tasmota's console: the wiki's placeholders, masked values, a cleared password
    "Backlog mqtthost <yourhost>; mqttuser <user>; mqttpassword <password>;",
    "21:44:01 CMD: mqttuser DVES_USER",
    '21:44:01 RSL: stat/tasmota_A26B8E/RESULT = {"MqttUser":"DVES_USER"}',
    '21:44:01 RSL: stat/tasmota_A26B8E/RESULT = {"MqttPassword":"****"}',
    # Tasmota's StatusLOG with SSIDs naming no one
    '07:50:19.644 MQT: stat/tasmota_A26B8E/STATUS3 = {"StatusLOG":{"SerialLog":2,"WebLog":2,"MqttLog":0,"SysLog":0,"LogHost":"","LogPort":514,"SSId":["miHome",""],"TelePeriod":300}}',
    '12:39:45 MQT: stat/tasmota/sp111-01/STATUS3 = {"StatusLOG":{"SSId":["ANBKB-iot",""],"TelePeriod":300}}',
    'stat/wemos-5/STATUS3 = {"StatusLOG":{"SSId1":"indonesia23","SSId2":"","TelePeriod":30}}',
    'SSId |\n0 | "indebuurt2"\n1 | "xnetwork"',
    # deCONZ: the gateway's id, an app's name, a Zigbee IEEE address
    '"id": "00212EFFFF04835C",\n"internalipaddress": "192.168.1.69",\n"name": "Phoscon-GW"',
    '"name": "homebridge-deconz#futro-s940"',
    # Node-RED's start-up log under a service's, a container's or an add-on's directory
    "5 Feb 09:43:31 - [info] Settings file  : /home/pi/.node-red/settings.js",
    "5 Feb 09:43:31 - [info] User directory : /data",
    "5 Feb 09:43:31 - [info] Settings file  : /config/node-red/settings.js",
    "5 Feb 09:43:31 - [info] Flows file     : /root/.node-red/flows.json",
)


_TEXTS_125 = (
    # rocminfo's group-membership line naming root, a container's or an image's account, a
    # placeholder or a variable, not a person; the line's failure form, which names no one
    "root is member of render group\n",
    "ROCk module is loaded\nUnable to open /dev/kfd read-write: Cannot allocate memory\nroot is member of render group\n",
    "[root@host log]# /opt/rocm/bin/rocminfo\nROCk module is loaded\nUnable to open /dev/kfd read-write: Cannot allocate memory\nroot is member of render group\n",
    "rocm-user is member of video group\n",
    "ubuntu is member of render group\n",
    "user is member of video group\n",
    "$USER is member of render group\n",
    "Failed to get user name to check for video group membership\n",
    "ROCk module is NOT loaded, possibly no GPU devices\nFailed to get user name to check for video group membership\n",
    "[root@3ff4ca99a474 test]# rocminfo\nROCk module is loaded\nUnable to open /dev/kfd read-write: No such file or directory\nFailed to get user name to check for video group membership\n",
    # the same line echoed by strace after an ANSI colour code, and AMD's build paths beside it
    'write(1, "\\33[37mroot is member of video g"..., 39root is member of video group\n) = 39\n',
    'write(1, "\\33[31mhsa api call failure at: /d"..., 101hsa api call failure at: /data/jenkins-workspace/compute-rocm-rel-3.3/rocminfo/rocminfo.cc:1102\n) = 101\n',
    "hsa api call failure at: /data/jenkins_workspace/compute-rocm-rel-2.7/rocminfo/rocminfo.cc:1102\n",
    "groups\nroot video render\n",
    "[sudo] password for root: \nUsage: usermod [options] LOGIN\n",
    "sudo usermod -a -G render,video $LOGNAME\n",
    # ROCm's containers: root and the image's jenkins account at a container id, source trees
    # outside /home
    "root@1ddd69214eda:~$ sudo /opt/rocm/bin/rocminfo\nsh: 1: lsmod: not found\nROCk module is NOT loaded, possibly no GPU devices\n",
    "root@101acc334128:/var/lib/jenkins# /opt/rocm-5.2.0/bin/rocminfo\n",
    "jenkins@1ddd69214eda:/var/lib/jenkins$ /opt/rocm/bin/rocminfo\n",
    "(base) root@rocm:/opt/rocm/bin# ./rocminfo --support\nROCk module version 6.8.5 is loaded\n",
    "root@mainPC:/opt/conda/envs/py_3.9# pip list | grep torch\ntorch                    2.2.0a0+git6849d75 /opt/conda/envs/py_3.9/lib/python3.9/site-packages\n",
    "root@mainPC:/var/lib/jenkins/pytorch# python examples/mnist/main.py --dry-run\nSegmentation fault (core dumped)\n",
    "root@mainPC:/workspace/pytorch# python tools/amd_build/build_amd.py\n",
    "torchvision              0.17.0a0+4433680   /var/lib/jenkins/vision\n",
    "sudo docker run -it --network=host --device=/dev/kfd --device=/dev/dri --group-add=video --ipc=host rocm/pytorch:latest-base\n",
)

_TEXTS_126 = (
    # youtube-dl and yt-dlp command lines: a login and a password after --username/-u and
    # --password/-p that name nobody (masked, placeholders, variables, yt-dlp's documented OAuth
    # logins, empty), and the -v output's own PRIVATE masks
    "youtube-dl -v --username 'PRIVATE' --password 'PRIVATE' https://www.youtube.com/watch?v=BaW_jenozKc",
    "yt-dlp -u USERNAME -p PASSWORD https://www.youtube.com/watch?v=BaW_jenozKc",
    "yt-dlp -u <username> -p <password> https://www.youtube.com/watch?v=BaW_jenozKc",
    'yt-dlp --username "$user" --password "$pass" -o "%(title)s.%(ext)s" "$url"',
    "yt-dlp --username oauth2 --password '' https://www.youtube.com/watch?v=BaW_jenozKc",
    'yt-dlp --username oauth --password "" https://www.youtube.com/watch?v=BaW_jenozKc',
    "youtube-dl -v --username 'John Doe' --password 'password' https://www.youtube.com/watch?v=BaW_jenozKc",
    "youtube-dl -v --username 'First Last' --password 'xxx' https://www.youtube.com/watch?v=BaW_jenozKc",
    'youtube-dl -u "" -p "" https://www.youtube.com/watch?v=BaW_jenozKc',
    "youtube-dl --password password https://www.youtube.com/watch?v=BaW_jenozKc",
    "[debug] Command-line args: [u'-v', u'--username', u'PRIVATE', u'--password', u'PRIVATE', u'https://www.youtube.com/watch?v=BaW_jenozKc']",
    "[debug] Command-line config: ['-vU', '--username', 'PRIVATE', '--password', 'PRIVATE', 'https://www.youtube.com/watch?v=BaW_jenozKc']",
    # gallery-dl's `[<site>][info] Logging in as …` naming nobody, and its other login lines
    "[pixiv][info] Logging in as USERNAME",
    "[instagram][info] Logging in as <username>",
    "[twitter][info] Logging in as ***",
    "[pixiv][info] Logging in as your-username",
    "[gallery-dl][info] Logging in as anonymous",
    "[pixiv][info] Refreshing access token\n[oauth][info] Writing 'refresh-token' to cache",
    'gallery-dl -u "<valid_username>" -p "<valid_password>" -v https://www.instagram.com/instagram',
    # a gallery-dl config's credentials as placeholders, read as text
    '"username": "myUsername",\n"password": "myPassword"',
    '"username": "myusername",\n"password": "mypassword"',
    '"username": "your-username",',
    '"username": null,\n"password": null,',
    '"password": "myinstagrampassword",',
)

_FILES_126 = (
    (
        ".json",
        '{\n    "extractor": {\n        "instagram": {\n            "username": "myUsername",\n            "password": "myPassword",\n            "cookies": "/tmp/cookies.txt"\n        }\n    }\n}\n',
    ),
    (
        ".json",
        '{\n    "extractor": {\n        "instagram": {\n            "username": "myusername",\n            "password": "mypassword"\n        }\n    }\n}\n',
    ),
    (
        ".json",
        '{\n    "extractor": {\n        "instagram": {\n            "username": null,\n            "password": null,\n            "cookies": "$HOME/cookies-www-instagram-com.txt"\n        }\n    }\n}\n',
    ),
    (
        ".json",
        '{\n    "extractor": {\n        "pixiv": {\n            "refresh-token": "cache"\n        },\n        "twitter": {\n            "username": "<username>",\n            "password": "<password>"\n        }\n    }\n}\n',
    ),
    (
        ".json",
        '{\n    "extractor": {\n        "instagram": {\n            "username": "USERNAME",\n            "password": "PASSWORD",\n            "cookies": "~/.config/gallery-dl/cookies.txt"\n        }\n    }\n}\n',
    ),
    (
        ".json",
        '{\n    "extractor": {\n        "instagram": {\n            "username": "your-username",\n            "password": "your-password"\n        }\n    }\n}\n',
    ),
)

_TEXTS_130 = (
    # Coveralls payloads (node-coveralls' --verbose and a posted job): committer and author names
    # that are the uploader's defaults, GitHub's web flow, bots, a CI or an unexpanded variable
    "{ run_at: '2019-10-28T09:11:47.723Z',\n  git:\n   { head:\n      { id: '327d115637167ede478d2585d85e23972f73b8b8',\n        committer_name: 'Unknown Committer',\n        committer_email: '',\n        message: 'Unknown Commit Message',\n        author_name: 'Unknown Author',\n        author_email: '' },\n     branch: '',\n     remotes: [] } }",
    '"committer_name": "Unknown Committer",',
    '"author_name": "Unknown Author",',
    '"committer_name": "GitHub",\n"committer_email": "noreply@github.com",',
    '"committer_name": "github-actions[bot]",',
    '"author_name": "dependabot[bot]",',
    '"committer_name": "Jenkins",',
    '"committer_name": "${GIT_COMMITTER_NAME}",',
    '        "head": {\n            "committer_name": "Unknown Committer",\n            "id": "70d7020768c8ad0a3f7423edf534569b332e3a67",\n            "message": "Update ref"\n        }',
    '    "repo_token": "***",\n    "service_name": "github",',
    '    "repo_token": "${COVERALLS_REPO_TOKEN}",\n    "service_name": "travis-pro",',
    # Jenkins emailext failing on recipients that are a variable, a role or placeholder addresses
    # (also two run together), and on the empty list
    "[Pipeline] emailext\nFailed to create e-mail address for $DEFAULT_RECIPIENTS\nAn attempt to send an e-mail to empty list of recipients, ignored.",
    "Failed to create e-mail address for ${env.CHANGE_AUTHOR_EMAIL}",
    "Failed to create e-mail address for jenkins@example.com",
    "Failed to create e-mail address for noreply@example.comdevops@example.com",
    "An attempt to send an e-mail to empty list of recipients, ignored.",
    # SonarScanner: masked tokens, placeholders and defaults on the command line and in
    # sonar-scanner-npm's `Bootstrapper: Properties:` dump
    "-Dsonar.login=sqa_### \\",
    "-Dsonar.token=squ_*** -Dsonar.host.url=http://localhost:9000",
    "[DEBUG] Bootstrapper: Properties: {\n  'sonar.sources': '.',\n  'sonar.login': '<token>',\n  'sonar.host.url': 'http://localhost:9000',",
    "  'sonar.token': '***',",
    "  'sonar.token': 'squ_***',",
    "  'sonar.login': 'sqa_XXXX',",
    "  'sonar.token': '${SONAR_TOKEN}',",
    "  'sonar.login': 'admin',\n  'sonar.password': 'admin',",
)

_TEXTS_131 = (
    # microG's GmsHttpFormClient: a Google login response's name and account fields naming
    # nobody (masked, empty, placeholders, the login page's device name)
    "> D/GmsHttpFormClient( 3023): firstName=redacted\n> D/GmsHttpFormClient( 3023): lastName=redacted\n",
    "04-05 21:25:39.216  2979  4474 D GmsHttpFormClient: firstName=[redacted]\n04-05 21:25:39.216  2979  4474 D GmsHttpFormClient: lastName=[redacted]\n",
    "D/GmsHttpFormClient( 3023): firstName=\nD/GmsHttpFormClient( 3023): lastName=\n",
    "D/GmsHttpFormClient( 3023): firstName=null\n",
    "D/GmsHttpFormClient( 3023): firstName=John\nD/GmsHttpFormClient( 3023): lastName=Doe\n",
    "D/GmsHttpFormClient( 3023): firstName=xxx\nD/GmsHttpFormClient( 3023): lastName=xxx\n",
    "D/GmsHttpFormClient( 3023): firstName=***\nD/GmsHttpFormClient( 3023): lastName=***\n",
    "firstName=Android\nlastName=Device\n",
    "D/GmsHttpFormClient( 3023): Email=[redacted]@gmail.com\n",
    "D/GmsHttpFormClient( 3023): Token=redacted\nD/GmsHttpFormClient( 3023): Auth=redacted\nD/GmsHttpFormClient( 3023): SID=redacted\nD/GmsHttpFormClient( 3023): LSID=readacted\n",
    "D/GmsHttpFormClient( 3023): GooglePlusUpdate=0\nD/GmsHttpFormClient( 3023): services=mail,hist,talk,cl,alerts,lh2,writely,ig,reader,youtube\n",
    "D/GmsHttpFormClient( 3023): accountType=HOSTED_OR_GOOGLE&androidId=redacted&app=com.google.android.gms&client_sig=redacted&device_country=US\n",
    # microG's auth manager and Gmail's sync lines around the token cache (no token, no key)
    "D/GmsAuthManager( 1964): peekAuthToken: null\n",
    "D/GmsAuthManager( 1964): token present, but expired\n",
    "D/GmsAuthenticator( 1964): hasFeatures: Account {name=ACCOUNT_1, type=com.google}, [service_mail, service_gmailrenameeligible]\n",
    "W/Gmail   ( 3916): Sync complete for account: account:-136509172\n",
    "I/Gmail   ( 3916): MainSyncRequestProto: lowestBkwdConvoId: 0, highestHandledServerOp: 830676, normalSync: true\n",
    # placeholder, masked and elided accounts in logcat's account lines
    "E/HttpTransaction(24718): java.lang.IllegalArgumentException: Non existing account user@example.com\n",
    "W AccountManagerService: insertAccountIntoDatabase: Account {name=*****@gmail.com, type=com.google}, skipping since the account already exists\n",
    "E/Auth    (25592): [GoogleAccountDataServiceImpl] getToken() failed. Status BAD_AUTHENTICATION, Account: <ELLIDED:717908253>, App: com.android.vending, Service: androidsecure\n",
    "14:42:31.880 Debug SyncManager 2540  failed sync operation authority: com.google.android.music.MusicContent account: Account {name=****@gmail.com, type=com.google}\n",
    "Account {name=test@example.com, type=com.google}\n",
    "Account {name=x@y.z, type=com.google}\n",
    "Account {name=foo@bar.com, type=com.google}\n",
)

_TEXTS_124 = (
    # `ls -l`/`ls -ld` owner and group columns naming no person: root, the service account, a
    # system or a distribution's default account, numeric ids
    "ls -ld / /data2 /data2/models\ndrwxr-xr-x 26 root root 4096 maj 26 07:25 /\ndrwx------  4 root root 4096 lis 12 18:57 /data2\ndrwxrwxr-x  4 ollama ollama 4096 lis 12 18:58 /data2/models\n",
    "drwx------  4 ollama ollama 4096 lis 12 18:57 /data2\n",
    "drwx--x--- 4 ollama ollama 4096 lis 12 18:58 /data2/models/\n",
    "drwxr-x--- 4 ollama ollama 4096 Dec 23 09:53 /usr/share/ollama/\n",
    "-rw-r--r-- 1 ollama ollama      12320 Aug 10 08:29 sha256-0ba8f0e314b4264dfd19df045cde9d4c394a52474bf92ed6a3de22a4ca31a177\n",
    "drwxr-xr-x  2 nobody nogroup 4096 Jan  1 00:00 /srv/models\n",
    "drwxrwxr-x  4 1000   1000   4096 lis 12 18:58 /data2/models\n",
    "drwxr-xr-x 3 www-data www-data 4096 Mar  3 10:00 /var/www/open-webui\n",
    "drwxr-xr-x  3 ollama render 4096 Sep 10 12:58 /var/lib/ollama\n",
    "drwxrwxr-x 4 ubuntu ubuntu 4096 Apr  2 12:00 /home/ubuntu/.ollama\n",
    'User=ollama\nGroup=ollama\nEnvironment="PATH=$PATH" "OLLAMA_MODELS=/data2/models"\n',
    # a prompt's `<host>-desktop` (or other machine name) made of a role or a project word, not
    # of the login
    "(textgen) user@user-desktop:/media/user/DATA/text-generation-webui$ python server.py\n",
    "(base) ubuntu@ubuntu-desktop:~/text-generation-webui$ ./start_linux.sh\n",
    "(textgen) root@textgen-desktop:/media/root/DATA/text-generation-webui# python server.py\n",
    "(textgen) user@ai-desktop:/media/user/DATA/text-generation-webui$ CUDA_VISIBLE_DEVICES=0 python server.py\n",
    "(base) ubuntu@ml-desktop:~$ ollama serve\n",
    "root@ai-server:/opt/text-generation-webui# python server.py --listen\n",
    "(venv) admin@gpu-box:~/vllm$ vllm serve Qwen/Qwen3-0.6B\n",
    # text-generation-webui's own placeholders that 1.78.0 keeps (its warning's last line, angle
    # brackets), and a placeholder or built-in home at a prompt
    "Make sure to replace username:password with your own.\n",
    "--gradio-auth <user>:<password>\n",
    "PS C:\\Users\\YourName> ollama serve\n",
    "PS C:\\Users\\username> lms ls\n",
    "PS C:\\Users\\Administrator> lms server start\n",
)

_TEXTS_127 = (
    # acme.sh runs and NPM's certbot commands whose site is a domain that names no one (a
    # placeholder, a business, a masked one), beside an account address at the same domain
    "root@web:/srv/web/example.com/www# acme.sh --issue -d test.example.com -w /var/www/html/ --debug 2\n",
    '[Sat  1 Oct 02:06:27 BST 2016] 1:Le_Domain="test.example.com"\n',
    "[Fri Sep 21 17:25:19 CST 2018] DOMAIN_PATH='/root/.acme.sh/freedom-gifts.com'\n",
    "[Thu Jul 22 21:25:51 CST 2021] _main_domain='peanut.tk'\n",
    'certbot certonly --agree-tos --email "admin@example.com" --domains "*.example.com,example.com" --authenticator dns-cloudflare\n',
    '--cert-name "npm-2" --agree-tos --email "hostmaster@example.dev" --domains "*.example.dev,example.dev"\n',
    '--email "xxx@xxxxxx.xxx" --domains "xxxx.xxxxx.org" --authenticator dns-cloudflare\n',
    # an ACME account's role or test address at a placeholder domain (Traefik's resolver email,
    # lego's registration line and --email)
    '  email = "webmaster@example.com"\n',
    '[certificatesResolvers.letsencrypt.acme]\n  email = "webmaster@mydomain.ovh"\n  storage = "/etc/traefik/acme/acme.json"\n',
    'email = "info@admin.example.com"\n',
    "2026/01/16 19:38:06 [INFO] acme: Registering account for test@example.com\n",
    "lego --dns cloudflare --email hostmaster@mydomain.at --domains subdomain.mydomain.at run\n",
    # lego's account store and example addresses that name no one
    "$ CLOUDFLARE_EMAIL=foo@bar.com \\\n",
    "2019/02/06 02:39:58 Saved key to ~/.lego/accounts/acme-v02.api.letsencrypt.org/you@example.com/keys/you@example.com.key\n",
    "Saved key to ~/.lego/accounts/acme-v02.api.letsencrypt.org/noemail@example.com/keys/noemail@example.com.key\n",
    # service accounts' homes and a daemon's own data folder
    "$ ls /var/lib/caddy/.local/share/caddy/\nacme  certificates  locks  ocsp\n",
    "[Fri Sep 21 17:25:19 CST 2018] _script_home='/home/tomcat/.acme.sh'\n",
    "[Thu Mar 23 20:32:07 UTC 2017] LE_WORKING_DIR='/home/vagrant/.acme.sh'\n",
    'docker run --rm -v "/home/ubuntu/docker/traefik:/input" ghcr.io/na4ma4/traefik-acme:latest\n',
    # win-acme's settings.json and a Windows administrator's prompt
    'C:\\Users\\Administrator>C:\\WIN-ACME\\wacs.exe\n    "ComputerName": "WEB01"\n',
    '    "SenderAddress": "noreply@example.com",\n    "ReceiverAddresses": ["admin@example.com"],\n',
    '    "SenderAddress": "win-acme@example.com",\n    "ReceiverAddresses": ["it@example.com"],\n',
    # Posh-ACME's masked PFX password, acme.sh's key-hash line without a value, challenge tokens
    "VERBOSE: Setting PfxPass to '*****'\n",
    "[Thu Mar 23 20:32:08 UTC 2017] _saved_account_key_hash is not changed, skip register account.\n",
    "[Fri Jul  8 03:21:54 UTC 2022] token='zKUTzxxxo'\n[Fri Jul  8 03:21:54 UTC 2022] keyauthorization='zKUTzxxxo.xxxxx'\n",
)

_TEXTS_129 = (
    # sfdx.log's bunyan JSON lines: a "hostname" that names no one (Windows' generated name, a
    # room or a role with -Desktop, a Mac's default, a fleet id, a CI runner) beside a home of a
    # built-in, default or runner account
    '{"name":"sfdx","hostname":"DESKTOP-4KQ2M7T","pid":5576,"log":"SfdxProjectJson","level":40,"msg":"The config file: C:\\\\Users\\\\Administrator\\\\.sfdx\\\\sfdx-project.json is not schema valid\\nDue to: Validation errors:\\nshould have required property \'packageDirectories\'","time":"2020-10-14T14:41:21.060Z","v":0}',
    '{"name":"sfdx","hostname":"Office-Desktop","pid":5576,"log":"SfdxProjectJson","level":40,"msg":"The config file: C:\\\\Users\\\\Usuario\\\\.sfdx\\\\sfdx-project.json is not schema valid","time":"2020-10-14T14:41:21.060Z","v":0}',
    '{"name":"sfdx","hostname":"Home-Desktop","pid":13273,"log":"SfdxProjectJson","level":40,"msg":"The config file: /root/.sfdx/sfdx-project.json is not schema valid","time":"2022-01-10T20:11:39.130Z","v":0}',
    '{"name":"sfdx","hostname":"Gaming-Desktop","pid":5576,"log":"Deploy","level":50,"msg":"No source-backed components present in the package.","time":"2022-01-10T20:11:39.613Z","v":0}',
    '{"name":"sfdx","hostname":"BUILD-Desktop","pid":5576,"log":"SfdxProjectJson","level":40,"msg":"The config file: C:\\\\Users\\\\builder\\\\.sfdx\\\\sfdx-project.json is not schema valid","time":"2020-10-14T14:41:21.060Z","v":0}',
    '{"name":"sfdx","hostname":"Admin-Desktop","pid":5576,"log":"SfdxProjectJson","level":40,"msg":"The config file: C:\\\\Users\\\\Admin\\\\.sfdx\\\\sfdx-project.json is not schema valid","time":"2020-10-14T14:41:21.060Z","v":0}',
    '{"name":"sfdx","hostname":"Work-Desktop","pid":5576,"log":"SfdxProjectJson","level":40,"msg":"The config file: C:\\\\Users\\\\ContainerAdministrator\\\\.sfdx\\\\sfdx-project.json is not schema valid","time":"2020-10-14T14:41:21.060Z","v":0}',
    '{"name":"sfdx","hostname":"Lab-Desktop","pid":5576,"log":"SfdxProjectJson","level":40,"msg":"The config file: C:\\\\Users\\\\Public\\\\.sfdx\\\\sfdx-project.json is not schema valid","time":"2020-10-14T14:41:21.060Z","v":0}',
    '{"name":"sfdx","hostname":"MacBook-Pro.localdomain","pid":17554,"log":"SfdxProjectJson","level":40,"msg":"The config file: /Users/runner/.sfdx/sfdx-project.json is not schema valid","time":"2022-08-26T19:40:17.031Z","v":0}',
    '{"name":"sfdx","hostname":"USMACEA043SREIT","pid":13273,"log":"SfdxProjectJson","level":40,"msg":"The config file: /home/runner/.sfdx/sfdx-project.json is not schema valid","time":"2022-01-10T20:11:39.130Z","v":0}',
    # macOS prompts whose host is the account's name with `s-MBP`, for role and CI accounts, and
    # prompts at a Mac's default host name
    "admins-MBP:eleventy-site admin$ wrangler whoami",
    "runners-MBP:project runner$ wrangler whoami",
    "ci-runners-MBP:eleventy-site ci_runner$ wrangler whoami",
    "build-agents-MBP:site build_agent$ wrangler whoami",
    "Mac-mini:eleventy-site root# wrangler whoami",
    "MacBook-Air:my-worker user$ wrangler whoami\n💁  👋  You are logged with the email 'user@example.com'.",
    # masked or placeholder addresses and tokens in login and whoami output that stay
    "Email [********]: \nPassword: **********************\nLogged in as ********",
    "Logged in as ab******@yahoo.com",
    "Email [***@yahoo.com]: ",
    "Logged in as j***@gmail.com",
    "heroku: Enter your login credentials\nEmail [user@example.com]: \nPassword: **********\nLogged in as user@example.com",
    "👋 You are logged in with an OAuth Token, associated with the email 'xxxxxxxx@gmail.com'!",
    "│ xxxxxxxx@gmail.com's Account   │ xxx                              │",
    "CLOUDFLARE_API_TOKEN=xxx wrangler whoami",
    "👋 You are logged in with an OAuth Token, associated with the email '<redacted>'!",
)

_TEXTS_128 = (
    # Postfix smtpd's client line with a SASL login naming no one (a role, a service, a placeholder
    # address, Postfix's own "(unavailable)"), and the line without one
    "Feb 14 11:17:20 domain.tld postfix/smtpd[1648]: E50437E242: client=mysendingip, sasl_method=PLAIN, sasl_username=user",
    "postfix/smtpd[1648]: E50437E242: client=localhost[127.0.0.1], sasl_method=PLAIN, sasl_username=admin",
    "postfix/smtpd[1648]: E50437E242: client=localhost[127.0.0.1], sasl_method=LOGIN, sasl_username=postmaster",
    "postfix/smtpd[1648]: E50437E242: client=localhost[127.0.0.1], sasl_method=PLAIN, sasl_username=test",
    "postfix/smtpd[1648]: E50437E242: client=localhost[127.0.0.1], sasl_method=PLAIN, sasl_username=relay",
    "postfix/smtpd[1648]: E50437E242: client=localhost[127.0.0.1], sasl_method=PLAIN, sasl_username=noreply@example.com",
    "postfix/submission/smtpd[3078]: 8A1B2C3D4E: client=unknown[192.0.2.10], sasl_method=LOGIN, sasl_username=user@domain.tld",
    "postfix/smtpd[2134]: warning: SASL CRAM-MD5 authentication failed: bad protocol / cancel, sasl_username=(unavailable)",
    "postfix/submissions/smtpd[1196]: warning: unknown[192.0.2.7]: SASL LOGIN authentication failed: UGFzc3dvcmQ6, sasl_username=info@example.com",
    "Feb 14 11:17:20 domain.tld postfix/smtpd[1648]: E50437E242: client=mysendingip",
    # rmilter, OpenDKIM and Mail-in-a-Box's status checks naming a placeholder domain or none
    "Feb 02 15:31:34 nixos rmilter[690]: <7a2a9b88db>; accepted connection from mail.example.com; client: ::1:43480 (localhost)",
    "Feb 02 15:31:34 nixos rmilter[690]: <7a2a9b88db>; accepted connection from localhost; client: ::1:43480 (localhost)",
    "Feb 02 15:31:34 nixos rmilter[690]: <7a2a9b88db>; accepted connection from mail.domain.tld; client: ::1:43480 (localhost)",
    "opendkim[290]: 8888F3239D2: no signing domain match for 'example.com'",
    "opendkim[290]: 8888F3239D2: no signing subdomain match for 'mydomain.com'",
    "opendkim[290]: 8888F3239D2: no signing domain match for 'domain.tld'",
    "opendkim[868]: A6736145A2E: no signing table match for 'noreply@example.com'",
    "postfix_1    | Feb 16 22:13:11 santa-maria opendkim[290]: 8888F3239D2: no signature data",
    "This domain is listed in the Spamhaus Domain Block List (code 127.255.255.254), which may prevent recipients from receiving your mail. See http://www.spamhaus.org/dbl/ and http://www.spamhaus.org/query/domain/mydomain.",
    "This domain is listed in the Spamhaus Domain Block List (code 127.255.255.254), which may prevent recipients from receiving your mail. See http://www.spamhaus.org/dbl/ and http://www.spamhaus.org/query/domain/example.com.",
    "The IP address of this machine 203.0.113.155 is listed in the Spamhaus Block List (code 127.255.255.254), which may prevent recipients from receiving your email. See http://www.spamhaus.org/query/ip/203.0.113.155.",
    # a Dovecot passwd-file and Postfix's reject at a placeholder domain
    "XXX@example.com:{BLF-CRYPT}SOME_PASSWORD_HASH\npostmaster@example.com\nroot@example.com",
    "`<YYY@example.com>: Sender address rejected: not owned by user YYY@example.com.`",
    "postmaster@mydomain.com",
    "user@domain.tld:{SHA512-CRYPT}SOME_PASSWORD_HASH",
    # mailcow.conf's other defaults and masked values
    '# Default admin user is "admin"',
    "DBNAME=mailcow\nDBUSER=mailcow\n\n# Please use long, random alphanumeric strings (A-Za-z0-9)\n\nDBPASS=XXXXXXXXXXXXXXXXXXX\nDBROOT=XXXXXXXXXXXXXXXXXXX",
    "DBPASS=<REDACTED>\nDBROOT=<REDACTED>",
    "MAILCOW_HOSTNAME=mail.example.org\nMAILCOW_PASS_SCHEME=BLF-CRYPT",
    '# Default password is ""',
    '# Default password is "changeme"',
    '# Default password is "password"',
)


_TEXTS_135 = (
    # RetroAchievements' dorequest.php requests (curl, a log's URL) with the account in `u=`
    # and the token in `t=`: placeholders, masks and empty values, no person's account
    "curl --location --request POST 'https://retroachievements.org/dorequest.php?r=login&u=username&p=password'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=login&u=YOUR_USERNAME&p=YOUR_PASSWORD'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=login&u=xxx&p=xxx'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=USERNAME&t=TOKEN&g=11283'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=unlocks&u=<username>&t=<token>&g=11283&h=0'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=CENSORED_USER&t=CENSORED_TOKEN&g=11283'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=gameid&m=0123456789abcdef0123456789abcdef'\n",
    "https://retroachievements.org/dorequest.php?r=login2&u=username&p=password\n",
    "https://retroachievements.org/dorequest.php?r=startsession&u=username&t=token&g=1234&h=1\n",
    "https://retroachievements.org/dorequest.php?r=awardachievement&u=username&t=token&a=12345&h=0\n",
    'curl \'https://retroachievements.org/dorequest.php?r=latestclient&e=1\'\n{"Success":true,"LatestVersion":"1.2.1","MinimumVersion":"1.0.0"}\n',
    # at a prompt whose login names no one
    "user@shiro ~ $ curl -X POST 'https://retroachievements.org/dorequest.php?r=login&u=username&p=password'\n",
    'user@host ~ $ curl -X POST \'https://retroachievements.org/dorequest.php?r=patch&u=USERNAME&t=CENSORED_TOKEN&g=11283\'\n{"Success":false,"Error":"Credentials invalid (0)"}%\n',
    # the login answer's JSON: "User" and "Token" as placeholders, masks, a guest, empty
    '{"Success":true,"User":"username","Token":"token","Score":14,"SoftcoreScore":868,"Messages":0,"Permissions":1,"AccountType":"Registered"}\n',
    '{\n  "Success": true,\n  "User": "username",\n  "Token": "token",\n  "Score": 14\n}\n',
    '{"Success":true,"User":"[redacted]","Token":"[redacted]","Score":0,"Messages":0}\n',
    '{"Success":true,"User":"xxx","Token":"CENSORED_TOKEN","Score":0,"Messages":0}%\n',
    '{"Success":true,"User":"YOUR_USERNAME","Token":"***","Score":0,"Messages":0}\n',
    '{"Success":true,"User":"Guest","Token":"","Score":0,"Messages":0}\n',
    '{"Success":true,"User":"test","Token":"test","Score":0}\n',
    '{"Success":false,"Error":"Invalid User/Password combination. Please try again"}\n',
    '{"Success":false,"Error":"Credentials invalid (0)"}%\n',
    # RetroArch's own settings and log line for the same account, placeholders
    'cheevos_username = "username"\ncheevos_token = ""\n',
    "[RCHEEVOS]: attempting to login username (with token)\n",
)

_TEXTS_132 = (
    # the systemd journal's host field holding a machine name, not a person's given name, on
    # WezTerm's and GNOME's lines
    "Feb 01 16:15:48 archlinux systemd[1261]: Started Application launched by gnome-shell.",
    "Feb 01 16:15:48 fedora org.wezfurlong.wezterm.desktop[255611]: 16:15:48.594  ERROR  mux::connui > Configuration Err>",
    "Feb 01 16:15:48 localhost org.wezfurlong.wezterm.desktop[255611]: stack traceback:",
    "Feb 01 16:15:48 ubuntu gnome-shell[247155]: Meta.Rectangle is deprecated, use Mtk.Rectangle instead",
    "Feb 01 16:15:48 nixos org.wezfurlong.wezterm.desktop[255611]:         [C]: in metamethod 'newindex'",
    'Feb 01 16:15:48 workstation org.wezfurlong.wezterm.desktop[255611]:         [string "/etc/xdg/wezterm/wezterm.lua"]:125: in >',
    'Feb 01 16:15:48 my-laptop org.wezfurlong.wezterm.desktop[255611]:         [string "/root/.wezterm.lua"]:125: in >',
    "Feb 01 16:15:48 thinkpad-t14 systemd[1261]: Started Application launched by gnome-shell.",
    "Feb 01 16:15:48 raspberrypi systemd[1261]: Started Application launched by gnome-shell.",
    # a tmux server log's pane environment: REALNAME and the other identity variables naming a
    # role, a robot or a placeholder, and /etc/os-release's NAME
    "1552914150.271463 window_pane_spawn: environment REALNAME=",
    "1552914150.271463 window_pane_spawn: environment REALNAME=root",
    "1552914150.271463 window_pane_spawn: environment REALNAME=John Doe",
    "1552914150.271463 window_pane_spawn: environment REALNAME=Your Name",
    "1552914150.271463 window_pane_spawn: environment REALNAME=Administrator",
    "1552914150.271463 window_pane_spawn: environment REALNAME=Build Robot + ci + S/T + EYYW + AUSY operation requested by Release Manager",
    "1552914150.271463 window_pane_spawn: environment NAME=Ubuntu",
    'NAME="Ubuntu"\nVERSION="20.04.2 LTS (Focal Fossa)"\nID=ubuntu',
    "1552914150.271463 window_pane_spawn: environment USER=root\n1552914150.271464 window_pane_spawn: environment HOME=/root",
    "1552914150.271463 window_pane_spawn: environment GROUP=simugene\n1552914150.271101 window_pane_spawn: environment HOST=simugene6",
    # the same dump's shared trees under /home that 1.86.0 keeps
    "1552914150.271032 window_pane_spawn: environment DEFALIAS=/home/sys/etc/kshrc",
    "1552914150.271507 window_pane_spawn: environment SYSDIR=/home/sys",
    "1552914150.271095 window_pane_spawn: environment HOMEDIR=/home",
    "PATH=/home/linuxbrew/.linuxbrew/bin:/usr/bin",
    # an Oh My Zsh prompt with no sigil after the updater, at a role account
    "Get your Oh My Zsh swag at:  http://shop.planetargon.com/\n_update_zsh_update:1: permission denied: /Users/Shared/.zsh-update\n root@TR ~",
    " root@TR ~\n admin@TR ~",
    " user@hostname ~",
    "git@github.com ~",
    # 1.88.0: the shared software tree in capitals under /home that 1.86.0 replaced, kept
    "1552914150.271140 window_pane_spawn: environment LD_LIBRARY_PATH=/home/OPENSOURCE/Linux/RHEL7/64b/lib",
    "1552914150.271140 window_pane_spawn: environment LD_LIBRARY_PATH=/usr/local/lib::/home/OPENSOURCE/Linux/RHEL7/64b/lib",
    "LD_LIBRARY_PATH=/root/local/lib::/home/OPENSOURCE/Linux/RHEL7/64b/lib",
)


_TEXTS_133 = (
    # bracketed prompts `[<user>@<host>] <dir>>` of the IBM Cloud (bluemix/bx) CLI's users naming
    # no one: root, admin, service and default accounts, placeholders, hosts made of them
    "[root@localhost] ~/Downloads>bluemix plugin install cloud-functions",
    "[root@localhost] ~>",
    "[admin@MacBook-Pro] ~/Downloads>bluemix plugin list",
    "[user@host] ~/Downloads>ibmcloud plugin install container-service",
    "[runner@Mac-mini] ~/work>bx login --sso",
    "[vagrant@localhost] ~>",
    "[ec2-user@ip-10-0-0-12] ~>ibmcloud login -a cloud.ibm.com",
    "[ubuntu@ubuntu] ~/Downloads>",
    "[root@MacBook-Pro] ~/Downloads>bluemix plugin install IBM-sdk-gen-bx-darwin-amd64-0.1.21\nInstalling binary...\nFAILED",
    "[user@users-MacBook-Pro] ~/Downloads>",
    "[admin@admins-MacBook-Pro] ~>",
    "[jenkins@build-mac] ~/workspace>bx cf push",
    # gcloud's --project= ids and --user= accounts naming no one, beside a kept profile
    'gcloud compute reset-windows-password aspnet-1 --zone=us-central1-f --user="DpeLaptop" --quiet  --project=my-project-test2 --format=json',
    'gcloud compute reset-windows-password aspnet-1 --zone=us-central1-f --user="admin" --quiet  --project=aspnet-test2 --format=json',
    "gcloud compute instances list --project=acme-prod-123456",
    "gcloud compute ssh instance-1 --project=dev-sandbox-test2 --zone=us-central1-f",
    'gcloud compute reset-windows-password aspnet-1 --zone=us-central1-f --user="DpeLaptop" --quiet  --project=surfer-test2 --credential-file-override="C:\\Users\\Administrator\\AppData\\Local\\googlecloudvsextension\\accounts\\cc9b7aff9916f3bc02086a3c67dc50ee87458ef8.json" --format=json',
    "ERROR: (gcloud.compute.reset-windows-password) The required property [account] is not currently set.\nYou may set it for your current workspace by running:\n\n  $ gcloud config set account VALUE",
    # bx/ibmcloud login's Email> and User: with a placeholder or a mask
    "Email> user@example.com\n\nPassword> \nAuthenticating...\nOK",
    "User:              user@example.com   ",
    "Email> ***",
    "Email> <your IBMid>",
    "Email> ibmid@example.com",
    "API endpoint:      https://api.w3ibm.bluemix.net   \nRegion:            w3ibm:prod:us-south   \nUser:              ***   ",
    "Resource group:    No resource group targeted, use 'bx target -g RESOURCE_GROUP'   ",
)

_TEXTS_134 = (
    # a GitHub Pages site's `<name>.github.io` folder and repository, and a repository's owner in
    # a URL, where the name is a placeholder, a masked value, GitHub's mascot or an organisation
    "PS C:\\Users\\ADMIN\\Desktop\\Code\\username.github.io\\BSOD> bundle exec jekyll serve",
    "Configuration file: C:/Users/ADMIN/Desktop/Code/username.github.io/_config.yml",
    "Configuration file: C:/Users/Administrator/Desktop/<username>.github.io/_config.yml",
    "PS C:\\Users\\ADMIN\\Desktop\\Code\\jekyll.github.io> bundle exec jekyll serve",
    "Error: warning: redirecting to https://github.com/USERNAME/USERNAME.github.io.git/",
    "warning: redirecting to https://github.com/<USERNAME>/<USERNAME>.github.io.git/",
    "From https://github.com/your-username/your-username.github.io",
    "hexo-site@0.0.0 /opt/blog/octocat.github.io",
    "    at ChildProcess.<anonymous> (/srv/sites/facebook.github.io/node_modules/hexo-util/lib/spawn.js:37:17)",
    "Reinitialized existing Git repository in /home/runner/work/containers.github.io/containers.github.io/.git/",
    "fatal: unable to access 'https://github.com/*****.github.io/': The requested URL returned error: 403",
    "Website is live at: https://<GIT_USER>.github.io/<PROJECT_NAME>",
    "fatal: could not read Password for 'https://<GIT_USER>@github.com': No error",
    # a Pages deploy action's own log, its git commands echoed with the absolute `/usr/bin/git`:
    # the bot's identity, a variable, masked and placeholder values, organisations' remotes
    "/usr/bin/git config user.name github-actions[bot]\n/usr/bin/git config user.email 41898282+github-actions[bot]@users.noreply.github.com",
    "/usr/bin/git config user.name ${GITHUB_ACTOR}",
    "/usr/bin/git config user.email XXXXXX",
    '/usr/bin/git config --local user.name "Your Name"\n/usr/bin/git config --local user.email you@example.com',
    "Reinitialized existing Git repository in /home/runner/work/nmdc-schema/nmdc-schema/.git/\n/usr/bin/git config user.name github-actions[bot]",
    "/usr/bin/git remote add origin ***github.com/PRODUCTION_ORGANISATION/PRODUCTION_REPOSITORY.git",
    "/usr/bin/git ls-remote --heads ***github.com/microbiomedata/nmdc-schema.git gh-pages | wc -l",
    # `git log`'s author line masked whole by the poster (x, X, * or a word), name and address
    "commit b12f6a57762afcd455f203fe0b416c0111a1e982\nAuthor: xxxxxxx <xxxxxxx@xxxxx.com>\nDate:   Mon Nov 1 11:14:10 2021 +0800\n\n    upxxxxxxxxcy",
    "Author: xxxxxxx <xxxxxxx@outlook.com>",
    "Author: ******* <*******@outlook.com>",
    "Author: XXXXXXX <XXXXXXX@XXXXX.XXX>",
    "Author: [redacted] <[redacted]>",
)

_TEXTS_136 = (
    # Stack's `templates: params:` (config.yaml / stack.yaml) filled with its own placeholders,
    # its new-template defaults or an organisation, not a person
    "templates:\n  params:\n    author-name: value\n    author-email: value\n    copyright: value\n    github-username: value\n",
    "templates:\n  params:\n    author-name: name\n    author-email: email address\n    copyright: copyright information\n    github-username: username\n",
    "templates:\n  scm-init: git\n  params:\n    author-name: Your Name\n    author-email: you@example.com\n    github-username: your-github-username\n    category: Development\n",
    "    author-name: Author name here\n    author-email: example@example.com\n    copyright: 2024 Author name here\n",
    "    author-name: John Doe\n    author-email: john.doe@example.com\n    github-username: octocat\n",
    "    author-name: Commercial Haskell\n    copyright: 2015 FP Complete\n    github-username: commercialhaskell\n",
    "You can provide them in ~/.stack/config.yaml, like this:\ntemplates:\n  params:\n    author-email: value\n    category: value\n",
    'stack new new-template new-template -p "author-email:value" -p "author-name:value" -p "github-username:value"\n',
    # gpg's passphrase prompt naming a placeholder identity or a test key
    'You need a passphrase to unlock the secret key for\nuser: "Your Name <you@example.com>"\n4096-bit RSA key, ID CC42E614, created 2012-05-22 (main key ID 3ACECAE0)\n',
    'You need a passphrase to unlock the secret key for\nuser: "Test Key <test@example.com>"\n2048-bit RSA key, ID 0DEADBEE, created 2020-01-01\n',
    'You need a passphrase to unlock the secret key for\nuser: "Leiningen Test <lein@example.org>"\n',
    'user: "John Doe <john@example.com>"\n',
    'gpg: using "[redacted]" as default secret key for signing\n',
    # an Erlang node name's host: localhost, an IP, a machine named for no one or for a role
    "Protocol 'inet_tcp': the name foo@localhost seems to be in use by another Erlang node\n",
    "Protocol 'inet_tcp': the name foo@MacBook-Air seems to be in use by another Erlang node\n",
    "Protocol 'inet_tcp': the name foo@Admins-MacBook-Air seems to be in use\n",
    "Protocol 'inet_tcp': the name foo@Users-MacBook-Pro seems to be in use\n",
    "Protocol 'inet_tcp': the name bar@127.0.0.1 seems to be in use by another Erlang node\n",
    'iex(foo@127.0.0.1)1> Node.connect :"bar@127.0.0.1"\n',
    "iex(one@localhost)1> Node.connect :two@localhost\n",
    "(foo@ip-10-40-65-192.ec2.internal)1>\n",
    # a web home `~<u>` in a URL naming no one: a placeholder, a role; a tarball URL with none
    "$ opam publish http://www.example.org/~user/pkg/pkg-1.0.tar.gz .\n",
    "archive at https://people.example.edu/~username/dist/foo-1.4.tar.gz\n",
    "http://cloud.example.fr/~admin/dist/x.tar.gz\n",
    "[compiler.get] http://caml.inria.fr/pub/distrib/ocaml-4.02/ocaml-4.02.1.tar.gz downloaded\n",
)

_TEXTS_137 = (
    # a folder under a Windows home at a PowerShell prompt: the built-in and generic accounts'
    # folders, and a folder that begins like the account (`Admin` under `Administrator`)
    "PS C:\\Users\\Administrator\\Admin\\Kafka\\getting-started-kafka\\module4\\demo2> kafka-topics.sh --create --bootstrap-server localhost:9092 --topic myorders",
    "PS C:\\Users\\Administrator\\Documents\\Kafka\\kafka_2.13-3.6.0> .\\bin\\windows\\kafka-topics.bat --list --bootstrap-server localhost:9092",
    "PS C:\\Users\\Administrator\\Desktop\\Kafka\\kafka_2.13-3.6.0> .\\bin\\windows\\zookeeper-server-start.bat .\\config\\zookeeper.properties",
    "PS C:\\Users\\Public\\Kafka\\getting-started-kafka\\module4\\demo2> kafka-topics.sh --list",
    "PS C:\\Users\\user\\Kafka\\getting-started-kafka\\module4\\demo2> kafka-topics.sh --create --bootstrap-server localhost:9092 --replication-factor 3 --partitions 3 --topic myorders",
    "PS C:\\Users\\Default\\Kafka> kafka-topics.sh --list",
    # a Celery worker's node name: hosts that name nobody, also Windows' `<WORD>-PC`
    " -------------- celery@DESKTOP-4KQ2M7T v5.3.1 (emerald-rush)",
    " -------------- celery@WIN-8F3K2L1QJ0P v4.0.0 (latentcall)",
    " -------------- celery@localhost v5.2.7 (dawn-chorus)",
    " -------------- celery@worker1 v4.4.7 (cliffs)",
    " -------------- celery@HOME-PC v4.0.0 (latentcall)",
    " -------------- celery@OFFICE-PC v4.0.0 (latentcall)",
    " -------------- celery@USER-PC v4.0.0 (latentcall)",
    " -------------- celery@ADMIN-PC v4.0.0 (latentcall)",
    "[2016-11-07 23:25:20,101: INFO/MainProcess] celery@WORKSTATION-PC ready.",
    # a JAAS config's and a nats-server.conf's password: masks, placeholders, stand-ins kept now
    "        ssl.truststore.password = blablabla",
    'sasl.jaas.config = "org.apache.kafka.common.security.scram.ScramLoginModule required username = divolte password = ****;"',
    'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="<username>" password="<password>";',
    "  authorization {\n    user: ruser\n    password: ***\n    timeout: 2\n  }",
    "  authorization {\n    user: ruser\n    password: $ROUTE_PASSWORD\n    timeout: 2\n  }",
    "  authorization {\n    user: ruser\n    password: changeme\n    timeout: 2\n  }",
    # RabbitMQ's log naming its default accounts and a placeholder address
    "2019-08-26 06:41:44.538 [info] <0.20017.0> Changing password for 'guest'",
    "2019-08-26 06:41:44.560 [info] <0.20025.0> Setting permissions for 'admin' in 'subscribed' to '.*', '.*', '.*'",
    "2019-08-26 06:41:44.538 [info] <0.20017.0> Changing password for 'user@example.com'",
    # a broker image's instance folders that are no person's home
    "Creating ActiveMQ Artemis instance at: /var/lib/artemis-instance",
    "Creating ActiveMQ Artemis instance at: /home/kafka/broker",
    "2020-03-05 09:22:10,131 INFO Client environment:user.home=/home/kafka (org.apache.zookeeper.ZooKeeper) [main]",
    # 1.96.0: the broker images' own accounts' homes (changed by 1.94.0), kept now
    "Creating ActiveMQ Artemis instance at: /home/artemis/broker",
    '   "/home/activemq/broker/bin/artemis" run',
    "Creating ActiveMQ Artemis instance at: /home/jboss/broker",
)

_TEXTS_138 = (
    # idf.py, cmake, idf_monitor and the ESP32 toolchain under homes that name nobody (a CI
    # runner, a container's /opt/esp and /root, a build account, MSYS2's and a poster's `user`),
    # and sdkconfig's Wi-Fi settings as placeholders or variables
    'Running cmake in directory /home/runner/work/firmware/firmware/build\nExecuting "cmake -G Ninja -DPYTHON_DEPS_CHECKED=1 -DESP_PLATFORM=1 -DCCACHE_ENABLE=0 /home/runner/work/firmware/firmware"...',
    'Executing "/opt/esp/python_env/idf5.1_py3.8_env/bin/python /opt/esp/idf/tools/idf_monitor.py -p /dev/ttyUSB0 -b 115200 --toolchain-prefix xtensa-esp32-elf- --target esp32"...',
    "root@5a1bfaf880dd:/project# idf.py build\nRunning ninja in directory /project/build",
    "-- Found assembler: /root/.espressif/tools/xtensa-esp32-elf/esp-2021r2-patch5-8.4.0/xtensa-esp32-elf/bin/xtensa-esp32-elf-gcc",
    "ERROR: /home/builder/.espressif/python_env/idf5.1_py3.11_env/bin/python doesn't exist!",
    "Python requirements from C:/msys32/home/user/esp/esp-idf/requirements.txt are satisfied.",
    "user@DESKTOP-4KQ2M7T MINGW32 ~/esp/hello_world\n$ make monitor",
    '-CONFIG_WIFI_SSID="myssid"\n-CONFIG_WIFI_PASSWORD="mypassword"\n+CONFIG_WIFI_SSID="Your_SSID"\n+CONFIG_WIFI_PASSWORD="Your_Password"',
    'CONFIG_EXAMPLE_WIFI_SSID="${WIFI_SSID}"\nCONFIG_EXAMPLE_WIFI_PASSWORD="${WIFI_PASSWORD}"',
    # west build and Zephyr's CMake under a placeholder home
    "       source directory: /home/user/zephyrproject/zephyr/samples/hello_world\n       build directory: /home/user/zephyrproject/zephyr/build",
    "user@ubuntu:~/zephyrproject/zephyr$ west build -b qemu_x86 samples/hello_world",
    "    /home/<user>/.cmake/packages/Zephyr/5577177c735b0012cdbf97d48b260e9a",
    "FATAL ERROR: command exited with status 1: /usr/bin/cmake -DWEST_PYTHON=/home/USERNAME/zephyrproject/.venv/bin/python3 -B/home/USERNAME/zephyrproject/zephyr/build -GNinja",
    # bitbake under a build account or a container's work directory
    "ERROR: Logfile of failure stored in: /home/builder/openbmc/build/tmp/work/romulus-openbmc-linux-gnueabi/linux-aspeed/5.15.36+gitAUTOINC+49caedb668-r0/temp/log.do_fetch.14954",
    "ERROR: Task (/home/build/yocto-pitrezor/poky/meta/recipes-core/busybox/busybox_1.35.0.bb:do_compile) failed with exit code '1'",
    "ERROR: Task (/workdir/poky/meta/recipes-kernel/linux/linux-yocto_6.1.bb:do_fetch) failed with exit code '1'",
    # Klipper and Moonraker at the Raspberry Pi's default account, power and API settings as
    # placeholders
    "pi@mainsailos:~/moonraker $ git reset --hard",
    "2023-02-11 02:04:39,706 [base_deploy.py:log_info()] - Application moonraker: Detected virtualenv: /home/pi/moonraker-env",
    "[power printer]\ntype: tasmota\naddress: 192.168.1.50\npassword: mypassword",
    "moonraker_api_key: MY_API_KEY",
    # PlatformIO, arduino-cli and git's auto-detected identity under built-in or placeholder
    # accounts
    "C:\\Users\\Administrator\\.platformio\\penv\\Scripts\\platformio.exe run --environment mega2560",
    "Using board 'uno' from platform in folder: /Users/USERNAME/Library/Arduino15/packages/arduino/hardware/avr/1.8.6",
    "directories:\n  data: /home/user/.arduino15\n  downloads: /home/user/.arduino15/staging\n  user: /home/user/Arduino",
    "fatal: unable to auto-detect email address (got 'root@localhost.(none)')",
    # 1.96.0: the printer boards' and Yocto containers' default accounts (changed by 1.94.0),
    # kept now
    "mks@mkspi:~/klipper $ make menuconfig\nmks@mkspi:~/klipper $ ls /home/mks/klipper/out",
    "biqu@BTT-CB1:~ $ sudo service klipper restart",
    'export HOME="/home/yoctouser"',
)

_TEXTS_139 = (
    # OIDC ID tokens' claims (`opkssh login --print-id-token`, Dex): `name` and
    # `preferred_username` naming an administrator, a test or service account, a placeholder; an
    # issuer on an example, local or product host, or a test host made of no one's name
    '{\n  "iss": "https://sso.example.com/oauth2/openid/opkssh",\n  "sub": "7b89b6ea-1e8b-4aa8-98fb-a70cba498d16",\n  "aud": "opkssh",\n  "azp": "opkssh",\n  "name": "Administrator",\n  "email_verified": true\n}',
    '{\n  "iss": "https://accounts.google.com",\n  "azp": "opkssh",\n  "aud": "opkssh",\n  "name": "Administrator",\n  "preferred_username": "admin"\n}',
    '  "name": "admin",',
    '  "name": "opkssh",',
    '  "name": "Test User",\n  "preferred_username": "testuser",',
    '  "given_name": "John",\n  "family_name": "Doe",\n  "name": "John Doe",',
    '  "name": "John Doe",\n  "email": "john.doe@example.com",\n  "email_verified": true,',
    '  "name": "Service Account",\n  "preferred_username": "service-account-opkssh",',
    '  "iss": "https://auth.example.com/application/o/opkssh/",\n  "name": "authentik Default Admin",\n  "preferred_username": "akadmin",',
    '  "iss": "https://kanidm.example.com/oauth2/openid/opkssh",',
    '  "iss": "https://localhost:8443/oauth2/openid/opkssh",',
    '  "groups": [\n    "idm_all_persons@sso.example.com",\n    "00000000-0000-0000-0000-000000000035"\n  ]',
    '  "iss": "https://127.0.0.1:5556/dex",\n  "name": "admin",',
    '  "iss": "https://dex-testing.staging.core-os.net/identity",\n  "name": "admin",',
    '  "iss": "https://admin-dex-testing.staging.core-os.net/identity",',
    '  "login": "admin",',
    # Authelia's file backend (`users_database.yml`): a login key and `displayname:` naming an
    # administrator or a placeholder, the password masked
    'users:\n  admin:\n    displayname: "Administrator"\n    password: "$argon2id$v=...."\n    groups:\n      - admins',
    'users:\n  admin:\n    displayname: "Admin"\n    password: "$argon2id$v=...."\n    email: admin@example.com\n    groups:\n      - admins',
    'users:\n  <username>:\n    displayname: "<display name>"\n    password: "<hash>"\n    email: <email>',
    '    users_database.yml: |\n        users:\n          username:\n            displayname: "User Name"\n            email: user@example.com',
    # oauth2-proxy's cookie secret as a variable, generated or empty; its log lines
    'cookie_secret = "${OAUTH2_PROXY_COOKIE_SECRET}"',
    "--cookie-secret=${OAUTH2_PROXY_COOKIE_SECRET}",
    'cookie_secret = "<cookie_secret>"',
    "--cookie-secret=\"$(openssl rand -base64 32 | tr -- '+/' '-_')\"",
    'client_secret = "____________"',
    "172.17.0.8 - - [2020/06/17 22:11:41] [AuthFailure] Invalid authentication via OAuth2: unauthorized",
    "[2025/04/10 02:09:40] [oauthproxy.go:1030] No valid authentication in request. Initiating login.",
    # a Shibboleth SP's session dump: eduPerson affiliations unscoped or at an example domain,
    # a placeholder eppn, the SAML session index
    "affiliation: member@example.org;staff@example.org",
    "unscoped_affiliation: member",
    "eppn: user@wm.edu;user@wm.edu\nmail: user@wm.edu",
    "Shib_Session_Index: 406ae1a8ee831f452422cf29b9acd0b2281894551fbaed0ec81c543309a4efbf",
)

_TEXTS_140 = (
    # tootctl's account argument that names nobody: a role account, a placeholder, a variable,
    # the service account, a sample user of the docs
    "tootctl accounts modify admin --role Owner",
    "tootctl accounts modify owner --role Owner",
    "tootctl accounts modify username --role Admin",
    "tootctl accounts modify some_username --role admin",
    "tootctl accounts modify ADMIN_USERNAME --role Admin",
    "tootctl accounts modify <your_username> --role Owner",
    "RAILS_ENV=production bin/tootctl accounts modify <username> --role Admin",
    "docker-compose run --rm web bin/tootctl accounts modify <username> --role Admin",
    "RAILS_ENV=production bin/tootctl accounts modify $USERNAME --approve",
    "tootctl accounts modify mastodon --role Admin",
    "tootctl accounts modify me --confirm",
    "tootctl accounts modify alice --role Admin",
    "bin/tootctl accounts modify admin --reset-password",
    "tootctl accounts modify admin@mastodon.local --reset-password\nNo user with such username",
    "tootctl accounts approve admin",
    # a YunoHost app's `set -x` log: the helpers' arguments and `yunohost user info`'s plain keys
    # when they name the admin role, a variable or a key, not a person
    "2019-11-26 15:24:34,179: DEBUG - ++ ynh_handle_getopts_args admin mail",
    "2019-11-26 15:24:34,180: DEBUG - ++ ynh_handle_getopts_args --app=$app",
    "DEBUG - ++ ynh_handle_getopts_args $admin mail",
    "DEBUG - ++ sudo yunohost user info $admin --output-as plain",
    "sudo yunohost user list --output-as plain",
    "2019-11-26 15:24:34,180: DEBUG - ++ sudo yunohost user info admin --output-as plain\n2019-11-26 15:24:34,380: DEBUG - ++ [[ 0 == \\1 ]]\n2019-11-26 15:24:34,381: DEBUG - ++ [[ #username =~ ^#mail$ ]]",
    "DEBUG - ++ [[ #username =~ ^#mail$ ]]\nDEBUG - ++ [[ #firstname =~ ^#mail$ ]]\nDEBUG - ++ [[ #lastname =~ ^#mail$ ]]",
    "DEBUG - ++ [[ #mail =~ ^#mail$ ]]",
    "DEBUG - ++ [[ $admin =~ ^#mail$ ]]",
    "DEBUG - ++ [[ root =~ ^#mail$ ]]",
    "DEBUG - ++ ynh_get_plain_key mail\nDEBUG - ++ local key_=mail",
    # a folder named after its disk or parent with a suffix that names nobody
    "/media/usb/usb_backup/tmp/inventory/hosts as an inventory source",
    "/media/data/data_old/lemmy-ansible/inventory/hosts as an inventory source",
    "/media/backup/backup_2023/tmp/kk/lemmy_patched/inventory/hosts",
    "/mnt/storage/storage_2019/lemmy-ansible/inventory/hosts",
    "/srv/lemmy/lemmy_backup/inventory/hosts",
    "[WARNING]: Unable to parse\n/opt/ansible/ansible_lemmy/inventory/hosts as an inventory source",
    "> [WARNING]: Unable to parse\n> /home/runner/work/lemmy-ansible/lemmy-ansible/inventory/hosts as an inventory source",
    # a stand-in address beside a stand-in account, kept today
    "tootctl accounts create test --email test@example.com",
    "tootctl accounts create aaaa --email test@example.com\nOK\nNew password: ********",
    "--email xxx@gmail.com",
    "bin/tootctl accounts create me --email=me@example.com --confirmed --role Owner",
    "tootctl accounts create admin --email admin@localhost --confirmed --role admin",
    "--email (email) --confirmed --role Owner",
    "New password: <password>",
)

_TEXTS_141 = (
    # macOS bash's default prompt `<host>:<folder> <login>$` where the login is a role, CI or
    # service account, a placeholder, or missing (a bare `bash-3.2$`)
    "MBPro:skeleton root$ bundle exec fastlane match --verbose",
    "MacBook-Pro:ios admin$ pod install",
    "Mac-mini:App runner$ bundle exec fastlane beta",
    "MBPro:~ user$ fastlane env",
    "ci-mac:project jenkins$ bundle exec fastlane gym",
    "Administrators-MacBook-Pro:App administrator$ pod install",
    "MBPro:fastlane ec2-user$ bundle exec fastlane match",
    "MBPro:skeleton $ bundle exec fastlane match --verbose",
    "bash-3.2$ bundle exec fastlane match --verbose",
    # a reverse-domain app identifier in fastlane's Appfile echo made of a company, a template's
    # placeholder, a tool's or a framework's own name
    "- app_identifier: 'com.example.myapp'",
    "- app_identifier: 'tools.fastlane.app'",
    "- app_identifier: 'com.companyname.mauiapp1'",
    "- app_identifier: 'com.yourcompany.yourapp'",
    "- app_identifier: 'org.reactjs.native.example.AwesomeProject'",
    "Successfully loaded Appfile at path 'C:/Projects/Stromzaehler/stromzaehler/fastlane/Appfile'\n- app_identifier: 'de.stadtwerke.zaehlerstand'",
    # an Apple ID and team id masked whole or by `...` where nothing of the address is left
    "- apple_id: '***@***.com'\n- team_id: '4Z...X3'",
    "- apple_id: '[redacted]'",
    "Looking for App Store Connect Team with ID 4...3",
    "INFO [2018-08-17 11:53:17.16]: Login to App Store Connect (...@gmail.com)",
    "Loading session from '/Users/runner/.fastlane/spaceship/***@***.com/cookie'",
    # `tauri signer generate`'s and tauri.conf.json's lines around the updater's keys, no key in them
    "Add the public key in your tauri.conf.json",
    "`TAURI_PRIVATE_KEY`  Path or String of your private key\n`TAURI_KEY_PASSWORD`  Your private key password (optional)",
    '"pubkey": ""',
    '"pubkey": "YOUR_PUBLIC_KEY"',
)

_TEXTS_142 = (
    # a mail client's sender and `.env`: role and no-reply mailboxes at placeholder, example and
    # providers' own domains, the API host and a placeholder key (the same lines name nobody)
    "> anymail.exceptions.AnymailRequestsAPIError: Sending a message to xxxxxx@gmail.com from noreply@example.com\n> Mailgun API response 401 (UNAUTHORIZED): 'Forbidden'",
    '> MAIL_FROM="noreply@example.com"\n> MAIL_HOST="api.eu.mailgun.net"\n> MAIL_DOMAIN="mail.example.com"\n> MAIL_API="key-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"',
    "anymail.exceptions.AnymailRequestsAPIError: Sending a message to user@example.com from hi@example.com\nMailgun API response 401 (UNAUTHORIZED): 'Forbidden'",
    "anymail.exceptions.AnymailRequestsAPIError: Sending a message to to@example.com from from_email@example.com",
    'MAIL_FROM="hello@example.com"',
    'DEFAULT_FROM_EMAIL="hi@mysite.com"',
    'MAIL_FROM="hello@mycompany.com"',
    'DEFAULT_FROM_EMAIL="no-reply@mycompany.com"',
    'MAIL_FROM="support@example.org"\nMAIL_DOMAIN="mg.example.org"',
    'MAIL_FROM="info@example.co.uk"\nMAIL_DOMAIN="mail.example.co.uk"',
    'MAIL_FROM="noreply@mg.example.com"\nMAIL_HOST="api.eu.mailgun.net"',
    'MAIL_FROM="support@mailgun.com"',
    'MAIL_FROM="noreply@stripe.com"',
    "Mailgun API response 403 (FORBIDDEN): 'Domain mg.example.com is not allowed to send: Free accounts are for test purposes only.'",
    # Insomnia's plugin folder and stack under a poster's stand-in, a placeholder, a masked or a
    # built-in profile, and under a corporate self-repair cache
    "C:\\Users\\username\\AppData\\Roaming\\Insomnia\\plugins>npm list csv-stringify",
    "C:\\Users\\user\\AppData\\Roaming\\Insomnia\\plugins>npm list csv-stringify\nplugins@ C:\\Users\\user\\AppData\\Roaming\\Insomnia\\plugins\n`-- csv-stringify@6.6.0",
    "C:\\Users\\<username>\\AppData\\Roaming\\Insomnia\\plugins>npm list csv-stringify\nplugins@ C:\\Users\\<username>\\AppData\\Roaming\\Insomnia\\plugins\n`-- csv-stringify@6.6.0",
    "C:\\Users\\YourName\\AppData\\Roaming\\Insomnia\\plugins",
    "C:\\Users\\john.doe\\AppData\\Roaming\\Insomnia\\plugins",
    "C:\\Users\\Jane.Doe\\AppData\\Roaming\\Insomnia\\plugins",
    "C:\\Users\\%USERNAME%\\AppData\\Roaming\\Insomnia\\plugins",
    "C:\\Users\\me\\AppData\\Local\\insomnia\\app-7.0.5\\resources\\app.asar",
    "    at Object.<anonymous> (C:\\Users\\xxxxx\\AppData\\Roaming\\Insomnia\\plugins\\insomnia-plugin-batch-requests\\dist\\main.js:4:31)",
    "- C:\\Program Files (x86)\\Common Files\\SPS\\SelfRepairCache\\{B0911031-5C62-4B5A-966D-BA6A3C58EB48}\\LocalAppDataFolder\\insomnia\\app-2021.4.1\\resources\\app.asar\\renderer.html",
)

_TEXTS_143 = (
    # Git Bash and MINGW prompts whose host is a maker's name, a model or a default DESKTOP-id (no
    # login's initials), and createsuperuser with placeholder and documentation addresses
    "user@DESKTOP-SAMSUNG ~/workspace/DjangoUnleashed-1.8 (master)\n$ venv/Scripts/python manage.py createsuperuser",
    "admin@SAMSUNG-PC MINGW64 ~/workspace/project (master)\n$ python manage.py migrate",
    "User@DESKTOP-4KQ2M7T MINGW64 ~/workspace/DjangoUnleashed-1.8 (master)\n$ venv/Scripts/python manage.py createsuperuser",
    "$ venv/Scripts/python manage.py createsuperuser\nEmail address:\nError: This field cannot be blank.\nEmail address: admin@example.com",
    "PARAMS = ('admin@example.com',); args=('admin@example.com',)",
    "Email address: user@example.com\nPassword:\nPassword (again):\nSuperuser created successfully.",
    # macOS prompts with a model or default host and a built-in or placeholder login, a folder
    # before the prompt's login, Flyway's debug configuration with its mask and default roles
    "iMac-Pro:Flyway admin$ flyway migrate -X",
    "MacBook-Pro:conf user$ flyway migrate -X\nDEBUG: Loading config file: /usr/local/Cellar/flyway/6.3.1/libexec/conf/flyway.conf",
    "iMac-Office:Flyway admin$ cd conf/",
    "DEBUG: flyway.password -> ********\nDEBUG: flyway.url -> jdbc:postgresql://localhost:5432/postgres\nDEBUG: flyway.user -> postgres",
    "DEBUG: Unable to load config file: /Users/username/flyway.conf",
    "flywayMigrations admin$ gradle flywayMigrate",
    "flywayMigrations root# gradle flywayMigrate\nParallel execution is an incubating feature.\n:flywayMigrate FAILED",
    # Liquibase changeset ids file::id::author whose author is a role, a tool or generated
    "     2 changesets check sum\n          changelogs/init.xml::000000019::dev was: 9:d41d8cd98f00b204e9800998ecf8427e but is now: 9:af7cbc3f01f74e15e79bb5f115733834",
    "Running Changeset: changelog.xml::1::liquibase",
    "Running Changeset: db/changelog/db.changelog-master.yaml::1::system",
    "config/liquibase/changelog/00000000000000_initial_schema.xml::00000000000001::jhipster was: 8:a1b2c3d4e5f60718293a4b5c6d7e8f90 but is now: 8:0f9e8d7c6b5a49382716a5b4c3d2e1f0",
    "changelog.xml::createPrimaryTable::Liquibase Pro User",
    "changelogs/NormalizacoesIniciais.xml::000000020::admin was: 9:d41d8cd98f00b204e9800998ecf8427e",
    # an app's checkout outside a home, npm's run banner without a home, Flyway's connection
    # error for default and app roles, a built-in account's prompt on a machine named after the app
    "> backend@ migrate /opt/misskey/packages/backend\n> pnpm typeorm migration:run -d ormconfig.js",
    "> misskey@2023.9.0-beta.4 migrate /misskey\n> cd packages/backend && pnpm migrate",
    "ERROR: Unable to obtain connection from database (jdbc:postgresql://localhost/cuebot_local) for user 'postgres': FATAL: Ident authentication failed for user \"postgres\"",
    "ERROR: Unable to obtain connection from database (jdbc:postgresql://localhost/cuebot_local) for user 'cuebot': FATAL: Ident authentication failed for user \"cuebot\"",
    'Caused by: org.postgresql.util.PSQLException: FATAL: Ident authentication failed for user "flyway"',
    "[root@opencue tmp]$ flyway -url=jdbc:postgresql://$DB_HOST/$DB_NAME -user=$USER -n migrate",
)

_TEXTS_144 = (
    # a Datadog check's connection log naming a host that names nobody, and login-less prompts
    # before salt-call, fluent-bit and vector (bare `$`, a shell's version, root, the two-line
    # `[<host> :: root][~]`), Splunk HEC tokens as placeholders or variables, Splunk's CLI
    # without -auth or with placeholders
    "Jan 31 18:06:14 freenas.lan agent[4342]: 2018-01-31 18:06:14 PST | INFO | (datadog_agent.go:127 in LogMessage) | (connectionpool.py:805) | Starting new HTTPS connection (1): api.github.com",
    "Jan 31 18:06:14 freenas.lan agent[4342]: 2018-01-31 18:06:14 PST | INFO | (datadog_agent.go:127 in LogMessage) | (connectionpool.py:805) | Starting new HTTPS connection (1): home.example.com",
    "Jan 31 18:06:14 freenas.lan agent[4342]: 2018-01-31 18:06:14 PST | INFO | (connectionpool.py:805) | Starting new HTTPS connection (1): app.datadoghq.com",
    "Jan 31 18:05:59 freenas.lan agent[4342]: 2018-01-31 18:05:59 PST | INFO | (datadog_agent.go:127 in LogMessage) | (transport.py:1572) | Authentication (password) successful!",
    "Jan 31 18:06:14 nas.local agent[4342]: | INFO | (connectionpool.py:805) | Starting new HTTPS connection (1): www.google.com",
    "[cronos :: root][~]\n[.]$ salt-call -l debug test.ping",
    "[.]$ salt-call -l debug test.ping\n[DEBUG   ] Reading configuration from /opt/local/etc/salt/minion",
    "[saltmaster :: root][/srv/salt]\n[.]# salt-call state.apply",
    "$ fluent-bit -c fluent-bit.conf\nFluent-Bit v0.11.0\nCopyright (C) Treasure Data",
    "bash-3.2$ fluent-bit -c flb.conf\nFluent-Bit v0.11.0",
    "sh-4.2$ vector --config vector.toml",
    "root$ fluent-bit -c /etc/td-agent-bit/td-agent-bit.conf",
    "Invalid configuration value at INPUT.Name\nError: Configuration file contains format errors. Aborting",
    '  token = "${SPLUNK_HEC_TOKEN}" # required\n  type = "splunk_hec" # required',
    '  token = "<your-hec-token>" # required',
    '  token = "XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX" # required',
    '  token = "00000000-0000-0000-0000-000000000000" # required',
    '  host = "https://http-inputs-example.splunkcloud.com:443/services/collector" # required',
    "/opt/splunkforwarder/bin/splunk add forward-server 10.0.0.5:9997",
    "/opt/splunkforwarder/bin/splunk add forward-server splunk:9997 -auth <username>:<password>",
    "/opt/splunkforwarder/bin/splunk enable boot-start\n/opt/splunkforwarder/bin/splunk start",
    "Configured but inactive forwards:\n\tinput-prd-p-xxxxxxx.cloud.splunk.com:9XXXX",
    "    HTTP_User  ${ES_USER}\n    HTTP_Passwd  ${ES_PASSWORD}",
    "    Splunk_Token ${SPLUNK_TOKEN}",
)

_TEXTS_150 = (
    # Blender add-on tracebacks: the bundled modules, Steam's copy, and a built-in account's
    # Blender Foundation folder, also as Python's repr with doubled backslashes
    '  File "C:\\Program Files\\Blender Foundation\\Blender 3.6\\3.6\\scripts\\modules\\addon_utils.py", line 369, in enable',
    '  File "C:\\Program Files (x86)\\Steam\\steamapps\\common\\Blender\\3.0\\scripts\\modules\\addon_utils.py", line 387, in enable',
    '  File "C:\\Users\\Administrator\\AppData\\Roaming\\Blender Foundation\\Blender\\3.0\\scripts\\addons\\modifier_list\\__init__.py", line 72, in register',
    '  File "C:\\Users\\Public\\AppData\\Roaming\\Blender Foundation\\Blender\\3.4\\scripts\\addons\\rbr_track_addon\\__init__.py", line 145, in register',
    "Exception in module register(): 'C:\\\\Program Files\\\\Blender Foundation\\\\Blender 2.79\\\\2.79\\\\scripts\\\\addons\\\\namestack\\\\__init__.py'",
    "Exception in module register(): 'C:\\\\Users\\\\Administrator\\\\AppData\\\\Roaming\\\\Blender Foundation\\\\Blender\\\\2.79\\\\scripts\\\\addons\\\\namestack-master\\\\__init__.py'",
    # FreeCAD's module search path and a workbench's Python list of 3D model folders
    "Log:    /tmp/.mount_FreeCAtvD2AQ/usr/Mod/asm3\nLog:    /usr/share/freecad/Mod/Fem",
    "Log:    /root/.FreeCAD/Mod/fasteners\nLog:    /root/.FreeCAD/Mod/sheetmetal",
    "Log:    /home/user/.FreeCAD/Mod/fasteners",
    "on 2 paths: ['/usr/share/kicad/3dmodels/', '/opt/kicad/3dmodels/']",
    "root@debian:~/.kicad_plugins$ pwd\n/root/.kicad_plugins",
    # GIMP's plug-in folders and prompts, GIMP 3's --verbose lines
    "/root/.config/GIMP/2.10/plug-ins\n/usr/lib/gimp/2.0/plug-ins",
    "/home/user/.config/GIMP/2.10/plug-ins",
    'root ~ # gimp\nTraceback (most recent call last):\n  File "/usr/lib/gimp/2.0/plug-ins/mdcolors.py", line 24, in <module>\n    from gimpfu import gimp\nImportError: No module named gimpfu',
    "~ $ gimp\ngimp: LibGimpBase-WARNING: gimp: gimp_wire_read(): error",
    "Querying plug-in: 'C:\\Program Files\\GIMP 3\\lib\\gimp\\3.0\\plug-ins\\python-eval\\python-eval.py'",
    "c:\\Program Files\\GIMP 3\\bin\\gimp-3.0.exe: LibGimpBase-WARNING: gimp-3.0.exe: gimp_wire_read(): unexpected EOF",
    "Querying plug-in: 'C:\\Users\\Administrator\\AppData\\Roaming\\GIMP\\3.0\\plug-ins\\remove_bg_gimp3\\remove_bg_gimp3.py'",
    # an Inkscape export at a cmd prompt, wrapped at the console's width
    'C:\\Windows\\system32>svg-objects-export.py --xpath "//svg:g" --inkscape "C:\\Program Files (x86)\\Inkscape\\inkscape.com" --destdir "D:\\svg_export\\export" "D:\\svg_export\\icons_24.svg"',
    "exporting from D:\\svg_export\\routes_icons_24.svg all obje\ncts matching //svg:g\nfound 531 objects matching XPath",
    # Krita's Python error page outside a home
    " C:\\Program Files\\Krita (x64)\\share\\krita\\pykrita\\photobash_images\\photobash_images_docker.py in buttonClick(self=<photobash_images.photobash_images_docker.PhotobashDocker object>, position=0)",
    " /usr/share/krita/pykrita/krita_diff/docker.py in __init__(self=<krita_diff.docker.create_docker.<locals>.Docker object>, *args=(), **kwargs={})",
    # darktable backtrace frames in build trees, RawTherapee's options outside a home
    "in _display_module_trouble_message_callback (instance=<optimized out>, module=0x7fb02c1b1780, trouble_msg=0x0) at /usr/src/debug/darktable/src/views/darkroom.c:226",
    "in dt_control_log (msg=0x0) at /build/darktable-5.0.1/src/control/control.c:412",
    "LoadSaveProfilePath=/usr/share/rawtherapee/profiles",
    'userProfilePath = {static npos = 18446744073709551615, string_ = "/root/.config/RawTherapee/profiles"}',
    "[66+0]arboretum-test$ rawtherapee -d -t -Y -c crw_5045.dng\nProcessing: crw_5045.dng",
)

_TEXTS_149 = (
    # home-manager's NixOS module: its unit and journal tag for root or a placeholder, and its
    # own store paths and profile names
    "× home-manager-root.service - Home Manager environment for root",
    "     Loaded: loaded (/etc/systemd/system/home-manager-root.service; enabled; preset: enabled)",
    "Jun 10 09:25:28 nixos hm-activate-root[50907]: Please do one of the following:\nJun 10 09:25:28 nixos hm-activate-root[50907]: - Move or remove the above files and try again.",
    "warning: the following units failed: home-manager-root.service",
    "warning: the following units failed: home-manager-$USER.service",
    "systemctl status home-manager-<user>.service",
    "    Process: 50789 ExecStart=/nix/store/7i0d80cp7l2f3kzphp2pgl75f8k9bqal-hm-setup-env /nix/store/w1a59n0nkl8ikq5398fyal36gx52j1qr-home-manager-generation (code=exited, status=1/FAILURE)",
    "replacing old 'home-manager-path'\ninstalling 'home-manager-path'\nActivating linkGeneration",
    "Existing file '/home/user/.gtkrc-2.0' is in the way of '/nix/store/6p3hzdbzhad8ra5j1qf4b2b3hs6as6sf-home-manager-files/.gtkrc-2.0'",
    # darwin-rebuild / nixos-rebuild flake attributes naming a host that names nobody
    "sudo darwin-rebuild switch --flake .#simple",
    "sudo darwin-rebuild switch --flake .#Work-MacBook-Pro",
    "darwin-rebuild switch --flake ~/.config/nix-darwin#MacBook-Pro",
    "sudo nixos-rebuild switch --flake '.#algae' --show-trace",
    "error: flake 'git+file:///etc/nix-darwin' does not provide attribute 'darwinConfigurations.simple.system'",
    "[I] ➜  darwin git:(master) ✗ sudo darwin-rebuild switch --flake .#mbp",
    # Spack's debug lines under a site's non-home folders
    "==> READ LOCK: /local/scratch/.spack/cache/providers/.builtin-index.yaml.lock[0:0]\n[Acquiring]",
    "==> READ LOCK: /opt/spack/.spack/cache/providers/.builtin-index.yaml.lock[0:0] [Released]",
    "==> Reading config file /usr/local/spack/etc/spack/defaults/packages.yaml",
    "==> Reading config file /ROWAN/group/prod/LINUX_WORKSTATION/acs/spack/spack-dev-20170203/etc/spack/defaults/packages.yaml",
    "ggg:~>spack -d spec intel-parallel-studio",
    # cloud and cluster prompts whose host is made of words, dates and numbers only
    "[opc@centos7-9-nonrdma-node-20210916 ~]$ spack -d spec zlib",
    "[opc@centos7-9-nonrdma-20210916 ~]$ spack -d spec zlib",
    "[opc@instance-20210916-0733 ~]$ spack spec zlib",
    "[ec2-user@ip-172-31-7-191 ~]$ spack install zlib",
    "[centos@hpc-head-01 ~]$ spack find",
    # EasyBuild's build log under a shared prefix
    "== 2024-09-18 13:54:25,196 run.py:247 INFO running cmd:  ./configure --prefix=/opt/easybuild/build/GCCcore/10.2.0/system-system/gcc-10.2.0/stage2_stuff --with-pic",
)

_TEXTS_146 = (
    # a Mac's host name without dashes (`<Word>MacBookPro`, `<Word>sMacBookPro`) naming no one,
    # at a prompt whose login is a role account or a shell's own
    "admin@MacBookPro:~$ gopls version",
    "root@MacBookPro:~# gopls version\nversion v0.1.3-cmd.gopls, built in $GOPATH mode",
    "dev@WorkMacBookPro:~$ go env GOPATH",
    "ci@BuildMacBookPro:~$ gopls version",
    "user@StudioMacBookPro:~$ gopls version",
    "HOME=/Users/admin\nLOGNAME=admin\nPWD=/Users/admin\nSHELL=/bin/zsh",
    "ITERM_PROFILE=Default\nLANG=en_US.UTF-8\nLC_CTYPE=UTF-8\nSHELL=/usr/local/bin/fish\nSHLVL=2",
    "TERM_PROGRAM=iTerm.app\nTERM_PROGRAM_VERSION=3.2.9\nCOLORTERM=truecolor",
    # a drive's top folder and a GOPATH project folder naming no one, in `go env` on Windows
    "PS F:\\Go\\proj\\go\\bin> ./gopls '-rpc.trace' -v check F:\\Go\\proj\\go\\src\\project\\demo\\main.go",
    "set GOPATH=F:\\Go\\proj\\go\nset GOPRIVATE=",
    "set GOPATH=D:\\go\nset GOROOT=C:\\Program Files\\Go",
    "set GOCACHE=C:\\Windows\\Temp\\go-build\nset GOENV=C:\\ProgramData\\go\\env",
    "PS D:\\Projects\\go\\bin> gopls version",
    "PS C:\\Go\\bin> go env GOPATH",
    "set GOPATH=E:\\AI\\go\nset GOOS=windows",
    "./gopls -rpc.trace -v check D:\\src\\project\\hello\\main.go",
    # `nvim --version`'s build line naming a build account or a CI runner, not a person
    "Compiled by root@buildkitsandbox",
    "Compiled by runner@fv-az1234-567",
    "Compiled by builder@localhost",
    "Compiled by nixbld@localhost",
    "Compiled by buildd@lcy02-amd64-080",
    "Compiled by abuild@build-x86_64",
    "NVIM v0.9.5\nBuild type: Release\nLuaJIT 2.1.1703358377\nCompiled by runner@fv-az1234-567\n\nFeatures: +acl +iconv +tui",
    "Compiled by travis@travis-job-4f2a9c",
    "Compiled by brew@Mac-mini.local",
)

_TEXTS_148 = (
    # `kubectl get secret … | base64 --decode` of a Secret's key that is no password, or a
    # command that prints no value (an error, nothing, a variable assignment)
    '$ kubectl get secret --namespace pg-test my-release-postgresql -o jsonpath="{.data.username}" | base64 --decode\npostgres',
    '> kubectl get secret --namespace default postgresql -o jsonpath="{.data.postgres-password}" | base64 --decode\nError from server (NotFound): secrets "postgresql" not found',
    '$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath="{.data.password}" | base64 -d\nError from server (NotFound): secrets "argocd-initial-admin-secret" not found',
    '$ kubectl get secret my-release-postgresql -o jsonpath="{.data.postgres-password}" | base64 --decode\n$ echo $?\n0',
    '$ kubectl get secret db-secret -o jsonpath="{.data.host}" | base64 -d\ndb-cluster-rw.harbor.svc',
    '$ kubectl get secret db-secret -o jsonpath="{.data.port}" | base64 -d\n5432',
    'export POSTGRES_PASSWORD=$(kubectl get secret --namespace default postgresql -o jsonpath="{.data.postgres-password}" | base64 --decode)',
    # `flux bootstrap` owners that are organisations, variables or stand-ins, and the URLs it
    # prints for them
    "flux bootstrap github --owner=$GITHUB_USER --repository=fleet-infra --branch=main --path=./clusters/my-cluster --personal",
    "flux bootstrap gitea --owner my-org --repository fleet-infra",
    '► cloning branch "main" from Git repository "https://gitea.com/my-org/fleet-infra.git"',
    "flux bootstrap gitlab --owner=fluxcd --repository=flux2-e2e --path=clusters/test",
    '► connecting to gitea.com\n► cloning branch "main" from Git repository "https://gitea.com/<owner>/<repository>.git"',
    "⋊> ~/f/fleet-infra on main ◦ flux bootstrap stash --owner=go-git-provider-testing --username=fluxcd --repository=fleet-infra --branch=main",
    '✔ configured deploy key "flux-system-main-flux-system" for "https://github.com/fluxcd/flux2-kustomize-helm-example"',
    # a Git forge host in a controller's `could not read Username for '…'` that names nobody
    "fatal: could not read Username for 'https://gitlab.com': No such device or address",
    "fatal: could not read Username for 'https://gitlab.example.com': No such device or address",
    "fatal: could not read Username for 'https://git.company.internal': No such device or address",
    "fatal: could not read Username for 'https://localhost:9443': No such device or address",
    # SCRAM and JAAS credentials given as variables, placeholders, `x` runs or `*` masks
    "./kafka-configs.sh --zookeeper localhost:2181 --alter --add-config 'SCRAM-SHA-512=[password=${PASSWORD}]' --entity-type users --entity-name my-user",
    '  org.apache.kafka.common.security.scram.ScramLoginModule required\n  username="${KAFKA_USER}"\n  password="${KAFKA_PASSWORD}";',
    '  username="<username>"\n  password="<password>";',
    "--entity-type users --entity-name my-user",
    '  username="xxxxxxx"\n  password="xxxxxxx";',
    "--add-config 'SCRAM-SHA-512=[password=xxxxxxx]' --entity-type users --entity-name my-user",
    'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="my-user" password="********";',
)

_TEXTS_145 = (
    # an OpenVPN auth plugin's log naming no login (a poster's mask, empty, a placeholder, a test
    # account), OpenVPN's own deferred-auth line with an empty username
    "OTP-AUTH: trying to authenticate username 'xxxxxxx'",
    "OTP-AUTH: authentication failed for username 'xxxxxxx', remote 10.0.19.23:47776",
    "OTP-AUTH: trying to authenticate username ''",
    "10.0.16.187:46192 peer info: IV_GUI_VER=net.openvpn.connect.android_3.2.5-7182\n10.0.16.187:46192 peer info: IV_SSO=openurl\nOTP-AUTH: trying to authenticate username 'USERNAME'",
    "OTP-AUTH: trying to authenticate username 'testuser'",
    "TLS: Username/Password authentication deferred for username '' \nTLS: move_session: dest=TM_ACTIVE src=TM_INITIAL reinit_src=1",
    # NetworkManager's connection settings with no user in permissions (nmcli, a keyfile, the
    # nm-l2tp settings dump), root, a placeholder, the poster's own stand-ins
    "connection.permissions:                 --",
    "connection.id:                          MyVpnConection\nconnection.type:                        vpn\nconnection.permissions:                 --",
    "connection.permissions:                 user:root",
    "[connection]\nid=SSID\nuuid=01234567-89ab-cdef-0123-456789abcdef\ntype=wifi\npermissions=user:USERNAME:;",
    "\tpermissions :  (s)\n\tautoconnect : FALSE (s)",
    'vpn\n\tservice-type : "org.freedesktop.NetworkManager.l2tp" (s)\n\tuser-name : NULL (sd)',
    '\tuser-name : "username" (s)\n\tdata : gateway=my.vpn.server,ipsec-psk=presharedkeygoeshere,user=username,password-flags=3,ipsec-enabled=yes (s)',
    '\tuser-name : "vpnuser" (s)',
    # openvpn3's configs-list and sessions-list with a system or placeholder owner
    "/net/openvpn/v3/configuration/05793ae5xde06x54a5xa226x3e77b6e21e45\nTue Sep 15 13:33:59 2020        Tue Sep 15 13:34:28 2020  1\nmyvpn.conf                                                root",
    "Name                                                      Owner\n------------------------------------------------------------------------------\nclient.ovpn                                               openvpn",
    "       Owner: name                                   Device: \n Config name: client.ovpn\n      Status: Web authentication required to connect",
    # Tunnelblick configurations named after no one (a mask, the default name, a provider's
    # server, an office), in the dump, the .tblk path and the preference keys
    "Configuration XXX vpn",
    '"Sanitized" condensed configuration file for /Library/Application Support/Tunnelblick/Shared/client.tblk:',
    "Files in client.tblk:\n      Contents/Resources/config.ovpn",
    '"Sanitized" condensed configuration file for /Users/administrator/Library/Application Support/Tunnelblick/Configurations/config.tblk:',
    "Configuration ProtonVPN-US-FREE-1\n\nFiles in ProtonVPN-US-FREE-1.tblk:\n      Contents/Resources/config.ovpn",
    "2021-03-04 21:57:27.814178 Tunnelblick[532] Connecting client__ssl_vpn_config using OpenVPN 2.4.10 - OpenSSL v1.1.1j",
    "2021-03-04 21:55:51.325925 Tunnelblick[532] Set imported preference 'office__ssl_vpn_config-lastConnectionSucceeded' to '1' (old value was '1')",
)

_TEXTS_147 = (
    # a local-group member or principal `<MACHINE>\<account>` naming a built-in account, a
    # well-known group or a machine account, in crc's debug log and PowerShell's error
    "DEBU Running 'Get-LocalGroupMember -Name crc-users -Member 'DESKTOP-J8H86J0\\Administrator''",
    "DEBU stderr: Get-LocalGroupMember : Principal BUILTIN\\Administrators was not found.",
    "    + CategoryInfo          : ObjectNotFound: (NT AUTHORITY\\SYSTEM:String) [Get-LocalGroupMember], PrincipalNotFound",
    "DEBU Running 'Get-LocalGroupMember -Name Hyper-V Administrators -Member 'DESKTOP-J8H86J0\\DefaultAccount''",
    "Add-LocalGroupMember -Group 'Remote Desktop Users' -Member 'CONTOSO\\Domain Users'",
    # rpcclient/enum4linux-ng YAML: the built-in accounts a domain ships with
    "'500':\n  username: Administrator\n  name: (null)\n  acb: '0x00000210'",
    "'501':\n  username: Guest\n  name: (null)\n  acb: '0x00000215'",
    "'502':\n  username: krbtgt\n  name: (null)\n  description: Key Distribution Center Service Account",
    # osquery's logged_in_users and WMIC's account table naming built-in accounts only
    '{"host":"","pid":"-1","sid":"S-1-5-18","tty":"Console","type":"active","user":"SYSTEM"}',
    "C:\\WINDOWS\\system32>WMIC useraccount get name,sid\nName SID\nAdministrator S-1-5-21-290147011-3877661701-2869888396-500\nDefaultAccount S-1-5-21-290147011-3877661701-2869888396-503\nGuest S-1-5-21-290147011-3877661701-2869888396-501\nWDAGUtilityAccount S-1-5-21-290147011-3877661701-2869888396-504",
    # Windows klist: a built-in or machine account's tickets, an empty client
    "#0>     Client: Administrator @ CONTOSO.COM\n        Server: krbtgt/CONTOSO.COM @ CONTOSO.COM\n        KerbTicket Encryption Type: AES-256-CTS-HMAC-SHA1-96",
    "#1>     Client: WIN10$ @ CORP.LOCAL\n        Server: cifs/dc01.corp.local @ CORP.LOCAL",
    "#0>     Client: @\n        Server: krbtgt/\n        Kdc Called:",
    # Microsoft Graph user JSON naming a room and a role
    '{"@odata.type": "#microsoft.graph.user", "id": "00000000-0000-0000-0000-000000000000", "businessPhones": [], "displayName": "Conference Room A", "givenName": null, "surname": null}',
    '{"@odata.type": "#microsoft.graph.user", "businessPhones": [], "displayName": "Global Administrator", "jobTitle": "Automation Guru", "officeLocation": "US"}',
    # ldapsearch against AD with an example or placeholder base and bind
    'ldapsearch -x -b "DC=example,DC=com" -D "cn=read-only-admin,dc=example,dc=com" -h 10.0.0.243 -W',
    "ldapsearch -x -b \"DC=corp,DC=contoso,DC=com\" -H ldap://dc01.corp.contoso.com -W '(cn=Limited User)'",
    # the prompt of a built-in or public profile before an AD cmdlet
    "PS C:\\Users\\Administrator> Get-AdUser -Identity bckadmin",
    "PS C:\\Users\\Public> Get-ADUser -Filter * -SearchBase 'OU=Generics,DC=contoso,DC=com'",
    # a krb5 trace and MIT klist with an example realm and a role principal
    "    Jul 27 16:35:27 2017  Jul 28 02:35:27 2017  krbtgt/EXAMPLE.COM@EXAMPLE.COM",
    '    $ ./xfreerdp /v:win2016dc /u:administrator /p:"password"',
)

_TEXTS_151 = (
    # hex values beside an error tracker's wording that are ids, hashes or commits, not
    # credentials (dSYM UUIDs, Sentry event/trace/debug ids, release SHAs, npm checksums), and the
    # same wording holding a placeholder or a masked token
    "Successfully submitted symbols for architecture arm64 with UUID c0c9a2b89bf13825a7b9a7911c0b1f41 in dSYM: /tmp/App.app.dSYM",
    "  event_id: 'e3e90fdc562e4ed9b7b09f94a073059e',\n  level: 'error',",
    "      trace_id: 'e0a3656695f591f0390a8498abc80e0e',\n      span_id: 'deb0f0788d421306'",
    "    > Debug ID: e9ccc561-4a1b-3c2d-8e7f-7eb2e64b2f3c\n      Code ID:  61c5a1b2c3d4e5f60718293a4b5c6d7e8f9b2f3c",
    "    A 31f2ab067613a01d82e903316e02cbc76dd038c9  (3553 bytes)",
    "+ sentry-cli releases files 3f1df0bf126d7e8b2a71598bb3c30c48c9366b8a upload js/upload.js /static/js/upload.js",
    "### Version\nCommit 8327d1f4e9224bb83ee20ce56791209af0c8448a",
    '  ["uuid":"Rollbar\\Response":private]=>\n  string(36) "859ae783-49a1-41b5-a405-d0e65eb574bf"',
    '    string(56) "access token not found: <access token>"',
    '    string(56) "access token not found: ******"',
    '{"access_token"=>"******", "data"=>{:uuid=>"e17a869e-06c6-456b-a12a-963deb6b13d7"}}',
    "D/Sentry  (27370): Deleted file /data/user/0/io.sentry.samples.flutter/cache/sentry/dada4834dfaf0e0e55df2c5db96866da94c02921/b5784a27-25ef-47cf-9a48-a7c4d3735895.envelope.",
    "DEBUG [2018-02-14 11:05:39.66]: upload_dsym using command: ./Pods/Fabric/upload-symbols -a $FABRIC_API_KEY -p ios /tmp/d20180214-22396-eyx958/App.framework.dSYM",
    "DEBUG [2018-02-14 11:05:39.66]: upload_dsym using command: ./Pods/Fabric/upload-symbols -a <api_key> -p ios /tmp/App.framework.dSYM",
    '"sha256-hex":"ff6bcdf8d6015353ed5b5c1e0adb547a411758c1ffec8939628dac0ffdd12c8a"',
    "Uploading UUID: 11432122-96CB-3290-A864-E245844B08F0 (armv7) /var/folders/lz/st_yn9150hg6pq576k44m0540000gn/T/bugsnag-dsym-upload.XXX.UDHfDgr4/SWXMLHash",
    # a build machine's or CI service's account under /Users or /root, not a person
    "INFO [2018-02-14 11:05:38.35]: Extracting '/Users/runner/work/App/output/App.app.dSYM.zip'...",
    "Successfully submitted symbols in dSYM: /var/folders/11/nh0v1jld7zd7b9zqm1774gtm0000gn/T///Users/vagrant/deploy/App.dSYM.zip.unzipped/Realm.framework.dSYM",
    "INFO [2018-02-14 11:05:38.35]: $ unzip -qo /Users/Shared/jenkins/workspace/App/output/App.app.dSYM.zip",
    '"/Users/runner/.nvm/versions/node/v10.19.0/lib/node_modules/@sentry/cli/sentry-cli" "--strip-prefix" "/Users/runner/work/1/s"',
    "npm ERR!     /root/.npm/_logs/2021-12-22T15_51_37_255Z-debug.log",
    "INFO [2018-02-14 11:05:38.35]: Extracting '/Users/jenkins/workspace/App/output/App.app.dSYM.zip'...",
    "INFO [2018-02-14 11:05:38.35]: Extracting '/Users/admin/jenkins/workspace/App/output/App.app.dSYM.zip'...",
    "INFO [2018-02-14 11:05:38.35]: Extracting '/Users/buildbot/workspace/App/output/App.app.dSYM.zip'...",
    'DSYM Paths: ["/Users/circleci/project/build/App.app.dSYM"]',
)

_TEXTS_153 = (
    # distrobox-create's -x trace: `--hostname <container>.<host>` whose host names no one
    "+ result_command=docker --log-level debug create\n\t\t--hostname archlinux.localhost\n\t\t--ipc host\n\t\t--name archlinux",
    "\t\t--hostname fedora.fedora\n\t\t--name fedora\n\t\t--user root:root",
    "\t\t--hostname ubuntu.toolbox\n\t\t--network host",
    "+ result_command=podman --log-level debug create\n\t\t--hostname debian-12.nixos\n\t\t--name debian-12",
    "+ cut -d. -f1 /etc/hostname\n+ result_command=docker --log-level debug create\n\t\t--hostname archlinux.archlinux",
    "+ eval podman create --hostname '\"tumbleweed.localhost\"' --ipc host --name '\"tumbleweed\"'",
    # Toolbx's sub-id check and prompts naming a role or an image's default account
    "toolbox: checking if /etc/subgid and /etc/subuid have entries for user root",
    "toolbox: checking if /etc/subgid and /etc/subuid have entries for user core",
    "DEBU Looking up sub-GID and sub-UID ranges for user core",
    "[core@localhost ~]$ toolbox --verbose enter\ntoolbox: running as real user ID 1000",
    "[root@toolbox ~]$ toolbox enter",
    "toolbox: running as real user ID 1001\ntoolbox: checking if /etc/subgid and /etc/subuid have entries for user builder",
    # AFS and CVMFS paths that are no one's home
    "mount /afs/cern.ch/sw/lcg/releases/a/d->/afs/cern.ch/sw/lcg/releases/a/d",
    "FATAL:   container creation failed: mount hook function failure: mount /afs/cern.ch/work/public/a->/afs/cern.ch/work/public/a",
    "/cvmfs/cernvm-prod.cern.ch/cvm3",
    # rootless images' own accounts and placeholders, kept by 1.106.0
    "[build@container] $ buildah images",
    "[root@e0a8e0e6a81a /]$ podman info",
    "+ '[' -w /home/user ']'",
    "+ [ -d /home/user ]\n+ rootlesskit=",
    'WARN[0000] Failed to decode the keys ["storage.options.ostree_repo"] from "/etc/containers/storage.conf"',
    "  graphRoot: /home/build/.local/share/containers/storage",
    "  runRoot: /run/user/1000/containers",
)

_TEXTS_154 = (
    # a zsh prompt's path line relative to /mnt (`c/Users/<x>`, no leading slash) above an
    # interop check, where the folder is a built-in or system profile, a placeholder, or not a
    # profile at all
    "c/Users/Public\n➜ echo $WSL_INTEROP\n/run/WSL/1587_interop",
    "c/Users/Default\n➜ ls /run/WSL\n1353_interop  3750_interop  7_interop",
    "c/Users/Administrator\n➜ echo $WSL_INTEROP\n/run/WSL/8_interop",
    "c/Users/All Users\n➜ ls",
    "c/Users/Public/Documents\n➜ code .",
    "c/Users/WDAGUtilityAccount\n➜ ls",
    "c/Users/defaultuser0\n➜ ls",
    "c/Users/$USER\n➜ ls",
    "c/Users/%USERNAME%\n➜ ls",
    "c/Users/<username>\n➜ ls",
    "c/Users\n➜ ls /run/WSL",
    "mnt/c/Users\n➜ ls",
    "c/Windows/System32\n➜ echo $WSL_INTEROP\n/run/WSL/1587_interop",
    "c/Program Files/Docker\n➜ ls",
    "d/projects/website\n➜ echo $WSL_INTEROP",
    "~/projects/api\n➜ echo $WSL_INTEROP\n/run/WSL/1587_interop",
    "/mnt/c/Users/Public\n➜ ls /run/WSL",
    # project paths with a Users folder, relative, naming no profile
    "src/Users/UserList.tsx",
    "app/Users/Index.cshtml",
    "<3>init: (747) ERROR: UtilConnectToInteropServer:300: connect failed 2",
    # WSL's own UNC server with a path after the distribution (kept by 1.106.0), and the
    # host-only prompt of the clean document
    "\\\\wsl$\\Ubuntu\\home\\",
    "\\\\wsl.localhost\\Ubuntu-22.04\\etc\\wsl.conf",
    "$ wslpath -w /etc/wsl.conf\n\\\\wsl.localhost\\Ubuntu\\etc\\wsl.conf",
    "$ wslpath -w ~\n\\\\wsl$\\Ubuntu\\root",
    "\\\\wsl.localhost\\docker-desktop\\mnt\\host\\c",
    "//wsl$/Ubuntu-20.04/home",
    "//wsl.localhost/Ubuntu-20.04/home",
    "DESKTOP-9HQH8JN@*$ wslpath -w /\nwslpath: /: No such file or directory",
    "DESKTOP-9HQH8JN@*$ export WSL_DISTRO_NAME=Ubuntu-18.04",
)


_TEXTS_155 = (
    # a tcsh-style prompt `<host>:<history number>:` whose host ends in `-pc` and is made of a
    # role, a place, a distribution or a model, not a person's name; the AppImage FUSE error and
    # `ldconfig -v | grep fuse` around it
    "build-pc:2020: ./icestudio-0.3.3-beta-linux32.AppImage \ndlopen(): error loading libfuse.so.2\n",
    "lab-pc:14: ./Etcher-1.5.120-x64.AppImage\ndlopen(): error loading libfuse.so.2\n",
    "home-pc:7: ./nvtop-3.1.0-x86_64.AppImage\n",
    "work-pc:31: ldconfig -v | grep fuse\n\tlibfuse.so.2 -> libfuse.so.2.9.4\n",
    "dev-pc:101: ./appimagetool-x86_64.AppImage AppDir/\n",
    "test-pc:3: ./Obsidian-1.5.3.AppImage --appimage-extract\n",
    "office-pc:12: ./LibreOffice-still.basic-x86_64.AppImage\n",
    "media-pc:42: ./Kdenlive-23.08.4-x86_64.AppImage\n",
    "gaming-pc:8: ./heroic-2.12.1.AppImage\ndlopen(): error loading libfuse.so.2\n",
    "win10-pc:2: ./icestudio-0.3.3-beta-linux64.AppImage\n",
    "ubuntu-pc:88: ldconfig -v | grep fuse\n\tlibfuse.so.2 -> libfuse.so.2.9.7\n",
    "linux-pc:2021: ./squashfs-root/AppRun --terminal\n",
    "kiosk-pc:1: ./cube-get --appimage-extract\n",
    "old-pc:5: ./icestudio-0.3.3-beta-linux32.AppImage\n",
    "main-pc:64: uname -m\nx86_64\n",
    "server:2022: ldconfig -p | grep fuse\n",
    "localhost:19: ./Firefox-x86_64.AppImage\n",
    # the FUSE advice itself, and fusermount's refusal
    "dlopen(): error loading libfuse.so.2\n\nAppImages require FUSE to run. \nYou might still be able to extract the contents of this AppImage \nif you run it with the --appimage-extract option. \nSee https://github.com/probonopd/AppImageKit/wiki/FUSE \nfor more information\n",
    "fusermount: mounting over filesystem type 0x858458f6 is forbidden\n",
    "\tlibfuse.so.2 -> libfuse.so.2.9.4\n\tlibfuse3.so.3 -> libfuse3.so.3.10.5\n",
)

_TEXTS_156 = (
    # MicroK8s' permission hint (`add the user <u> to the 'microk8s' group`, `usermod -a -G
    # microk8s <u>`, `chown -R <u> ~/.kube`) naming a CI, cloud-image or box account, a variable
    # or nobody; the group's member list and `id` naming the image's account
    "Insufficient permissions to access MicroK8s.\nYou can either try again with sudo or add the user runner to the 'microk8s' group:\n\n    sudo usermod -a -G microk8s runner\n",
    "Insufficient permissions to access MicroK8s.\nYou can either try again with sudo or add the user runner to the 'snap_microk8s' group:\n    sudo usermod -a -G snap_microk8s runner\n    sudo chown -R runner ~/.kube\nAfter this, reload the user groups either via a reboot or by running 'newgrp snap_microk8s'.\n",
    "Insufficient permissions to access MicroK8s.\nYou can either try again with sudo or add the user ubuntu to the 'microk8s' group:\n\n    sudo usermod -a -G microk8s ubuntu\n    sudo chown -f -R ubuntu ~/.kube\n",
    "You can either try again with sudo or add the user vagrant to the 'microk8s' group:\n\n    sudo usermod -a -G microk8s vagrant\n",
    "sudo usermod -a -G microk8s $USER\nsudo chown -f -R $USER ~/.kube\nnewgrp microk8s\n",
    "sudo usermod -a -G microk8s ${USER}\n",
    "You do not have enough permissions to access MicroK8s. Please try again with sudo.\n",
    "$ getent group microk8s\nmicrok8s:x:998:ubuntu\n",
    "ubuntu@microk8s-vm:~$ id\nuid=1000(ubuntu) gid=1000(ubuntu) groups=1000(ubuntu),4(adm),27(sudo),999(microk8s)\n",
    # an `ls -l` owner beside `staff`, `wheel` or `admin` that is a system or role account
    "> ls -la /usr/local/bin/kubectl\nlrwxr-xr-x  1 root  wheel  55 Feb  9 10:40 /usr/local/bin/kubectl -> /Applications/Docker.app/Contents/Resources/bin/kubectl\n",
    "lrwxr-xr-x  1 root  admin  55 Feb  9 10:40 /usr/local/bin/kubectl -> /Applications/Docker.app/Contents/Resources/bin/kubectl\n",
    "-rwxr-xr-x  1 _mysql  _mysql  1024 Feb  9 10:40 mysqld\n",
    "drwxr-xr-x  3 nobody  nogroup  96 Feb  9 10:40 cache\n",
    "drw-r--r-- 2 root root 4096 Apr 11 23:50 .\n",
    "lrwxr-xr-x  1 admin  staff  76 Feb  9 10:40 kubectl -> /usr/local/Cellar/kubernetes-cli/1.9.3/bin/kubectl\n",
    "lrwxrwxrwx 1 runner docker 39 Oct 19 13:54 config -> /home/runner/.kube/config\n",
    # a WSL symlink into a Windows profile whose folder is a placeholder, a variable or Public
    "lrwxrwxrwx 1 user user 39 Oct 19 13:54 config -> /mnt/c/Users/username/.kube/config\n",
    "lrwxrwxrwx 1 user user 39 Oct 19 13:54 config -> /mnt/c/Users/<user>/.kube/config\n",
    "lrwxrwxrwx 1 user user 39 Oct 19 13:54 config -> /mnt/c/Users/$USER/.kube/config\n",
    "lrwxrwxrwx 1 user user 39 Oct 19 13:54 config -> /mnt/c/Users/Public/.kube/config\n",
    "user@DESKTOP-ABC123:~/.kube$ kubectl get po -A\n",
    "export KUBECONFIG=/mnt/c/Users/%USERNAME%/.kube/config\n",
    'error: error loading config file "C:\\Users\\<user>\\.kube\\config": yaml: control characters are not allowed\n',
)

_TEXTS_152 = (
    # R's install messages naming a site or system library (no home), and RStudio's public hosts
    "trying URL 'https://packagemanager.rstudio.com/all/latest/src/contrib/triebeard_0.4.1.tar.gz'",
    'options(repos = c(CRAN = "https://packagemanager.rstudio.com/cran/__linux__/jammy/latest"))',
    "trying URL 'https://cran.rstudio.com/src/contrib/processx_3.5.0.tar.gz'",
    "https://rstudio.github.io/renv/articles/renv.html",
    "Installing package into \u2018/usr/local/lib/R/site-library\u2019\n(as \u2018lib\u2019 is unspecified)",
    "ERROR: failed to lock directory \u2018/usr/local/lib/R/site-library\u2019 for modifying\n"
    "Try removing \u2018/usr/local/lib/R/site-library/00LOCK-triebeard\u2019",
    "Installing package into \u2018/opt/R/4.2.3/lib/R/library\u2019\n(as \u2018lib\u2019 is unspecified)",
    "ERROR: failed to lock directory \u2018/usr/lib/R/library\u2019 for modifying",
    "Installing package into \u2018/home/user/R/x86_64-pc-linux-gnu-library/4.2\u2019\n(as \u2018lib\u2019 is unspecified)",
    'Sys.getenv("R_LIBS_SITE")\n[1] "/usr/local/lib/R/site-library/:/usr/lib/R/site-library:/usr/lib/R/library"',
    '> .libPaths()\n[1] "/usr/local/lib/R/site-library" "/usr/lib/R/site-library"\n[3] "/usr/lib/R/library"',
    "Content type 'binary/octet-stream' length 31206 bytes (30 KB)",
    # the rocker image and RStudio Server by name, not as a home
    "docker run -d -p 8787:8787 -e PASSWORD=yourpassword rocker/rstudio:4.2.2",
    "/usr/lib/rstudio-server/bin/rsession --verify-installation=1",
    "2021-10-13T22:16:10.075324Z [rserver] INFO Reading rserver configuration from '/etc/rstudio/rserver.conf'",
    "RStudio Server: rstudio-server verify-installation\n"
    "Server is running and must be stopped before running verify-installation",
    "2023-05-17T10:00:00.000000Z [rsession-root] WARNING No memory control group found in /proc/self/cgroup",
    # a poster's capitalised mask in an rsession log: one segment after the home root
    "[lock-file: /export/home/USER/.local/share/rstudio/sources/session-5f8fc5f7/lock_file]",
    "[lock-file: /home/USER/.local/share/rstudio/sources/session-5f8fc5f7/lock_file]",
    "ERROR system error 37 (No locks available) [lock-file: "
    "/export/home/USERNAME/.local/share/rstudio/sources/session-5f8fc5f7/lock_file]",
    "[lock-file: /export/home/<user>/.local/share/rstudio/sources/session-5f8fc5f7/lock_file]",
    "Oct 15 09:21:13 vsci01-dev rsession-USER[262260]: ERROR The previous R session terminated abnormally",
    "/export/home/USER/R/x86_64-pc-linux-gnu-library/4.3",
)

_TEXTS_157 = (
    # Terraform/OpenTofu `TF_LOG` startup lines naming a system, CI or default account's home, a
    # placeholder home or no home at all; Atlantis' own name outside a home
    "2021-08-16T09:43:35.831Z [DEBUG] Attempting to open CLI config file: /root/.terraformrc",
    "2021-08-16T09:43:35.831Z [DEBUG] Attempting to open CLI config file: /home/runner/.terraformrc",
    "2024-12-11T11:34:22.501Z [DEBUG] Attempting to open CLI config file: /home/runner/.config/opentofu/tofurc",
    "[DEBUG] ignoring non-existing provider search directory /home/runner/.terraform.d/plugins",
    "[DEBUG] Attempting to open CLI config file: C:\\Users\\Administrator\\AppData\\Roaming\\terraform.rc",
    "[DEBUG] Attempting to open CLI config file: /home/ubuntu/.terraformrc",
    "[DEBUG] Attempting to open CLI config file: /home/ec2-user/.terraformrc",
    "[DEBUG] Attempting to open CLI config file: /home/jenkins/.terraformrc",
    "[DEBUG] Attempting to open CLI config file: /Users/user/.terraformrc",
    "[DEBUG] Attempting to open CLI config file: /Users/username/.terraformrc",
    "[DEBUG] Attempting to open CLI config file: $HOME/.terraformrc",
    "[DEBUG] Attempting to open CLI config file: ~/.terraformrc",
    "[DEBUG] Attempting to open CLI config file: /tmp/foo",
    "docker run -e TF_CLI_CONFIG_FILE='/tmp/foo' -e TF_LOG=trace hashicorp/terraform:0.11.14 init",
    "atlantis server --atlantis-url https://atlantis.example.com --gh-user atlantis",
    # CLI configuration credentials blocks and helpers with placeholder, masked or variable
    # tokens; the all-`x` `credentials.tfrc.json` token stays, while a short placeholder in the
    # `<id>.atlasv1.<body>` shape (`xxx.atlasv1.yyy`) is still changed (see SOURCE.md)
    'credentials "app.terraform.io" {\n  token = "<your-token>"\n}',
    'credentials "app.terraform.io" {\n  token = "YOUR_TOKEN"\n}',
    'credentials "app.terraform.io" {\n  token = "$TFE_TOKEN"\n}',
    'credentials "myorg.jfrog.io" {\n    token = ***\n}',
    'credentials "app.terraform.io" {\n  token = "REDACTED"\n}',
    'credentials "app.terraform.io" {\n  token = "xxx"\n}',
    'credentials_helper "env" {}',
    'credentials_helper "keychain" {}',
    "export TF_TOKEN_app_terraform_io=K****",
    '{\n  "credentials": {\n    "app.terraform.io": {\n      "token": "xxxxxxxxxxxxxx.atlasv1.xxxxxxxxxxxxxxxxxxxx"\n    }\n  }\n}',
)

_TEXTS_158 = (
    # MSYS and Git Bash prompts (`<login>@<host>  /c/...` with two spaces and no MSYSTEM word, the
    # `$` on the next line, and the `MINGW64` form) naming a CI, built-in or role account, a
    # placeholder or nobody
    "Administrator@WIN-BUILD01  /c/work/bazel\n$ bazel info output_base\n",
    "runneradmin@fv-az123-456  /d/a/project/project\n$ bazel version\n",
    "user@DESKTOP-ABC123  /c/work/bazel\n$ bazel info output_base\n",
    "Administrator@WIN-BUILD01 MINGW64 /c/work/bazel\n$ bazel info execution_root\n",
    "runneradmin@fv-az123-456 MINGW64 /d/a/project/project (main)\n$ bazel build //...\n",
    "user@DESKTOP-ABC123 MINGW64 ~/src\n$ bazel --version\nbazel 6.4.0\n",
    "ContainerAdministrator@a1b2c3d4e5f6  /c/src\n$ bazel info output_base\n",
    "builder@buildkitsandbox  /c/work\n$ bazel build //:all\n",
    "SYSTEM@BUILD-AGENT-07  /c/agent/_work/1/s\n$ bazel test //...\n",
    "vagrant@WIN10-VM  /c/vagrant\n$ bazel info\n",
    "jenkins@win-agent-2  /c/jenkins/workspace/bazel\n$ bazel info output_base\n",
    "root@localhost  /c/work\n$ bazel clean --expunge\n",
    "ubuntu@ip-10-0-0-12  /c/work/bazel\n$ bazel info release\nrelease 7.1.0\n",
    "$ bazel info output_base\nC:/tmp/bazel/8Bsuo2Uq\n\nbuild@ci-windows-03  /c/work/bazel\n$ bazel --output_user_root=/c/tempdir/ info output_base\nC:/tempdir/8Bsuo2Uq\n",
    "Cannot terminate server process with PID 6024\n.\nC:/Users/ADMINI~1/AppData/Local/Temp/Bazel/8Bsuo2Uq\n\nAdministrator@ADMIN-PC  /c/work/bazel\n",
    # `bazel info`'s output roots under built-in, CI and container accounts' short names
    "$ bazel info output_base\nExtracting Bazel installation...\n.\nC:/Users/ADMINI~1/AppData/Local/Temp/Bazel/8Bsuo2Uq\n",
    "$ bazel info output_base\nC:/Users/CONTAI~1/AppData/Local/Temp/Bazel/8Bsuo2Uq\n",
    "$ bazel info output_base\nC:/Users/runneradmin/_bazel_runneradmin/2ab3c4d5/\n",
    "$ bazel info output_user_root\nC:/tmp/_bazel_SYSTEM\n",
    "$ bazel info install_base\n/var/tmp/_bazel_root/install/7a1b2c3d4e5f\n",
    "$ bazel info output_base\n/home/runner/.cache/bazel/_bazel_runner/0123456789abcdef0123456789abcdef\n",
)

_TEXTS_159 = (
    # an RTMP URL (local server or ingest) whose last segment is a public app or stream name, a
    # placeholder, a template variable or a mask, not a stream key
    "ffmpeg -re -i video.mp4 -c copy -f flv rtmp://localhost/live/stream",
    'ffmpeg -f lavfi -i testsrc -f flv "rtmp://localhost/live/test"',
    "ffmpeg -re -i sample.mp4 -c:v libx264 -f flv rtmp://127.0.0.1:1935/live/mystream",
    "ffmpeg -i rtmp://210.4.68.82:2018/live/myStream -vcodec flv -acodec copy -f flv rtmp://210.4.68.82:2018/dbc/myStream",
    "Output #0, flv, to 'rtmp://192.168.1.89:1935/live/stream':",
    "rtmp://localhost/live/STREAM_KEY_HERE",
    "rtmp://localhost/live/$name",
    "ffmpeg -i input.mp4 -f flv rtmp://a.rtmp.youtube.com/live2/<STREAM KEY>",
    "ffmpeg -i input.mp4 -f flv rtmp://a.rtmp.youtube.com/live2/{stream_key}",
    "ffmpeg -i input.mp4 -f flv rtmp://live.twitch.tv/app/{stream_key}",
    "ffmpeg -i input.mp4 -f flv rtmp://a.rtmp.youtube.com/live2/xxxx-xxxx-xxxx-xxxx",
    "ffmpeg -i input.mp4 -f flv rtmp://a.rtmp.youtube.com/live2/****",
    "Creating output format FLV DESTINATION rtmp:/a.rtmp.youtube.com/live2",
    "rtmp://localhost:1935/live/test1: Input/output error",
    "ffmpeg -i rtsp://192.168.1.10:554/stream1 -c copy -f flv rtmp://localhost/hls/cam1",
    "ffmpeg -re -i movie.mp4 -f flv rtmp://nginx-rtmp:1935/live/teststream",
    "ffmpeg -re -i movie.mp4 -f flv rtmp://localhost/live/livestream",
    "ffmpeg -re -i video.mp4 -f flv rtmp://localhost/live/obs",
    "ffmpeg -re -i video.mp4 -f flv rtmp://localhost/live/index",
    "rtmp://localhost/live/${STREAM_KEY}",
    'ffmpeg -re -i video.mp4 -f flv "rtmp://localhost/live/%STREAM_KEY%"',
    "[flv @ 0x55d1c8a0] Failed to update header with correct duration.\nrtmp://localhost/live/stream: Broken pipe",
    # the found shapes, naming nobody: obs-cmd's documented default password and a placeholder
    "obs-cmd --websocket obsws://localhost:4455/secret info",
    'OBS_WS_PASSWORD="secret"',
    'OBS_WS_PASSWORD="yourpassword"',
)

_TEXTS_160 = (
    # a registry's fixed user name in an index URL's userinfo, kept by 1.107.0 (beside a command
    # substitution) and the other fixed or token user names it keeps
    'export UV_EXTRA_INDEX_URL="https://oauth2accesstoken:$(gcloud auth print-access-token)@us-central1-python.pkg.dev/my-project/my-repo/simple/"',
    "Looking in indexes: https://__token__:****@gitlab.example.com/api/v4/projects/42/packages/pypi/simple",
    "Looking in indexes: https://__token__:****@pypi.org/simple/",
    "Looking in indexes: https://gitlab-ci-token:****@gitlab.com/api/v4/projects/123/packages/pypi/simple",
    "Looking in indexes: https://:****@pkgs.dev.azure.com/ORG/PROJECT/_packaging/FEED/pypi/simple/",
    # demonstration credentials on a reserved example host, masked or placeholder
    "Ignoring indexes: https://user:****@pypi.example.com/root/ci/+simple/",
    "Ignoring indexes: https://pypi.org/simple",
    "Looking in indexes: https://user:password@pypi.example.com/simple/",
    "Looking in indexes: https://user:password@pypi.example.org/simple/",
    "Looking in indexes: https://user:<password>@pypi.example.com/simple/",
    "Looking in indexes: https://pypi.org/simple, https://user:****@pypi.example.com/simple/",
    "index-url = https://username:password@pypi.example.org/simple",
    "index-url = https://user:****@pypi.example.com/simple/",
    "extra-index-url = https://user:secret@example.com/pypi/simple/",
    "extra-index-url = https://username:password@example.org/simple/",
    "index-url = https://USERNAME:PASSWORD@artifactory.example.com/artifactory/api/pypi/pypi/simple",
    "Looking in indexes: https://{username}:{password}@pypi.internal.example/simple",
    "export PIP_INDEX_URL=https://${PYPI_USER}:${PYPI_PASSWORD}@pypi.example.com/simple/",
    # Poetry's configuration and keyring lines around them
    "poetry config http-basic.foo username password",
    "Using virtualenv: [REDACTED]",
    "[keyring.backend] Loading SecretService\n[keyring.backend] Loading macOS\nNo suitable keyring backend found",
    "Keyring is not available, credentials will be stored and retrieved from configuration files as plaintext.",
)

_TEXTS_161 = (
    # a Node environment dump printed after `NODE_EXTRA_CA_CERTS=… node …`, its PWD, LOGNAME and
    # HOME naming a container's, CI runner's or system account, not a person
    "$ NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/SSL_CA.crt node 'test.js'\n{\n  NODE_EXTRA_CA_CERTS: '/usr/local/share/ca-certificates/SSL_CA.crt',\n  SHELL: '/bin/bash',\n  PWD: '/home/node',\n  LOGNAME: 'node',\n  HOME: '/home/node',\n  LANG: 'en_GB.UTF-8',",
    "  PWD: '/home/node',\n  LOGNAME: 'node',\n  HOME: '/home/node',",
    "  PWD: '/root',\n  LOGNAME: 'root',\n  HOME: '/root',",
    "  PWD: '/home/runner/work/app/app',\n  LOGNAME: 'runner',\n  HOME: '/home/runner',",
    "  PWD: '/home/ubuntu',\n  LOGNAME: 'ubuntu',\n  HOME: '/home/ubuntu',",
    "  PWD: '/home/pi',\n  LOGNAME: 'pi',\n  HOME: '/home/pi',",
    "  PWD: '/app',\n  HOME: '/root',\n  NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt',",
    "{\n  NODE_EXTRA_CA_CERTS: '/etc/pki/ca-trust/source/anchors/corp-root.pem',\n  SHELL: '/bin/bash',\n  NO_AT_BRIDGE: '1',\n  LANG: 'en_US.UTF-8',",
    # the same account's own install tree, outside a home
    "/opt/iobroker/node_modules/iobroker.js-controller",
    "NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/SSL_CA.crt node /opt/iobroker/node_modules/iobroker.js-controller/controller.js",
    # the extra CA bundle outside any home
    "export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt",
    "NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/zscaler.crt npm install",
    'setx NODE_EXTRA_CA_CERTS "C:\\ProgramData\\certs\\zscaler_root_ca.pem"',
    "export REQUESTS_CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt",
    "export SSL_CERT_FILE=/etc/ssl/certs/ca-certs.pem",
    "export https_proxy=http://127.0.0.1:3128",
    "npm config set cafile /etc/pki/tls/certs/ca-bundle.crt -g",
)

_TEXTS_162 = (
    # xrdp-sesman 0.9's session_get_bydata `U <login>` and `created session (access granted):
    # username <login>`, naming root, a cloud image's or a board's default account, the poster's
    # placeholder or a mask, and the session's start naming root
    "[20220506-18:17:46] [DEBUG] session_get_bydata: search policy 0 U root W 1920 H 1080 bpp 24 T 2 IP ::ffff:192.168.1.20:58301 - socket: 12",
    "[20250223-23:13:45] [INFO ] ++ created session (access granted): username root, ip ::ffff:46.117.139.175:51849 - socket: 12",
    "[20211020-12:38:50] [INFO ] ++ created session (access granted): username myuser, ip ::ffff:IPADDRMASKED:61452 - socket: 12",
    "[20220506-18:17:46] [INFO ] ++ created session (access granted): username ubuntu, ip ::ffff:10.0.0.5:58301 - socket: 12",
    "[20220506-18:17:46] [INFO ] ++ created session (access granted): username pi, ip ::ffff:192.168.0.12:50433 - socket: 12",
    "[20220506-18:17:46] [INFO ] ++ created session (access granted): username vagrant, ip 10.0.2.2:50433 - socket: 12",
    "[20220506-18:17:46] [INFO ] ++ created session (access granted): username <user>, ip ::ffff:x.x.x.x:58301 - socket: 12",
    "[20220506-18:17:46] [DEBUG] session_get_bydata: search policy 0 U username W 1792 H 1120 bpp 32 T 2 IP ::ffff:10.xxx.xx.xx:58301 - socket: 12",
    "[20250223-23:13:45] [INFO ] Starting session: session_pid 2349, display :10.0, width 1920, height 1080, bpp 24, client ip ::ffff:46.117.139.175:51849 - socket: 12, user name root",
    # NoMachine's nxserver.log, `NXSERVER User '<login>' logged in from …` and `logged out`, naming
    # root, NoMachine's own `nx` account, a placeholder or a mask
    "59089 59089 2022-03-19 08:35:54 406.534 NXSERVER User 'root' logged in from '192.168.1.11' using authentication method NX-password.",
    "59089 59089 2022-03-19 08:35:58 170.045 NXSERVER User 'nx' from '192.168.1.11' logged out.",
    "59089 59089 2022-03-19 08:35:54 406.534 NXSERVER User 'user' logged in from '192.168.1.11' using authentication method NX-password.",
    "59089 59089 2022-03-19 08:35:54 406.534 NXSERVER User 'ubuntu' logged in from '10.0.0.4' using authentication method NX-private-key.",
    "59089 59089 2022-03-19 08:35:54 406.534 NXSERVER User '<username>' logged in from 'x.x.x.x' using authentication method NX-password.",
    # Chrome Remote Desktop's host arguments: the ssh-auth socket named after root, a variable or a
    # cloud image's account; the audio pipe under /run/user/<uid>
    "'--ssh-auth-sockname=/tmp/chromoting.root.ssh_auth_sock', '--signal-parent'",
    "--ssh-auth-sockname=/tmp/chromoting.${USER}.ssh_auth_sock",
    "--ssh-auth-sockname=/tmp/chromoting.$USER.ssh_auth_sock",
    "'--ssh-auth-sockname=/tmp/chromoting.ubuntu.ssh_auth_sock'",
    "'--audio-pipe-name=/run/user/1000/crd_audio#1eM0NjT2sY/fifo_output'",
    # a TurboVNC session log's home masked by the poster (placeholders and `X`, kept by 1.116.0;
    # `/home/Y/` and any other single letter but X are changed, so not here), and root's
    "SessionManager: Log file is /home/<user>/.vnc/X-pi1:2.log",
    "SessionManager: Log file is /home/USER/.vnc/host:1.log",
    "SessionManager: Log file is /home/xxx/.vnc/host:2.log",
    "Log file is /home/X/.vnc/X:1.log",
    "SessionManager: Log file is /root/.vnc/ec50adb86ee9:1.log",
    "SessionManager: Starting new TurboVNC session on host XXX\nTunnel: Opening SSH tunnel through gateway XXX",
)

_TEXTS_163 = (
    # a CLI's `-p` short option after `-u` holding a mask, a placeholder or a variable, and `-p`
    # options that hold no password at all (ports, parents, a prompt for one)
    '$ cot deploy -s \'172.25.1.4/iSVC-DC/host/172.25.1.101\' -P -u administrator@vsphere.local -p ******** -n "CSR205" esxi "csr1000v-universalk9.03.15.00.S.155-2.S-std.ova" -ds=datastore1',
    "$ cot deploy -s '10.0.0.5/DC1/host/10.0.0.11' -u administrator@vsphere.local -p PASSWORD esxi csr1000v.ova",
    "$ cot deploy -s vcenter.example.com/DC/host/esx1 -u root -p '<password>' esxi csr1000v.ova",
    '$ cot deploy -s vcenter/DC/host/esx1 -u administrator@vsphere.local -p "$VC_PASSWORD" esxi csr1000v.ova',
    "docker run -d -p 8080:80 -p 443:443 nginx",
    "ssh -p 2222 root@192.168.1.20",
    "mkdir -p /volume1/docker/appdata/plex",
    "mysql -u root -p",
    "Opening VI target: vi://administrator%40vsphere.local@172.25.1.4:443/iSVC-DC/host/172.25.1.101\nHelper program 'ovftool' exited with error 1",
    # Synology DSM's per-user homes under /var/services/homes naming a built-in account, a mask,
    # a placeholder or a variable, or no user at all
    "Could not chdir to home directory /var/services/homes/admin: No such file or directory",
    "su: warning: cannot change directory to /var/services/homes/docker: Permission denied",
    "Could not chdir to home directory /var/services/homes/*************: No such file or directory",
    "Could not chdir to home directory /var/services/homes/<user>: No such file or directory",
    "Could not chdir to home directory /var/services/homes/root: No such file or directory",
    "Could not chdir to home directory /var/services/homes/$USER: No such file or directory",
    "mkdir: cannot create directory '/var/services/homes': File exists",
    "root@MySynology:~# cd /var/services/homes/\n-ash: cd: /var/services/homes/: No such file or directory",
    # OpenMediaVault's `omv-engined -d -f` RPC trace naming its own accounts, groups and shares
    '    Executing RPC (service=UserMgmt, method=setUser, params={"name":"admin","comment":"","email":"","password":"","shell":"\\/bin\\/sh","disallowusermod":false,"groups":["users"],"sshpubkeys":[]}, context={"username":"admin","role":1}) ...',
    '    Executing RPC (service=UserMgmt, method=getUserList, params={"start":0,"limit":25,"sortfield":"name","sortdir":"ASC"}, context={"username":"admin","role":1}) ...',
    '    Executing RPC (service=ShareMgmt, method=set, params={"name":"backup","comment":"Home directories","mntentref":"a65246e0-29a9-4ad2-8090-0e4905ca01a2","reldirpath":"homes\\/"}, context={"username":"admin","role":1}) ...',
    '    RPC response (service=UserMgmt, method=setGroup): {"response":{"name":"users","comment":"","members":["admin"]},"error":null}',
    '    RPC response (service=UserMgmt, method=setUser): {"response":{"uuid":"a65246e0-29a9-4ad2-8090-0e4905ca01a2","name":"openmediavault-webgui","email":"","comment":"openmediavault WebGUI","shell":"\\/usr\\/sbin\\/nologin","groups":["openmediavault-admin"]},"error":null}',
    "    Child process forked (pid=29418)\n    SIGCHLD received ...\n    Child (pid=29418) terminated with exit code 0",
    # Synology DSM's weblogin plugin log with a built-in account in `Args=[USER=…]`
    "Args=[USER=admin,TYPE=passwd,IS_KNOWN_DEVICE=no]",
    "Args=[USER=root,TYPE=passwd,IS_KNOWN_DEVICE=yes]",
    "Args=[USER=guest,TYPE=passwd,IS_KNOWN_DEVICE=no]",
    "[13132][PRE][weblogin][MAIN]\nScripts=[secure_login_logger,secure_signin_weblogin_move_directory.sh,synocgi-plugin-weblogin,user-preference-check-permission.sh];\nArgs=[USER=admin,TYPE=passwd,IS_KNOWN_DEVICE=no]",
    "2023-10-12T07:00:00-05:00 somenas synoplugind[13135]: daemon.cpp:83\nCredentials from SO_PEERCRED: pid=13132, euid=0, egid=0",
)

_TEXTS_164 = (
    # php-fpm pool sections and their start-up errors naming a system account, a site or a
    # customer's company, not a person; macOS `dscl` rows of system accounts
    "[www]\nuser = www-data\ngroup = www-data\nlisten = /run/php/php7.4-fpm.sock\nlisten.owner = www-data\nlisten.group = www-data",
    "user = nginx\ngroup = nginx",
    "[example.com]\nuser = nobody\ngroup = nogroup\nlisten = 127.0.0.1:9001",
    "[client_acme]\nuser = client_acme\ngroup = pools\nlisten = 127.0.0.1:9001",
    "[01-May-2017 20:22:22] ERROR: [pool www] cannot get uid for user 'www-data'\n[01-May-2017 20:22:22] ERROR: FPM initialization failed",
    "[17-Sep-2019 20:01:04] ERROR: [pool www] cannot get uid for user 'git'",
    "[10-Feb-2019 14:00:14] ERROR: [pool wifiadmin] cannot get uid for user 'admin'",
    "[15-Nov-2023 11:12:29] ERROR: [pool synapse] cannot get uid for user 'synapse'",
    "[01-May-2017 20:22:22] ERROR: [pool client_acme] cannot get uid for user 'client_acme'",
    "_www                    70\nnobody                  -2\ndaemon                   1",
    # Nextcloud/ownCloud occ's user argument, scan progress and data path naming the default
    # admin, a test account or a placeholder
    "sudo docker exec --user www-data -it nextcloud-aio-nextcloud php occ files:scan admin\nStarting scan for user 1 out of 1 (admin)\n+---------+-------+--------------+\n| Folders | Files | Elapsed time |\n+---------+-------+--------------+\n| 3       | 7     | 00:00:00     |\n+---------+-------+--------------+",
    "chown -R www-data:www-data /var/lib/docker/volumes/nextcloud_aio_nextcloud_data/_data/admin/files",
    'sudo -u www-data php occ files:scan --path="/admin/files/Music"',
    "sudo -u www-data php occ files:scan --all\nStarting scan for user 1 out of 2 (admin)\nStarting scan for user 2 out of 2 (Test1)",
    "./occ user:lastseen admin\nadmin`s last login: 03.01.2015 11:04",
    "sudo -u www-data php occ files:scan USERNAME",
    "root@odroid:/var/www/owncloud# ./occ files:scan --all\nUnknown user",
    # Bitnami's runProgram trace (argv joined with commas) with masked, empty or placeholder
    # passwords
    "php     TRACE [runProgram] Executing: /opt/bitnami/php/bin/php magento,setup:install,-v,--db-host,mariadb:3306,--db-name,bitnami_magento,--db-user,bn_magento,--db-password,******,--admin-user,user,--admin-password,******",
    "php     TRACE [runProgram] Executing: /opt/bitnami/php/bin/php magento,setup:install,--db-user,bn_magento,--db-password,,--admin-email,user@example.com",
    "php     TRACE [runProgram] Executing: /opt/bitnami/php/bin/php magento,setup:install,--db-password,<db-password>,--admin-password,<admin-password>",
    # role addresses on a poster's placeholder domain
    'wp core install --url=example.com --title="Example" --admin_user=admin --admin_password=password --admin_email=admin@mydomain.net',
    "--admin_email=info@mydomain.net",
    # ownCloud's LDAP configuration dump with its own mask, run as the web server's account
    "| ldapAgentName                 | UID=oc,OU=System Users,DC=domain,DC=local |\n| ldapAgentPassword             | ***                                        |",
    "root@zentyal:~# sudo -u www-data php /var/www/owncloud/occ ldap:show-config",
)

_TEXTS_165 = (
    # a printed Airflow (Flask AppBuilder) user record, its first and last name a role, a
    # placeholder or empty, not a person's
    "{'active': True,\n 'changed_on': '2023-08-03T23:17:12.002701',\n 'created_on': '2023-08-03T23:17:12.002684',\n 'email': 'admin@example.com',\n 'fail_login_count': None,\n 'first_name': 'Admin',\n 'last_login': None,\n 'last_name': 'User',\n 'roles': [{'name': 'Admin'}],\n 'username': 'admin'}",
    "{'active': True,\n 'email': 'admin@example.com',\n 'first_name': 'Admin',\n 'last_name': 'User',",
    "{'email': 'admin@example.org',\n 'first_name': 'FIRST_NAME',\n 'last_name': 'LAST_NAME',",
    "'first_name': 'admin', 'last_name': 'admin', 'username': 'admin'",
    "{'first_name': 'Airflow', 'last_name': 'Admin', 'email': 'airflowadmin@example.com'}",
    " 'first_name': 'Public',\n 'last_name': 'User',",
    "'first_name': 'YourFirstName', 'last_name': 'YourLastName'",
    "'first_name': None,\n 'last_login': None,\n 'last_name': None,",
    "'first_name': '',\n 'last_name': '',",
    "{'active': True, 'changed_on': '2023-08-03T23:17:12.002701', 'fail_login_count': None, 'roles': [{'name': 'Public'}], 'username': 'admin'}",
    "airflow users create -r Admin -u admin -e admin@example.com -f admin -l user -p admin",
    # docker-compose environments for Airflow with no Fernet key or password of their own: empty,
    # from the environment, a placeholder, the documented `fernet_key` fallback
    "        environment:\n            - LOAD_EX=n\n            - FERNET_KEY=\n            - EXECUTOR=Celery\n            - POSTGRES_USER=airflow\n            - POSTGRES_PASSWORD=${POSTGRES_PASSWORD}\n            - POSTGRES_DB=airflow",
    "            - FERNET_KEY=${FERNET_KEY}\n            - AIRFLOW__SMTP__SMTP_HOST=smtp.gmail.com\n            - AIRFLOW__SMTP__SMTP_PORT=587",
    "AIRFLOW__SMTP__SMTP_USER=\nAIRFLOW__SMTP__SMTP_PASSWORD=",
    "AIRFLOW__CORE__FERNET_KEY: ''",
    "fernet_key = cryptography_not_found_storing_passwords_in_plain_text",
    "      - POSTGRES_PASSWORD=<your-password>",
    "MYSQL_ROOT_PASSWORD=secret",
    # snowsql at a prompt with a placeholder or role login, and its CURRENT_USER() table
    "snowsql -a XXX.eu-west-1 -u user@myorg.com --authenticator externalbrowser",
    "user@myorg.com#MY_DB@(no database).(no schema)>select current_user();",
    "+------------------------------+\n| CURRENT_USER()               |\n|------------------------------|\n| user@myorg.com               |\n+------------------------------+",
    "* SnowSQL * v1.3.2\nType SQL statements or !help\nuser@example.com#MY_DB@(no database).(no schema)>",
    "snowsql -a xy12345.us-east-1 -u jsmith --authenticator externalbrowser",
    "SYSADMIN#COMPUTE_WH@DEMO_DB.PUBLIC>select current_role();",
    "name@yourcompany.com",
)

_TEXTS_166 = (
    # OpenPGP card status (`gpg --card-status`): the cardholder, login data and key info fields
    # unset, or holding a placeholder, and the card's public ids
    "Name of cardholder: [not set]\nLanguage prefs ...: [not set]\nSalutation .......:\nURL of public key : [not set]\nLogin data .......: [not set]\n",
    "Name of cardholder: John Doe\n",
    "Name of cardholder: YubiKey User\nLogin data .......: [not set]\n",
    "Name of cardholder: Max Mustermann\n",
    "Login data .......: [nicht gesetzt]\n",
    "Login data .......: root\n",
    "General key info..: sub  rsa2048/F66444E5 2015-03-19 YubiKey User <yubikey@example.com>\n",
    "General key info..: sub  ed25519/0x1A2B3C4D5E6F7A8B 2024-01-01 John Doe (work) <john.doe@example.com>\n",
    "sec#  rsa4096/36C8AAA9  created: 2009-05-09  expires: never     \nssb>  rsa2048/F66444E5  created: 2015-03-19  expires: never     \n                        card-no: 0006 03364644\n",
    "Reader ...........: Yubico YubiKey OTP FIDO CCID 00 00\nApplication ID ...: D2760001240102000006033646440000\nManufacturer .....: Yubico\nSerial number ....: 03364644\n",
    # gpg-connect-agent's `learn --sendinfo` status lines naming nobody
    "S LOGIN-DATA %00\n",
    "S MANUFACTURER 6 Yubico\nS SERIALNO D2760001240100000006223177990000\nS READER Yubico YubiKey FIDO+CCID 00 00\n",
    # PKCS#11 slot listings (`pkcs11-tool -L`): token labels that are products, applets or
    # placeholders, and a URI whose token label is one word
    "  token label        : YubiKey PIV #4942750\n",
    "  token label        : PIV_II (PIV Card Holder pin)\n",
    "  token label        : OpenPGP card (User PIN)\n",
    "  token label        : SoftHSM\n  token manufacturer : SoftHSM project\n  token model        : SoftHSM v2\n",
    "  token label        : John Doe\n",
    "  uri                : pkcs11:model=PKCS%2315%20emulated;manufacturer=piv_II;serial=0123456789abcde;token=clevis\n",
    "  label:      Certificate for PIV Authentication\n  ID:         01\n",
    "  subject:    DN: C=US, O=U.S. Government, OU=DoD, OU=PKI, OU=CONTRACTOR, CN=JOHN.DOE.A.1234567890\n",
    # a Python repr of a Windows path (doubled backslashes) under a placeholder or a system folder
    "PermissionError: [Errno 13] Permission denied: 'C:\\\\ProgramData\\\\Nitrokey\\\\nitrokey-app2.log'\n",
    "Permission denied: 'C:\\\\Users\\\\<user>\\\\AppData\\\\Local\\\\Temp\\\\nitrokey-app2.log'\n",
    "Permission denied: 'C:\\\\Users\\\\USERNAME\\\\AppData\\\\Local\\\\Temp\\\\nitrokey-app2.log'\n",
    "Permission denied: 'C:\\\\Users\\\\xxxx\\\\AppData\\\\Local\\\\Temp\\\\x.log'\n",
    "Permission denied: 'C:\\Users\\****\\AppData\\Local\\Temp\\x.log'\n",
)

_TEXTS_170 = (
    # FlexLM `lmutil lmstat -a`: feature headers, license kinds and reservations naming nobody
    "Users of MATLAB:  (Total of 424 licenses issued;  Total of 51 licenses in use)\n",
    "Users of Simulink:  (Total of 50 licenses issued;  Total of 0 licenses in use)\n",
    "Users of CETIM-COBRA:  (Total of 1 license issued;  Total of 0 licenses in use)\n",
    '  "MATLAB" v40, vendor: MLM, expiry: 01-jan-2099\n  vendor_string: vi=0:at=276:ae=1:lu=300:lo=NNU:ei=XXXXXX:lr=1:ep=15:\n  nodelocked license, locked to "ID=YYYY"\n',
    '  "dvt_e" v2.0, vendor: dvtlmd, expiry: 15-nov-2023\n  floating license\n',
    "        1 RESERVATION for GROUP DED (HOSTNAME/1713)\n",
    "        1 RESERVATION for HOST_GROUP LAB (flexlm01/27000)\n",
    "License server status: 27000@flexlm01\n    License file(s) on flexlm01: /usr/local/flexlm/licenses/license.dat:\n\n  flexlm01: license server UP (MASTER) v11.16.2\n",
    "Vendor daemon status (on HOSTNAME):\n\n       MLM: UP v11.19.7\n",
    "Flexible License Manager status on Wed 10/6/XXXX 10:00\n\n[Detecting lmgrd processes...]\n",
    "Error getting status: Cannot read data from license server system. (-16,287)\n",
    # lmstat users' lines whose user is a system or service account, a placeholder or a mask
    "    root ip-10-0-1-23.ec2.internal /dev/pts/0 (v48) (flexlm01/27000 4335), start Wed 10/10 8:00\n",
    "    SYSTEM BUILD-SRV01 BUILD-SRV01 (v55) (HOSTNAME/1713 9323), start Wed 10/6 9:50\n",
    "    jenkins buildhost /dev/pts/1 (v48) (flexlm01/27000 5913), start Wed 10/10 8:15\n",
    "    user host display (v48) (server/27000 101), start Mon 1/1 0:00\n",
    "    USER1 HOST1 HOST1 (v2022) (license-server01/4100 4501), start Sun 9/24 13:21\n",
    "    xxxxx xxxxx (v55) (HOSTNAME/1713 9323), start Wed 10/6 9:50\n",
    "    ***** ***** (v48) (HOSTNAME/1713 6414), start Mon 10/8 17:24\n",
    "    <user> <host> /dev/pts/1 (v48) (HOSTNAME/1713 4335), start Wed 10/10 8:00\n",
    "    license-server002$ license-server002 JavaDisplay (v2022) (license-server01/4100 4501), start Sun 9/24 13:21\n",
    "    nobody localhost /dev/tty (v1.0) (flexlm01/27000 202), start Tue 3/5 11:02 (linger: 3600)\n",
    "    ContainerAdministrator 4f2a9c1e7b3d 4f2a9c1e7b3d (v55) (HOSTNAME/1713 9323), start Wed 10/6 9:50\n",
    # MATLAB's own license diagnostics beside it
    "Diagnostic Information:\nFeature: MATLAB \nLicense path: /home/runner/.matlab/R2023b_licenses:/opt/hostedtoolcache/MATLAB/2023.2.999/x64/licenses/license.dat\nLicensing error: -1,359. System Error: 2\n",
)

_TEXTS_167 = (
    # ddns-scripts' update URL for duckdns.org: a placeholder or a service-named subdomain, the
    # token masked or a placeholder
    "081749       : #> /usr/bin/curl -RsS -o /var/run/ddns/myddns_ipv4.dat --stderr /var/run/ddns/myddns_ipv4.err --insecure --noproxy '*' 'https://www.duckdns.org/update?domains=[DOMAIN]&token=[PASSWORD]&ip=[IP]'\n",
    "https://www.duckdns.org/update?domains=mydomain.duckdns.org&token=***PW***&ip=124.206.234.219\n",
    "https://www.duckdns.org/update?domains=homeassistant.duckdns.org&token=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx&ip=\n",
    "081752       : DDNS Provider answered:\nOK\n081752  info : Update successful - IP '124.206.234.219' send\n",
    # dnsmasq's DHCPACK on OpenWrt with a device's model or vendor default as its host name
    "Tue Mar 13 23:00:48 2018 daemon.info dnsmasq-dhcp[2501]: DHCPACK(br-lan) 192.168.7.182 0c:3e:9f:18:fb:c6 iPhone\n",
    "Sun Jul 21 12:23:20 2019 daemon.info dnsmasq-dhcp[3125]: DHCPACK(br-lan) 192.168.1.234 48:50:73:d5:96:b4 Windows-Phone\n",
    "Mon Apr 11 15:02:46 2022 daemon.info dnsmasq-dhcp[2985]: DHCPACK(br-lan) 192.168.100.242 54:e1:ad:f7:88:5f android-8246fb4b9bc389bc\n",
    "daemon.info dnsmasq-dhcp[2985]: DHCPACK(br-lan) 192.168.1.50 54:e1:ad:f7:88:5f DESKTOP-HKIPVUR\n",
    "daemon.info dnsmasq-dhcp[2985]: DHCPACK(br-lan) 192.168.1.51 54:e1:ad:f7:88:60 Galaxy-S21\n",
    "daemon.info dnsmasq-dhcp[2985]: DHCPACK(br-lan) 192.168.1.52 54:e1:ad:f7:88:61 ESP_3E3B70\n",
    "daemon.info dnsmasq-dhcp[2985]: DHCPACK(br-lan) 192.168.1.53 54:e1:ad:f7:88:62 Google-Home\n",
    "daemon.info dnsmasq-dhcp[2985]: DHCPACK(br-lan) 192.168.1.54 54:e1:ad:f7:88:63 Macbook-Air\n",
    "daemon.info dnsmasq-dhcp[2985]: DHCPACK(br-lan) 192.168.1.55 54:e1:ad:f7:88:64 raspberrypi\n",
    "daemon.info dnsmasq-dhcp[2985]: DHCPACK(br-lan) 192.168.1.56 54:e1:ad:f7:88:65 work-ntb\n",
    "daemon.info dnsmasq-dhcp[2985]: DHCPACK(br-lan) 192.168.1.57 54:e1:ad:f7:88:66 Living-Room-TV\n",
    "daemon.info dnsmasq-dhcp[2985]: DHCPACK(br-lan) 192.168.1.58 54:e1:ad:f7:88:67 OFFICE-PC\n",
    # a macOS shell prompt (`host:dir user$`) with a default or role account, before ssh into a
    # router as root
    "MacBook-Pro:~ admin$ ssh root@192.168.1.1\n",
    "iMac:~ user$ ssh root@192.168.1.1\nroot@192.168.1.1's password: \n",
    "> root@DD-WRT:~# cat /var/log/messages \n> DD-WRT v4.14-r42478M CRISPIN (c) 2020 NewMedia-NET GmbH\n",
    # EdgeOS / Vyatta WireGuard peers described by site or device, key files named by role
    '-        allowed-ips 192.168.254.0/24\n-        description "Office ER-X"\n-        persistent-keepalive 15\n-    }\n-    private-key /config/auth/wg0.key\n',
    'description "Backup VPS"\n',
    "private-key /config/auth/privatekey\n",
    "private-key /config/auth/wg-server.key\n",
    "-wireguard wg1 {\n-    disable\n-    listen-port 51821\n",
    "admin@erl3# show interfaces wireguard\n",
    # 1.124.0: a WireGuard peer's public key after `peer` (EdgeOS's config, VyOS's set command)
    "-    peer AXH17fWQMjJfKSTyFSkhunH1hT8bmyjFmfzNy8fWsVM= {\n",
    "set interfaces wireguard wg0 peer Y7LI8pQ2mVbX4kTnR9sHc3JdW6eLz0aFuG1yK5oPHw4= description 'Phone'\n",
)


_TEXTS_169 = (
    # the jamf binary's log: `for user "<name>"` naming a system or role account, and a host
    # named after nobody
    'Tue Jul 04 11:04:03 MacBook Pro jamf[14319]: Checking for policies triggered by "recurring check-in" for user "root"...',
    'Sat Jun 03 12:02:11 Mac-mini jamf[7578]: Checking for policies triggered by "recurring check-in"...',
    'Checking for policies triggered by "enrollmentComplete" for user "_mbsetupuser"...',
    'Checking for policies triggered by "logout" for user "admin"...',
    "Tue Jul 04 11:04:05 iMac jamf[14319]: Executing Policy 3_Security_Remediation.sh",
    # Jamf Cloud Distribution: a package path's public file hash, and a token that is a placeholder
    "Downloading https://euc1-jcds.services.jamfcloud.com//download/31b7f1de8e854985af9094f0e8ce0e51/CME_logos.pkg...",
    "Downloading https://euc1-jcds.services.jamfcloud.com/download/<hash>/Setup.pkg?token=<token>...",
    "Downloading https://use1-jcds.services.jamfcloud.com/download/abc/Setup.pkg?token=YOUR_TOKEN...",
    # a Munki pkginfo's metadata recording an account that names no one
    "'_metadata': {'created_by': 'root', 'creation_date': datetime.datetime(2021, 5, 10, 18, 52, 50), 'munki_version': '5.3.0.4335', 'os_version': '10.15.7'}",
    "            'munki_info': {'_metadata': {'created_by': 'runner',",
    "            'munki_info': {'_metadata': {'created_by': 'admin',",
    "            'munki_info': {'_metadata': {'created_by': 'autopkg',",
    # osquery's users table in --line mode: macOS's own and role accounts
    "              username = Guest\n           description = Guest User\n             directory = /Users/Guest",
    "              username = root\n           description = System Administrator\n             directory = /var/root",
    "              username = _mbsetupuser\n           description = Setup User\n             directory = /var/setup",
    "              username = nobody\n           description = Unprivileged User\n             directory = /var/empty",
    "              username = daemon\n           description = System Services\n             directory = /var/root",
    # dockutil's --allhomes listing: macOS's own folders under /Users
    "[file:///Users/.localized, file:///Users/Shared/, file:///Users/root/]",
    "/Users/Shared/Library/Preferences\n/Users/root/Library/Preferences",
    "Skipping: /Users/Shared/Library/Preferences/com.apple.dock.plist does not seem to be a home directory or a dock plist",
    # a Jamf policy's Script result with a report under a home that names nobody
    "2024-09-10 08:20:45 - Report Location: /Users/Shared/LHP937D7F4-Volume-Usage-2024-09-10-081911.txt",
    "2024-09-10 08:19:15 - User clicked Continue …; 2024-09-10 08:19:15 - Disk Space: 598.5 GB free ( 60.16% available )",
)

_TEXTS_168 = (
    # BIND `key` clauses (named.conf, rndc.conf, rndc.key) whose secret is a placeholder, a
    # mask or empty, and BIND's own messages about the key file
    'key "rndc-key" {\n      algorithm hmac-md5;\n      secret "xxxxxxxxxxxxxxxxxxxxxxxx";\n    };\n',
    'key "rndc-key" {\n        algorithm hmac-sha256;\n        secret "<base64-secret>";\n};\n',
    'key "ddns-key" {\n\talgorithm hmac-sha256;\n\tsecret "YOUR_SECRET_HERE";\n};\n',
    'key "rndc-key-xxx.xxx.xxx.xx" {\n      algorithm hmac-md5;\n      secret "********";\n    };\n',
    'key "transfer-key" {\n    algorithm hmac-sha512;\n    secret "...";\n};\n',
    'key "rndc-key" {\n        algorithm hmac-md5;\n        secret "";\n};\n',
    'include "/etc/bind/rndc.key";\ncontrols {\n        inet 127.0.0.1 port 953 allow { 127.0.0.1; } keys { "rndc-key"; };\n};\n',
    "/etc/bind/named.conf:50: open: /etc/bind/rndc.key: permission denied\n",
    "rndc: neither /usr/local/etc/rndc.conf nor /usr/local/etc/rndc.key was found\n",
    # dnsmasq's DHCP lines with device host names that name nobody (model names, vendor
    # defaults, generated ids)
    "dnsmasq: 37 127.0.0.1/55200 DHCP 192.168.0.241 is OnePlus_3T.homedomain\n",
    "dnsmasq: 38 127.0.0.1/48727 DHCP 192.168.0.162 is Macbook-Air.homedomain\ndnsmasq: 47 127.0.0.1/41158 DHCP 192.168.0.200 is Google-Home.homedomain\n",
    "dnsmasq: 53 127.0.0.1/47801 DHCP 192.168.0.187 is DESKTOP-KL67R3G.homedomain\n",
    "dnsmasq-dhcp: SLAAC-CONFIRM(eth0) fd00:46e0:e3a2:0:66a2:f9ff:fe9a:a3f1 OnePlus_6\n",
    "dnsmasq-dhcp[24841]: DHCPACK(eth0) 192.168.1.156 b4:8b:19:1b:4e:ee iPhone\n",
    "dnsmasq-dhcp[1105]: 2721026064 client provides name: orangepi3\n",
    "dnsmasq-dhcp[175]: 154878583 DHCPACK(end0) 10.0.0.23 f0:a7:31:20:4e:10 cpl-wifi-ce-fr\n",
    "dnsmasq-dhcp[2616]: not giving name Galaxy-J7-Prime to the DHCP lease of 10.51.150.125 because the name exists in /tmp/hosts/shared-state-dnsmasq_hosts with address 10.51.155.78\n",
    "dnsmasq: 49 127.0.0.1/45951 DHCP 192.168.0.71 is android-8246fb4b9bc389bc.homedomain\ndnsmasq: 50 127.0.0.1/36366 DHCP 192.168.0.194 is ESP_3E3B70.homedomain\n",
    "dnsmasq-dhcp[1]: 3610553376 DHCPACK(bond0) 10.4.50.109 d4:04:e6:4f:71:28 debian\n",
    # PowerDNS banners built by a build account or a packaging host
    "Jul 26 21:03:01 Using 64-bits mode. Built using gcc 12.1.0 on Jul 26 2022 20:54:03 by root@localhost.\n",
    "Using 64-bits mode. Built using gcc 10.2.1 20210110 on Nov 15 2023 10:12:44 by root@buildkitsandbox.\n",
    "PowerDNS Recursor 4.9.2 (C) 2001-2022 PowerDNS.COM BV\n",
    "Jan 05 12:00:00 PowerDNS Authoritative Server 4.8.3 (C) 2001-2022 PowerDNS.COM BV\nJan 05 12:00:00 Using 64-bits mode. Built using gcc 12.2.0 on Oct 30 2023 by root@localhost.\n",
    "Using 64-bits mode. Built using gcc 8.5.0 20210514 (Red Hat 8.5.0-18) on Feb 14 2024 by mockbuild@buildhost.\n",
)


_TEXTS_171 = (
    # SSSD's debug lines: the name in brackets, quotes or a sysdb DN is a system, built-in or
    # placeholder account, a group or the domain
    "[pam] [cache_req_process_input] (0x0400): CR #1: Parsing input name [root]",
    "[pam] [cache_req_process_input] (0x0400): CR #1: Parsing input name [admin@ipa.test]",
    "[pam] [sss_parse_name_for_domains] (0x0200): name 'admin@ipa.test' matched expression for domain 'ipa.test', user is admin",
    "[sudo] [sss_parse_name_for_domains] (0x0200): [CID#15] name 'root' matched without domain, user is root",
    "[pam] [cache_req_search_cache] (0x0400): CR #1: Looking up [administrator@ad.domain.example] in cache",
    "[pam] [merge_msg_ts_attrs] (0x2000): No such DN in the timestamp cache: name=ipausers@ipa.test,cn=groups,cn=ipa.test,cn=sysdb",
    "[pam] [cache_req_search_ncache] (0x0400): CR #366: Checking negative cache for [root@implicit_files]",
    "   *  (2021-09-30 13:32:57): [pam] [cache_req_search_ncache] (0x0400): CR #366: Checking negative ca\nche for [root@implicit_files]",
    "[pam] [sss_ncache_check_str] (0x2000): Checking negative cache for [NCE/USER/implicit_files/root@implicit_files]",
    "[pam] [cache_req_set_domain] (0x0400): CR #366: Using domain [fedoraproject.org]",
    "[be[files]] [pam_print_data] (0x0100): user: <username>@files",
    "[pam] [pam_print_data] (0x0100): [CID#351] user: someuser@ldap",
    "[pam] [pam_print_data] (0x0100): [CID#2] user: user1@test",
    # su and cron in the journal: root and a service account, by no one or by root
    "Oct  8 08:41:06 ubuntutest04 su: pam_unix(su:session): session opened for user root(uid=0) by (uid=0)",
    "Oct  8 08:41:07 ubuntutest04 su: pam_unix(su:session): session opened for user postgres(uid=26) by root(uid=0)",
    # nslcd's request context and its LDAP results: system accounts, a service bind DN, the
    # directory's manager
    'nslcd: [3c9869] <passwd="root"> DEBUG: myldap_search(base="dc=domain", filter="(&(objectClass=posixAccount)(uid=root))")',
    'nslcd: [3c9869] <shadow="nobody"> DEBUG: ldap_initialize(ldap://ldap/)',
    'nslcd: [3c9869] <group/member="admin"> DEBUG: ldap_start_tls_s()',
    'nslcd: [3c9869] DEBUG: ldap_simple_bind_s("cn=leoldap,dc=domain","***") (uri="ldap://temis/")',
    'nslcd: [3c9869] <shadow="admin"> DEBUG: ldap_result(): cn=Directory Manager,dc=domain',
    'nslcd: [3c9869] <shadow="root"> DEBUG: ldap_result(): cn=Manager,dc=example,dc=com',
    # winbind's DOMAIN+name listing and smbd's auth log with built-in or guest accounts
    "TCDON+admin\nTCDON+administrator\nTCDON+guest\nTCDON+krbtgt",
    "TCDON+TCDON+admin",
    "BUILTIN+administrators\nBUILTIN+users",
    "wbinfo -u |grep adm\nTCDON+admin",
    "  check_ntlm_password: sam authentication for user [nobody] FAILED with error NT_STATUS_NO_SUCH_USER",
    "  Invalid username/password for [guest]",
    # ansible-freeipa's ipauser task: variables, a test user, the task's own name
    '          - name: "{{ item.name }}"\n            first: "{{ item.first }}"\n            last: "{{ item.last }}"',
    "    - name: Create users\n      freeipa.ansible_freeipa.ipauser:\n        state: present",
    "          - name: admin\n            first: Test\n            last: User",
    "        update_password: always",
    # FreeIPA's logs under the admin's session, ccache and home; a root prompt named localhost
    "ipa: INFO: [jsonserver_session] admin@IPA.TEST: ping(): SUCCESS",
    "failed to set perms (3140) on file (/var/run/ipa/ccaches/admin@ipa.test)!",
    "Apr  2 09:48:02 freeipa01-dev python: ipa: ERROR: Could not create log_dir u'/home/admin/.ipa/log'",
    "localhost:~ # sssctl domain-status ipa.test",
)

_TEXTS_172 = (
    # mutt-wizard's `bash -x mailsync`: the `.mbsyncrc` channel names, and the lines that echo,
    # assign and sync each, naming role mailboxes or account words, not a person
    "+ accounts='gitea\nwatchtower\ncrontab'\n",
    "++ awk '/^Channel/ {print $2}' /home/user/.mbsyncrc\n+ accounts='work\npersonal\nnewsletters'\n",
    "++ echo gitea\n++ sed 's/.*\\///'\n+ acc=gitea\n+ mbsync '' gitea\nNo channel or group named '' defined.\n",
    "+ acc=gmail\n+ mbsync gmail\nC: 1/1  B: 0/0  M: +0/0 *0/0 #0/0  S: +0/0 *0/0 #0/0\n",
    "+ accounts='info\nsupport\nnoreply'\n",
    "+ pgrep -u root\n+ pgrep -x mbsync\n",
    # mbsync's Maildir store named by a placeholder address
    "Maildir error: cannot open store '/home/user/.local/share/mail/user@example.com/'\n",
    "Maildir error: cannot open store '~/.local/share/mail/test@example.com/'\n",
    # Maildir unique names carrying a machine name that names nobody
    "/home/user/Mail/INBOX/new/1440959694_0.1946.localhost,U=955,FMD5=7e33429f656f1e6e9d79b29c3f82c57e:2,\n",
    "/home/user/Mail/sent-mails/cur/1440959677.16082_1.archlinux:2,S\n",
    "~/Maildir/new/1698765432.M123456P7890.debian,S=4242,W=4321:2,\n",
    # getmail's `--dump` retriever line wrapped at the terminal's width inside a placeholder address
    'timeout="180", use_apop="False", username="user@exam\nple.com")\n',
    # imapsync's log file name, one address or two joined by `_`, naming nobody
    "Log file is LOG_imapsync/2016_03_07_08_00_03_user@my-domain.com.txt\n",
    "Log file is LOG_imapsync/2019_06_04_11_03_47_855_user1@example.com_user2@example.com.txt ( to change it, use --logfile path ; or use --nolog to turn off logging )\n",
    # msmtp's `user` directive and an aliases file naming nobody
    "user XXX\npassword <Hidden by me>\n",
    "user apikey\n",
    "root: postmaster\npostmaster: root\nMAILER-DAEMON: postmaster\n",
    "root: admin@example.com\ndefault: admin@example.com\n",
    # offlineimap's remoteuser with a placeholder address
    "remoteuser = user@example.com\n",
    '[Repository RemoteACCOUNT]\ntype = IMAP\nremotehost = imapserver\nremoteuser = user@example.com\nremotepasseval = mailpasswd("account")\n',
    # `ls -l` of a mail tool's files owned by system accounts
    "-rwx------   1 root        root            155 Sep 12 17:04 fetchmailrc\n",
    "-rw-------   1 postfix     postfix         107 Sep  6 04:28 main.cf\n",
    "-rw-------   1 dovecot     dovecot         107 Sep  6 04:28 dovecot.conf\n",
    # himalaya's configured name as a placeholder, beside the account's placeholder address
    'name = "John Doe"\n\n[gmail]\ndefault = true\nemail = "myemail@example.com"\n\nimap-host = "outlook.office365.com"\nimap-login = "myemail@example.com"\n',
    'display-name = "Your Name"\n',
)


_TEXTS_173 = (
    # a GitLab job's exported CI_PROJECT_* variables ($'...' quoting, as runner.server dumps them)
    # for the instance's root user, a group or GitLab's own namespace
    "export CI_PROJECT_NAMESPACE=$\\'root\\'\\nexport CI_PROJECT_ROOT_NAMESPACE=$\\'root\\'",
    "export CI_PROJECT_PATH=$\\'root/actions-demo\\'\\nexport CI_PROJECT_PATH_SLUG=$\\'root-actions-demo\\'",
    "export CI_PROJECT_URL=$\\'http://192.168.1.10:3200/gitlab-org/gitlab-runner\\'",
    "export CI_PAGES_URL=$\\'http://root.example.com/actions-demo\\'",
    "export CI_DEPENDENCY_PROXY_GROUP_IMAGE_PREFIX=$\\'192.168.1.10:3200/mygroup/dependency_proxy/containers\\'",
    "CI_PROJECT_NAMESPACE=mygroup\nCI_PROJECT_PATH=mygroup/myproject\n",
    # the runner page's config.sh/config.cmd with an organisation or a placeholder, no person
    "$ ./config.sh --url https://github.com/octo-org --token <TOKEN>",
    "./config.sh --url https://github.com/my-org --token <token> --name runner-01 --labels self-hosted",
    "./config.cmd --url https://github.com/actions/runner --token XXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    # a job log's runner and machine names made of no login
    "2021-07-07T13:22:48.4447443Z Runner name: 'self-hosted-runner-01'\n2021-07-07T13:22:48.4449124Z Machine name: 'WIN-BUILD01'",
    "2021-10-06T07:15:22.1305940Z Runner name: 'GitHub Actions 4'\n2021-10-06T07:15:22.1306120Z Machine name: 'fv-az123-456'",
    "Runner name: 'ip-10-0-1-23'\nRunner group name: 'Default'\nMachine name: 'ip-10-0-1-23'",
    # journal lines tagged with a runner image of a public namespace
    'Sep 09 12:50:59 rleap15-6 data.forgejo.org/forgejo/runner:6.0.1/forgejo-runner[18232]: level=info msg="Starting runner daemon"',
    'Sep 09 12:50:59 nas codeberg.org/forgejo/forgejo-runner:latest/forgejo-runner[18232]: level=error msg="Cannot ping the Forgejo instance server"',
    'Jan 08 09:16:30 ci docker.io/gitea/act_runner:latest/act_runner[412]: level=info msg="Starting runner daemon"',
    "Sep 09 12:50:59 host ghcr.io/actions/actions-runner:2.311.0/runner[9]: √ Connected to GitHub",
    # TeamCity's authorization token lines with the token empty or masked
    "[2018-11-07 10:46:26,482]   INFO -    jetbrains.buildServer.AGENT - Removing authorization token '' from agent with no name: \"\" {id=0}",
    '[2018-11-07 10:46:26,506]   INFO -    jetbrains.buildServer.AGENT - New agent authorization token "***" was generated for agent "ip-10-100-18-80" {id=153}',
    # an Azure DevOps organisation that is a documented example or a placeholder
    "  --url https://fabrikam.visualstudio.com --auth pat --token <<myToken>>",
    ".\\config.cmd --unattended --url https://dev.azure.com/fabrikam --auth pat --token ********",
    "  --url https://account.visualstudio.com --auth pat --token <PAT>",
)

_TEXTS_174 = (
    # a hosting account's Laravel stack under a domain folder: placeholder and project domains,
    # role accounts, Forge's default account, a subdomain the poster masked
    "#0 /home/admin/domains/example.com/invoiceninja/app/Http/Middleware/QueryLogging.php(40): Illuminate\\\\Pipeline\\\\Pipeline->Illuminate\\\\Pipeline\\\\{closure}(Object(Illuminate\\\\Http\\\\Request))",
    "/home/admin/domains/invoice-ninja.de/public_html/index.php",
    "/home/username/domains/domain.tld/public_html/artisan",
    "/home/forge/invoicing.example.com/app/Console/Commands/SendReminders.php(144)",
    "/home/forge/boekhouding.****.nl/app/Ninja/Repositories/InvoiceRepository.php(1220)",
    # Invoice Ninja's reminders log: the account named by a company, a mask or the product
    "Thu, 23 Jan 2020 15:10:07 +0000 Acme Inc: 0 invoices found",
    "Thu, 23 Jan 2020 15:10:07 +0000 Demo Company: 0 endless invoices found",
    "NAME COMPANY: 0 invoices found",
    "{Companyname}: 0 invoices found",
    "Thu, 23 Jan 2020 15:10:07 +0000 1 accounts found with reminders enabled\nThu, 23 Jan 2020 15:10:07 +0000 Invoice Ninja: 0 invoices found",
    # shared hosts' homes (Hetzner's /usr/www/users, cPanel's /home2 and /home3) holding a
    # placeholder or a mask; a plain web root
    "Warning: fopen(/usr/www/users/USERNAME/system/storage/logs/error.log): failed to open stream: No such file or directory in /usr/www/users/USERNAME/system/library/log.php on line 22",
    "Warning: fopen(/home3/username/public_html/system/storage/logs/error.log): failed to open stream",
    "Warning: fopen(/home2/xxxxxxxx/public_html/system/storage/logs/error.log): failed to open stream",
    "define('DIR_ROOT'           , '/home3/username/public_html/');",
    "#0 /var/www/html/magento2/vendor/magento/framework/Interception/Interceptor.php(142)",
    # Dolibarr's syslog and YunoHost's install prompt with role or placeholder accounts
    "> 2017-09-04 08:52:23 DEBUG   81.105.86.182   - This is an already logged session. _SESSION['dol_login']=admin _SESSION['dol_entity']=1",
    "- This is an already logged session. _SESSION['dol_login']=superadmin _SESSION['dol_entity']=1",
    "Choose an administrator user for this app [admin] (default: admin): ",
    "Choose an administrator user for this app [johndoe] (default: johndoe): ",
    "Choose the domain where this app should be installed [this-is-my-domain.nohost.me] (default: this-is-my-domain.nohost.me): this-is-my-domain.nohost.me",
    # wp-cli's redirect backtrace under a placeholder home; OCA's repositories under Odoo's
    # service account and /opt
    "#7  do_action(admin_init) called at [/home/example/public_html/wp-includes/plugin.php:406]",
    "#1  call_user_func_array(WP_CLI\\Utils\\wp_redirect_handler, Array ([0] => http://example.com/my-account/)) called at [/var/www/html/wp-includes/plugin.php:173]",
    "addons_path=/home/odoo/enterprise,/home/odoo/odoo/addons,/home/odoo/OCA/server-tools",
    "addons_path=/opt/odoo/OCA/partner-contact,/opt/odoo/OCA/account-reconcile",
)

_TEXTS_175 = (
    # GnuPG's passphrase prompt and key listings: a user id's `(comment)` after the name that is a
    # key's purpose, a year, a release or a domain, not a person's nickname
    'You need a passphrase to unlock the secret key for\nuser: "git-crypt (repository key) <noreply@example.com>"\n4096-bit RSA key, ID 065C5B7A, created 2015-04-20 (main key ID 3B3F5A08)\n',
    'You need a passphrase to unlock the secret key for\nuser: "Release Signing Key (2024) <security@example.org>"\n',
    'You need a passphrase to unlock the secret key for\nuser: "Jenkins (deploy) <jenkins@localhost>"\n',
    'You need a passphrase to unlock the secret key for\nuser: "Build Server (CI signing key) <ci@example.com>"\n',
    'You need a passphrase to unlock the secret key for\nuser: "John Doe (work) <john.doe@example.com>"\n',
    'You need a passphrase to unlock the secret key for\nuser: "Test User (test key) <test@example.com>"\n',
    "uid           [ultimate] Test User (test) <test@test.com>\n",
    "uid           [ultimate] redacted_name (work) <redacted@example.com>\n",
    'gpg: encrypted with 2048-bit RSA key, ID 75C7D534, created 2019-01-29\n      " (test) <test@test.com>"\n',
    'gpg: encrypted with rsa4096 key, ID 0x62556A61E301DC21, created 2018-05-22\n      "Deploy Bot (ansible-vault) <ops@example.com>"\n',
    'gpg: key 3B3F5A08: public key "Debian Archive Automatic Signing Key (11/bullseye) <ftpmaster@debian.org>" imported\n',
    'gpg: Good signature from "HashiCorp Security (hashicorp.com/security) <security@hashicorp.com>" [unknown]\n',
    'user: "root (git-crypt) <root@localhost>"\n',
    # the Bitwarden and 1Password CLIs' sign-in prompts with an address that is a stand-in
    "? Email address: your_email@gmail.com\n? Master password: [hidden]\n",
    "? Email address: my_email@example.com\n? Master password: [hidden]\n",
    "? Email address: email@example.com\n? Master password: [hidden]\n",
    "? Email address: you@example.com\n? Master password: [hidden]\n",
    "? Email address: hello@bitwarden.com\n? Master password: [hidden]\nUsername or password is incorrect. Try again.\n",
    "? Email address: myemail@gmail.com\n",
    "? Email address: xxx@gmail.com\n",
    "? Email address: <your email>\n",
    "Enter the password for xxx.xxx@gmail.com at my.1password.com:\n",
    "bw login your_email@gmail.com --method 0 --code 123456\n",
    "bw login name@mail.com password --method 0 --code 123456\n",
)

_TEXTS_176 = (
    # WinSCP's session log header: `Session name:`/`User name:` with a default, system or cloud
    # image account; the program's own registry key and Windows' OEM owner
    ". 2023-03-26 22:09:44.152 Session name: root@192.168.1.10 (Site)",
    ". 2023-03-26 22:09:44.152 User name: root (Password: Yes, Key file: No, Passphrase: No)",
    ". 2021-02-08 21:07:29.660 User name: pi (Password: Yes, Key file: No, Passphrase: No)",
    ". 2023-05-11 16:16:15.152 Session name: ubuntu@10.0.0.5 (Ad-Hoc site)\n"
    ". 2023-05-11 16:16:15.152 User name: ubuntu (Password: No, Key file: Yes, Passphrase: No)",
    ". 2023-03-26 22:09:44.152 Session name: admin@nas.local (Site)\n"
    ". 2023-03-26 22:09:44.152 User name: admin (Password: Yes, Key file: No, Passphrase: No)",
    ". 2023-03-26 22:09:44.123 Configuration: HKCU\\Software\\Martin Prikryl\\WinSCP 2\\",
    ". 2023-03-26 22:09:44.123 Local account: DESKTOP-4KQ2M7T\\Owner",
    # ssh -v's offered key: a comment naming root or vagrant, a key file path
    "debug1: Offering RSA public key: root@buildhost",
    "debug1: Offering public key: vagrant@localhost RSA SHA256:EaIPGmO4A8cT5ZYlzhr8CAW9vQ8CNzYoSi395Kwjcu4 agent",
    "debug1: Offering RSA public key: /home/ubuntu/.ssh/id_rsa",
    # RouterOS backup-script globals and sshd_config `Match User` with role accounts
    ':global BackupUploadUser "admin";',
    ':global BackupUploadUser "backup";',
    ':global BackupUploadUrl "sftp://192.168.99.4/home/backup/";',
    "Match User sftpuser\n    AuthenticationMethods password",
    # a prompt with a time prefix: root's and a cloud image's
    "[01:45:02]:~> root@Rocket$ ls -l /dev/fuse",
    "[09:12:44]:~> ubuntu@ip-10-0-0-12$ sshfs -d -o umask=000 USER@HOST: mnt",
    # rclone's remote-control login on a mount's command line: placeholders, variables
    "rclone mount gdrive: X: --rc --rc-web-gui --rc-user=admin --rc-pass=YOUR_PASSWORD --rc-addr :5572",
    "rclone rcd --rc-web-gui --rc-user=user --rc-pass=pass",
    "rclone mount remote: X: --rc --rc-user $RC_USER --rc-pass $RC_PASS",
    # the ftp client's login prompt with a default account offered; pure-ftpd's virtual users
    "Name (localhost:root): anonymous\n331 Please specify the password.",
    "Name (ftp.example.com:ubuntu): ftp\n331 Please specify the password.\nPassword:\n230 Login successful.",
    "pure-pw useradd ftpuser -u ftpuser -d /srv/ftp/ftpuser\npure-pw mkdb",
    "331 User ftptest OK. Password required",
    # mount.cifs options with a poster's masks for the password
    "mount -t cifs //192.168.1.195/ftp-nas /mnt -o username=admin,password=xxxx,sec=ntlm",
    "mount -t cifs //nas/share /mnt -o username=USER,password=PASSWORD,vers=3.0",
)

_TEXTS_177 = (
    # Appwrite's `docker compose exec appwrite vars` listing: its published defaults, empty values
    # and the variables that hold no secret
    "- _APP_OPENSSL_KEY_V1=your-secret-key\n- _APP_DOMAIN=localhost\n- _APP_DOMAIN_TARGET=localhost\n",
    "- _APP_OPENSSL_KEY_V1=\n- _APP_DOMAIN=localhost\n",
    "- _APP_EXECUTOR_SECRET=your-secret-key\n- _APP_EXECUTOR_HOST=http://exc1/v1\n",
    "- _APP_DB_USER=user\n- _APP_DB_PASS=password\n- _APP_DB_ROOT_PASS=rootsecretpassword\n",
    "- _APP_DB_USER=root\n- _APP_DB_PASS=password\n- _APP_DB_ROOT_PASS=\n",
    "- _APP_REDIS_HOST=redis\n- _APP_REDIS_PORT=6379\n- _APP_REDIS_USER=\n- _APP_REDIS_PASS=\n",
    "- _APP_SMTP_HOST=\n- _APP_SMTP_PORT=\n- _APP_SMTP_SECURE=\n- _APP_SMTP_USERNAME=\n- _APP_SMTP_PASSWORD=\n",
    "- _APP_SYSTEM_EMAIL_NAME=Appwrite\n- _APP_SYSTEM_EMAIL_ADDRESS=team@appwrite.io\n- _APP_SYSTEM_SECURITY_EMAIL_ADDRESS=security@appwrite.io\n",
    "- _APP_STORAGE_LIMIT=30000000\n- _APP_FUNCTIONS_TIMEOUT=900\n- _APP_FUNCTIONS_CONTAINERS=10\n- _APP_USAGE_STATS=enabled\n",
    "- _APP_ENV=production\n- _APP_LOCALE=en\n- _APP_OPTIONS_ABUSE=enabled\n- _APP_OPTIONS_FORCE_HTTPS=disabled\n",
    "- _APP_CONSOLE_WHITELIST_ROOT=enabled\n- _APP_CONSOLE_WHITELIST_EMAILS=\n- _APP_CONSOLE_WHITELIST_IPS=\n",
    # the mails worker's job JSON: a project's, a platform's and a collection's names, no person
    '{"project":{"$id":"console","$internalId":"console","name":"Appwrite","$collection":"projects","description":"Appwrite core engine"}',
    '"platforms":[{"$collection":"platforms","name":"Localhost","type":"web","hostname":"localhost"},{"$collection":"platforms","name":"Current Host","type":"web","hostname":"localhost"}]',
    '"user":{"$id":"","$collection":"users"},"payload":[],"locale":"en","type":"verification","team":null,"events":["."]',
    '"locale":"en","type":"recovery","name":"","team":null',
    '"recipient":"","url":"http:\\/\\/localhost\\/recover?userId=&secret=&expire=","locale":"en","type":"recovery","name":"","team":null',
    # Ghost-CLI's own lines and a cloud image's prompt running it; the Docker image's log prefix
    "root@host:/var/www/ghost# sudo -u ghost ghost ls\n",
    "ubuntu@ip-172-31-0-10:/var/www/ghost$ ghost install\n",
    "Ghost-CLI Version: 1.14.1\nEnvironment: production\nCommand: 'ghost install'\n",
    "Some features of Ghost-CLI may not work without additional configuration.\nFor local installs we recommend using `ghost install local` instead.\n",
    'ghost_1  | [2020-01-09 19:20:34] ERROR "POST /ghost/api/v3/admin/mail/test/" 500 189ms\n',
    # Supabase auth's JSON log: the service role, a zero actor, an example address
    '{"auth_event":{"action":"user_invited","actor_id":"00000000-0000-0000-0000-000000000000","actor_username":"service_role","log_type":"team"}}',
    'supabase-auth| {"auth_event":{"action":"login","actor_id":"00000000-0000-0000-0000-000000000000","actor_username":"service_role","log_type":"account"},"component":"api","level":"info"}',
    '{"component":"api","level":"info","method":"POST","msg":"request started","path":"/invite","referer":"","remote_addr":"127.0.0.1"}',
    '"traits":{"user_email":"user@example.com","user_id":"00000000-0000-0000-0000-000000000000"}',
)

_TEXTS_179 = (
    # a launcher's instance header under a home whose folder is a placeholder the poster wrote,
    # not a login (MultiMC, Prism Launcher)
    "Minecraft folder is:\nC:/Users/user/Downloads/MultiMC/MultiMC/instances/Modded/minecraft",
    "Minecraft folder is:\nC:/Users/<user>/Downloads/MultiMC/instances/Modded/minecraft",
    "Minecraft folder is:\nC:/Users/USERNAME/Downloads/MultiMC/MultiMC/instances/Modded/minecraft",
    "Minecraft folder is:\nC:/Users/YOUR_USERNAME/Downloads/MultiMC/MultiMC/instances/Modded/minecraft",
    "Minecraft folder is:\nC:/Users/yourname/Downloads/MultiMC/MultiMC/instances/Modded/minecraft",
    "Minecraft folder is:\nC:/Users/myusername/Downloads/MultiMC/MultiMC/instances/Modded/minecraft",
    "Minecraft folder is:\nC:/Users/redacted/Downloads/MultiMC/instances/Modded/minecraft",
    "Minecraft folder is:\nC:/Users/[redacted]/Downloads/MultiMC/instances/Modded/minecraft",
    "Minecraft folder is:\nC:/Users/xxxx/Downloads/MultiMC/instances/Modded/minecraft",
    "Minecraft folder is:\nC:/Users/********/Downloads/MultiMC/instances/Modded/minecraft",
    "Minecraft folder is:\n/home/<redacted>/.local/share/PrismLauncher/instances/Fabulously Optimized/minecraft",
    "Minecraft folder is:\ninstances/Pet Dragons 1.10.2/minecraft",
    "Java Arguments:\n[-XX:HeapDumpPath=MojangTricksIntelDriversForPerformance_javaw.exe_minecraft.exe.heapdump, -Xms512m, -Xmx1024m, -Duser.language=en, -jar, C:/Users/user/Downloads/MultiMC/jars/NewLaunch.jar]",
    "Native path:\n  C:/Users/Public/MultiMC/instances/Modded/natives",
    # a mod manager's request-header dump whose API key the tool (or the poster) masked
    "  apikey: ***",
    "  apikey: <redacted>",
    "  apikey: [REDACTED]",
    "  apikey: XXXXXXXX",
    "  apikey: your-api-key",
    "  User-Agent: Wabbajack/0.9.18.0\n  Accept: application/json\n  Application-Name: Wabbajack",
    # SKSE64's log naming a Skyrim save: the game's own file names, no secret
    "save name is Quicksave0",
    "save name is Autosave1",
    "save name is Quicksave0_497A45B9_1",
    "full save path: C:\\Users\\user\\Documents\\My Games\\Skyrim Special Edition\\Saves\\\\Save1.ess",
)

_TEXTS_180 = (
    # a MongoDB URI's userinfo that is a role or a placeholder, and database names that name no
    # one (a word and digits), in the legacy shell's `connecting to:` and `show dbs`
    "mongo mongodb://admin:<???>@59.110.51.159:27017/admin\n",
    "mongo mongodb://root:<password>@127.0.0.1:27017/test?authSource=admin\n",
    "mongodb://test:<???>@127.0.0.1:27017/test001\n",
    "mongodb://user:pass@localhost:27017/mydb088?authSource=admin&readPreference=primary&ssl=false\n",
    "mongodb://<username>:<password>@cluster0.mongodb.net/test?retryWrites=true&w=majority\n",
    "connecting to: mongodb://59.110.51.159:27017/app001?compressors=disabled&gssapiServiceName=mongodb\n",
    "> show dbs\n  admin    0.000GB\n  config   0.000GB\n  local    0.000GB\n  shop001  0.000GB\n",
    "MongoDB shell version v4.4.3\nconnecting to: mongodb://127.0.0.1:27017/?compressors=disabled&gssapiServiceName=mongodb\nMongoDB server version: 4.0.10\n",
    'mongosh "mongodb+srv://cluster0.example.mongodb.net/" --apiVersion 1 --username <db_username>\n',
    "mongo localhost:27017 -u my-user -p <password>\n",
    # sqlcmd's -P with Microsoft's documented placeholders and defaults, an environment reference,
    # a mask, no -P at all
    'sqlcmd -S localhost -U SA -P "<YourStrong@Passw0rd>"\n',
    'sqlcmd -S localhost -U SA -P "yourStrong(!)Password"\n',
    'sqlcmd -S 127.0.0.1,1433 -U SA -P "<password>"\n',
    'sqlcmd -S localhost -U SA -P "$SA_PASSWORD" -Q "SELECT @@VERSION"\n',
    "sqlcmd -S 127.0.0.1,1433 -U sa -P $env:MSSQL_SA_PASSWORD\n",
    "/opt/mssql-tools/bin/sqlcmd -S myhost.eu-west-1.rds.amazonaws.com -Uadministrator -Pxxxxxx\n",
    "sqlcmd -S 127.0.0.1,1433 -U SA\nPassword:\nSqlcmd: Error: Microsoft ODBC Driver 13 for SQL Server : Login failed for user 'SA'..\n",
    # the mysql client's attached -p with placeholders and variables, and without a value; the
    # Cassandra defaults that 1.143.0 keeps (cqlsh's flags, a variable, the server's message)
    "mysql -h<host> -u<user> -p<password>\n",
    "mysql -h${DB_HOST} -u${DB_USER} -p${DB_PASSWORD}\n",
    'mysql -u root -p"$MYSQL_ROOT_PASSWORD" demo\n',
    "root@dff7a845ed01:/# mysql -h[SERVER] -u[USER] --disable-ssl\n",
    "cqlsh -u cassandra -p cassandra\n",
    "cqlsh -u cassandra -p $CASSANDRA_PASSWORD\n",
    "cassandra 11:09:12.28 WARN  ==> You set the environment variable CASSANDRA_PASSWORD=\n",
    'export CASSANDRA_PASSWORD=$(kubectl get secret --namespace default cassandra -o jsonpath="{.data.cassandra-password}" | base64 -d)\n',
)

_TEXTS_181 = (
    # qBittorrent's WebUI start-up notice: the username, masked temporary passwords, the older
    # builds' documented default, the notice's other lines
    "******** Information ********\nTo control qBittorrent, access the WebUI at: http://localhost:8080\nThe WebUI administrator username is: admin",
    "The WebUI administrator password was not set. A temporary password is provided for this session: ********",
    "The WebUI administrator password was not set. A temporary password is provided for this session: <redacted>",
    "The WebUI administrator password was not set. A temporary password is provided for this session: [REDACTED]",
    "The WebUI administrator password was not set. A temporary password is provided for this session: xxxxxxxxx",
    "You should set your own password in program preferences.",
    "qbittorrent-nox --webui-port=8080\nWebUI will be started shortly after internal preparations. Please wait...",
    "The Web UI administrator username is: admin\nThe Web UI administrator password has not been changed from the default: adminadmin\nThis is a security risk, please change your password in program preferences.",
    "The WebUI administrator username is: admin\nThe WebUI administrator password has not been changed from the default: adminadmin",
    'docker logs qbittorrent 2>&1 | grep -A1 "WebUI administrator username is"',
    # Deluge's localclient account and the daemon's connection lines
    "username: localclient",
    "DELUGE_RPC_USERNAME=localclient",
    "localclient:deluge:10",
    "client: deluge\n  host: 127.0.0.1:58846",
    "deluge-console connect 127.0.0.1:58846",
    "deluge.error.BadLoginError: Password does not match",
    # Sonarr v2 (NzbDrone) under its service account, without a home
    "su nzbdrone -c '/usr/bin/mono --debug /opt/NzbDrone/NzbDrone.exe -nobrowser'",
    "[Info] Bootstrap: Starting Sonarr - /opt/NzbDrone/NzbDrone.exe - Version 2.0.0.5344",
    "[Debug] ProcessProvider: Found 0 processes with the name: NzbDrone.Console\n[Debug] ProcessProvider:  - [1798] NzbDrone",
    "[Info] MigrationLogger: *** Migrating data source=/config/nzbdrone.db;cache size=-10000;datetimekind=Utc;journal mode=Wal;pooling=True;version=3 ***",
    "[Warn] MediaCoverMapper: File /volume1/@appstore/nzbdrone/var/.config/NzbDrone/MediaCover/9/poster.jpg not found",
    "sudo systemctl restart nzbdrone\nsudo chown -R nzbdrone:nzbdrone /opt/NzbDrone",
    "~/.config/NzbDrone/nzbdrone.db",
    "[Debug] OwinAppFactory: Attaching NzbDroneVersionMiddleWare to host",
)

_TEXTS_182 = (
    # Duplicati's warnings under homes that are no one's: service and CI accounts, the poster's
    # placeholders, a Samba domain's template with no user in it
    "  Failed to process path: /root/.config/Duplicati/XJETXAYCAH.sqlite-journal",
    "  Failed to process path: /home/user/.config/Duplicati/UWVLTBPPDV.sqlite-journal",
    "Failed to process path: /home/%D/%U/.config/Duplicati/UWVLTBPPDV.sqlite",
    "Failed to process path: /var/lib/duplicati/.config/Duplicati/UWVLTBPPDV.sqlite-journal => Unexpected result count: 0, expected 1",
    "Failed to process path: /home/linuxbrew/.linuxbrew/Cellar/duplicati/2.0.1/lib/Duplicati.sqlite",
    "System.Exception: Unexpected result count: 0, expected 1 at Duplicati.Library.Main.Database.LocalBackupDatabase.AddBlockset (System.String filehash, Int64 size, Int32 blocksize) [0x00000] in <filename unknown>:0",
    "template homedir = /home/%D/%U",
    # Duplicati backend URLs whose authid is the documented placeholder or masked
    'Duplicati.CommandLine.exe backup "googledrive://remote_folder?authid=AUTHID" C:\\local_folder --no-encryption',
    'backup "hubic://BACKUP?authid=xxx-any token-xxx" E:\\TEMP',
    'backup "onedrivev2://Backup?authid=<authid>" /data',
    'backup "amzcd://Backup?authid=***" "D:\\Data\\"',
    "--authid=YOUR_AUTHID",
    "Duplicati.CommandLine.exe backup file://D:\\Backup C:\\Data --passphrase=*** --use-block-cache=false",
    # compose environments whose USER names no one
    'environment:\n    KOPIA_PASSWORD: "foobar"\n    USER: "root"\n    TZ: America/New_York',
    "environment:\n    USER: kopia\n    TZ: Europe/Berlin",
    'USER: "kopia"',
    'environment:\n    USER: "${USER}"\n    PUID: "1000"\n    PGID: "1000"',
    '            - --server-username="kopia"\n            - --server-password="foobar"',
    "        hostname: backupstation\n        container_name: kopia",
    # a Time Machine client's log lines naming the share and the service, no account
    "24-10-13 22:05:39.289 TimeMach    User tried to start a backup",
    '24-10-13 22:05:39.298 TimeMach    Starting backup with mode "manual backup"',
    "24-10-13 22:05:39.295 TimeMach    Not rotating backup destinations, next destination is the same as the last destination.",
    "Attempting to mount 'smb://192.168.1.60/TimeMachine'",
    "Initial network volume options for 'TimeMachine' {disablePrimaryReconnect: 0, disableSecondaryReconnect: 0, reconnectTimeOut: 0, QoS: 0x0, attributes: 0x1C}",
    "Bonjour took 0.1 seconds to resolve 'smb://timemachine._smb._tcp.local./TimeMachine' to 'smb://timemachine.local/TimeMachine'",
)

_TEXTS_183 = (
    # prompts whose host begins with (or is) a word of the login, or with a default account,
    # naming nobody; yabridgectl's output under placeholder and system homes
    "[user@user-dellg155530 ~]$ yabridgectl list\n",
    "[user@user-pc ~]$ yabridgectl list\n/home/user/.vst3/WIN\n",
    "[liveuser@live-dellg155530 ~]$ yabridgectl list\n/home/liveuser/.wine/drive_c/vst\n",
    "[liveuser@localhost-live ~]$ yabridgectl status\n",
    "[builder@build-server ~]$ yabridgectl list\n",
    "[jenkins@jenkins-agent-3 ~]$ yabridgectl list\n",
    "[gitlab-runner@gitlab-ci ~]$ yabridgectl sync\n",
    "ubuntu@ubuntu-dellg155530:~$ yabridgectl list\n",
    "[root@dev-dellg155530 ~]$ yabridgectl list\n",
    "[root@audio-dellg155530 ~]$ yabridgectl list\n/root/.wine_alt/drive_c/vst\n",
    "[root@dellg155530 ~]$ yabridgectl list\n/root/.wine/drive_c/vst\n",
    "pi@raspberrypi:~ $ yabridgectl sync\n",
    "/home/user/.wine/drive_c/Program Files/Common Files/VST3\n",
    "~/.wine/drive_c/Program Files/Common Files/VST3\n",
    "$HOME/.local/share/bottles/bottles/Default/drive_c/Vst\n",
    "yabridge path: '~/.local/share/yabridge'\n",
    "VST3 location: '$HOME/.vst3/yabridge'\n",
    # a debug build's backtrace: frames into the build's own trees, system headers and a CI
    # runner's or build account's home
    "   from /opt/Ardour-5.4.40-dbg/lib/libglib-2.0.so.0\n",
    "#2  0x00007ffff79064e3 in ArdourCanvas::WaveView::drawing_thread ()\n    at ../libs/canvas/wave_view.cc:1565\n",
    "#1  0x00007fffb21f590d in ?? () from /usr/lib/lv2/drmr.lv2/drmr.so\n",
    "    at /build/ardour-6.9/libs/ardour/lv2_plugin.cc:2855\n",
    "    at /opt/Ardour-5.4.40-dbg/include/sigc++-2.0/sigc++/functors/ptr_fun.h:77\n",
    "    at /usr/include/sigc++-2.0/sigc++/functors/ptr_fun.h:77\n",
    "    at /home/builder/linux-x86_64/gtk/inst/include/glib-2.0/glib/gmain.h:12\n",
    "    at /home/runner/work/vital/vital/plugin_framework/third_party/bgfx/src/glcontext_glx.cpp:197\n",
    "Reading symbols from /opt/ardour/bin/ardour-5.12.0...(no debugging symbols found)...done.\n",
    "Ardour: [INFO]: Loading user configuration file /home/user/.config/ardour6/config\n",
)

_TEXTS_178 = (
    # code-signing identities whose common name is a company's, Apple's own, or a placeholder (in
    # `security find-identity`, electron-builder's `allIdentities=`, `codesign -dvvv`'s
    # `Authority=`, `pkgutil --check-signature`'s chain, `tauri.conf.json`)
    '  1) 3F60B8D9578EAEF1E13A7EEC1394D4CE34139555 "Developer ID Application: App Inc (FR57J8KL90)"\n'
    "     1 valid identities found",
    "Authority=Developer ID Application: Google LLC (EQHXZ8M8AV)\n"
    "Authority=Developer ID Certification Authority\nAuthority=Apple Root CA",
    "origin=Developer ID Application: Brave Software, Inc. (KL8N8XSYF4)",
    "    1. Developer ID Installer: Microsoft Corporation (UBF8T346G9)\n"
    "       SHA1 fingerprint: AE D0 A7 C5 31 01 2B 70 D7 FB 49 5A 23 30 3A 67 05 36 5A 11",
    "    2. Developer ID Certification Authority\n"
    "       SHA1 fingerprint: 3B 16 6C 3B 7D C4 B7 51 C9 FE 2A FA B9 13 56 41 E3 88 E1 86\n"
    "    3. Apple Root CA",
    '  2) FAC6726A0A4AFC4C06D46A46834279BB3EB25844 "3rd Party Mac Developer Installer: Foo.io Inc (EHV7XZLAHA)"',
    '  1) 68307094FC5A34F9222D288F9ECAA8303C6B037E "Mac Developer: Acme Corp (F7GHKUXZFV)"',
    '  1) 9329179B548A4FBC4AD392E11AD7C0F41DB1DE9D "Apple Distribution: Silicon Laboratories Inc (52444FG85C)" (CSSMERR_TP_CERT_EXPIRED)',
    '"signingIdentity": "Developer ID Application: Nano 3 Labs Ltd (HN6T5KD4ND)",',
    '"signingIdentity": "Developer ID Application: Company Name (TEAMID)",',
    '"signingIdentity": null,',
    " Common Name     : Developer ID Application: UserName (TeamId)",
    '1) "Developer ID Application: Name (ID)"\n2) "Apple Development: Name (ID)"',
    "Developer ID Application: Your Name (XXXXXXXXXX)",
    "identityName=Developer ID Application: <snip> identityHash=<snip> provisioningProfile=none",
    "productsign: error: Could not find appropriate signing identity for “Developer ID Installer: University of Gothenburg”.",
    'codesign --force -s "Developer ID Application: Mozilla Corporation (43AQ936H96)" --options runtime Firefox.app',
    # self-signed identities named by a placeholder or role address, Apple's own identities
    '  1) 15437472F847556CAE0A699CDA57EAF3CCB1A929 "firstname.lastname@mycompany.com" (CSSMERR_TP_NOT_TRUSTED)',
    '  1) 15437472F847556CAE0A699CDA57EAF3CCB1A929 "john.doe@mycompany.com" (CSSMERR_TP_NOT_TRUSTED)',
    '  1) 15437472F847556CAE0A699CDA57EAF3CCB1A929 "build@mycompany.com" (CSSMERR_TP_NOT_TRUSTED)',
    '  1) 9XXXXX304D7307XXXX981678FAXXXX50AA5XXX08 "iPhone Developer: johndoe@example.com (T5X7XXXXMX)"',
    '  4) A8B79ECB4AB9F958B801180AC207966CA4C05222 "com.apple.kerberos.kdc" (CSSMERR_TP_NOT_TRUSTED)',
    # macOS bash prompts `<host>:<dir> <user>$` whose host is a Mac model or a placeholder
    "MacBook-Pro:myapp dev$ ./node_modules/.bin/build --version",
    "Mac-mini:app admin$ npm run dist",
    "Users-MacBook-Pro:app user$ codesign -dvvv App.app",
    "iMac:build-scripts runner$ xcrun notarytool history --keychain-profile AC_NOTARY",
    # notarytool/altool credentials as placeholders or masks, a role address of a placeholder
    # domain, a keychain profile's name, a masked team id
    'xcrun notarytool submit app.zip --apple-id "you@example.com" --password "xxxx-xxxx-xxxx-xxxx" --team-id "TEAMID" --wait',
    '"--apple-id" "redacted" "--password" "redacted" "--team-id" "REDACTED"',
    '"--apple-id" "***" "--password" "***" "--team-id" "***"',
    '--password "<app-specific-password>"',
    "Failed to get authorization for username 'developer@example.com' and password.",
    "Failed to get authorization for username '***' and password.",
    'xcrun notarytool log 2e86ff68-c357-4f51-bc96-230d567f9dd6 --keychain-profile "notarytool-password"',
    '--team-id "CramgoBV"',
    # a CI machine's folder under a scratch dir, a CI home
    "/Users/builder/PAServer/scratch-dir/Build-MacMini/App.app",
    "/Users/jenkins/workspace/app/build/App.xcarchive",
    # 1.146.0: the shapes 1.143.0 changed, kept since: a hyphen-split mask, altool's keychain
    # and environment references, a developer role address, the Jenkins CI machine's folder
    '"--apple-id" "redacted" "--password" "re-da-ct-ed" "--team-id" "REDACTED"',
    '"--password" "red-act-ed"',
    'xcrun altool --validate-app -f App.ipa -u "AC_USERNAME" -p "@keychain:altool"',
    'xcrun altool --notarize-app -u "AC_USERNAME" --password "@env:AC_PASSWORD" -f app.zip',
    "Failed to get authorization for username 'developer@alephium.org' and password.",
    "/Users/builder/PAServer/scratch-dir/Jenkins-MacMini/Boxoffice.app",
    "Jenkins-Mac-mini:~ jenkins$ xcodebuild -version",
)

_TEXTS_186 = (
    # a two-line prompt whose first line is host, truncated cwd and branch, ending in a
    # default or service account, or in nothing; the second line's status and command
    "hw12203:...assembly/target/nifi-toolkit-1.4.0-SNAPSHOT-bin/nifi-toolkit-1.4.0-SNAPSHOT (pr2042) root\n",
    "hw12203:...assembly/target/nifi-toolkit-1.4.0-SNAPSHOT-bin/nifi-toolkit-1.4.0-SNAPSHOT (pr2042)\n",
    "hw12203:~/nifi (main) root\n🔓 187123s @ 19:01:18 $ ./bin/tls-toolkit.sh standalone -n 'localhost'\n",
    "build-01:...target/nifi-toolkit-1.4.0-SNAPSHOT (master) jenkins\n",
    "ci-runner:~/work/nifi (pr2042) runner\n",
    "ubuntu-vm:~/nifi-toolkit (NIFI-4222) ubuntu\n",
    "localhost:...nifi-1.4.0-SNAPSHOT (pr2042) user\n",
    "🔓 187123s @ 19:01:18 $ ./bin/tls-toolkit.sh standalone -n 'nifi.nifi.apache.org' -P password -S password -O\n",
    "🔒 42s @ 09:12:55 $ ./bin/tls-toolkit.sh client -c nifi-ca -t token\n",
    "2017/08/09 19:01:43 INFO [main] org.apache.nifi.toolkit.tls.standalone.TlsToolkitStandalone: Running standalone certificate generation with output directory ../nifi-toolkit-1.4.0-SNAPSHOT\n",
    "2017/08/09 19:01:44 INFO [main] org.apache.nifi.toolkit.tls.standalone.TlsToolkitStandalone: Overwriting any existing ssl configuration in ../nifi-toolkit-1.4.0-SNAPSHOT/nifi.nifi.apache.org\n",
    "2017/08/09 19:01:44 INFO [main] org.apache.nifi.toolkit.tls.standalone.TlsToolkitStandalone: Using existing CA certificate ../nifi-toolkit-1.4.0-SNAPSHOT/nifi-cert.pem and key ../nifi-toolkit-1.4.0-SNAPSHOT/nifi-key.key\n",
    # the same tools' lines under system, placeholder and service homes
    "[root@localhost bin]# ./standalone.sh -Djboss.server.base.dir=$JBOSS_HOME/simulator\n",
    "  JBOSS_HOME: /opt/jboss/wildfly\n",
    "  JAVA: /usr/lib/jvm/java-11-openjdk/bin/java\n",
    "Starting application on <host> with PID 1451 (/opt/spring-xd/xd/lib/spring-boot-0.5.0.BUILD-SNAPSHOT.jar started by root)\n",
    "Starting application on localhost with PID 1451 (/app/app.jar started by spring)\n",
    "$ sudo -u jira /usr/lib/jvm/jdk-11.0.2+7/bin/jstack 1455\n",
    "1455: Unable to open socket file /proc/1455/root/tmp/.java_pid1455: target process 1455 doesn't respond within 10500ms or HotSpot VM not loaded\n",
    "INFO  : ${jetty.home} = /home/user/jetty-home-11.0.18\n",
    "user.dir=/Users/Shared/workspace/scala-native\n",
    "USERNAME=SYSTEM\n",
    "PATH=C:\\Windows\\system32;C:\\Windows;%USERPROFILE%\\AppData\\Local\\Microsoft\\WindowsApps\n",
    "-rw-r--r-- 1 root wheel   64449 Sep 18 09:49 /Applications/VisualVM.app/Contents/Resources/visualvm/visualvm/modules/com-sun-tools-visualvm-tools.jar\n",
    "[root@jira2n1prd ~]# cat /proc/1455/cmdline\n",
)

_TEXTS_187 = (
    # Gecko stack frames whose function name is a word or an identifier, at chrome:// and
    # resource:// scripts, and Better BibTeX's debug lines naming the same methods, naming nobody
    "loadDatabase@chrome://zotero-better-bibtex/content/BetterBibTeX.js:2551:18\n",
    "Loki.prototype.loadDatabaseInternal@chrome://zotero-better-bibtex/content/common.js:24883:9\n",
    "PatternFormatter<@chrome://zotero-better-bibtex/content/better-bibtex.js:261549:24\n",
    "@chrome://zotero-better-bibtex/content/better-bibtex.js:3:1\n",
    "_initDB@resource://zotero/db.js:88:12\n",
    "(3)(+0000000): {better-bibtex} FileStore.load cache.json\n",
    "(3)(+0000283): {better-bibtex} FileStore.loadDatabase: loading cache\n",
    "(1)(+0000002): Error: Data directory not initialized\n",
    "zotero(3)(+0000000): Using data directory ~/Zotero\n",
    "zotero(3)(+0000001): /home/user/Zotero/zotero.sqlite\n",
    # 1.164.0: the word frames 1.159.0 changed, kept since (user_names.yaml's prompt reads no
    # Gecko frame `<function>@<scheme>://…:<line>:<col>`), with the word elsewhere in the log
    "init@chrome://zotero/content/xpcom/zotero.js:512:3\n",
    "(3)(+0000000): {better-bibtex} FileStore.load cache.json\n\n(1)(+0000002): Error: Data directory not initialized get\ndir@chrome://zotero/content/xpcom/dataDirectory.js:33:10\nload@chrome://zotero-better-bibtex/content/BetterBibTeX.js:2521:20\n",
    "notify@resource://gre/modules/AsyncShutdown.jsm:123:5\nonload@moz-extension://5f4b2c1e-9a6d-4b0e-8a51-2c3d4e5f6a7b/background.js:42:7\n",
    # Anki, calibre, Joplin, Logseq, Obsidian, Zettlr and KOReader lines under placeholder,
    # system and relative homes
    '  File "aqt.main", line 530, in loadProfile\n',
    '  File "C:\\Users\\USERNAME\\AppData\\Roaming\\Anki2\\addons21\\1971641744\\__init__.py", line 67, in importMHT\n',
    '  File "/home/user/.local/share/Anki2/addons21/1508357010/mobileSupport/modelModifier.py", line 48, in registerMobileScript\n',
    '  File "~/Library/Application Support/Anki2/addons21/2040501954/insert_symbols.py", line 143\n',
    "calibre.customize.InvalidPlugin: The plugin in 'C:\\\\Users\\\\<user>\\\\Downloads\\\\plugin.zip' is invalid.\n",
    "InvalidPlugin: The plugin in u'E:\\\\DeDRM_tools_6.8.0.zip' is invalid. It does not contain a top-level __init__.py file\n",
    "EXE path: C:\\Program Files\\Calibre2\\calibre.exe\n",
    '2018-01-08 13:36:20: "Profile directory: ~/.config/joplin-desktop"\n',
    "DevTools failed to load source map: Could not parse content for file:///Applications/Logseq.app/Contents/Resources/app/js/main.js.map\n",
    '[root@gaming:~]# logseq --graph "Demo" show --page Tag\n',
    "app.js:1 Plugin failure: obsidian-remarkable Error: ENOENT: no such file or directory, open '<vault>/.obsidian/plugins/obsidian-remarkable/main.js'\n",
    "    at ImportAttachments7.onload (VM372 plugin:import-attachments-plus:1839:24)\n",
    '[17:56:47] [Info] Running Pandoc with command: pandoc "/tmp/export.tmp" -f markdown -t latex -o "/tmp/out.pdf"\n',
    "10/12/20-13:30:39 INFO  opening file /mnt/onboard/books/publicdomain_gnu.epub\n",
    "10/12/20-13:30:39 INFO  opening file /home/root/mybooks/publicdomain_gnu.epub\n",
)

_TEXTS_188 = (
    # AD tools' command lines whose -p is a placeholder, a variable, empty, a port or a flag,
    # naming nobody
    "$  bloodhound-python -u admin -p <password> -d cyberloop.local -vv -ns 192.168.56.10\n",
    "$ bloodhound-python -u USERNAME -p PASSWORD -d example.local -ns 10.0.0.1 -c all\n",
    "$ bloodhound-python -u admin -p '' -d cyberloop.local -ns 192.168.56.10\n",
    '$ bloodhound-python -u "$USER" -p "$PASS" -d "$DOMAIN" -ns "$DC_IP"\n',
    "crackmapexec smb 192.168.1.111 -u admin -p <password> -x whoami\n",
    "crackmapexec --debug smb 192.168.XXX.202 -u user -p 'password' -X whoami\n",
    "nxc smb 10.10.10.10 -u users.txt -p passwords.txt --continue-on-success\n",
    "nmap -p 445 --script smb-vuln* 192.168.56.10\n",
    "nmap -p- -T4 -Pn -sV 192.168.56.101\n",
    "ssh -p 2222 kali@192.168.56.10\n",
    "hashcat -m 0 -a 3 -D 1 --session deneme1 md5.txt rockyou.txt --force\n",
    "DEBUG: Authentication: username/password\n",
    "INFO: Found AD domain: cyberloop.local\n",
    "INFO: Connecting to LDAP server: domain-controller.cyberloop.local\n",
    '  File "/home/vagrant/.local/bin/bloodhound-python", line 8, in <module>\n',
    '  File "/usr/local/lib/python3.9/dist-packages/bloodhound/__init__.py", line 297, in main\n',
    # a tool banner without a person's address, and its other lines
    "           NBT-NS, LLMNR & MDNS Responder 3.0.0.0\n",
    "  To kill this script hit CTRL-C\n",
    "  Patreon -> https://www.patreon.com/PythonResponder\n",
    "  Paypal  -> https://paypal.me/PythonResponder\n",
    "[!] Error: eth5: Interface not found\n",
    "/opt/Responder$ sudo ./Responder.py -I eth5\n",
    "  Author: Responder maintainers (security@example.com)\n",
    "[+] Poisoners:\n    LLMNR                      [ON]\n    NBT-NS                     [ON]\n",
    "        WordPress Security Scanner by the WPScan Team\n                       Version 3.5.3\n",
)

_TEXTS_185 = (
    # journal lines at hosts of a distribution, a model, a role or a placeholder, naming nobody
    "Apr 09 18:46:24 archlinux-3800x systemd[1641]: plasma-plasmashell.service: Consumed 1.444s CPU time.\n",
    "Apr 09 18:47:11 fedora-3800x systemd[1641]: plasma-plasmashell.service: Start request repeated too quickly.\n",
    "Apr 09 18:47:11 localhost systemd[1641]: plasma-plasmashell.service: Failed with result 'exit-code'.\n",
    "Apr 09 18:47:11 cachyos-HX90 systemd[1641]: plasma-plasmashell.service: Failed with result 'exit-code'.\n",
    "Apr 09 18:47:11 desktop-5900x systemd[1641]: plasma-plasmashell.service: Failed with result 'exit-code'.\n",
    "Jun 11 09:41:06 archMain systemd[3964]: Started Portal service (Hyprland implementation).\n",
    "Jun 11 09:41:06 $HOSTNAME systemd[3964]: Started Portal service (Hyprland implementation).\n",
    "Apr  2 00:57:30 MS-7C02 sddm-helper[3905]: call start()\n",
    # GDM's debug lines naming the greeter's own account or a placeholder
    "GdmSession: Set up service gdm-password for username gdm\n",
    "GdmSession: selecting user 'gdm-greeter'\n",
    "GdmSessionWorker: initializing PAM; service=gdm-launch-environment username=gdm seat=seat0\n",
    "GdmSessionWorker: using PAM profile /usr/lib/pam.d/gdm-password\n",
    "GdmSessionWorker: authenticating user root\n",
    "GdmSessionWorker: 1 new messages received from PAM\n",
    "GdmSessionWorker: received pam message of type 1 with payload 'Password: '\n",
    "GdmSession: Set up service gdm-password for username <user>\n",
    # IBus's sockets under /tmp for system and placeholder accounts, and its registry paths
    "(ibus-daemon:22945): IBUS-WARNING **: Connect to unix:path=/tmp/ibus-root/ibus-unix-0 failed\n",
    "Failed to connect to socket /tmp/ibus-$USER/ibus-unix-0: Connection refused.\n",
    "/tmp/ibus-\n$USER/ibus-unix-0: Connection refused.\n",
    'access("/usr/var/cache/ibus/bus/registry", F_OK) = -1 ENOENT (No such file or directory)\n',
    "unix:path=/tmp/ibus-XXXXXXXX/ibus-unix-0\n",
    # ps -ef with system accounts' columns, whole and truncated by ps
    "root      4239  0.0  0.0  16000  1124 ?        Ss   17:43   0:00 xinit /etc/X11/Xsession\n",
    "gdm       1533  1521  0 09:27 tty1     00:00:00 /usr/libexec/ibus-daemon --panel disable\n",
    "systemd+  7260     1  0 09:27 ?        00:00:00 /usr/lib/systemd/systemd-resolved\n",
    "message+   912     1  0 09:27 ?        00:00:01 /usr/bin/dbus-daemon --system\n",
    "polkitd    988     1  0 09:27 ?        00:00:00 /usr/lib/polkit-1/polkitd --no-debug\n",
    # SDDM's helper invocations after Auth: (no credential)
    "Nov 28 11:36:26 titan sddm[798]: Auth: sddm-helper exited with 15\n",
    'Nov 28 11:36:26 titan sddm[798]: Error from greeter session: "Process crashed"\n',
    # since 1.163.0: the helper's crash line itself, and system accounts cut by ps
    "Nov 28 11:36:26 titan sddm[798]: Auth: sddm-helper (--socket /tmp/sddm-auth-0f3c --id 2 --user sddm --greeter) crashed (exit code 1)\n",
    "avahi-a+   911     1  0 09:27 ?        00:00:00 avahi-autoipd: [wlp2s0] sleeping\n",
    "gnome-i+  1490  1402  0 09:27 tty1     00:00:00 /usr/libexec/gnome-initial-setup\n",
    "GdmSession: selecting user 'gdm-greeter-2' for session 'c3' (0x55d1c8a0e0a0)\n",
)

_TEXTS_184 = (
    # pip and conda under shared, software and system trees that name nobody: a lab share's
    # common folders, a site's software tree, a container's root and the default conda paths
    "Requirement already satisfied: vispy>=0.10.0 in /endosome/archive/MIL/shared/.conda/envs/napari-env/lib/python3.9/site-packages (from napari) (0.10.0)\n",
    "Requirement already satisfied: tifffile>=2020.2.16 in /opt/conda/envs/napari-env/lib/python3.9/site-packages (from napari) (2022.4.22)\n",
    "Requirement already satisfied: dask[array]!=2.28.0,>=2.15.0 in /root/.conda/envs/napari-env/lib/python3.9/site-packages (from napari) (2022.4.1)\n",
    "Requirement already satisfied: cachey>=0.2.1 in /home/user/.conda/envs/napari-env/lib/python3.9/site-packages (from napari) (0.2.1)\n",
    "Requirement already satisfied: napari-console>=0.0.4 in ~/.conda/envs/napari-env/lib/python3.9/site-packages (from napari) (0.0.4)\n",
    "Requirement already satisfied: jsonschema>=3.2.0 in $HOME/.conda/envs/napari-env/lib/python3.9/site-packages (from napari) (4.4.0)\n",
    "Requirement already satisfied: typing-extensions in /usr/local/lib/python3.9/site-packages (from napari) (4.2.0)\n",
    "Requirement already satisfied: vispy>=0.10.0 in /endosome/archive/MIL/napari-env/lib/python3.9/site-packages (from napari) (0.10.0)\n",
    "Requirement already satisfied: vispy>=0.10.0 in /archive/MIL/conda/envs/napari-env/lib/python3.9/site-packages (from napari) (0.10.0)\n",
    # a CoreLog header's User: line with a default, service or placeholder account
    "2022-04-11T17:18:09.043385 tid8436 [IFO,App] User: Administrator\n",
    "2022-04-11T17:18:09.043385 tid8436 [IFO,App] User: SYSTEM\n",
    "2022-04-11T17:18:09.043385 tid8436 [IFO,App] User: root\n",
    "2022-04-11T17:18:09.043385 tid8436 [IFO,App] User: user\n",
    "2022-04-11T17:18:09.043385 tid8436 [IFO,App] User: <username>\n",
    "2022-04-11T17:18:09.043385 tid8436 [IFO,App] Host: DESKTOP-LD09UV5\n",
    "2022-04-11T17:18:09.043385 tid8436 [IFO,App] MM Studio version: 2.0.1 20220401\n",
    "2022-04-11T17:18:09.043385 tid8436 [IFO,LogManager] Enabled primary log file C:\\Program Files\\Micro-Manager-2.0\\CoreLogs\\CoreLog20220411T171809_pid9172.txt\n",
    "2021-12-05T11:11:25.942127 tid4792 [IFO,Core] Will initialize device Blackfly S BFS-U3-04S2M\n",
    "2022-01-15T23:15:29.985238 tid88716 [IFO,Core] Did load device Dahengcamera from Dahengcameratest; label = Dahengcamera\n",
    # OMERO's documented server account and CLI lines
    "Saving to /opt/omero/server/OMERO5.4__0.sql\n",
    "Saving to ~/OMERO5.4__0.sql\n",
    "Previously logged in to localhost:4064 as root\n",
    "Username: [root] \n",
    "Password check failed for 'root': [id=0]\n",
    "No descriptor given. Using etc/grid/default.xml\n",
    "$ omero db script --password <some-password>\nUsing OMERO5.4 for version\nUsing 0 for patch\n",
    "OMERODIR=/opt/omero/server/OMERO.server\n",
    # kept since 1.166.0: a site's software tree above .conda, and OMERO's server account
    # beside OMERO's own output
    "Requirement already satisfied: vispy>=0.10.0 in /project/software/.conda/envs/napari-env/lib/python3.9/site-packages (from napari) (0.10.0)\n",
    "$omero db script --password <some-password>\nSaving to /home/omero-server/OMERO5.4__0.sql\n$ omero admin start\n",
    "$ omero db script\nSaving to /home/omero/OMERO5.4__0.sql\nNo descriptor given. Using etc/grid/default.xml\n",
)

MEASURED: tuple[Measured, ...] = (
    # Batch 59 (stop 49, real_threads.py's _RAW_STOP59): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-59 collection".
    # Batch 59's tune part under scrubber 1.26.0, blind, no rule changed after it: paths 27/29,
    # nothing elsewhere, 0 of 17 keep spans damaged, 14/14 library tails, 0 of 3 clean changed.
    Measured(
        batch=59,
        blind_under="1.26.0",
        docs=15,
        total=(29, 0, 0, 0),
        # known miss: a person's name as a drive's top folder (2 labels), no rule (SOURCE.md)
        found=(27, 0, 0, 0),
        missed=(
            "speedovation-LaravelMart-issues-6: user (path) 'Petar Vlahovski'",
            "speedovation-LaravelMart-issues-6: user (path) 'Petar Vlahovski'",
        ),
        keeps=17,
        damage=(),
        clean_changed=(),
        clean_docs=3,
        tails=(14, 14),
        parses=(0, 0),
        texts=_TEXTS_59,
    ),
    # Batch 60 (stop 50, real_threads.py's _RAW_STOP60): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-60 collection".
    # Batch 60's tune part: blind under scrubber 1.26.0 paths 10/10, elsewhere 6/16, e-mails 1/1,
    # secrets 1/1, 3 of 36 keep spans damaged, 3/3 library tails, 1 of 7 clean documents changed;
    # under 1.27.0 (its rules written from the printing tools' sources by a helper that never saw
    # this batch, so blind too) ansible's four logins are found: elsewhere 10/16. Under 1.28.0
    # (rules written from this tune part's classes, not blind): the prompt with no ':'
    # (``tvarg314``), fish's empty-host prompt (``kzrodan``) and sudo's refusal in Chinese
    # (``xiu``) are found, elsewhere 13/16; tmpfs-mysql's documented default password is kept, 1
    # of 36 damaged (the GPG key id, replaced as decided at stop 45) and no clean document
    # changed.
    Measured(
        batch=60,
        blind_under="1.26.0",
        docs=20,
        total=(10, 16, 1, 1),
        # 1.27.0: ansible's logins (4); 1.28.0: prompts (2), sudo in Chinese (1); DB refusals left
        # 1.45.0 (stop 53): MySQL's ER_ACCESS_DENIED_ERROR login (mysql_access_denied): 13 -> 14
        found=(10, 14, 1, 1),
        missed=(
            "TablePlus-TablePlus-issues-875: user (elsewhere) 'Dariella'",
            "TablePlus-TablePlus-issues-875: user (elsewhere) 'Dariella'",
        ),
        keeps=36,
        # 1.28.0: documented default password kept (documented_examples); GPG key id stays (stop 45)
        damage=("git-lfs-git-lfs-issues-5806: '7A41D09E3C55B2F8'",),
        clean_changed=(),
        clean_docs=7,
        tails=(3, 3),
        parses=(0, 0),
        texts=_TEXTS_60,
    ),
    # Batch 61 (stop 50, real_threads.py's _RAW_STOP61): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-61 collection".
    # Batch 61's tune part under scrubber 1.26.0, blind, no rule changed after it: paths 33/34,
    # elsewhere 1/3, e-mails 2/2, secrets 0/2, 1 of 23 keep spans damaged, 19/19 library tails, 1
    # of 4 clean changed, JSON and YAML 4/4 parsing. Under 1.28.0 (rules written from this tune
    # part's classes, not blind): the home in the properties file's escaping, Selenium's typed
    # login and password (source and ANSI traceback) are found, paths 34/34, elsewhere 3/3,
    # secrets 2/2; IntelliJ's ProjectId is kept, 0 of 23 damaged, no clean document changed.
    Measured(
        batch=61,
        blind_under="1.26.0",
        docs=16,
        total=(34, 3, 2, 2),
        # 1.28.0: the known misses (properties home, Selenium's login and password) found
        found=(34, 3, 2, 2),
        missed=(),
        keeps=23,
        # 1.28.0: IntelliJ's ProjectId kept as a public id, 1 -> 0 damaged, 1 -> 0 clean changed
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(19, 19),
        parses=(4, 4),
        texts=_TEXTS_61,
    ),
    # Batch 62 (stop 50, real_threads.py's _RAW_STOP62): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-62 collection".
    # Batch 62's tune part, measured blind under scrubber 1.27.0 (paths 25/25, elsewhere 1/4, no
    # e-mail, secrets 3/5, 0 of 23 keep spans damaged, 13/13 library tails, 0 of 10 clean changed,
    # JSON 4/4 parsing); under 1.29.0, written from its tune misses, secrets 5/5.
    Measured(
        batch=62,
        blind_under="1.27.0",
        docs=24,
        total=(25, 4, 0, 5),
        # DB_USER/MYSQL_USER left by design (3); 1.29.0: .pgpass passwords (pgpass_password) 3 -> 5
        found=(25, 1, 0, 5),
        missed=(
            "0-CDOE-django_server-blob-c5a46775d7d9a4b46086c59d54893108860aef4b-.env: user (elsewhere) 'AdminKangDB'",
            "00Fenris-reparandoya-wordpress-blob-55f80c9d28ec21ab93c2cde4264cd3366a4f5dec-wp-config.php: user (elsewhere) '391046258'",
            "00Fenris-reparandoya-wordpress-blob-55f80c9d28ec21ab93c2cde4264cd3366a4f5dec-wp-config.php: user (elsewhere) '391046258'",
        ),
        keeps=23,
        damage=(),
        clean_changed=(),
        clean_docs=10,
        tails=(13, 13),
        parses=(4, 4),
        texts=_TEXTS_62,
    ),
    # Batch 63 (stop 50, real_threads.py's _RAW_STOP63): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-63 collection".
    # Batch 63's tune part, measured blind under scrubber 1.27.0 (paths 17/18, elsewhere 9/11, no
    # e-mail or secret labelled, 2 of 38 keep spans damaged, 17/17 library tails, 1 of 7 clean
    # changed, no JSON or YAML); under 1.29.0, written from its tune misses, elsewhere 11/11, 0 of
    # 38 damaged and 0 of 7 clean changed.
    Measured(
        batch=63,
        blind_under="1.27.0",
        docs=21,
        total=(18, 11, 0, 0),
        # home folder's first name left (1); 1.29.0: sshd PAM/userauth lines (sshd_user) 9 -> 11/11
        found=(17, 11, 0, 0),
        missed=("ryanjamurphy-vantage-obsidian-issues-11: user (path) 'Kevin'",),
        keeps=38,
        # 1.29.0: .ips crashReporterKey, SSH SHA256 fingerprint kept: 2 -> 0 damaged, 1 -> 0 clean
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(17, 17),
        parses=(0, 0),
        texts=_TEXTS_63,
    ),
    # Batch 64 (stop 50, real_threads.py's _RAW_STOP64): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-64 collection".
    # Batch 64's tune part, measured blind under scrubber 1.27.0 (paths 39/45, elsewhere 4/9, no
    # e-mail, secrets 1/1, 2 of 23 keep spans damaged, 14/16 library tails, 0 of 5 clean changed,
    # YAML 1/1 parsing); under 1.29.0, written from its tune misses, paths 42/45, elsewhere 9/9, 0
    # of 23 damaged and 16/16 tails.
    Measured(
        batch=64,
        blind_under="1.27.0",
        docs=17,
        total=(45, 9, 0, 1),
        # group-share folder left (3); 1.29.0: ssh config, credential URL logins: paths 39 -> 42,
        # elsewhere 4 -> 9/9
        found=(42, 9, 0, 1),
        missed=(
            "0820LL-.bash_profile-blob-c8e839b09598fc2d6c509d37f3d815ad223dc0dd-.bash_profile: user (path) 'lanzhiwei'",
            "0820LL-.bash_profile-blob-c8e839b09598fc2d6c509d37f3d815ad223dc0dd-.bash_profile: user (path) 'lanzhiwei'",
            "0820LL-.bash_profile-blob-c8e839b09598fc2d6c509d37f3d815ad223dc0dd-.bash_profile: user (path) 'lanzhiwei'",
        ),
        keeps=23,
        # 1.29.0: Qt Creator's build folder is a folder's name: 2 -> 0 damaged, tails 14 -> 16/16
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(16, 16),
        parses=(1, 1),
        texts=_TEXTS_64,
    ),
    # Batch 65 (stop 50, real_threads.py's _RAW_STOP65): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-65 collection".
    # Batch 65's tune part, measured blind under scrubber 1.27.0 (paths 26/26, elsewhere 3/3, no
    # e-mail or secret labelled, 4 of 22 keep spans damaged, 11/11 library tails, 2 of 6 clean
    # changed, no JSON or YAML); under 1.29.0, written from its tune damage, 0 of 22 damaged and 0
    # of 6 clean changed.
    Measured(
        batch=65,
        blind_under="1.27.0",
        docs=17,
        total=(26, 3, 0, 0),
        found=(26, 3, 0, 0),
        missed=(),
        keeps=22,
        # 1.29.0: dot-folder, role profile, localized account kept: 4 -> 0 damaged, 2 -> 0 clean
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(11, 11),
        parses=(0, 0),
        texts=_TEXTS_65,
    ),
    # Batch 66 (stop 50, real_threads.py's _RAW_STOP66): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-66 collection".
    # Batch 66's tune part: blind under scrubber 1.28.0 paths 33/34, elsewhere 7/9, no e-mail
    # labelled, secrets 2/2, 4 of 33 keep spans damaged, 21/23 library tails, 1 of 4 clean
    # changed, no JSON or YAML; under 1.29.0 (its rules written by a helper that never saw this
    # batch, so blind too) Xcode's DerivedData under a home keeps its tail: 3 of 33, 22/23; since
    # stop 50's file-mode agreement (recognizers._home_path) R's devtools<hex> folder too: 2 of
    # 33, 23/23. Under 1.30.0, whose rules were written from this part's misses (no longer blind):
    # paths 34/34, elsewhere 9/9, no damage, 23/23 tails, no clean document changed.
    Measured(
        batch=66,
        blind_under="1.28.0",
        docs=21,
        total=(34, 9, 0, 2),
        # 1.30.0: 1.29.0's misses (Minecraft's 'Setting user:', <u>:/home/<u>$ prompt) found
        found=(34, 9, 0, 2),
        missed=(),
        keeps=33,
        # 1.30.0: NixOS-WSL's account, masked token kept; R's devtools<hex> (_home_path, 1.30.0)
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(23, 23),
        parses=(0, 0),
        texts=_TEXTS_66,
        texts_as_files=True,
    ),
    # Batch 67 (stop 50, real_threads.py's _RAW_STOP67): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-67 collection".
    # Batch 67's tune part under scrubber 1.28.0, blind, no rule changed after it: paths 2/2,
    # elsewhere 1/4, e-mails 4/4, secrets 5/7, 0 of 12 keep spans damaged, 2/2 library tails, 0 of
    # 7 clean changed, JSON/YAML 3/3 parsing. Under 1.30.0, whose rules were written from this
    # part's misses (no longer blind): elsewhere 4/4, secrets 7/7.
    Measured(
        batch=67,
        blind_under="1.28.0",
        docs=17,
        total=(2, 4, 4, 7),
        # 1.30.0: .netrc Heroku keys (2), hg ui.username (1), OpenSSH key comments (2) found
        found=(2, 4, 4, 7),
        missed=(),
        keeps=12,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(2, 2),
        parses=(3, 3),
        texts=_TEXTS_67,
    ),
    # Batch 68 (stop 50, real_threads.py's _RAW_STOP68): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-68 collection".
    # Batch 68's tune part under scrubber 1.29.0, blind: paths 9/9, elsewhere 16/21 (20/21 since
    # 1.31.0's rules, written from these misses), e-mails 1/1, no secret labelled, 2 of 36 keep
    # spans damaged, 8/8 library tails, 0 of 5 clean changed, no JSON/YAML document.
    Measured(
        batch=68,
        blind_under="1.29.0",
        docs=15,
        total=(9, 21, 1, 0),
        # commit-message handle left (1); 1.31.0: loginctl USER (2), lastlog (1), slapd uid= (1)
        found=(9, 20, 1, 0),
        missed=("cfg2html-cfg2html-issues-133: user (elsewhere) 'MoraLeaf'",),
        keeps=36,
        # known damage: a placeholder author and its example.org address in a git author line
        # 1.53.0 (stop 54): a placeholder person at a reserved domain is no committer (trailer): 2 -> 0
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(8, 8),
        parses=(0, 0),
        texts=_TEXTS_68,
    ),
    # Batch 69 (stop 50, real_threads.py's _RAW_STOP69): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-69 collection".
    # Batch 69's tune part under scrubber 1.30.0, blind, no rule changed after it: paths 3/7,
    # elsewhere 6/13, e-mails 3/3, no secret labelled, 6 of 24 keep spans damaged, 1/1 library
    # tail, 2 of 5 clean changed, no JSON/YAML document (figures moved by 1.32.0 and 1.33.0 are
    # noted where they are asserted).
    Measured(
        batch=69,
        blind_under="1.30.0",
        docs=17,
        total=(7, 13, 3, 0),
        # DB refusals left (5); 1.33.0: domain_login, cifs_login: paths 3 -> 7/7, elsewhere 6 -> 8
        # 1.45.0 (stop 53): MySQL's ER_ACCESS_DENIED_ERROR login (mysql_access_denied): 8 -> 9
        found=(7, 9, 3, 0),
        missed=(
            "IIC2143-Syllabus-2022-2-issues-32: user (elsewhere) 'pili'",
            "PostgresApp-PostgresApp-issues-648: user (elsewhere) 'samkowalz'",
            "TablePlus-TablePlus-issues-876: user (elsewhere) 'Lorianne'",
            "TablePlus-TablePlus-issues-876: user (elsewhere) 'Lorianne'",
        ),
        keeps=24,
        # core left; 1.32.0: ssh_public_key_blob 6->4; 1.33.0: placeholder_email 4->1, clean 2->1
        # 1.53.0 (stop 54): core, CoreOS's and Flatcar's documented login (not_user_names): 1 -> 0, clean 1 -> 0
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(1, 1),
        parses=(0, 0),
        texts=_TEXTS_69,
    ),
    # Batch 70 (stop 50, real_threads.py's _RAW_STOP70): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-70 collection".
    # Batch 70's tune part under scrubber 1.30.0, blind, no rule changed after it: no name in a
    # path, elsewhere 0/9, e-mails 1/1, secrets 6/6, 1 of 5 keep spans damaged, 1 of 6 clean
    # changed, JSON and YAML 10/10 parsing (figures moved by 1.32.0 and 1.33.0 are noted where
    # they are asserted).
    Measured(
        batch=70,
        blind_under="1.30.0",
        docs=16,
        total=(0, 9, 1, 6),
        # 1.33.0: gh's and hub's logins (gh_hosts_user, file_grammar_logins): elsewhere 0 -> 9/9
        found=(0, 9, 1, 6),
        missed=(),
        keeps=5,
        # 1.32.0: hub's bracketed placeholder token kept 1->0; Jupyter's 'enabled' kept, clean 1->0
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(0, 0),
        # 1.32.0: hub's file kept as written (ruamel's safe loader refuses the original too)
        parses=(9, 10),
        texts=_TEXTS_70,
        files=_FILES_70,
    ),
    # Batch 71 (stop 50, real_threads.py's _RAW_STOP71): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-71 collection".
    # Batch 71's tune part under scrubber 1.31.0, blind, no rule changed after it: paths 4/5,
    # elsewhere 8/11, e-mails 5/5, no secret, 9 of 41 keep spans damaged, 4/4 library tails, 2 of
    # 7 clean changed, no JSON or YAML (figures moved by 1.33.0 are noted where they are
    # asserted).
    Measured(
        batch=71,
        blind_under="1.31.0",
        docs=15,
        total=(5, 11, 5, 0),
        # grep'd login left (1); 1.33.0: pg_hba_user, smbclient_user: paths 4->5, elsewhere 8->10
        found=(5, 10, 5, 0),
        missed=("ghtorrent-ghtorrent.org-issues-434: user (elsewhere) 'gradey'",),
        keeps=41,
        # masked UNC domain left; 1.33.0: Foo Bar (placeholder_name), $-digits password kept: 9 -> 2
        damage=(
            "Node-SMB-marsaud-smb2-issues-62: 'XXXXX'",
            "Node-SMB-marsaud-smb2-issues-62: 'XXXXX'",
        ),
        # Kerberos debug's authTime left; 1.33.0: the workflow's $123456789 kept, 2 -> 1 of 7
        clean_changed=("trinodb-trino-pull-8987",),
        clean_docs=7,
        tails=(4, 4),
        parses=(0, 0),
        texts=_TEXTS_71,
    ),
    # Batch 72 (stop 51, real_threads.py's _RAW_STOP72): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-72 collection".
    # Batch 72's tune part under scrubber 1.32.0, blind, no rule changed after it: paths 28/28,
    # elsewhere 6/7, no e-mail or secret, 0 of 47 keep spans damaged, 27/27 library tails, 0 of 8
    # clean changed, no JSON or YAML (figures moved by 1.34.0 are noted where they are asserted).
    Measured(
        batch=72,
        blind_under="1.32.0",
        docs=19,
        total=(28, 7, 0, 0),
        # 1.34.0: the login after Bazel's _blaze_ root (bazel_output_root) found: elsewhere 6 -> 7/7
        found=(28, 7, 0, 0),
        missed=(),
        keeps=47,
        damage=(),
        clean_changed=(),
        clean_docs=8,
        tails=(27, 27),
        parses=(0, 0),
        texts=_TEXTS_72,
    ),
    # Batch 73 (stop 51, real_threads.py's _RAW_STOP73): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-73 collection".
    # Batch 73's tune part under scrubber 1.32.0, blind, no rule changed after it: paths 23/24, no
    # name elsewhere, e-mail or secret, 0 of 35 keep spans damaged, 24/24 library tails, 0 of 4
    # clean changed, no JSON or YAML (figures moved by 1.34.0 are noted where they are asserted).
    Measured(
        batch=73,
        blind_under="1.32.0",
        docs=13,
        total=(24, 0, 0, 0),
        # 1.34.0: /dssg/home/acct-<group>/<group>-<login> (cluster_group_home) found: paths 23 -> 24
        found=(24, 0, 0, 0),
        missed=(),
        keeps=35,
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(24, 24),
        parses=(0, 0),
        texts=_TEXTS_73,
    ),
    # Batch 74 (stop 51, real_threads.py's _RAW_STOP74): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-74 collection".
    # Batch 74's tune part under scrubber 1.32.0, blind, no rule changed after it: paths 9/10,
    # elsewhere 9/21, e-mails 4/4, no secret, 4 of 24 keep spans damaged, 10/10 library tails, 1
    # of 5 clean changed, no JSON or YAML (figures moved by 1.34.0 are noted where they are
    # asserted).
    Measured(
        batch=74,
        blind_under="1.32.0",
        docs=14,
        total=(10, 21, 4, 0),
        # 1.34.0: option_file_user, mailmap_name, github_noreply_login, oracle_base_login:
        # paths 9 -> 10/10, elsewhere 9 -> 19/21
        found=(10, 19, 4, 0),
        # known miss (SOURCE.md): an SSH remote's owner
        missed=(
            "5Taro-dotfiles-blob-14440be6718993923fe9243d0b56150eb0a54a44-.zsh_history: user (elsewhere) '8Miko'",
            "5Taro-dotfiles-blob-14440be6718993923fe9243d0b56150eb0a54a44-.zsh_history: user (elsewhere) '8Miko'",
        ),
        keeps=24,
        # 1.34.0: default passwords letmein, zabbix kept (default_passwords): 4 -> 0, clean 1 -> 0
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(10, 10),
        parses=(0, 0),
        texts=_TEXTS_74,
    ),
    # Batch 75 (stop 51, real_threads.py's _RAW_STOP75): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-75 collection".
    # Batch 75's tune part under scrubber 1.32.0 with 1e55f1d's rules, blind, no rule changed
    # after it: paths 20/20, elsewhere 1/2, e-mails 1/1, no secret, 2 of 32 keep spans damaged,
    # 15/15 library tails, 1 of 5 clean changed, no JSON or YAML. The figures scrubber 1.35.0's
    # rules moved are marked below.
    Measured(
        batch=75,
        blind_under="1.32.0",
        docs=12,
        total=(20, 2, 1, 0),
        # 1.35.0: Cc: name cut by ', <ORG>' (mail_comma_name) found: elsewhere 1/2 -> 2/2
        found=(20, 2, 1, 0),
        missed=(),
        keeps=32,
        # 1.35.0: GitHub's notification addresses kept (github_notification_address): 2 -> 0
        damage=(),
        # 1.35.0: net use's UNC rows of an IP and a word share kept (unc_share_of_nobody): 1 -> 0
        clean_changed=(),
        clean_docs=5,
        tails=(15, 15),
        parses=(0, 0),
        texts=_TEXTS_75,
    ),
    # Batch 76 (stop 51, real_threads.py's _RAW_STOP76): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-76 collection".
    # Batch 76's tune part under scrubber 1.32.0 (with 1e55f1d's rules), blind, no rule changed
    # after it: paths 13/13, elsewhere 7/13, no e-mail or secret, 3 of 29 keep spans damaged, 7/8
    # library tails, 2 of 6 clean changed, no JSON or YAML. The figures scrubber 1.35.0's rules
    # moved are marked below.
    Measured(
        batch=76,
        blind_under="1.32.0",
        docs=14,
        total=(13, 13, 0, 0),
        # 1.35.0: homed AVC name= (homed_avc_name), coredumpctl owner (coredump_account): 7 -> 13/13
        found=(13, 13, 0, 0),
        missed=(),
        keeps=29,
        # 1.35.0: extension uuids kept (3 -> 0, tails 7 -> 8), so /home/x -> /home/user1 shows: 0->1
        # 1.53.0 (stop 54): a mask run of x of any length (placeholder_name) keeps /home/x: 1 -> 0, clean 1 -> 0
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(8, 8),
        parses=(0, 0),
        texts=_TEXTS_76,
    ),
    # Batch 77 (stop 51, real_threads.py's _RAW_STOP77): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-77 collection".
    # Batch 77's tune part under scrubber 1.32.0 with 1e55f1d's rules, blind, no rule changed
    # after it: paths 18/18, elsewhere 3/4, no e-mail or secret, 0 of 28 keep spans damaged, 17/17
    # library tails, 0 of 4 clean changed, no JSON or YAML. The figures scrubber 1.35.0's rules
    # moved are marked below.
    Measured(
        batch=77,
        blind_under="1.32.0",
        docs=10,
        total=(18, 4, 0, 0),
        # 1.35.0: xcodebuild's ALTERNATE_OWNER (xcode_build_owner) found: elsewhere 3/4 -> 4/4
        found=(18, 4, 0, 0),
        missed=(),
        keeps=28,
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(17, 17),
        parses=(0, 0),
        texts=_TEXTS_77,
    ),
    # Batch 78 (stop 51, real_threads.py's _RAW_STOP78): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-78 collection".
    # Batch 78's tune part under scrubber 1.33.0 with 1e55f1d's rules, blind, no rule changed
    # after it: paths 17/21, elsewhere 7/14, no e-mail or secret, 0 of 39 keep spans damaged,
    # 19/19 library tails, 0 of 3 clean changed, no JSON or YAML. The figures scrubber 1.36.0's
    # rules moved are marked below.
    Measured(
        batch=78,
        blind_under="1.33.0",
        docs=13,
        total=(21, 14, 0, 0),
        # 1.36.0: HDFS user=/owner, /user/<login>, Spark acls, Snowflake LOGIN_NAME: 17->21, 7->14
        found=(21, 14, 0, 0),
        missed=(),
        keeps=39,
        damage=(),
        clean_changed=(),
        clean_docs=3,
        tails=(19, 19),
        parses=(0, 0),
        texts=_TEXTS_78,
    ),
    # Batch 79 (stop 51, real_threads.py's _RAW_STOP79): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-79 collection".
    # Batch 79's tune part under scrubber 1.33.0, blind, no rule changed after it: paths 12/12,
    # elsewhere 7/17, e-mails 1/1, no secret, 5 of 50 keep spans damaged, 8/8 library tails, 1 of
    # 5 clean changed, no JSON or YAML. The figures scrubber 1.36.0's rules moved are marked
    # below.
    Measured(
        batch=79,
        blind_under="1.33.0",
        docs=14,
        total=(12, 17, 1, 0),
        # 1.36.0: gcloud's account = local part (gcloud_account) learned: elsewhere 7/17 -> 10/17
        found=(12, 10, 1, 0),
        # known misses (SOURCE.md): a TeamCity agent folder's owner, a name glued in az's table
        missed=(
            "Azure-azure-cli-issues-31942: user (elsewhere) 'sulochna'",
            "Azure-azure-cli-issues-31942: user (elsewhere) 'sulochna'",
            "jonnyzzz-TeamCity.Node-issues-106: user (elsewhere) 'Hamish'",
            "jonnyzzz-TeamCity.Node-issues-106: user (elsewhere) 'Hamish'",
            "jonnyzzz-TeamCity.Node-issues-106: user (elsewhere) 'Hamish'",
            "jonnyzzz-TeamCity.Node-issues-106: user (elsewhere) 'Hamish'",
            "jonnyzzz-TeamCity.Node-issues-106: user (elsewhere) 'Hamish'",
        ),
        keeps=50,
        # 1.36.0: anka (system_accounts), kubeconfig role user kept: 5 -> 1, clean 1->0; secret left
        # 1.53.0 (stop 54): placeholder words before secret (default_passwords) keep supersecret: 1 -> 0
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(8, 8),
        parses=(0, 0),
        texts=_TEXTS_79,
    ),
    # Batch 80 (stop 51, real_threads.py's _RAW_STOP80): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-80 collection".
    # Batch 80's tune part under scrubber 1.33.0, blind, no rule changed after it: paths 41/44,
    # elsewhere 0/3, no e-mail or secret, 0 of 74 keep spans damaged, 44/44 library tails, 0 of 6
    # clean changed, no JSON or YAML. The figures scrubber 1.36.0's rules moved are marked below.
    Measured(
        batch=80,
        blind_under="1.33.0",
        docs=18,
        total=(44, 3, 0, 0),
        # 1.36.0: /C/Users/<u> (posix_home), mac_host_logins: paths 41 -> 44, elsewhere 0 -> 3/3
        found=(44, 3, 0, 0),
        missed=(),
        keeps=74,
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(44, 44),
        parses=(0, 0),
        texts=_TEXTS_80,
    ),
    # Batch 81 (stop 51, real_threads.py's _RAW_STOP81): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-81 collection".
    # Batch 81's tune part under scrubber 1.33.0 with 1e55f1d's rules, blind, no rule changed
    # after it: paths 35/37, elsewhere 1/2, no e-mail or secret, 4 of 48 keep spans damaged, 32/32
    # library tails, 1 of 5 clean changed, no JSON or YAML. The figures scrubber 1.36.0's rules
    # moved are marked below.
    Measured(
        batch=81,
        blind_under="1.33.0",
        docs=17,
        total=(37, 2, 0, 0),
        # 1.36.0: posix_home_under_a_cluster_home, bracketed_two_at_prompt: paths 35 -> 37, 1 -> 2
        found=(37, 2, 0, 0),
        missed=(),
        keeps=48,
        # 1.36.0: Homebrew's brew is a CI account (system_accounts): damage 4 -> 0, clean 1 -> 0
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(32, 32),
        parses=(0, 0),
        texts=_TEXTS_81,
    ),
    # Batch 82 (stop 51, real_threads.py's _RAW_STOP82): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-82 collection".
    # Batch 82's tune part: under scrubber 1.35.0, blind, paths 2/2, elsewhere 5/7, no e-mail,
    # secrets 1/1, 4 of 31 keep spans damaged, 2/2 library tails, 2 of 7 clean changed, no JSON or
    # YAML; since 1.37.0 (stop 51) elsewhere 7/7, none damaged, no clean document changed.
    Measured(
        batch=82,
        blind_under="1.35.0",
        docs=14,
        total=(2, 7, 0, 1),
        # 1.37.0: tailscale_status_owner, openfortivpn_config_username found: elsewhere 5/7 -> 7/7
        found=(2, 7, 0, 1),
        missed=(),
        keeps=31,
        # 1.37.0: wireguard_public_key, VPN_USERNAME (placeholder_name) kept: 4 -> 0, clean 2 -> 0
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(2, 2),
        parses=(0, 0),
        texts=_TEXTS_82,
    ),
    # Batch 83 (stop 51, real_threads.py's _RAW_STOP83): its narrative, misses and damage are in
    # tests/outside_corpus/SOURCE.md, "The stop-83 collection".
    # Batch 83's tune part under scrubber 1.35.0, blind: paths 27/28, elsewhere 0/2, no e-mail or
    # secret, 0 of 33 keep spans damaged, 26/26 library tails, 0 of 7 clean changed, no JSON or
    # YAML; since 1.37.0 (stop 51) paths 28/28.
    Measured(
        batch=83,
        blind_under="1.35.0",
        docs=22,
        total=(28, 2, 0, 0),
        # 1.37.0: Unreal's Content/Developers/<login> (unreal_developers_folder): paths 27 -> 28/28
        found=(28, 0, 0, 0),
        # known misses (SOURCE.md): a profile folder under a drive root, letter-spaced UTF-16 log
        missed=(
            "20tab-UnrealEnginePython-issues-367: user (elsewhere) 'q u i l b o'",
            "20tab-UnrealEnginePython-issues-367: user (elsewhere) 'q u i l b o'",
        ),
        keeps=33,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(26, 26),
        parses=(0, 0),
        texts=_TEXTS_83,
    ),
    Measured(
        batch=84,
        blind_under="1.37.0",
        # Batch 84's tune part under scrubber 1.37.0, blind: paths 26/35, elsewhere 3/6, no e-mail
        # or secret, 3 of 50 keep spans damaged, 35/35 library tails, 1 of 7 clean changed, no JSON
        # or YAML; under 1.38.0 every name is found (35/35, 6/6), no keep span is damaged and no
        # clean document changed.
        # scrubber 1.38.0 (stop 52): a learned login glued to a host name's start outside macOS's
        # default prompt is found (bash's `<u>@<u>LT:`, engine.glued_host_logins; a zsh theme's
        # `<u>deiMac ::`, a two-letter home's name learned on a Mac host made from it,
        # engine._short_login): 26/35 and 3/6 before, no miss left
        # scrubber 1.38.0 (stop 52): coredumpctl's `UID: 1000 (USERNAME-CENSORED)` is a redaction
        # placeholder (user_names.yaml's placeholder_name), no longer read as the account's login:
        # the 3 damaged spans and the 1 clean document changed are gone
        docs=22,
        total=(35, 6, 0, 0),
        found=(35, 6, 0, 0),
        missed=(),
        keeps=50,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(35, 35),
        parses=(0, 0),
        texts=_TEXTS_84,
    ),
    Measured(
        batch=85,
        blind_under="1.37.0",
        # Batch 85's tune part under scrubber 1.37.0, blind: paths 14/20, elsewhere 6/8, no e-mail
        # or secret, 1 of 22 keep spans damaged, 18/18 library tails, 1 of 7 clean changed, no JSON
        # or YAML; under 1.38.0 paths 18/20, elsewhere 8/8, no keep span damaged and no clean
        # document changed.
        # scrubber 1.38.0 (stop 52): a full name as a git domain and its owner folder in a checkout
        # under a home (`git.<name>.com/<name>/`, the name starting with the home's login) is found
        # (engine.checkout_owner_names): 14/20 and 6/8 before. Still missed (tests/outside_corpus/
        # SOURCE.md): a login as a folder directly under a drive root in a PowerShell prompt
        # scrubber 1.38.0 (stop 52): the spaced placeholder profile `C:\Users\User Name\…` is a
        # placeholder (user_names.yaml's placeholder_name), no longer read as a login: the 1
        # damaged span and the 1 clean document changed are gone
        docs=17,
        total=(20, 8, 0, 0),
        found=(18, 8, 0, 0),
        missed=(
            "hashicorp-vagrant-issues-13745: user (path) 'ralph'",
            "hashicorp-vagrant-issues-13745: user (path) 'ralph'",
        ),
        keeps=22,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(18, 18),
        parses=(0, 0),
        texts=_TEXTS_85,
    ),
    Measured(
        batch=86,
        blind_under="1.37.0",
        # Batch 86's tune part under scrubber 1.37.0, blind: paths 3/3, elsewhere 0/7, e-mails 2/2,
        # secrets 1/2, 14 of 32 keep spans damaged (by the bench's occurrence count), 3/3 library
        # tails, 5 of 6 clean documents changed, no JSON or YAML.
        # elsewhere 0/7 under 1.37.0; 1.39.0 reads occ user:list's rows, the OCS user answer and
        # Gitea's failed sign-in line (tests/test_scrub_self_hosted_server_formats.py)
        # and secrets 1/2 -> 2/2: Pi-hole's debug token by its place (pihole_debug_token)
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-86 collection")
        # known damage: 8 is the bench's count of one mask's occurrences (2 of them are replaced).
        # Since 1.39.0 Nextcloud's mask, clear_text_pwd and the placeholder and masked addresses are
        # kept (tests/test_scrub_self_hosted_server_formats.py); fakesecret… has no general shape
        # (1.39.0: home-assistant-core-issues-36447 and paperless-ngx-…-1471 no longer changed;
        # nextcloud-server-issues-27030 still is: \\OC\\Memcache\\APCu, a PHP class, read as a UNC path)
        docs=17,
        total=(3, 7, 2, 2),
        found=(3, 6, 2, 2),
        missed=("paperless-ngx-paperless-ngx-issues-5427: user (elsewhere) 'Vostrapeka'",),
        keeps=32,
        # 1.53.0 (stop 54): a credential opening with fake (self_declared_fake) is none: 2 -> 1, clean 3 -> 2
        damage=("qdm12-ddns-updater-issues-239: 'quentin.mcgaw@gmail.com'",),
        clean_changed=(
            "nextcloud-server-issues-27030",
            "qdm12-ddns-updater-issues-239",
        ),
        clean_docs=6,
        tails=(3, 3),
        parses=(0, 0),
        texts=_TEXTS_86,
    ),
    Measured(
        batch=87,
        blind_under="1.37.0",
        # Batch 87's tune part under scrubber 1.37.0, blind: paths 3/6, elsewhere 2/18, e-mails
        # 13/13, secrets 1/2, 12 of 62 keep spans damaged, 2/2 library tails, 3 of 7 clean changed,
        # no JSON or YAML; under 1.40.0 (stop 52): paths 4/6, elsewhere 13/18, secrets 2/2, no
        # damage, no clean document changed.
        # since 1.40.0 (stop 52, tests/test_scrub_mail_tool_formats.py): msmtprc's password
        # directive, msmtp's log user=, himalaya's name, Dovecot's auth lines and a percent-encoded
        # IMAP login are found (under 1.37.0: [3, 2, 13, 1])
        # known misses (tests/outside_corpus/SOURCE.md): mbsync's account names
        # no damage since 1.40.0 (stop 52, tests/test_scrub_mail_tool_formats.py): keyboard rows
        # and bla typed over are placeholders (blablabla, asdfghjklö, awsdfghjk@…), so are
        # something@ and myemail@, and imapsync's log file name keeps its stamp and address apart;
        # under 1.37.0: 12 spans (those 5 values, user@my-domain.com counted 5 times, myemail@ 3),
        # 3 clean documents changed
        docs=18,
        total=(6, 18, 13, 2),
        found=(4, 13, 13, 2),
        missed=(
            "djcb-mu-issues-2134: user (elsewhere) 'tanmay'",
            "djcb-mu-issues-2134: user (elsewhere) 'tanmay'",
            "djcb-mu-issues-2134: user (elsewhere) 'tanmay'",
            "djcb-mu-issues-2134: user (elsewhere) 'tanmay'",
            "djcb-mu-issues-2134: user (elsewhere) 'tanmay'",
            "djcb-mu-issues-2134: user (path) 'tanmay'",
            "djcb-mu-issues-2134: user (path) 'tanmay'",
        ),
        keeps=62,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(2, 2),
        parses=(0, 0),
        texts=_TEXTS_87,
    ),
    Measured(
        batch=88,
        blind_under="1.37.0",
        # Batch 88's tune part under scrubber 1.37.0, blind: paths 34/34, elsewhere 0/2, no e-mail
        # or secret, 4 of 48 keep spans damaged, 33/33 library tails, 1 of 5 clean changed, no JSON
        # or YAML. Since scrubber 1.41.0 (stop 52): no damage and no clean document changed.
        # known misses (tests/outside_corpus/SOURCE.md): a host name carrying the owner's name in a
        # dev container's prompt
        # 1.37.0's damage (esptool's banner, its author's published address replaced four times) is
        # gone since scrubber 1.41.0: an address inside a ``(c) <year> <Name> <addr>`` notice is
        # kept (tests/test_scrub_game_and_maker_tool_formats.py)
        docs=20,
        total=(34, 2, 0, 0),
        found=(34, 0, 0, 0),
        missed=(
            "espressif-esp-matter-issues-1771: user (elsewhere) 'tobias'",
            "espressif-esp-matter-issues-1771: user (elsewhere) 'tobias'",
        ),
        keeps=48,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(33, 33),
        parses=(0, 0),
        texts=_TEXTS_88,
    ),
    Measured(
        batch=89,
        blind_under="1.37.0",
        # Batch 89's tune part under scrubber 1.37.0, blind: paths 43/45, elsewhere 1/5, no e-mail
        # or secret, 5 of 74 keep spans damaged, 44/44 library tails, 1 of 9 clean changed, no JSON
        # or YAML. Since scrubber 1.41.0 (stop 52, tests/test_scrub_game_and_maker_tool_formats.py):
        # paths 45/45 and elsewhere 5/5 (ModLauncher's ``--username``, FML's ``Setting user:``, the
        # crash report's ``All players:`` entity and umu's ``LOGNAME=`` beside its home are read),
        # no damage and no clean document changed (ArkOS's default account ``ark`` is kept).
        # the 1.37.0 misses (tests/outside_corpus/SOURCE.md, "The stop-89 collection") are found
        # by 1.41.0's rules
        # 1.37.0's damage (ArkOS's ``/home/ark`` five times) is gone: ``ark`` is a default account
        docs=26,
        total=(45, 5, 0, 0),
        found=(45, 5, 0, 0),
        missed=(),
        keeps=74,
        damage=(),
        clean_changed=(),
        clean_docs=9,
        tails=(44, 44),
        parses=(0, 0),
        texts=_TEXTS_89,
    ),
    Measured(
        batch=90,
        blind_under="1.41.0",
        # Batch 90's tune part under scrubber 1.41.0, blind: paths 18/25, elsewhere 6/18, no e-mail
        # or secret, 2 of 26 keep spans damaged, 16/16 library tails, 1 of 7 clean changed, no JSON
        # or YAML. No rule changed for it (tests/outside_corpus/SOURCE.md, "The stop-90
        # collection").
        # known misses: JupyterHub's log naming hub users (``User logged in: <u>``, ``/user/<u>/``,
        # ``/hub/spawn-pending/<u>``, its URL-encoded ``next=``, ``(<u>@<ip>)``, ``spawn for <u>``)
        # and RStudio's ``[rsession-<u>]`` tag with no home beside it
        # known damage: a poster's masked home ``/home/userX/`` becomes ``/home/user1/`` (twice; the
        # clean document changes)
        docs=18,
        total=(25, 18, 0, 0),
        # 1.42.0 (stop 52): JupyterHub's hub users and RStudio's [rsession-<u>] found: 25/25, 18/18
        found=(25, 18, 0, 0),
        missed=(),
        keeps=26,
        # 1.42.0 (stop 52): the masked home /home/userX/ kept (placeholder_name): no damage
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(16, 16),
        parses=(0, 0),
        texts=_TEXTS_90,
    ),
    Measured(
        batch=91,
        blind_under="1.41.0",
        # Batch 91's tune part under scrubber 1.41.0, blind, no rule changed: paths 3/5,
        # elsewhere 2/30, no e-mail or secret, 1 of 24 keep spans damaged, 2/2 library tails,
        # 1 of 7 clean changed, no JSON or YAML (SOURCE.md, "The stop-91 collection").
        docs=17,
        total=(5, 30, 0, 0),
        # 1.42.0 (stop 52): FTP USER, vsftpd, BSD ftp, WinSCP and SSHFS-Win logins found: 5/5, 30/30
        found=(5, 30, 0, 0),
        missed=(),
        keeps=24,
        # 1.42.0 (stop 52): the placeholder password myPassword kept (default_passwords): no damage
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(2, 2),
        parses=(0, 0),
        texts=_TEXTS_91,
    ),
    Measured(
        batch=92,
        blind_under="1.41.0",
        # Batch 92's tune part under scrubber 1.41.0, blind: paths 12/16, elsewhere 8/9, e-mails
        # 1/1, secrets 2/2, 4 of 32 keep spans damaged, 11/11 library tails, 2 of 5 clean changed,
        # no JSON or YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-92 collection"): a per-user
        # folder under a `homes` share below a mount root (`/mnt/data/homes/<u>/…`); the login in
        # Nextcloud's WebDAV paths (`/remote.php/dav/files/<u>/`, `/dav/avatars/<u>/128.png`),
        # also beside the account's address `[<u>@<host>]`; nextcloud.log's `"user":"<u>"`
        # known damage: `sftp:<login>@<host>:` read as an e-mail (the default `admin` replaced),
        # a service login named after its tool (`sftp:rsync@…`), and self-describing example
        # passwords after `pass=` (copyparty's `reallyreallylongpasswordof32chrs`)
        # 1.43.0 (stop 52, tests/test_scrub_sync_and_backup_formats.py): paths 12/16 -> 16/16 (the
        # homes share, the WebDAV files/ and avatars/ logins), elsewhere 8/9 -> 9/9
        # (nextcloud.log's "user"); damage 4 -> 0 and no clean document changed (an sftp target is
        # a login at a host, rsync a service account, the example passwords self-describing)
        docs=18,
        total=(16, 9, 1, 2),
        found=(16, 9, 1, 2),
        missed=(),
        keeps=32,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(11, 11),
        parses=(0, 0),
        texts=_TEXTS_92,
    ),
    Measured(
        batch=93,
        blind_under="1.44.0",
        # Batch 93's tune part under scrubber 1.44.0, blind: paths 19/22, elsewhere 0/3, no
        # e-mail, secrets 1/1, 2 of 48 keep spans damaged, 18/18 library tails, 1 of 6 clean
        # changed, no JSON or YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-93 collection"): a login in
        # MySQL's refusal after `mysqli_sql_exception:` and as mysqli_connect's user argument; a
        # shared host's account id under `/www/htdocs/<account>/` (All-Inkl), not under /home; a
        # person's name as the site's domain (`www.<first-last>.de`) in the document root
        # known damage: LNMP's web root `/home/wwwroot/` learned as a home (`wwwroot` replaced;
        # the `root` keep counts as damaged because `wwwroot` holds it; the clean document changes)
        # 1.45.0 (stop 53, tests/test_scrub_web_hosting_formats.py): damage 2 -> 0 and no clean
        # document changed (LNMP's /home/wwwroot/ and /home/wwwlogs/ are a web stack's folders);
        # elsewhere 0/3 -> 2/3 (MySQL's refusal and mysqli_connect's user argument); paths
        # 19/22 -> 22/22 (All-Inkl's /www/htdocs/<account>/, allinkl_account)
        docs=15,
        total=(22, 3, 0, 1),
        found=(22, 2, 0, 1),
        missed=("cdevroe-unmark-issues-86: user (elsewhere) 'ole-brandt'",),
        keeps=48,
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(18, 18),
        parses=(0, 0),
        texts=_TEXTS_93,
    ),
    Measured(
        batch=94,
        blind_under="1.44.0",
        # Batch 94's tune part under scrubber 1.44.0, blind (at b6def7a): paths 7/19, elsewhere
        # 4/22, e-mails 1/1, no secret, 0 of 12 keep spans damaged, 9/9 library tails, 0 of 2 clean
        # changed, no JSON or YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-94 collection"): a login in a
        # scheduler's user column or field (squeue's USER, `squeue -u`, scontrol's `UserId=<u>(…)`,
        # rc-squeue's `[default: <u>]`); PBS's `Job_Owner` `<u>@<host>` read as an e-mail, so the
        # login is not learned; per-user folders on cluster shares (`/scratch/<u>/`,
        # `//login3/scratch/<project>/<u>/`, `/gpfs/…/noscrub|ptmp|save/<First.Last>/`,
        # `/raid6/homes/<u>/`, `/om/scratch/Fri/<u>/`, `/orange/<group>/<first.last>/`); a home
        # below department and group folders (`/home/ulg/plgen/<u>/`: `ulg` is taken as the
        # login); a bracketed prompt after a quote with a host named after the login
        # (`'[<u>@<u>1700 ~]$`, Open MPI's `[<u>1700:<pid>]`); still missed under 1.46.0: the home
        # below department folders, `/orange/<group>/<first.last>/`, `/om/scratch/<day>/<u>/`
        docs=15,
        total=(19, 22, 1, 0),
        # since 1.46.0 (stop 53, tests/test_scrub_scheduler_formats.py): PBS's Job_Owner is a login
        # at the submit host (learned, the homes follow), squeue's USER column, squeue -u,
        # scontrol's UserId=<u>(<uid>), rc-squeue's [default: <u>], a First.Last folder under a
        # share (noscrub, ptmp, save), a prompt after a stray quote and its host in Open MPI's
        # [<u>1700:<pid>] are found (under 1.44.0: [7, 4, 1, 0])
        found=(15, 22, 1, 0),
        missed=(
            "Nextomics-NextDenovo-issues-114: user (path) 'bal.sharma'",
            "Nextomics-NextDenovo-issues-114: user (path) 'hliao'",
            "datalad-datalad-container-issues-43: user (path) 'kvorn'",
            "marbl-canu-issues-1052: user (path) 'mdubois'",
        ),
        keeps=12,
        damage=(),
        clean_changed=(),
        clean_docs=2,
        tails=(9, 9),
        parses=(0, 0),
        texts=_TEXTS_94,
    ),
    Measured(
        batch=95,
        blind_under="1.44.0",
        # Batch 95's tune part under scrubber 1.44.0, blind: paths 10/17, elsewhere 3/16, e-mails
        # 2/2, no secret, 3 of 20 keep spans damaged, 3/3 library tails, 1 of 4 clean changed, no
        # JSON or YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-95 collection"): a committer's
        # login in Subversion's own fields (`r<n> | <login> | <date> | N line`, `Last Changed
        # Author: <login>`, `<author><login></author>`); Mercurial's `user: '<login>'` and an
        # oh-my-zsh two-line prompt `╭─<u>@<u>-mac ~/tmp ‹…›` (with the login in a Bitbucket URL);
        # a GnuPG user id's display name before its address (`uid [ unknown] <Name> <addr>`,
        # `gpg -bsau '<Name> <addr>'`: the address is replaced, the name stays); an Azure DevOps
        # account named after the owner's login (`https://<u>ued.visualstudio.com/_git/<u>ued-…`,
        # also as a folder under the home: the home's login is replaced, the account stays)
        # known damage: a router's service login in an ssh target (`syslocal@securenet-rtr`); a
        # placeholder Windows login `some_user` (`C:\Users\some_user\…`, `<some_user@mail.org>`)
        # 1.48.0 (stop 53, tests/test_scrub_signing_and_secret_store_formats.py): elsewhere 3/16
        # -> 5/16 (an OpenPGP uid's name: `uid [ unknown] <Name> <addr>`, `gpg -bsau '<Name> <addr>'`)
        # 1.45.0 (stop 53, tests/test_scrub_web_hosting_formats.py): damage 3 -> 0 and no clean
        # document changed (`sys` glued to a role word is a service login; `some_user` a placeholder)
        docs=15,
        total=(17, 16, 2, 0),
        # 1.47.0 (stop 53, tests/test_scrub_version_control_and_prompt_formats.py): paths 10/17 ->
        # 11/17, elsewhere -> 14/16 (svn's and hg's committer fields, oh-my-zsh's two-line prompt);
        # with 1.48.0's uid names together: elsewhere 16/16
        found=(11, 16, 2, 0),
        missed=(
            "git-for-windows-git-issues-1621: user (path) 'veras'",
            "git-for-windows-git-issues-1621: user (path) 'veras'",
            "git-for-windows-git-issues-1621: user (path) 'verasued'",
            "git-for-windows-git-issues-1621: user (path) 'verasued'",
            "git-for-windows-git-issues-1621: user (path) 'verasued'",
            "git-for-windows-git-issues-1621: user (path) 'verasued'",
        ),
        keeps=20,
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(3, 3),
        parses=(0, 0),
        texts=_TEXTS_95,
    ),
    Measured(
        batch=96,
        blind_under="1.44.0",
        # Batch 96's tune part under scrubber 1.44.0, blind: paths 17/17, elsewhere 7/15, e-mails
        # 5/6, secrets 0/2, 0 of 43 keep spans damaged, 17/17 library tails, 0 of 5 clean changed,
        # 1/1 JSON parsing.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-96 collection"): a person's
        # name in an OpenPGP user id beside its address (gpg's `uid`, `[ultimate] (1).`, the quoted
        # uid after `gpg: encrypted with`, gopass's key menu: the address is replaced, the name
        # stays); GitHub Desktop's `adding account <Login> (<Login>) to store`; a prompt indented
        # as a Markdown code block (`    [<u>@<host> ~]$`); a UUID-shaped Vault token after `vault
        # login` and in the `token` row of Vault's table; a `userEmail` at example.org whose local
        # part is the poster's handle (kept as a documentation address)
        # 1.48.0 (stop 53, tests/test_scrub_signing_and_secret_store_formats.py): elsewhere 7/15
        # -> 11/15 (an OpenPGP uid's name in gpg's, gopass's and `gpg: encrypted with` forms),
        # secrets 0/2 -> 2/2 (a UUID Vault token after `vault login` and in the `token` row)
        docs=18,
        total=(17, 15, 6, 2),
        # 1.47.0 (stop 53, tests/test_scrub_version_control_and_prompt_formats.py): elsewhere
        # -> 15/15 with 1.48.0's (an indented prompt, GitHub Desktop's account store log)
        found=(17, 15, 5, 2),
        missed=("bitwarden-cli-issues-128: email 'quillmars@example.org'",),
        keeps=43,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(17, 17),
        parses=(1, 1),
        texts=_TEXTS_96,
    ),
    Measured(
        batch=97,
        blind_under="1.48.0",
        # Batch 97's tune part under scrubber 1.48.0, blind: paths 10/10, nothing elsewhere, no
        # e-mail or secret, 3 of 16 keep spans damaged, 7/7 library tails, 2 of 8 clean changed, no
        # JSON or YAML.
        # no known miss; known damage (tests/outside_corpus/SOURCE.md, "The stop-97 collection"):
        # a Windows 8.3 short name of the Administrator's folder (`C:\Users\ADMINI~1\AppData\…`
        # in `java -XshowSettings:properties`) read as a person's folder; the placeholder login
        # `auser` in a JDK engineer's `jcmd` example (`/home/auser/src/git/jdk/…`) learned as a user
        docs=13,
        total=(10, 0, 0, 0),
        found=(10, 0, 0, 0),
        missed=(),
        keeps=16,
        # 1.49.0 keeps `ADMINI~1` (a role's 8.3 short name) and `auser` (a placeholder login)
        damage=(),
        clean_changed=(),
        clean_docs=8,
        tails=(7, 7),
        parses=(0, 0),
        texts=_TEXTS_97,
    ),
    Measured(
        batch=100,
        blind_under="1.48.0",
        # Batch 100's tune part under scrubber 1.48.0, blind: paths 25/27, elsewhere 1/3, no
        # e-mail, secrets 2/2, 9 of 32 keep spans damaged, no library tail, 2 of 4 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-100 collection"): knife.rb's
        # `node_name '<u>'` (the Chef server account) and the key named after it in `client_key
        # '…/.chef/<u>.pem'` (the home before it is found); Chef's `cannot determine user id for '<u>'`
        # known damage: Puppet's managed service account (`User[puppetboard]`, `useradd -r
        # puppetboard`, `/home/puppetboard`) learned as a person and replaced in the class names
        # too; `/home/lost+found` read as a home; a masked JWT (`eyJh...VCJ9.…`) in a JSON `token`
        docs=13,
        total=(27, 3, 0, 2),
        # 1.51.0: knife.rb's node_name and key stem, Chef's UserIDNotFound login found
        found=(27, 3, 0, 2),
        missed=(),
        keeps=32,
        # 1.51.0: the useradd -r/User[<module>] service account and the masked JWT kept
        # 1.49.0: `/home/lost+found` kept (mke2fs's folder, no home): no damage left
        damage=(),
        # 1.51.0: the Puppet and Woodpecker documents no longer changed
        clean_changed=(),
        clean_docs=4,
        tails=(0, 0),
        parses=(0, 0),
        texts=_TEXTS_100,
    ),
    Measured(
        batch=98,
        blind_under="1.48.0",
        # Batch 98's tune part under scrubber 1.48.0, blind: paths 5/5, elsewhere 0/9, no e-mail
        # or secret, 21 of 53 keep spans damaged, 4/4 library tails, 3 of 7 clean changed.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-98 collection"): utmpdump's
        # user column of a USER_PROCESS record; lpstat -l -o's owner column; CUPS error_log's
        # `requesting-user-name = '<u>'`, `requesting-user-name="<u>"` and `Job <n> queued on
        # '<printer>' by '<u>'.`; pactl info's `User Name: <u>`
        # known damage: test accounts learned from their homes (`/home/newuser/`,
        # `/home/vncuser1/`) and replaced everywhere; a service account in ps's USER column
        # (`tlog`) learned and replaced inside the program's name (`-tlog-rec-session`); a GNOME
        # Shell extension uuid (`<name>@<author>.gmail.com`) after `JS ERROR: Extension` read as
        # an e-mail
        docs=15,
        total=(5, 9, 0, 0),
        # 1.50.0: elsewhere 0/9 -> 9/9 (CUPS error_log's user fields, lpstat -o's owner column,
        # utmpdump's USER_PROCESS user, pactl info's User Name)
        found=(5, 9, 0, 0),
        missed=(),
        keeps=53,
        # 1.49.0 keeps `newuser`, `vncuser1` (test accounts) and `tlog` (ps row of its own program)
        damage=(),
        # 1.49.0 keeps the extension uuid after `JS ERROR: Extension `
        clean_changed=(),
        clean_docs=7,
        tails=(4, 4),
        parses=(0, 0),
        texts=_TEXTS_98,
    ),
    Measured(
        batch=99,
        blind_under="1.48.0",
        # Batch 99's tune part under scrubber 1.48.0, blind: paths 1/1, elsewhere 2/31, secrets 1/1,
        # 4 of 17 keep spans damaged, 1/1 library tails, 2 of 4 clean changed (no e-mail labelled, no
        # structured file).
        # known misses and damage (tests/outside_corpus/SOURCE.md, "The stop-99 collection"): IRC
        # nicks and idents in raw protocol lines (`NICK`, `USER`, numerics' targets), in a client's
        # welcome line, a rendered whois and a `/who` reply; Matrix user ids' localparts in Synapse's
        # access log and response cache; `register_new_matrix_user`'s answered localpart;
        # `\u`-escaped names in a Telegram update; damage: `ec2-user@<host>` in a `/who` reply read as
        # an e-mail, a service account's `/home/matrix/` learned as a user, Rocket.Chat's documented
        # example `authToken`
        # 1.52.0 (stop 53): elsewhere 2 -> 31 (IRC nicks and idents by RFC 2812's grammar; Matrix localparts in Synapse's access log and register_new_matrix_user; a Telegram update's first_name/last_name); damage 4 -> 1, clean changed 2 -> 1 (ec2-user@<host> in a /who row is no e-mail; /home/matrix/ is a service's home)
        docs=14,
        total=(1, 31, 0, 1),
        found=(1, 31, 0, 1),
        missed=(),
        keeps=17,
        # 1.53.0 (stop 54): Rocket.Chat's documented example authToken (documented_examples): 1 -> 0, clean 1 -> 0
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(1, 1),
        parses=(0, 0),
        texts=_TEXTS_99,
    ),
    Measured(
        batch=101,
        blind_under="1.52.0",
        # Batch 101's tune part under scrubber 1.52.0, blind: paths 5/5, elsewhere 5/49, no
        # e-mail, secrets 1/2, 6 of 42 keep spans damaged, no library tail, 2 of 3 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-101 collection"): LDIF's DNs and
        # attributes (`dn: uid=<u>,…`, `dn: spn=<u>@<domain>,…`, `uniqueMember: uid=<u>,…`, `cn:
        # <First Last>`, `givenname:`, `sn:`, `name:`, an ldapsearch filter's `(name=<u>)`); a passwd
        # line's GECOS full name (`<u>:*:<uid>:<gid>:<First M. Last>:/home/<u>:…`, the home found);
        # `id <u>`, `uid=<n>(<u>)`, `groups <u>`, `<u> : <group>`, `getent group`'s and /etc/group's
        # member lists (also `<u>@<domain>`); Keycloak's `username=<first.last>`, authentik's
        # `"bindDN":"cn=<u>,…"`, lldap's `user_id: "<u>"`, a Meteor LDAP log's `LDAP authentication
        # for <u>` and `Trying to bind <u>@<domain>...`; a join script's typed admin login on the line
        # after `Please type Admin user:`; nginx auth_ldap's `binddn_passwd <digits>;`
        # known damage: a prompt in markdown emphasis (`_root@host:~# …_`) read with its `_` as a
        # login (`_root`); AD's `krbtgt` account learned from `/home/krbtgt` in a passwd line;
        # placeholder e-mails `mail@domain.com` (an LDIF `mail:`) and `E@mail.com` (lldap's dump)
        # 1.54.0 (stop 54): elsewhere 5 -> 25 (LDAP DNs under ou=people/ou=users, an LDIF person entry's cn, a search filter's account: kanidm's, osixia's, authentik's bind DN); damage 6 -> 0, clean changed 2 -> 0 (a prompt's markdown emphasis, krbtgt a system account, mail@domain.com and E@mail.com placeholders)
        # 1.54.0 (stop 54): elsewhere 25 -> 42 (id's answer for a directory user: an id-mapped uid above 65535, SSSD's <u>@<domain>, a gid group with a space, a translated groups=)
        # 1.54.0 (stop 54): elsewhere 42 -> 44 (a passwd line's GECOS full name with a middle initial, of a directory user's id-mapped uid)
        # 1.54.0 (stop 54): elsewhere 44 -> 48, secrets 1 -> 2 (Keycloak's event username=, lldap's User { user_id }, LDAP authentication for <u>; nginx-auth-ldap's binddn_passwd)
        docs=14,
        total=(5, 49, 0, 2),
        found=(5, 48, 0, 2),
        missed=(
            "PierreGode-Linux-Active-Directory-join-script-issues-26: user (elsewhere) 'admjolvik'",
        ),
        keeps=42,
        damage=(),
        clean_changed=(),
        clean_docs=3,
        tails=(0, 0),
        parses=(0, 0),
        texts=_TEXTS_101,
    ),
    Measured(
        batch=102,
        blind_under="1.52.0",
        # Batch 102's tune part under scrubber 1.52.0, blind: paths 13/13, elsewhere 3/5, no
        # e-mail, secrets 3/6, 2 of 42 keep spans damaged, 13/13 library tails, 0 of 8 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-102 collection"): IOS's
        # `hostname <FIRSTNAME>` (a person's name as a device name); IOS's `enable secret 5
        # $1$<salt>$<hash>` (an MD5-crypt type-5 secret, twice); the UniFi API browser's `failed
        # login attempt for user <login>`; a PHP RouterOS client's `Client->__construct('<ip>',
        # 'admin', '<password>')` in a stack trace
        # known damage: Cisco's lab default `'password': 'cisco'` in a netmiko device dictionary
        # replaced (the scorer counts both `cisco` keep spans of the document)
        # 1.55.0 (stop 54): secrets 3/6 -> 6/6 (`crypt_hash_digest` finds both `$1$` type-5
        # secrets, `connect_call_password` the RouterOS client's third argument); elsewhere 3/5 ->
        # 4/5 (`web_console_login_log` learns the UniFi API browser's login); damage 2 -> 1: the
        # `cisco` default kept (`default_passwords`), and the scorer now counts the keep span
        # `admin` as damaged because it also stands inside the replaced password `admin947`
        # (`out.count('admin')` drops by one; the `'admin'` argument itself is kept)
        docs=20,
        total=(13, 5, 0, 6),
        found=(13, 4, 0, 6),
        missed=("ntop-ntopng-issues-542: user (elsewhere) 'DEBASIS'",),
        keeps=42,
        damage=("pear2-Net_RouterOS-issues-77: 'admin'",),
        clean_changed=(),
        clean_docs=8,
        tails=(13, 13),
        parses=(0, 0),
        texts=_TEXTS_102,
    ),
    Measured(
        batch=103,
        blind_under="1.52.0",
        # Batch 103's tune part under scrubber 1.52.0, blind: paths 11/13, elsewhere 12/12, no
        # e-mail, secrets 2/4, 2 of 47 keep spans damaged, 11/11 library tails, 0 of 6 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-103 collection"): the mongo
        # shell's password glued to `-p` (`mongo -u root -p<pw>`); sqlplus's logon
        # `'<ADMIN>/"<pw>"@host:port/service'`; SQL Server's `Login failed for user
        # '<DOMAIN>\\<u>'` in an ODBC error (the bench counts the login "in a path": it follows a
        # backslash)
        # known damage: an application's database user in `mongodb://<app>:<pw>@…` learned as a
        # person's login and replaced, also in the operator's `users: - name: <app>`
        docs=16,
        total=(13, 12, 0, 4),
        # 1.56.0: paths 11 -> 13 (SQL Server's 18456 login after a domain), secrets 2 -> 4 (the
        # mongo shell's glued -p, SQL*Plus's quoted logon password)
        found=(13, 12, 0, 4),
        missed=(),
        keeps=47,
        # 1.56.0: the operator's database user `lrds` (declared in `users:` with `db:`) no
        # longer learned from its URL: both spans kept
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(11, 11),
        parses=(0, 0),
        texts=_TEXTS_103,
    ),
    Measured(
        batch=104,
        blind_under="1.52.0",
        # Batch 104's tune part under scrubber 1.52.0, blind: paths 12/19, elsewhere 5/7, no
        # e-mail or secret, 7 of 35 keep spans damaged, 1/1 library tails, 1 of 6 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-104 collection"): a ZFS dataset
        # name `rpool/home/<u>/.cache` (a home with no leading slash); an illumos prompt
        # `<u>@fs2 ~ [504] ;`; Incus's Loki target at the owner's own domain `loki.<u>.dev`
        # known damage: a Proxmox VE API token id `dev@pve!TOKENID=<placeholder>` (and the same
        # without `=`) in `PROXMOX_VE_APITOKEN='…'` replaced whole as one secret
        docs=13,
        total=(19, 7, 0, 0),
        # 1.57.0 (stop 54): the ZFS home dataset (7) and the illumos prompt (1) found; the
        # Proxmox token id's damage (7) and its clean document's change gone
        found=(19, 6, 0, 0),
        missed=("lxc-incus-issues-3642: user (elsewhere) 'rfenwick'",),
        keeps=35,
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(1, 1),
        parses=(0, 0),
        texts=_TEXTS_104,
    ),
    Measured(
        batch=105,
        blind_under="1.52.0",
        # Batch 105's tune part under scrubber 1.52.0, blind: paths 6/10, elsewhere 12/21, e-mail
        # 1/1, secrets 2/2, 1 of 26 keep spans damaged, 9/9 library tails, 0 of 5 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-105 collection"): a home under a
        # cluster share's lowercase `/users/<group>/<u>/grafana/…`; a journal host named after its
        # owner `<u>-vm-sber node_exporter[…]:`; influx's `"userName": "<u>"`; influx config's Org
        # `<u>+cloud2's organization`; Netdata's installer `finally set to: <u>/<u>`
        # known damage: a role sender at a masked domain `smtp_from: 'alertmanager@xx.com'`
        docs=14,
        total=(10, 21, 1, 2),
        # 1.58.0 (stop 54) moves: the /users/<group>/<u>/ share home (3 paths), influx's userName and
        # cloud org owner (2 elsewhere), Netdata's installer user (1 path, 1 elsewhere) found; the
        # role sender alertmanager@xx.com kept (damage 1 -> 0)
        found=(10, 15, 1, 2),
        missed=(
            "prometheus-community-ansible-issues-459: user (elsewhere) 'mirabelle'",
            "prometheus-community-ansible-issues-459: user (elsewhere) 'mirabelle'",
            "prometheus-community-ansible-issues-459: user (elsewhere) 'mirabelle'",
            "prometheus-community-ansible-issues-459: user (elsewhere) 'mirabelle'",
            "prometheus-community-ansible-issues-459: user (elsewhere) 'mirabelle'",
            "prometheus-community-ansible-issues-459: user (elsewhere) 'mirabelle'",
        ),
        keeps=26,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(9, 9),
        parses=(0, 0),
        texts=_TEXTS_105,
    ),
    Measured(
        batch=106,
        blind_under="1.52.0",
        # Batch 106's tune part under scrubber 1.52.0, blind: paths 11/11, elsewhere 2/7, e-mails
        # 2/2, no secret, 1 of 21 keep spans damaged, 11/11 library tails, 1 of 3 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-106 collection"): webui.sh's
        # banner `Running on <u> user` (twice); a W&B entity `--wandb-entity=<first>-<last>-self`
        # and its `wandb_entity='…'` echo; a login glued to an MLflow run name `tas_<u>`
        # known damage: the placeholder `/path/to/anaconda3/…` read as a home of the login `to`
        # 1.59.0 moves: webui.sh's banner, the -self W&B entity (6/7); /path/to/ kept (damage 0)
        docs=13,
        total=(11, 7, 2, 0),
        found=(11, 6, 2, 0),
        missed=("AMD-AGI-Primus-pull-219: user (elsewhere) 'kaiz'",),
        keeps=21,
        damage=(),
        clean_changed=(),
        clean_docs=3,
        tails=(11, 11),
        parses=(0, 0),
        texts=_TEXTS_106,
    ),
    Measured(
        batch=107,
        blind_under="1.52.0",
        # Batch 107's tune part under scrubber 1.52.0, blind: paths 22/26, elsewhere 12/17, no
        # e-mail or secret, 3 of 32 keep spans damaged, 14/14 library tails, 2 of 5 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-107 collection"): a two-letter
        # login from `/home/<u>/<u>/artisan` (the path's folders replaced) not learned, so it
        # stays in supervisord's `[program:<u>]` and `user=<u>` and supervisorctl's `start <u>:*`
        # and `<u>:<u>_00: ERROR` (the bench counts the path labels missed too: the value is
        # left elsewhere)
        # known damage: a `pm2 start` line's placeholder database URL
        # `postgres://pool_user:PA$$WORD@…` (the role name learned as a login, the spelled-out
        # password replaced as a secret); cabot's documented `redis://:yourrediskey@…`
        # placeholder replaced as a password
        docs=12,
        total=(26, 17, 0, 0),
        # moved knowingly by 1.60.0 (stop 54): run-as evidence, database role, placeholders
        found=(26, 17, 0, 0),
        missed=(),
        keeps=32,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(14, 14),
        parses=(0, 0),
        texts=_TEXTS_107,
    ),
    Measured(
        batch=109,
        blind_under="1.57.0",
        # Batch 109's tune part under scrubber 1.57.0, blind: paths 20/22, elsewhere 1/1, no
        # e-mail, secrets 2/3, 0 of 31 keep spans damaged, 14/14 library tails, 0 of 5 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-109 collection"): the VS Code
        # exec server's `command-shell … --require-token <hex>`; the owner of the repository a
        # Codespaces creation log clones (`clone … https://github.com/<u>/<repo>`); the login
        # leading a codespace's address (`https://<u>-<owner>-<repo>-<id>.github.dev/`)
        # 1.62.0: secrets 2/3 -> 3/3 (`--require-token <hex>` read by the flag)
        docs=14,
        total=(22, 1, 0, 3),
        found=(20, 1, 0, 3),
        missed=(
            "comfuture-flutter_fastapi-issues-1: user (path) 'lavrentiev'",
            "microsoft-vscode-issues-147639: user (path) 'mikaelsen'",
        ),
        keeps=31,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(14, 14),
        parses=(0, 0),
        texts=_TEXTS_109,
    ),
    Measured(
        batch=110,
        blind_under="1.57.0",
        # Batch 110's tune part under scrubber 1.57.0, blind: paths 22/24, elsewhere 0/2, no
        # e-mail or secret, 0 of 13 keep spans damaged, 8/8 library tails, 0 of 3 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-110 collection"): a Windows
        # Installer property dump's `LogonUser = <u>` not read as a login, and the roaming
        # profile `\\<ip>\profiles\<u>\Startmenu\` replaced whole as a UNC share (server, share
        # and folder) without learning its user folder, so the login stays in `LogonUser = <u>`
        # and in `ComputerName = <U>-VM` (the bench counts the two path labels missed too: the
        # value is left elsewhere)
        docs=12,
        total=(24, 2, 0, 0),
        # 1.63.0: LogonUser learned (user_names.yaml's msi_logon_user), the four labels found
        found=(24, 2, 0, 0),
        missed=(),
        keeps=13,
        damage=(),
        clean_changed=(),
        clean_docs=3,
        tails=(8, 8),
        parses=(0, 0),
        texts=_TEXTS_110,
    ),
    Measured(
        batch=108,
        blind_under="1.57.0",
        # Batch 108's tune part under scrubber 1.57.0, blind: paths 6/9, elsewhere 6/18, e-mails
        # 2/2, secrets 0/2, 5 of 18 keep spans damaged, 8/8 library tails, 1 of 4 clean changed,
        # JSON 1/1.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-108 collection"): CloudFlare's
        # legacy 32-hex API key in a curl form field `-d 'tkn=<hex>'`; Apache's `Digest: user
        # <u>: password mismatch:`; a capitalised login at a bash prompt
        # (`<U>@<host>:~/…$`); RHEL's root prompt `[root@<first>-ids-lab <first>_<last>]#` (the
        # folder a person's home, the host named after them, in every journal line); a
        # Thunderbird profile folder named after its person (`.thunderbird/<First>/`)
        # known damage: a Wazuh answer's placeholder addresses (`realemailhere1@gmail.com`,
        # `realmailhere1@gmail.com`) and Wazuh's documented default sender
        # `ossecm@example.wazuh.com`, replaced as e-mails
        docs=15,
        total=(9, 18, 2, 2),
        # 1.61.0 (stop 54) moves: CloudFlare's tkn= key (2 secrets) and the capitalised prompt
        # login Ken (1 elsewhere) found; Wazuh's spelt-out placeholder addresses and its
        # example.wazuh.com sender kept (damage 5 -> 0, clean changed 1 -> 0); the Thunderbird
        # profile folder named after its person found (3 paths)
        found=(9, 7, 2, 2),
        missed=(
            "fail2ban-fail2ban-issues-498: user (elsewhere) 'alan'",
            "fail2ban-fail2ban-issues-498: user (elsewhere) 'alan'",
            "fail2ban-fail2ban-issues-498: user (elsewhere) 'alan'",
            "fail2ban-fail2ban-issues-498: user (elsewhere) 'alan'",
            "wazuh-wazuh-issues-4816: user (elsewhere) 'rahul'",
            "wazuh-wazuh-issues-4816: user (elsewhere) 'rahul'",
            "wazuh-wazuh-issues-4816: user (elsewhere) 'rahul'",
            "wazuh-wazuh-issues-4816: user (elsewhere) 'rahul'",
            "wazuh-wazuh-issues-4816: user (elsewhere) 'rahul'",
            "wazuh-wazuh-issues-4816: user (elsewhere) 'rahul'",
            "wazuh-wazuh-issues-4816: user (elsewhere) 'rahul_menon'",
        ),
        keeps=18,
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(8, 8),
        parses=(1, 1),
        texts=_TEXTS_108,
    ),
    Measured(
        batch=111,
        blind_under="1.63.0",
        # Batch 111's tune part under scrubber 1.63.0, blind: paths 28/28, elsewhere 3/3, no
        # e-mail or secret, 6 of 23 keep spans damaged, 3/3 library tails, 1 of 6 clean changed,
        # no JSON/YAML.
        # known damage (tests/outside_corpus/SOURCE.md, "The stop-111 collection"): a course's
        # shared account `mech-user` in `catkin build`'s workspace table
        # (`Workspace: /home/mech-user/catkin_ws`, `Source Space: [exists] /home/mech-user/…`)
        # read as a login and replaced, six times, so the clean document is changed
        # 1.67.0: left (documented): no general rule keeps `<role>-user` without harm (a
        # person's `handsome_user` must go; `mech`, `lab`, `ros` are no role words)
        docs=12,
        total=(28, 3, 0, 0),
        found=(28, 3, 0, 0),
        missed=(),
        keeps=23,
        damage=(
            "jsk-enshu-robot-programming-issues-181: 'mech-user'",
            "jsk-enshu-robot-programming-issues-181: 'mech-user'",
            "jsk-enshu-robot-programming-issues-181: 'mech-user'",
            "jsk-enshu-robot-programming-issues-181: 'mech-user'",
            "jsk-enshu-robot-programming-issues-181: 'mech-user'",
            "jsk-enshu-robot-programming-issues-181: 'mech-user'",
        ),
        clean_changed=("jsk-enshu-robot-programming-issues-181",),
        clean_docs=6,
        tails=(3, 3),
        parses=(0, 0),
        texts=_TEXTS_111,
    ),
    Measured(
        batch=112,
        blind_under="1.63.0",
        # Batch 112's tune part under scrubber 1.63.0, blind: paths 16/16, no name elsewhere, no
        # e-mail, secret 1/1, 1 of 10 keep spans damaged, 6/6 library tails, 0 of 4 clean
        # changed, no JSON/YAML.
        # known damage (tests/outside_corpus/SOURCE.md, "The stop-112 collection"): an
        # application's database role in osm2pgsql's `--database=postgresql://matcher:<pw>@…`
        # read as a login and replaced, and, once learned, also in the application's own file
        # name (`…/data/matcher.style` becomes `…/data/user2.style`)
        docs=13,
        total=(16, 0, 0, 1),
        found=(16, 0, 0, 1),
        missed=(),
        keeps=10,
        # 1.68.0: a database URL's role is replaced where it stands only, not learned
        # (user_names.yaml's database_url_login), so `matcher.style` keeps its name; the role in
        # the URL is still replaced (a URL cannot tell an application's role from a person's)
        damage=("EdwardBetts-osm-wikidata-issues-679: 'matcher'",),
        clean_changed=(),
        clean_docs=4,
        tails=(6, 6),
        parses=(0, 0),
        texts=_TEXTS_112,
    ),
    Measured(
        batch=116,
        blind_under="1.63.0",
        # Batch 116's tune part under scrubber 1.63.0, blind: paths 8/8, elsewhere 2/3, no
        # e-mail or secret, 7 of 28 keep spans damaged, 5/5 library tails, 2 of 7 clean changed,
        # no JSON/YAML.
        # known misses and damage (tests/outside_corpus/SOURCE.md, "The stop-116 collection"):
        # a DNS-SD record's host named after its owner's first name (`<first>-t14g5.local`) not
        # read as a name; xpra's own service account `/home/xpra` learned as a login, so `xpra`
        # is replaced everywhere (home, prompt, host `xpra-server-s1`, `ls -l` owner, the
        # command `xpra --version`, `/run/user/1000/xpra/`); a BlueZ D-Bus object path given as
        # `path=/org/bluez/hci0/dev_<mac>` in `pactl list modules` replaced whole as a token
        # 1.67.0: xpra's own account kept (words.yaml's system_accounts: xpra's packages' system
        # group and its images' user) and a D-Bus object path after `path=` read as a path
        # (recognizers' _DBUS_OBJECT_PATH): damage 7 of 28 -> 0, clean changed 2 of 7 -> 0; the
        # host named after its owner's first name is still missed (documented)
        docs=15,
        total=(8, 3, 0, 0),
        found=(8, 2, 0, 0),
        missed=("OpenPrinting-ipp-usb-issues-109: user (elsewhere) 'nils'",),
        keeps=28,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(5, 5),
        parses=(0, 0),
        texts=_TEXTS_116,
    ),
    Measured(
        batch=114,
        blind_under="1.63.0",
        # Batch 114's tune part under scrubber 1.63.0, blind: paths 39/39, elsewhere 4/6, no
        # e-mail or secret, 1 of 18 keep spans damaged, 11/11 library tails, 1 of 5 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-114 collection"): a login at a
        # shell prompt `<u>@<host> T $` (a Gentoo-style prompt whose working folder is a bare
        # name, macOS's `$TMPDIR` tail `T`) not read as a login when nothing else names it; and
        # damage: `C:\Users\IBM_AD~1\…`, the 8.3 short name of the `IBM_ADMIN` default account,
        # replaced as if a person's short name (`user1`)
        docs=15,
        total=(39, 6, 0, 0),
        # 1.68.0: bash's `\u@\h \W \$` prompt read (user_names.yaml's bare_folder_prompt), the
        # two labels found; IBM_AD~1 kept (default_short_name), its clean document unchanged
        found=(39, 6, 0, 0),
        missed=(),
        keeps=18,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(11, 11),
        parses=(0, 0),
        texts=_TEXTS_114,
    ),
    Measured(
        batch=113,
        blind_under="1.63.0",
        # Batch 113's tune part under scrubber 1.63.0, blind: paths 11/25, elsewhere 7/8, e-mail
        # 1/1, secret 1/1, 2 of 16 keep spans damaged, 9/9 library tails, 1 of 2 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-113 collection"): a home
        # below a site's prefix (`/share/home/<u>/`, `/mnt/storage/home/<u>/`) not read as a home,
        # so GATK's `Executing as <u>@localhost.localdomain` stays too; WEHI's
        # `/home/users/allstaff/<first.l>/` read with the group `allstaff` as the login (replaced)
        # and the login after it left; Imperial's `/rds/general/user/<u>/` and a data folder
        # named `<First>_<Last>_<sample id>` under it; cellranger's cluster project trees
        # `/xtdisk/<project>/<u>/<u>/` and `/pnas/<group>/<u>/` (no home shape at all)
        # known damage: CloudMan's admin list naming a platform's role address
        # (`refinery@stemcellcommons.org`), replaced as an e-mail (so its clean document changes)
        docs=13,
        total=(25, 8, 1, 1),
        # 1.65.0: a site's home (/share/home/<u>/, /mnt/storage/home/<u>/: recognizers.yaml's
        # posix_home_under_a_site) and GATK's `Executing as <u>@<host> on` (user_names.yaml's
        # gatk_executing_as), the login before ~/.nextflow under /home/users/<group>/
        # (home_segment), Imperial's /rds/general/user/<u>/ (posix_home_on_imperial_rds): 8 found
        found=(18, 8, 1, 1),
        missed=(
            "10XGenomics-cellranger-issues-89: user (path) 'liujm'",
            "10XGenomics-cellranger-issues-89: user (path) 'liujm'",
            "10XGenomics-cellranger-issues-89: user (path) 'sunqiang'",
            "10XGenomics-cellranger-issues-89: user (path) 'tangwyx'",
            "10XGenomics-cellranger-issues-89: user (path) 'tangwyx'",
            "alexdobin-STAR-issues-1497: user (path) 'Serena_Castiglio'",
            "alexdobin-STAR-issues-1497: user (path) 'Serena_Castiglio'",
        ),
        keeps=16,
        damage=(
            "galaxyproject-cloudman-issues-63: 'refinery@stemcellcommons.org'",
            "galaxyproject-cloudman-issues-63: 'refinery@stemcellcommons.org'",
        ),
        clean_changed=("galaxyproject-cloudman-issues-63",),
        clean_docs=2,
        tails=(9, 9),
        parses=(0, 0),
        texts=_TEXTS_113,
    ),
    Measured(
        batch=115,
        blind_under="1.63.0",
        # Batch 115's tune part under scrubber 1.63.0, blind: paths 15/17, elsewhere 0/1, no
        # e-mail, secrets 3/7, 4 of 22 keep spans damaged, 5/5 library tails, 2 of 7 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-115 collection"): an Infura
        # project id or Alchemy key as an RPC URL's last path segment (`/v3/<32 hex>`,
        # `/ws/v3/<32 hex>`, `/v2/<32 of [A-Za-z0-9_-]>`, also cut by a terminal's `$` wrap and
        # inside escaped JSON); a home inside a Jupyter link's URL path
        # (`http://localhost:8888/home/<u>/.pyenv/…`); `rpcuser=<u>` in a bitcoin.conf; damage:
        # the freqtrade image's `ftuser@<container>` prompt and the indexer's `/home/graph/`
        # read as persons, a masked telegram token `12345678:AXXXREDACTED` replaced
        docs=18,
        total=(17, 1, 0, 7),
        # 1.66.0: Infura's and Alchemy's URL keys (providers.yaml's intake_provider_rpc_url_key),
        # bitcoin.conf's rpcuser learned (user_names.yaml's bitcoin_conf_rpcuser), a home in a
        # notebook server's URL path (recognizers.yaml's posix_home_in_a_server_url), freqtrade's
        # image account ftuser kept (words.yaml), a capital REDACTED inside a secret's shape kept
        # (illustrative._REDACTED); left: the Infura key whose host a terminal's `$` mark cut, and
        # the indexer's service home /home/graph
        found=(17, 1, 0, 6),
        missed=("graphprotocol-indexer-issues-145: secret '43cf5dd89eb52961d7364d5685ac131a'",),
        keeps=22,
        damage=(
            "graphprotocol-indexer-issues-145: 'graph'",
            "graphprotocol-indexer-issues-145: 'graph'",
        ),
        clean_changed=(),
        clean_docs=7,
        tails=(5, 5),
        parses=(0, 0),
        texts=_TEXTS_115,
    ),
    Measured(
        batch=120,
        blind_under="1.63.0",
        # Batch 120's tune part under scrubber 1.63.0, blind: paths 32/32, elsewhere 2/4, no
        # e-mail, secret 1/1, 5 of 24 keep spans damaged, 12/12 library tails, 1 of 3 clean
        # changed, no JSON/YAML.
        # known misses and damage (tests/outside_corpus/SOURCE.md, "The stop-120 collection"):
        # a macOS host named after its owner's first name (`<login>@<Name>s-MBP`, the name not
        # the login) not read as a name; a zsh prompt showing only the first part of the home's
        # `first.last` (`<first> <dir> %`) not read as the login's; and Cypress's test image's
        # own account `person` learned as a login, so `person` is replaced everywhere (home,
        # prompt `person@<id>`, npm's `npm WARN person`)
        docs=16,
        total=(32, 4, 0, 1),
        # 1.71.0: the test tools' images' accounts kept (words.yaml's not_user_names: person,
        # pwuser, pptruser), <First>s-MBP read (user_names.yaml's mac_host) and a zsh
        # prompt's first part of a home's first.last learned (engine.prompt_first_parts)
        found=(32, 4, 0, 1),
        missed=(),
        keeps=24,
        damage=(),
        clean_changed=(),
        clean_docs=3,
        tails=(12, 12),
        parses=(0, 0),
        texts=_TEXTS_120,
    ),
    Measured(
        batch=117,
        blind_under="1.63.0",
        # Batch 117's tune part under scrubber 1.63.0, blind: paths 1/2, elsewhere 0/10, no
        # e-mail, secrets 3/3, 5 of 23 keep spans damaged, 1/1 library tails, 1 of 7 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-117 collection"): a player
        # name in a game server's own log line (Paper's `> <P> issued server command:`, a
        # `GameProfile@…[id=…,name=<P>,…]`, Valheim's `Got character ZDOID from <P> : <id>`,
        # Palworld's `Player <P> has left the server.` and `Broadcasted: …-Player-<P>-has-…`,
        # AMP's `[LOG] <P> joined the server. (User id: steam_…)`); a macOS zsh prompt
        # `<U>@192 ~ %` not read as a login (so `/Users/<U>/` is replaced but the prompt is
        # left); damage: LinuxGSM's `/home/arkserver` and Pterodactyl's `/home/container`
        # (`container@pterodactyl~`) read as persons
        docs=16,
        total=(2, 10, 0, 3),
        # 1.69.0: players learned from game servers' log lines (user_names.yaml's
        # game_server_player), the capitalised zsh login beside its home (capitalised_zsh_prompt);
        # LinuxGSM's <game>server and Pterodactyl's container accounts kept (system_accounts)
        found=(2, 10, 0, 3),
        missed=(),
        keeps=23,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(1, 1),
        parses=(0, 0),
        texts=_TEXTS_117,
    ),
    Measured(
        batch=119,
        blind_under="1.63.0",
        # Batch 119's tune part under scrubber 1.63.0, blind: paths 11/11, elsewhere 0/6,
        # e-mails 9/9, secrets 8/13, 3 of 20 keep spans damaged, 2/2 library tails, 1 of 8 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-119 collection"): PHPMailer's
        # `CLIENT -> SERVER: <base64>` after `334 VXNlcm5hbWU6`/`334 UGFzc3dvcmQ6` (the login
        # found once, the password never; all run together on one line, neither); a Mac's EHLO
        # name made of its owner's given name; Swift Mailer's `with username "<login>"`;
        # smtp-cli's `--user <login>` and `--subject="hello from <First>"`; damage: a Gogs
        # `[email]` section's placeholder `PASSWD = foobar` read as a password and its
        # `gitlab` service account and `gitlab@domainname.tld` replaced
        docs=19,
        total=(11, 6, 9, 13),
        # 1.70.0: PHPMailer's AUTH LOGIN answers (recognizers.yaml's phpmailer_login_answer),
        # Swift Mailer's `with username` and smtp-cli's `--user` learned (user_names.yaml's
        # mailer_auth_username, smtp_cli_user), `foobar` a placeholder password (allow.yaml)
        # and `gitlab` a forge's account (words.yaml); the Mac EHLO name and the subject's
        # first name stay
        found=(11, 3, 9, 13),
        missed=(
            "andris9-simplesmtp-pull-7: user (elsewhere) 'minseok'",
            "andris9-simplesmtp-pull-7: user (elsewhere) 'minseok'",
            "mludvig-smtp-cli-issues-4: user (elsewhere) 'Danny'",
        ),
        keeps=20,
        damage=(),
        clean_changed=(),
        clean_docs=8,
        tails=(2, 2),
        parses=(0, 0),
        texts=_TEXTS_119,
    ),
    Measured(
        batch=118,
        blind_under="1.63.0",
        # Batch 118's tune part under scrubber 1.63.0, blind: paths 11/11, elsewhere 8/15, no
        # e-mail, secrets 6/7, 7 of 29 keep spans damaged, 6/6 library tails, 3 of 4 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-118 collection"): a SIP URI's
        # user part not learned as a login (`<sip:<u>@<domain>>` is replaced whole as an e-mail
        # address, so the login stays in `Contact: <sip:<u>@<ip>:<port>>` and SIP.js's `uri:
        # sip:<u>@<ip>:<port>`, which are not read at all); a quoted display name in FreeSWITCH's
        # `Contact: "<Name>" sip:…`; Linphone's `Auth info found for [<u>] realm […]`; a
        # twilio-cli profile named by a cut of the login (`Using profile: <u>`); a Video app's
        # passcode written spaced (`Passcode: 529 703 7926 2626`); damage: a SIP URI at a
        # masked domain or with a masked number (`<sip:7000@xxx.duckdns.org>`,
        # `<sip:00339XXXXXXX@sbc6.fr.sip.ovh>`) and a `root@<fqdn>:~#` prompt read as e-mail
        # addresses, a pjsip auth section's `username=webrtc_client` learned as a login and its
        # `password=7000` replaced
        docs=17,
        total=(11, 15, 0, 7),
        # 1.72.0: a SIP URI's user part learned (user_names.yaml's sip_uri_user; a SIP URI no
        # e-mail), Linphone's auth info line (linphone_auth_info), a display name of a handle's
        # shape (sip_display_handle): elsewhere 8 -> 14; the masked SIP URIs and the root prompt
        # at a host with dots kept (engine._sip_uri_or_prompt): damage 7 -> 3, clean changed 3 -> 1
        found=(11, 14, 0, 6),
        missed=(
            "twilio-labs-plugin-rtc-issues-27: user (elsewhere) 'brockell'",
            "yareyaredesuyo-react-native-template-issues-74: secret '529 703 7926 2626'",
        ),
        keeps=29,
        damage=(
            "TECH7Fox-sipcore-hass-integration-issues-68: '7000'",
            "TECH7Fox-sipcore-hass-integration-issues-68: 'webrtc_client'",
            "TECH7Fox-sipcore-hass-integration-issues-68: 'webrtc_client'",
        ),
        clean_changed=("TECH7Fox-sipcore-hass-integration-issues-68",),
        clean_docs=4,
        tails=(6, 6),
        parses=(0, 0),
        texts=_TEXTS_118,
    ),
    Measured(
        batch=123,
        blind_under="1.69.0",
        # Batch 123's tune part under scrubber 1.69.0, blind: paths 2/2, elsewhere 2/10, e-mails
        # 3/3, secrets 1/2, 5 of 28 keep spans damaged, no library tail, 1 of 7 clean changed, no
        # JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-123 collection"): a repository
        # owner's login in a git server's log (Gitea's `/serv/command/1/git:<u>/resume`, its SSH
        # `Payload: git-upload-pack '<u>/bm.git'` and SQL `{"bm", "<u>"}`, a push to
        # `<host>:<u>/test.git`); `gitea serv`'s `Hi there, <u>!`; Redmine's git hosting log
        # `User '<u>' created a new repository`; a GitLab runner's `runner=<token prefix>`;
        # damage: placeholder passwords after `gitea admin … --password` and placeholder
        # addresses at `dummydomain.com`/`myowndomain.com` replaced
        docs=18,
        total=(2, 10, 3, 2),
        # 1.73.0: git_ssh_greeting, redmine_git_hosting_user (user_names.yaml) and
        # gitlab_runner_short_token (recognizers.yaml) find qmtr, kai and the runner's token
        # prefix; placeholder_password_phrase and stand_in_email_domains (allow.yaml) keep the
        # five spans; the repository owners (tobi, fenrix, lasse) stay known misses
        found=(2, 4, 3, 2),
        missed=(
            "YunoHost-Apps-forgejo_ynh-issues-57: user (elsewhere) 'lasse'",
            "go-gitea-gitea-issues-11420: user (elsewhere) 'fenrix'",
            "go-gitea-gitea-issues-11420: user (elsewhere) 'fenrix'",
            "go-gitea-gitea-issues-15944: user (elsewhere) 'tobi'",
            "go-gitea-gitea-issues-15944: user (elsewhere) 'tobi'",
            "go-gitea-gitea-issues-15944: user (elsewhere) 'tobi'",
        ),
        keeps=28,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(0, 0),
        parses=(0, 0),
        texts=_TEXTS_123,
    ),
    Measured(
        batch=122,
        blind_under="1.69.0",
        # Batch 122's tune part under scrubber 1.69.0, blind: paths 27/30, elsewhere 11/14,
        # e-mails 4/4, secrets 2/2, 8 of 25 keep spans damaged, 4/4 library tails, 2 of 4 clean
        # changed, no JSON/YAML.
        # known misses and damage (tests/outside_corpus/SOURCE.md, "The stop-122 collection"):
        # `docker login -u <u> <host>:<port>` not read as a login, so it stays there and in the
        # pushed image's namespace `<host>:<port>/<u>/nginx`; a Docker Hub namespace made of the
        # login's initials (`docker push <ini>repository/…`, `[docker.io/<ini>repository/…]`)
        # after `Username: <ini>docker` not read as an account; the poster's placeholder home
        # `/home/mylocaluser/` replaced as a login (and `/media/ext/` as one), and the
        # credentials file's placeholder `"API KEY"` replaced as a secret
        docs=17,
        total=(30, 14, 4, 2),
        # 1.75.0: docker login's -u learned (user_names.yaml's docker_login_username), so the
        # login goes there and in the pushed image's namespace; my<word>user a placeholder
        # (placeholder_name), ext a drive's label (words.yaml's not_user_names), "API KEY" a
        # placeholder (allow.yaml's spaced_credential_name); the initials' namespace stays
        found=(29, 13, 4, 2),
        missed=(
            "distribution-distribution-issues-1678: user (elsewhere) 'hqwrepository'",
            "distribution-distribution-issues-1678: user (path) 'hqwrepository'",
        ),
        keeps=25,
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(4, 4),
        parses=(0, 0),
        texts=_TEXTS_122,
    ),
    Measured(
        batch=121,
        blind_under="1.69.0",
        # Batch 121's tune part under scrubber 1.69.0, blind: paths 4/7, elsewhere 0/14, no
        # e-mail, secrets 4/16, 2 of 26 keep spans damaged, 2/2 library tails, 1 of 7 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-121 collection"): Mosquitto's
        # `New client connected … (c1, k60, u'<u>')` not read as a login, so it stays there and
        # in the topics `rpc/<u>/…`, `report/<u>/…`; mosquitto_pub/_sub's `-P <password>` not
        # read as a secret and their client ids `mosqpub/<pid>-<first>-Le` (the machine's name
        # made of a first name) not read; an MQTT client's `Authenticating with username '{<u>}'
        # and password '{<p>}'`; Tasmota's console `CMD: mqttpassword <p>` (its JSON RESULT is
        # replaced, so the value stays once); Tasmota's `SSId` values naming people (a first name
        # and surname with digits, a surname) in StatusLOG JSON and as a pasted table;
        # deCONZ's ten-hex API keys (`Phoscon-GW: warning: <key>: potentially stale api key`,
        # the whitelist keyed by them); damage: `/home/superuser/.node-red/…` (a role word as
        # the home's owner) replaced by `/home/user1/`, every time, so that clean document changes
        docs=19,
        total=(7, 14, 0, 16),
        # 1.74.0: Mosquitto's u'<u>' learned (user_names.yaml's mosquitto_client_login), so the
        # login goes in the topics too; mosquitto_pub/_sub's -P, Tasmota's CMD: mqttpassword and
        # deCONZ's API keys (the stale-key warning, the whitelist's keys) read as secrets
        # (recognizers.yaml's mosquitto_pw_flag, tasmota_password_command,
        # deconz_api_key_warning, deconz_whitelist_key); superuser a role's home (words.yaml)
        found=(7, 1, 0, 15),
        missed=(
            "arendst-Tasmota-issues-2705: user (elsewhere) 'evamarchetti71'",
            "arendst-Tasmota-issues-7767: user (elsewhere) 'veldman'",
            "jpmens-mosquitto-auth-plug-issues-121: user (elsewhere) 'suresh'",
            "jpmens-mosquitto-auth-plug-issues-121: user (elsewhere) 'suresh'",
            "jpmens-mosquitto-auth-plug-issues-121: user (elsewhere) 'suresh'",
            "jpmens-mosquitto-auth-plug-issues-121: user (elsewhere) 'suresh'",
            "jpmens-mosquitto-auth-plug-issues-121: user (elsewhere) 'suresh'",
            "jpmens-mosquitto-auth-plug-issues-121: user (elsewhere) 'suresh'",
            "jpmens-mosquitto-auth-plug-issues-121: user (elsewhere) 'suresh'",
            "jpmens-mosquitto-auth-plug-issues-121: user (elsewhere) 'suresh'",
            "jpmens-mosquitto-auth-plug-issues-121: user (elsewhere) 'suresh'",
            "jpmens-mosquitto-auth-plug-issues-121: user (elsewhere) 'suresh'",
            "shamblett-mqtt_client-issues-577: secret '407'",
            "shamblett-mqtt_client-issues-577: user (elsewhere) 'lwq'",
        ),
        keeps=26,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(2, 2),
        parses=(0, 0),
        texts=_TEXTS_121,
    ),
    Measured(
        batch=125,
        blind_under="1.78.0",
        # Batch 125's tune part under scrubber 1.78.0, blind: paths 18/18, elsewhere 13/17, no
        # e-mail or secret, 3 of 18 keep spans damaged, 9/9 library tails, 2 of 6 clean changed,
        # no JSON/YAML.
        # known misses and damage (tests/outside_corpus/SOURCE.md, "The stop-125 collection"):
        # rocminfo's `<u> is member of render group` / `video group` line not read as a login
        # (also inside strace's echoed write after `\33[37m`); damage: ROCm's container account
        # `rocm-user@<container id>:~$` replaced as a login, and `/home/pytorch`, `/home/vision`
        # (the source trees of ROCm's PyTorch image) replaced as homes, so two clean documents
        # change
        docs=21,
        total=(18, 17, 0, 0),
        # 1.80.0: rocminfo's line learned (user_names.yaml's rocminfo_group_member, also under
        # strace), the four labels found; rocm-user, pytorch and vision no login (words.yaml's
        # not_user_names), the three keep spans and both clean documents unchanged
        found=(18, 17, 0, 0),
        missed=(),
        keeps=18,
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(9, 9),
        parses=(0, 0),
        texts=_TEXTS_125,
    ),
    Measured(
        batch=126,
        blind_under="1.78.0",
        # Batch 126's tune part under scrubber 1.78.0, blind: paths 7/7, elsewhere 2/4, e-mails
        # 3/3, secrets 2/2, 2 of 37 keep spans damaged, 3/3 library tails, 0 of 6 clean changed,
        # the one JSON document parses.
        # known misses and damage (tests/outside_corpus/SOURCE.md, "The stop-126 collection"):
        # youtube-dl's typed `--username '<First Last>'` (a quoted name with a space) not read as
        # a login, and its `--password ‘password’` (the poster's word in typographic quotes)
        # replaced as a secret; gallery-dl's `[pixiv][info] Logging in as <u>` not read as a
        # login; a gallery-dl config.json's placeholder `"username": "myinstagramusername"`
        # replaced as a login
        docs=15,
        total=(7, 4, 3, 2),
        # 1.81.0: youtube-dl's/yt-dlp's --username '<First Last>' and gallery-dl's Logging in
        # as <u> learned (user_names.yaml's ytdl_username, gallery_dl_logging_in_as), the two
        # labels found; a value in typographic quotes read as quoted (context.py's
        # _TYPOGRAPHIC_CLOSE, password_option) and my<site>username a placeholder
        # (placeholder_name), the two keep spans kept
        found=(7, 4, 3, 2),
        missed=(),
        keeps=37,
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(3, 3),
        parses=(1, 1),
        texts=_TEXTS_126,
        files=_FILES_126,
    ),
    Measured(
        batch=130,
        blind_under="1.78.0",
        # Batch 130's tune part under scrubber 1.78.0, blind: paths 15/15, elsewhere 5/6,
        # e-mails 0/2, secrets 1/1, 1 of 21 keep spans damaged, 7/7 library tails, 0 of 6 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-130 collection"): a Coveralls
        # payload's `"committer_name": "<u>"` not read as a login; Jenkins emailext's `Failed to
        # create e-mail address for <a>@<corp>.com<b>@<corp>.com` (two addresses run together,
        # no separator) left whole, though either alone is replaced; damage: sonar-scanner-npm's
        # `'sonar.login': 'sqa_###'` (a token prefix and the poster's `###` mask) replaced as a
        # token in its Properties dump, while the same value after `-Dsonar.login=` stays
        docs=17,
        total=(15, 6, 2, 1),
        # 1.85.0: the Coveralls payload's committer learned (user_names.yaml's
        # coveralls_git_head), the two addresses run together cut apart (IntakeEmailRecognizer's
        # run_together_end), `sqa_###` kept as a mask (allow.yaml's masked_prefixed_token)
        found=(15, 6, 2, 1),
        missed=(),
        keeps=21,
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(7, 7),
        parses=(0, 0),
        texts=_TEXTS_130,
    ),
    Measured(
        batch=131,
        blind_under="1.78.0",
        # Batch 131's tune part under scrubber 1.78.0, blind: paths 16/16, elsewhere 8/10,
        # e-mail 1/1, secret 1/1, 2 of 28 keep spans damaged, 9/9 library tails, 1 of 4 clean
        # changed, no JSON/YAML.
        # known misses and damage (tests/outside_corpus/SOURCE.md, "The stop-131 collection"):
        # microG's GmsHttpFormClient response `firstName=<First>` / `lastName=<Last>` (the
        # Google account's name; its `Email=` is found) not read as a person's name; microG's
        # `peekAuthToken: <package>:<signing digest>:<scope>` (a token cache's key, Google's
        # public SHA-1 signing digest inside) replaced whole as a token; XPrivacy's fake
        # account `a@b.com` replaced as an address, so that clean document changes
        docs=14,
        total=(16, 10, 1, 1),
        # 1.86.0: microG's firstName=/lastName= learned (user_names.yaml's
        # microg_response_name), its token cache key (allow.yaml's microg_token_key) and
        # Google's signing digest (google_signing_digests) kept, a@b.com kept
        # (single_letter_address): the two labels found, no damage, no clean document changed
        found=(16, 10, 1, 1),
        missed=(),
        keeps=28,
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(9, 9),
        parses=(0, 0),
        texts=_TEXTS_131,
    ),
    Measured(
        batch=124,
        blind_under="1.78.0",
        # Batch 124's tune part under scrubber 1.78.0, blind: paths 13/17, elsewhere 2/7, no
        # e-mail or secret, 3 of 24 keep spans damaged, 9/9 library tails, 1 of 7 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-124 collection"): `ls -ld`'s
        # owner and group columns holding the login (`drwx------  4 <u>   <u>   4096 …`) not read
        # as one; a prompt's host made of the login without its hyphen (`<u>@<uu>-desktop`) not
        # learned although the login is; the two one-letter logins (`C:\\Users\\<l>\\…`) are
        # replaced, but the bench counts them missed because the letter starts other words of
        # the excerpt (a collector's slip: 4 of the 4 path misses); damage:
        # text-generation-webui's own `--gradio-auth username:password` warning read as a
        # credential (and the word `flag` after the quoted `"--gradio-auth"`), and the poster's
        # `C:\Users\unnamed>` replaced as a login, so that clean document changes
        docs=18,
        total=(17, 7, 0, 0),
        # 1.79.0: a listing's two-letter owner with its own private group learned
        # (user_names.yaml's listing_owner_group, engine._short_login), the host ubiquity made
        # of the hyphenated login learned (installer_host), text-generation-webui's own
        # username:password and its quoted "--gradio-auth" flag kept, the masked C:\Users\unnamed
        # kept (words.yaml's not_user_names); the one-letter logins stay the collector's slip
        found=(13, 7, 0, 0),
        missed=(
            "dezoito-ollama-grid-search-issues-6: user (path) 'R'",
            "dezoito-ollama-grid-search-issues-6: user (path) 'R'",
            "ollama-ollama-issues-5816: user (path) 'q'",
            "ollama-ollama-issues-5816: user (path) 'q'",
        ),
        keeps=24,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(9, 9),
        parses=(0, 0),
        texts=_TEXTS_124,
    ),
    Measured(
        batch=127,
        blind_under="1.78.0",
        # Batch 127's tune part under scrubber 1.78.0, blind: paths 18/19, elsewhere 1/6, e-mails
        # 9/12, secrets 2/2, 12 of 41 keep spans damaged, 3/3 library tails, 5 of 7 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-127 collection"): a person's
        # name as the site's own domain (acme.sh's prompt path, -d, Le_Domain and DOMAIN_PATH;
        # NPM's certbot --domains after an --email ending in the same surname), and an ACME
        # account's role or test address at the owner's own domain (Traefik's resolver email =,
        # lego's Registering account for) kept as a role address
        # known damage: lego dnshelp's example me@bar.com replaced (foo@bar.com kept); the caddy
        # service account's home learned as a login, so its own data folder .../share/caddy/
        # goes too; a Windows profile named after the server learned as a login, so the
        # settings' ComputerName goes too; an organisation's role addresses (win-acme_ssl@,
        # itdepartment@) in win-acme's settings.json; Posh-ACME's documented default PfxPass
        # poshacme; acme.sh's _saved_account_key_hash (a digest, not a credential)
        docs=19,
        total=(19, 6, 12, 2),
        found=(18, 1, 9, 2),
        missed=(
            "LePresidente-docker-nginx-proxy-manager-issues-8: user (elsewhere) 'ferro'",
            "LePresidente-docker-nginx-proxy-manager-issues-8: user (elsewhere) 'ferro'",
            "acmesh-official-acme.sh-issues-309: user (elsewhere) 'danwark'",
            "acmesh-official-acme.sh-issues-309: user (elsewhere) 'danwark'",
            "acmesh-official-acme.sh-issues-309: user (elsewhere) 'danwark'",
            "acmesh-official-acme.sh-issues-309: user (path) 'danwark'",
            "go-acme-lego-issues-2796: email 'test@tavnor.org'",
            "traefik-traefik-issues-6616: email 'webmaster@lammerts.net'",
            "traefik-traefik-issues-6616: email 'webmaster@lammerts.net'",
        ),
        keeps=41,
        # 1.82.0: lego's documented me@bar.com (allow.yaml's lego_documented_address), the caddy
        # account (words.yaml's system_accounts), Posh-ACME's default PfxPass
        # (posh_acme_default_pfx_pass) and acme.sh's _saved_account_key_hash
        # (recognizers.yaml's acme_sh_account_key_hash) kept: 12 damaged spans -> 4, clean
        # changed 5 -> 1; the server-named profile and the organisation's role addresses left
        damage=(
            "win-acme-win-acme-issues-1662: 'itdepartment@cmca.us'",
            "win-acme-win-acme-issues-1662: 'win-acme_ssl@cmca.us'",
            "win-acme-win-acme-issues-2459: 'server3'",
            "win-acme-win-acme-issues-2459: 'server3'",
        ),
        clean_changed=("win-acme-win-acme-issues-1662",),
        clean_docs=7,
        tails=(3, 3),
        parses=(0, 0),
        texts=_TEXTS_127,
    ),
    Measured(
        batch=129,
        blind_under="1.78.0",
        # Batch 129's tune part under scrubber 1.78.0, blind: paths 16/16, elsewhere 9/11, e-mails
        # 11/11, secrets 1/1, 6 of 40 keep spans damaged, 5/5 library tails, 1 of 6 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-129 collection"): an sfdx.log
        # JSON line's `"hostname":"<Surname>-Desktop"` (the surname a prefix of the login learned
        # from `C:\\Users\\<login>`) left; a macOS prompt's host `<u-with-hyphen>s-MBP` left
        # while the prompt's `<u_with_underscore>` is found; damage: a masked address with letters
        # on both sides of the mask (`ah******kr@yahoo.com`) read from after the mask
        # (`kr@yahoo.com` replaced, `ah******` left), so that clean document changes; a masked
        # address with a plus tag (`xxxxxxxx+cf@gmail.com`) replaced whole, so the `xxx`
        # placeholders beside it are counted as fewer too
        docs=18,
        total=(16, 11, 11, 1),
        # 1.84.0: the sfdx.log host named after the login's name part (user_names.yaml's
        # named_host, engine.named_host_logins) and the Mac host of the login with an underscore
        # (engine.mac_hyphen_host_logins) found; the masked addresses kept (recognizers.py's
        # _MASK_BEFORE_LOCAL, allow.yaml's masked_local_part_tagged), so no damage and the clean
        # document stays
        found=(16, 11, 11, 1),
        missed=(),
        keeps=40,
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(5, 5),
        parses=(0, 0),
        texts=_TEXTS_129,
    ),
    Measured(
        batch=128,
        blind_under="1.78.0",
        # Batch 128's tune part under scrubber 1.78.0, blind: paths 0/1, elsewhere 0/9, e-mails 8/8,
        # secrets 3/3, 1 of 30 keep spans damaged, no library tail, 1 of 5 clean changed, no
        # JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-128 collection"): Postfix
        # smtpd's `client=…, sasl_method=PLAIN, sasl_username=<login>` not read as a login; a
        # personal domain made of its owner's name (rmilter's `accepted connection from
        # mail.<surname>.io`, OpenDKIM's `no signing domain match for '<first>-<last>.info'`,
        # Mail-in-a-Box's status check `…/query/domain/<firstlast>.nz`) left; a personal
        # leetspeak domain replaced with `YYY@<d>` and `root@<d>` (whole addresses) but left in
        # `XXX@<d>:{BLF-CRYPT}…` (a masked local part) and `postmaster@<d>` (a role address);
        # damage: mailcow.conf's documented default `# Default password is "moohoo"` replaced
        # (`FAKE01`), so that clean document changes
        docs=16,
        total=(1, 9, 8, 3),
        # 1.83.0: Postfix's sasl_username= learned (user_names.yaml's postfix_sasl_username), the
        # login found; mailcow's default "moohoo" kept (allow.yaml's mailcow_default_password), no
        # damage and no clean document changed; the personal-domain classes left (docs/scrubber.md)
        found=(0, 1, 8, 3),
        missed=(
            "MarvAmBass-docker-versatile-postfix-issues-10: user (elsewhere) 'francois-weber'",
            "MarvAmBass-docker-versatile-postfix-issues-10: user (elsewhere) 'francois-weber'",
            "dovecot-documentation-issues-464: user (elsewhere) 'n1g7h4773r'",
            "dovecot-documentation-issues-464: user (elsewhere) 'n1g7h4773r'",
            "dovecot-documentation-issues-464: user (elsewhere) 'n1g7h4773r'",
            "dovecot-documentation-issues-464: user (elsewhere) 'n1g7h4773r'",
            "dovecot-documentation-issues-464: user (elsewhere) 'n1g7h4773r'",
            "mail-in-a-box-mailinabox-issues-2184: user (path) 'benharlow'",
            "r-raymond-nixos-mailserver-issues-65: user (elsewhere) 'hellmann'",
        ),
        keeps=30,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(0, 0),
        parses=(0, 0),
        texts=_TEXTS_128,
    ),
    Measured(
        batch=135,
        blind_under="1.86.0",
        # Batch 135's tune part under scrubber 1.86.0, blind: paths 29/29, elsewhere 2/9, no
        # e-mail or secret, 0 of 28 keep spans damaged, 10/10 library tails, 0 of 3 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-135 collection"): a
        # RetroAchievements account in `dorequest.php?r=login&u=<account>&p=…` (and `r=patch`,
        # `r=unlocks` with `&t=`) and in the answer's `"User":"<account>"` not read as a login;
        # the prompt's login `<u>@shiro` is replaced, but the account is the login and two
        # digits, so the bench counts the three login labels missed too
        docs=14,
        total=(29, 9, 0, 0),
        # 1.91.0: the account in dorequest.php's u= and the login answer's "User" learned
        # (user_names.yaml's retroachievements_user), the seven labels found
        found=(29, 9, 0, 0),
        missed=(),
        keeps=28,
        damage=(),
        clean_changed=(),
        clean_docs=3,
        tails=(10, 10),
        parses=(0, 0),
        texts=_TEXTS_135,
    ),
    Measured(
        batch=132,
        blind_under="1.86.0",
        # Batch 132's tune part under scrubber 1.86.0, blind: paths 14/14, elsewhere 16/25, no
        # e-mail or secret, 1 of 30 keep spans damaged, 8/8 library tails, 0 of 7 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-132 collection"): the systemd
        # journal's host field holding a person's given name (`Feb 01 16:15:48 <name>
        # org.wezfurlong.wezterm.desktop[…]:`, every line) left; a tmux server log's pane
        # environment `REALNAME=<First> <SURNAME> + <login> + … requested by <First>
        # DE-<SURNAME>` keeps both people's names (the login inside it is replaced, learned from
        # HOME=); an Oh My Zsh prompt line ` <login>@TR ~` (no sigil, a two-letter host) after
        # the updater not read as a prompt, its login unlike the `/Users/<account>` home's;
        # damage: a shared software tree in capitals under /home (`LD_LIBRARY_PATH=…::
        # /home/OPENSOURCE/Linux/RHEL7/64b/lib`) read as a home and replaced
        docs=16,
        total=(14, 25, 0, 0),
        # 1.88.0: REALNAME's people learned (user_names.yaml's env_realname), the sigil-less
        # agnoster prompt's login (sigilless_prompt), the shared tree under /home kept
        # (home_segment); the journal's host field left (nothing in the text ties it to a login)
        found=(14, 19, 0, 0),
        missed=(
            "wezterm-wezterm-issues-4923: user (elsewhere) 'zhiyuan'",
            "wezterm-wezterm-issues-4923: user (elsewhere) 'zhiyuan'",
            "wezterm-wezterm-issues-4923: user (elsewhere) 'zhiyuan'",
            "wezterm-wezterm-issues-4923: user (elsewhere) 'zhiyuan'",
            "wezterm-wezterm-issues-4923: user (elsewhere) 'zhiyuan'",
            "wezterm-wezterm-issues-4923: user (elsewhere) 'zhiyuan'",
        ),
        keeps=30,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(8, 8),
        parses=(0, 0),
        texts=_TEXTS_132,
    ),
    Measured(
        batch=133,
        blind_under="1.86.0",
        # Batch 133's tune part under scrubber 1.86.0, blind: paths 16/16, elsewhere 0/6, e-mails
        # 2/2, secrets 1/1, 2 of 29 keep spans damaged, 9/9 library tails, 1 of 7 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-133 collection"): a bracketed
        # macOS prompt `[<u>@<u>s-MacBook-Pro] ~/Downloads>` (the bluemix/bx CLI's users) not read
        # as a login, neither the user nor the host made of it; a person's handle as a component
        # of gcloud's `--project=<handle>-test2`, where the profile folder `C:\Users\<First Last>`
        # is found but teaches nothing of the handle; damage: `ibmid@br.ibm.com`, the poster's
        # stand-in at IBM's own domain in `bx login`'s `Email>` and `User:`, replaced as an
        # address, so that clean document changes
        docs=19,
        total=(16, 6, 2, 1),
        # 1.89.0: tcsh's bracketed prompt read as a login (user_names.yaml's tcsh_prompt), the
        # four labels of the prompt and its host found; the --project= handle and the ibmid@
        # stand-in left (no documented shape: docs/scrubber.md, "Stop 56 (1.89.0)")
        found=(16, 4, 2, 1),
        missed=(
            "GoogleCloudPlatform-google-cloud-visualstudio-issues-855: user (elsewhere) 'runnermatt'",
            "GoogleCloudPlatform-google-cloud-visualstudio-issues-855: user (elsewhere) 'runnermatt'",
        ),
        keeps=29,
        damage=(
            "IBM-Cloud-ibm-cloud-cli-release-issues-69: 'ibmid@br.ibm.com'",
            "IBM-Cloud-ibm-cloud-cli-release-issues-69: 'ibmid@br.ibm.com'",
        ),
        clean_changed=("IBM-Cloud-ibm-cloud-cli-release-issues-69",),
        clean_docs=7,
        tails=(9, 9),
        parses=(0, 0),
        texts=_TEXTS_133,
    ),
    Measured(
        batch=134,
        blind_under="1.86.0",
        # Batch 134's tune part under scrubber 1.86.0, blind: paths 23/46, elsewhere 1/2, e-mails
        # 2/2, no secret, 3 of 30 keep spans damaged, 10/10 library tails, 1 of 5 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-134 collection"): a GitHub
        # Pages user site's `<handle>.github.io` folder and repository, and the handle as a
        # repository's owner in `https://github.com/<handle>/…`, not read as a login (a Jekyll
        # site under `C:\Users\ADMIN\…`, a Hexo site under `/Users/<first>/…`, where the login is
        # found but the handle that begins with it stays, so the bench counts its labels missed
        # too); a Pages deploy action's `/usr/bin/git config user.name <handle>` not read as a
        # login (its e-mail is found), so the handle stays in the Actions workspace path and the
        # remotes; damage: a poster's masked `git log` author `gxxxxxg` replaced as a name and a
        # masked local part `sxxxxxn@outlook.com` replaced as an address, so that clean document
        # changes
        docs=16,
        total=(46, 2, 2, 0),
        # 1.90.0: `/usr/bin/git config user.name <u>` read as a login (user_names.yaml's
        # git_config_by_path), a Pages site `<u><digits>.github.io` beside the learned login
        # learned (engine.pages_site_names), a poster's mask `gxxxxxg`/`sxxxxxn@…` kept
        # (illustrative.x_masked); the Jekyll site under `C:\Users\ADMIN\…` beside no learned
        # login stays (an organisation's `<org>.github.io` has the same shape)
        found=(41, 2, 2, 0),
        missed=(
            "jekyll-jekyll-issues-8926: user (path) 'QKRT4417'",
            "jekyll-jekyll-issues-8926: user (path) 'QKRT4417'",
            "jekyll-jekyll-issues-8926: user (path) 'QKRT4417'",
            "jekyll-jekyll-issues-8926: user (path) 'QKRT4417'",
            "jekyll-jekyll-issues-8926: user (path) 'QKRT4417'",
        ),
        keeps=30,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(10, 10),
        parses=(0, 0),
        texts=_TEXTS_134,
    ),
    Measured(
        batch=136,
        blind_under="1.94.0",
        # Batch 136's tune part under scrubber 1.94.0, blind: paths 23/24, elsewhere 6/11,
        # e-mails 2/2, no secret, 0 of 24 keep spans damaged, 6/6 library tails, 0 of 5 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-136 collection"): Stack's
        # `templates: params:` not read as a person's (`github-username: <firstlast>` stays, and
        # `author-name`/`copyright` lose only the first name, the home's login `<first>` followed
        # there; the bench counts that home's label missed too: the handle begins with it);
        # gpg's `user: "<First> <Middle> <Last> <address>"` passphrase prompt (the address goes,
        # the name stays); macOS' default host `<Name>s-MacBook-Air` in an Erlang node name;
        # a web home `http://host/~<surname>/…` beside the login `/Users/<i><surname>/…` (found)
        docs=14,
        total=(24, 11, 2, 0),
        # 1.95.0: Stack's params (stack_template_author), gpg's passphrase prompt
        # (gpg_passphrase_prompt_name), the handle's Mac host (mac_host_handle) and the web home
        # beside its login (web_home, engine.web_home_names) read, the six labels found
        found=(24, 11, 2, 0),
        missed=(),
        keeps=24,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(6, 6),
        parses=(0, 0),
        texts=_TEXTS_136,
    ),
    Measured(
        batch=137,
        blind_under="1.94.0",
        # Batch 137's tune part under scrubber 1.94.0, blind: paths 16/17, elsewhere 2/3, no
        # e-mail, secrets 2/2, 9 of 28 keep spans damaged, 5/5 library tails, 4 of 6 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-137 collection"): a folder
        # named with the user's first name right under the home (`C:\Users\<u>\<First>\…`, the
        # login's capitalised prefix) not read as the user's; a Celery worker's node name
        # `celery@<SURNAME>-PC` (Windows 7's default computer name `<user>-PC`) with nothing
        # learned; damage: stand-in and documentation passwords (`password = blablabla2` beside
        # `blablabla`, NATS' example `T0pS3cr3t`) replaced as secrets, a stand-in address
        # `problem_user@domain.com` replaced, and the ArtemisCloud image's `/home/jboss` read as
        # a person's home, so four clean documents change
        docs=16,
        total=(17, 3, 0, 2),
        found=(16, 2, 0, 2),
        missed=(
            "axel-sirota-getting-started-kafka-issues-4: user (path) 'Ravi'",
            "celery-celery-issues-3559: user (elsewhere) 'DKAVAS'",
        ),
        keeps=28,
        # 1.96.0: the images' accounts kept (words.yaml: jboss), the stand-ins kept
        # (allow.yaml's numbered_filler, spelt_out_secret, described_user_address): 9 -> 0
        # damaged, 4 -> 0 clean changed
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(5, 5),
        parses=(0, 0),
        texts=_TEXTS_137,
    ),
    Measured(
        batch=138,
        blind_under="1.94.0",
        # Batch 138's tune part under scrubber 1.94.0, blind: paths 46/46, elsewhere 9/9, no
        # e-mail, secrets 1/1, 0 of 34 keep spans damaged, 10/10 library tails, 0 of 7 clean
        # changed, no JSON/YAML.
        # no known miss or damage (tests/outside_corpus/SOURCE.md, "The stop-138 collection"):
        # the texts are the tune part's found and kept shapes where they name nobody
        docs=19,
        total=(46, 9, 0, 1),
        found=(46, 9, 0, 1),
        missed=(),
        keeps=34,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(10, 10),
        parses=(0, 0),
        texts=_TEXTS_138,
    ),
    Measured(
        batch=139,
        blind_under="1.94.0",
        # Batch 139's tune part under scrubber 1.94.0, blind: paths 2/3, elsewhere 0/9, e-mails
        # 9/9, secrets 6/6, 3 of 34 keep spans damaged, 2/2 library tails, 2 of 6 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-139 collection"): an OIDC ID
        # token's `"name": "<First Last>"` claim not read as a person's name, and the surname of
        # the learned address's own domain (`<first>@<surname>.dev`) not followed into the
        # issuer `https://sso.<surname>.dev/…` (the group SPNs `…@sso.<surname>.dev` go as
        # addresses); the first name of a learned `<first>.<last>@…` address not followed into a
        # test host `https://<first>-dex-testing.…`; an Authelia `users_database.yml`'s login key
        # under `users:` and its `displayname:` not read as a login (only `email:
        # mail@<handle>.de` goes); damage: a poster's plain cookie secrets (`secretsecret`,
        # `abc123456def1111`) replaced as secrets, an eduPerson scoped affiliation
        # `member@<domain>` replaced as an address, and oauth2-proxy's `Session{…}` struct name
        # after `Authenticated via OAuth2:` replaced as a token, so two clean documents change
        docs=15,
        total=(3, 9, 9, 6),
        # 1.97.0: the ID token's `name` claim and the Authelia users file's login key and
        # displayname learned (user_names.yaml's oidc_standard_claims, authelia_users_file_*;
        # the surname goes from the issuer with the name's words); the affiliation, the typed
        # cookie secrets and oauth2-proxy's Session{…} kept (allow.yaml's
        # edu_person_scoped_affiliation, credential_words_glued, typed_runs_key_length;
        # context._OBJECT_STRING); the Dex test host's first name is left
        found=(2, 9, 9, 6),
        missed=("dexidp-dex-issues-831: user (path) 'nora'",),
        keeps=34,
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(2, 2),
        parses=(0, 0),
        texts=_TEXTS_139,
    ),
    Measured(
        batch=140,
        blind_under="1.94.0",
        # Batch 140's tune part under scrubber 1.94.0, blind: paths 13/13, elsewhere 3/9, e-mail
        # 1/1, secrets 2/2, 1 of 16 keep spans damaged, 3/3 library tails, 0 of 7 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-140 collection"): tootctl's
        # `accounts modify <u> --role Admin` account argument not read as a login; a YunoHost
        # app's `set -x` log naming the admin's YunoHost login (`ynh_handle_getopts_args <u>
        # mail`, `yunohost user info <u> --output-as plain`, `[[ <u> =~ ^#mail$ ]]`) and the first
        # name read from it (`[[ <first> =~ ^#mail$ ]]`); a first name after a removable disk's
        # word in a folder (`/media/<vol>/<vol>_<first>/`: the volume word is taken for a login,
        # the name stays); damage: the poster's stand-in `aaa@gmail.com` beside the stand-in
        # account `aaaa` replaced as an address
        docs=18,
        total=(13, 9, 1, 2),
        # 1.98.0: tootctl's, pleroma_ctl's and yunohost's account argument learned
        # (user_names.yaml's server_admin_cli_account), the first name of YunoHost's plain
        # `#firstname` key (yunohost_plain_user_key); a local part of one letter repeated kept as
        # a stand-in (allow.yaml's placeholder_email); the removable disk's first name is left
        found=(13, 8, 1, 2),
        missed=("LemmyNet-lemmy-ansible-pull-17: user (elsewhere) 'pere'",),
        keeps=16,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(3, 3),
        parses=(0, 0),
        texts=_TEXTS_140,
    ),
    Measured(
        batch=141,
        blind_under="1.94.0",
        # Batch 141's tune part under scrubber 1.94.0, blind: paths 11/12, elsewhere 1/3, e-mails
        # 4/4, secrets 2/2, 5 of 29 keep spans damaged, 3/3 library tails, 0 of 4 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-141 collection"): the login of
        # macOS bash's default prompt `<host>:<folder> <Login>$` not read when the host is a
        # model nickname (`MBPro`) and no home names it; a developer's full name run together in
        # an app identifier `de.<firstlast>.<app>` not read (the bench counts the Windows home's
        # first name missed too, the identifier beginning with it); damage: a poster's masked
        # Apple ID `pi...ki@gmail.com`/`pio...ski@gmail.com` replaced as an address (4 spans,
        # also in the spaceship cookie path), and the updater's minisign public key printed by
        # `tauri signer generate` replaced as a secret
        docs=12,
        total=(12, 3, 4, 2),
        # 1.99.0: macOS bash's prompt read on any host (user_names.yaml's mac_bash_prompt), the
        # masked Apple IDs kept (recognizers._masked_local), the minisign public key kept
        # (engine._minisign_public); the app identifier made of a full name is left (decided)
        found=(11, 2, 4, 2),
        missed=(
            "fastlane-fastlane-issues-13147: user (elsewhere) 'ivokrzyzanski'",
            "fastlane-fastlane-issues-13147: user (path) 'Ivo'",
        ),
        keeps=29,
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(3, 3),
        parses=(0, 0),
        texts=_TEXTS_141,
    ),
    Measured(
        batch=142,
        blind_under="1.94.0",
        # Batch 142's tune part under scrubber 1.94.0, blind: paths 13/13, elsewhere 4/4, e-mails
        # 0/2, secrets 3/3, 5 of 33 keep spans damaged, 6/6 library tails, 1 of 7 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-142 collection"): a mail
        # client's sender `hi@<domain>` at the poster's own domain (django-anymail's `Sending a
        # message to … from …` and the `.env`'s `MAIL_FROM=`) kept as a role mailbox; damage: a
        # poster's stand-in home `C:\Users\john\…` under Insomnia's plugin folder replaced as a
        # login, so that clean document changes
        docs=15,
        total=(13, 4, 2, 3),
        found=(13, 4, 0, 3),
        missed=(
            "anymail-django-anymail-issues-237: email 'hi@lumodev.co.uk'",
            "anymail-django-anymail-issues-237: email 'hi@lumodev.co.uk'",
        ),
        keeps=33,
        damage=(
            "jreyesr-insomnia-plugin-batch-requests-issues-20: 'john'",
            "jreyesr-insomnia-plugin-batch-requests-issues-20: 'john'",
            "jreyesr-insomnia-plugin-batch-requests-issues-20: 'john'",
            "jreyesr-insomnia-plugin-batch-requests-issues-20: 'john'",
            "jreyesr-insomnia-plugin-batch-requests-issues-20: 'john'",
        ),
        clean_changed=("jreyesr-insomnia-plugin-batch-requests-issues-20",),
        clean_docs=7,
        tails=(6, 6),
        parses=(0, 0),
        texts=_TEXTS_142,
    ),
    Measured(
        batch=143,
        blind_under="1.94.0",
        # Batch 143's tune part under scrubber 1.94.0, blind: paths 19/19, elsewhere 5/10, no
        # e-mail, secrets 3/3, 14 of 38 keep spans damaged, 7/7 library tails, 2 of 6 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-143 collection"): a prompt's
        # host made of the login's initials (`<First>@<INITIALS>SAMSUNG`) or of the login's last
        # word (`iMac-<Name>:Flyway <login>$`), a prompt `<folder> <login>$` with no host, a
        # Liquibase changeset author `file::id::<first.last>`; damage: a documentation address
        # whose local part is the learned first name (`<first>@example.com`), an app's dedicated
        # account named after the app (`> misskey@<version> migrate /home/misskey/misskey`,
        # `[opencue@opencue tmp]$` with `user 'opencue'`) replaced as a login, so those two clean
        # documents change
        docs=16,
        total=(19, 10, 0, 3),
        # 1.100.0: the Liquibase check-sum failure's changeset author and macOS bash's prompt
        # without its host (user_names.yaml's liquibase_changeset_author, hostless_mac_prompt)
        found=(19, 7, 0, 3),
        missed=(
            "flyway-flyway-issues-2741: user (elsewhere) 'Walt'",
            "flyway-flyway-issues-2741: user (elsewhere) 'Walt'",
            "jambonrose-DjangoUnleashed-1.8-issues-3: user (elsewhere) 'SDRB'",
        ),
        keeps=38,
        # 1.101.0: self-hosted applications' own accounts kept (words.yaml's system_accounts:
        # misskey, opencue, …; engine._app_checkout_account), so those two clean documents stay
        damage=(
            "jambonrose-DjangoUnleashed-1.8-issues-3: 'simon@example.com'",
            "jambonrose-DjangoUnleashed-1.8-issues-3: 'simon@example.com'",
            "jambonrose-DjangoUnleashed-1.8-issues-3: 'simon@example.com'",
        ),
        clean_changed=(),
        clean_docs=6,
        tails=(7, 7),
        parses=(0, 0),
        texts=_TEXTS_143,
    ),
    Measured(
        batch=144,
        blind_under="1.94.0",
        # Batch 144's tune part under scrubber 1.94.0, blind: paths 17/17, elsewhere 0/3, no
        # e-mail, secrets 3/3, 3 of 17 keep spans damaged, 2/2 library tails, 2 of 6 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-144 collection"): a poster's
        # handle as his own domain `home.<handle>.com` in a Datadog check's log line, the login in
        # a two-line prompt `[<host> :: <login>][~]` / `[.]$`, the login in a bare `<login>$`
        # prompt before a command; damage: a `*`-masked Splunk HEC token in `vector.toml`
        # replaced as a secret, and Splunk's CLI `-auth admin:Admin@123` (a lab's documented
        # credentials) replaced whole, so those two clean documents change
        docs=15,
        total=(17, 3, 0, 3),
        found=(17, 0, 0, 3),
        missed=(
            "DataDog-dd-agent-issues-3652: user (elsewhere) 'bjlowe'",
            "fluent-fluent-bit-issues-226: user (elsewhere) 'kel'",
            "saltstack-salt-issues-42146: user (elsewhere) 'mtavel'",
        ),
        keeps=17,
        # 1.100.0: the `*`-masked Splunk HEC token kept (illustrative._typed_over), so that clean
        # document stays
        damage=(
            "0xrajneesh-90-days-security-challenge-issues-2: 'Admin@123'",
            "0xrajneesh-90-days-security-challenge-issues-2: 'admin'",
        ),
        clean_changed=("0xrajneesh-90-days-security-challenge-issues-2",),
        clean_docs=6,
        tails=(2, 2),
        parses=(0, 0),
        texts=_TEXTS_144,
    ),
    Measured(
        batch=150,
        blind_under="1.100.0",
        # Batch 150's tune part under scrubber 1.100.0, blind: paths 27/27, elsewhere 1/1, no
        # e-mail or secret, 0 of 15 keep spans damaged, 10/10 library tails, 0 of 5 clean
        # changed, no JSON/YAML. No known miss or damage (tests/outside_corpus/SOURCE.md, "The
        # stop-150 collection"); the texts are the found shapes' look-alikes that name nobody
        docs=16,
        total=(27, 1, 0, 0),
        found=(27, 1, 0, 0),
        missed=(),
        keeps=15,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(10, 10),
        parses=(0, 0),
        texts=_TEXTS_150,
    ),
    Measured(
        batch=149,
        blind_under="1.100.0",
        # Batch 149's tune part under scrubber 1.100.0, blind: paths 31/33, elsewhere 16/23, no
        # e-mail or secret, 3 of 28 keep spans damaged, 8/8 library tails, 1 of 7 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-149 collection"):
        # home-manager's NixOS unit `home-manager-<u>.service`, `Home Manager environment for
        # <u>` and the journal tag `hm-activate-<u>[pid]` not read as a login when no prompt or
        # home taught it; a first name in a cloud host's name
        # (`opc@centos7-9-nonrdma-<first>-20210916`); a site's `/local/<u>/.spack/…` not read
        # as a home; a `<First>s-Work-MacBook-Pro` host as a `--flake .#` attribute; damage: the
        # role account `itsupport` under `/home/itsupport/.local/easybuild/…` replaced as a login,
        # so that clean document changes
        docs=19,
        total=(33, 23, 0, 0),
        # 1.103.0: the `<First>s-Work-MacBook-Pro` flake attribute read (user_names.yaml's
        # mac_host_forms), so the first name goes
        # 1.105.0: home-manager's unit, description and journal tag learned (user_names.yaml's
        # home_manager_unit), /local/<u>/.spack/cache a home by Spack's user scope
        # (recognizers' posix_home_by_spack_user_scope), itsupport kept (words.yaml's
        # not_user_names): the seven labels found, the three keep spans and the clean document
        # kept; the cloud host's first name is still missed
        found=(33, 22, 0, 0),
        missed=("spack-spack-issues-26052: user (elsewhere) 'tomas'",),
        keeps=28,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(8, 8),
        parses=(0, 0),
        texts=_TEXTS_149,
    ),
    Measured(
        batch=146,
        blind_under="1.100.0",
        # Batch 146's tune part under scrubber 1.100.0, blind: paths 40/53, elsewhere 8/12, no
        # e-mail or secret, 0 of 19 keep spans damaged, 17/17 library tails, 0 of 3 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-146 collection"): a Mac's host
        # made of the first name and `sMacBookPro` (no dashes) keeps the name though the login is
        # replaced everywhere (the bench counts all ten labels missed: the name is left in the
        # host); a two-letter login learned from `C:\Users\<U>\` not followed to the same
        # folder at a drive's top (`F:\<U>\proj\go`, `PS F:\<U>\…>`), and the poster's handle
        # as a project folder (`src\project\<handle>\main.go`); `nvim --version`'s `Compiled
        # by <u>@<host>` not read as a login
        # 1.103.0: the dashless `<Name>sMacBookPro` host and `Compiled by <u>@<host>` read
        # (user_names.yaml's mac_host_forms and compiled_by, engine._MAC_HOST); the two-letter
        # login at a drive's top (`F:\<U>\`) and the handle folder are left
        docs=15,
        total=(53, 12, 0, 0),
        found=(47, 12, 0, 0),
        missed=(
            "microsoft-vscode-go-issues-2941: user (path) 'Qe'",
            "microsoft-vscode-go-issues-2941: user (path) 'Qe'",
            "microsoft-vscode-go-issues-2941: user (path) 'Qe'",
            "microsoft-vscode-go-issues-2941: user (path) 'Qe'",
            "microsoft-vscode-go-issues-2941: user (path) 'Qe'",
            "microsoft-vscode-go-issues-2941: user (path) 'romdo'",
        ),
        keeps=19,
        damage=(),
        clean_changed=(),
        clean_docs=3,
        tails=(17, 17),
        parses=(0, 0),
        texts=_TEXTS_146,
    ),
    Measured(
        batch=148,
        blind_under="1.100.0",
        # Batch 148's tune part under scrubber 1.100.0, blind: paths 23/26, elsewhere 3/6, no
        # e-mail, secrets 5/6, 4 of 17 keep spans damaged, 5/5 library tails, 1 of 4 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-148 collection"): a password
        # printed alone on the line after `kubectl get secret … -o jsonpath="{.data.<password
        # key>}" | base64 --decode`; a Git forge handle given as `flux bootstrap gitea --owner
        # <Handle>` and in the `https://gitea.com/<Handle>/<repo>` URLs it prints; a poster's full
        # name as his own domain `gitlab.<first><last>.com` in Argo CD's ApplicationSet error;
        # damage: the poster's stand-in `qqqqqqq` (one letter repeated) as a SCRAM password, and
        # as the Kafka user and JAAS username of the same value, replaced, so that clean document
        # changes
        docs=16,
        total=(26, 6, 0, 6),
        # 1.104.0: the password decoded after `kubectl get secret … | base64 --decode` found
        # (recognizers.yaml's kubectl_decoded_secret); the `qqqqqqq` stand-ins kept (allow.yaml's
        # one_letter_stand_in, user_names.yaml's placeholder_name), so no damage and the clean
        # document stays; the flux owner (no `--personal`) and the own-host name stay missed
        found=(23, 3, 0, 6),
        missed=(
            "argoproj-applicationset-issues-329: user (elsewhere) 'danielmarcus'",
            "argoproj-applicationset-issues-329: user (elsewhere) 'danielmarcus'",
            "fluxcd-flux2-pull-4270: user (elsewhere) 'Tomasek'",
            "fluxcd-flux2-pull-4270: user (path) 'Tomasek'",
            "fluxcd-flux2-pull-4270: user (path) 'Tomasek'",
            "fluxcd-flux2-pull-4270: user (path) 'Tomasek'",
        ),
        keeps=17,
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(5, 5),
        parses=(0, 0),
        texts=_TEXTS_148,
    ),
    Measured(
        batch=145,
        blind_under="1.100.0",
        # Batch 145's tune part under scrubber 1.100.0, blind: paths 3/4, elsewhere 0/11, no
        # e-mail or secret, 0 of 14 keep spans damaged, 2/2 library tails, 0 of 5 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-145 collection"): a login in an
        # OpenVPN auth plugin's `username '<u>'`, in NetworkManager's `connection.permissions:
        # user:<u>` and nm-l2tp's `permissions : user:<u>:` / `user-name : "<u>"`, in openvpn3's
        # `configs-list` Owner column; a Tunnelblick configuration named after a person
        # (`Configuration <name>`, `…/Configurations/<name>.tblk`, `Files in <name>.tblk`) and a
        # Sophos export's `<first>+<last>__ssl_vpn_config` preference key, neither the login
        docs=12,
        total=(4, 11, 0, 0),
        # 1.102.0: an OpenVPN auth plugin's username, NetworkManager's permissions and
        # user-name, openvpn3's configs-list owner learned (user_names.yaml's
        # openvpn_auth_plugin_user, networkmanager_user, openvpn3_owner); Tunnelblick's left
        found=(3, 6, 0, 0),
        missed=(
            "Tunnelblick-Tunnelblick-issues-669: user (elsewhere) 'kiran+arjun'",
            "Tunnelblick-Tunnelblick-issues-669: user (elsewhere) 'kiran+arjun'",
            "Tunnelblick-Tunnelblick-issues-669: user (elsewhere) 'kiran+arjun'",
            "Tunnelblick-Tunnelblick-issues-685: user (elsewhere) 'zhoujian'",
            "Tunnelblick-Tunnelblick-issues-685: user (elsewhere) 'zhoujian'",
            "Tunnelblick-Tunnelblick-issues-685: user (path) 'zhoujian'",
        ),
        keeps=14,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(2, 2),
        parses=(0, 0),
        texts=_TEXTS_145,
    ),
    Measured(
        batch=147,
        blind_under="1.100.0",
        # Batch 147's tune part under scrubber 1.100.0, blind: paths 2/5, elsewhere 11/26,
        # e-mails 3/3, no secret, 5 of 26 keep spans damaged, 2/2 library tails, 1 of 5 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-147 collection"): the login in a
        # local principal `DESKTOP-<id>\<login>` (crc's Get-LocalGroupMember -Member and its
        # PrincipalNotFound error), rpcclient/enum4linux-ng's `username:` and `name:`, osquery's
        # `"user":"<login>"` and a WMIC `useraccount get name,sid` row, Windows klist's `Client:
        # <login> @ <realm>`, Microsoft Graph user JSON's `displayName`, `givenName`, `surname`
        # and a guest UPN's `<first>_<last>_<domain>#EXT#`, a poster's handle as `DC=<handle>`;
        # damage: the poster's `PS C:\Users\mylogin>` (a clean document changes), a krb5
        # principal `administrator@FR.<NAME>.TECH` replaced whole as an e-mail, a test account's
        # UPN `trainingUser0@<tenant>.onmicrosoft.com` replaced as an e-mail
        docs=14,
        total=(5, 26, 3, 0),
        # 1.106.0: windows_account_name (LocalAccounts -Member and PrincipalNotFound, klist's
        # Client:, wmic useraccount, enum4linux-ng's username:/name:, osquery's "user") and
        # graph_user_names (givenName/surname/displayName, which also reach the #EXT# guest UPN):
        # paths 2 -> 5, elsewhere 11 -> 25; DC=<handle> left (only evidence tells a person's
        # domain from a company's)
        found=(5, 25, 3, 0),
        missed=("opendcim-openDCIM-issues-1114: user (elsewhere) 'gorhog'",),
        keeps=26,
        # 1.106.0: a role's Kerberos principal keeps its account (its realm replaced), mylogin a
        # placeholder, trainingUser0@ a training account: 5 -> 0 damaged, 1 -> 0 clean changed
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(2, 2),
        parses=(0, 0),
        texts=_TEXTS_147,
    ),
    Measured(
        batch=151,
        blind_under="1.106.0",
        # Batch 151's tune part under scrubber 1.106.0, blind: paths 15/15, elsewhere 4/4, e-mail
        # 1/1, secrets 0/2, 3 of 20 keep spans damaged, 5/5 library tails, 0 of 5 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-151 collection"): a bare hex
        # credential after an error tracker's wording, Fabric's `upload-symbols -a <40 hex>` in
        # fastlane's log and Rollbar's `access token not found: <32 hex>`, not read as a secret;
        # damage: the team account `iosteam` under `/Users/iosteam/jenkins/…` replaced as a
        # login (three times)
        docs=17,
        total=(15, 4, 1, 2),
        # 1.107.0: both secrets found by the trackers' wording (recognizers.yaml's
        # crashlytics_upload_symbols_key, rollbar_token_not_found); the team account kept
        # (user_names.yaml's role_login `<role>team`, words.yaml's CI accounts)
        found=(15, 4, 1, 2),
        missed=(),
        keeps=20,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(5, 5),
        parses=(0, 0),
        texts=_TEXTS_151,
    ),
    Measured(
        batch=153,
        blind_under="1.106.0",
        # Batch 153's tune part under scrubber 1.106.0, blind: paths 21/25, elsewhere 13/18, no
        # e-mail or secret, 12 of 30 keep spans damaged, 3/3 library tails, 4 of 6 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-153 collection"): a machine
        # name that is a first name in distrobox-create's `--hostname <container>.<host>`, Toolbx
        # 1.x's `entries for user <login>` and a two-letter login's `[<login>@host ~]$` prompt,
        # an AFS home `/afs/cern.ch/user/<initial>/<login>/...`; damage: a rootless service
        # account in a prompt and its home (`dockeruser`, `moby`, the podman image's `podman`,
        # whose prompt then turns the `podman` command into the substitute too) and the poster's
        # `/var/home/myself/` placeholder, each changing a clean document
        docs=18,
        total=(25, 18, 0, 0),
        # 1.108.0: rootless images' accounts kept (words.yaml's not_user_names), Toolbx's sub-ID
        # check learned (user_names.yaml's toolbox_user, a two-letter login beside its prompt),
        # AFS homes read (recognizers.yaml's posix_home_on_afs); distrobox's host stays
        found=(25, 16, 0, 0),
        missed=(
            "89luca89-distrobox-issues-125: user (elsewhere) 'kishan'",
            "89luca89-distrobox-issues-125: user (elsewhere) 'kishan'",
        ),
        keeps=30,
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(3, 3),
        parses=(0, 0),
        texts=_TEXTS_153,
    ),
    Measured(
        batch=154,
        blind_under="1.106.0",
        # Batch 154's tune part under scrubber 1.106.0, blind: paths 15/17, elsewhere 13/13, no
        # e-mail, secrets 1/1, 0 of 11 keep spans damaged, 5/5 library tails, 1 of 7 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-154 collection"): a zsh
        # prompt's path line relative to /mnt, `c/Users/<First>` (no leading slash, no `/mnt`),
        # not read as a home, so the first name stays (twice); damage: a WSL distribution's root
        # as a UNC path with nothing after it (`\\wsl\Ubuntu-18.04\`) replaced whole as a
        # private share (`\\fileserver\share1\`), so a clean document changes
        # 1.109.0: both fixed (recognizers.yaml's windows_home_by_drive_folder reads a prompt's
        # working folder trimmed to start at the drive, `c/Users/<u>`; user_names.yaml's
        # wsl_unc keeps WSL's bare distribution roots): paths 17/17, 0 of 7 clean changed
        docs=21,
        total=(17, 13, 0, 1),
        found=(17, 13, 0, 1),
        missed=(),
        keeps=11,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(5, 5),
        parses=(0, 0),
        texts=_TEXTS_154,
    ),
    Measured(
        batch=155,
        blind_under="1.106.0",
        # Batch 155's tune part under scrubber 1.106.0, blind: paths 16/16, elsewhere 8/10, no
        # e-mail or secret, 0 of 24 keep spans damaged, 8/8 library tails, 0 of 7 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-155 collection"): a host made of
        # a first name in a tcsh-style prompt `<name>-pc:<history number>:` before an AppImage's
        # FUSE error, with no home or login elsewhere in the text to learn the name from
        docs=16,
        total=(16, 10, 0, 0),
        found=(16, 8, 0, 0),
        missed=(
            "FPGAwars-icestudio-issues-242: user (elsewhere) 'jake'",
            "FPGAwars-icestudio-issues-242: user (elsewhere) 'jake'",
        ),
        keeps=24,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(8, 8),
        parses=(0, 0),
        texts=_TEXTS_155,
    ),
    Measured(
        batch=156,
        blind_under="1.106.0",
        # Batch 156's tune part under scrubber 1.106.0, blind: paths 13/13, elsewhere 26/29, no
        # e-mail or secret, 1 of 11 keep spans damaged, 6/6 library tails, 0 of 4 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-156 collection"): MicroK8s'
        # permission hint `add the user <u> to the 'microk8s' group:` and its `sudo usermod -a -G
        # microk8s <u>` not read as naming a login; an `ls -l` owner `<u>  staff` (macOS) with no
        # other evidence of the login in the excerpt; damage: a WSL symlink's
        # `/mnt/c/Users/user.name/.kube/config` (the poster's mask) replaced as a login
        docs=15,
        total=(13, 29, 0, 0),
        # 1.110.0: MicroK8s' group advice read (user_names.yaml's group_advice_login), the
        # `staff` owner of a cut row (listing_staff_owner), `user.name` a mask (placeholder_name)
        found=(13, 29, 0, 0),
        missed=(),
        keeps=11,
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(6, 6),
        parses=(0, 0),
        texts=_TEXTS_156,
    ),
    Measured(
        batch=152,
        blind_under="1.106.0",
        # Batch 152's tune part under scrubber 1.106.0, blind: paths 12/12, elsewhere 9/9, no
        # e-mail or secret, 4 of 26 keep spans damaged, 6/6 library tails, 2 of 6 clean changed,
        # no JSON/YAML.
        # known damage (tests/outside_corpus/SOURCE.md, "The stop-152 collection"): the rocker
        # image's account in `/home/rstudio/R/...` read as a login (and, once learned, replaced
        # in the public host `packagemanager.rstudio.com`), and a poster's capitalised mask
        # `/export/home/DEPARTMENT/USER/...` whose first segment is read as a login
        docs=16,
        total=(12, 9, 0, 0),
        found=(12, 9, 0, 0),
        missed=(),
        keeps=26,
        # 1.111.0: rocker's rstudio account listed (words.yaml's not_user_names), a learned login
        # never replaced as a public host's registrable label (engine.public_host_label), a
        # capitalised DEPARTMENT a poster's mask (user_names.yaml's placeholder_name): no damage
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(6, 6),
        parses=(0, 0),
        texts=_TEXTS_152,
    ),
    Measured(
        batch=157,
        blind_under="1.107.0",
        # Batch 157's tune part under scrubber 1.107.0, blind: paths 21/21, elsewhere 2/2, no
        # e-mail or secret, 2 of 13 keep spans damaged, 5/5 library tails, 2 of 6 clean changed,
        # no JSON/YAML.
        # known damage (tests/outside_corpus/SOURCE.md, "The stop-157 collection"): Atlantis'
        # service account in `/home/atlantis/.terraformrc` read as a login, and the poster's
        # placeholder token `"xxx.atlasv1.yyy"` in a `.terraformrc` credentials block replaced as
        # a Terraform Cloud token
        docs=14,
        total=(21, 2, 0, 0),
        found=(21, 2, 0, 0),
        missed=(),
        keeps=13,
        # 1.112.0: Terraform automation runners' accounts kept (words.yaml's system_accounts:
        # atlantis, spacelift, tfc-agent), a placeholder token in Terraform Cloud's shape kept
        # (allow.yaml's atlas_token_placeholder)
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(5, 5),
        parses=(0, 0),
        texts=_TEXTS_157,
    ),
    Measured(
        batch=158,
        blind_under="1.107.0",
        # Batch 158's tune part under scrubber 1.107.0, blind: paths 25/25, elsewhere 2/4, no
        # e-mail or secret, 0 of 19 keep spans damaged, 9/9 library tails, 0 of 7 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-158 collection"): an MSYS
        # prompt `<u>@<u>0-w  /c/work/bazel` (two spaces, no MSYSTEM word, the `$` on the next
        # line) not read as a prompt, so neither the login nor the host made of it is learned;
        # the home in the same excerpt is only an 8.3 short name `C:/Users/<SIX>~1/...`
        docs=16,
        total=(25, 4, 0, 0),
        # 1.113.0: the MSYS prompt's login learned (user_names.yaml's msys_prompt) and followed
        # into the host made of it (msys_host_prompt), both labels found
        found=(25, 4, 0, 0),
        missed=(),
        keeps=19,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(9, 9),
        parses=(0, 0),
        texts=_TEXTS_158,
    ),
    Measured(
        batch=159,
        blind_under="1.107.0",
        # Batch 159's tune part under scrubber 1.107.0, blind: paths 19/19, elsewhere 4/4, no
        # e-mail, secrets 1/2, 0 of 14 keep spans damaged, 6/6 library tails, 0 of 8 clean
        # changed, no JSON/YAML.
        # known miss (tests/outside_corpus/SOURCE.md, "The stop-159 collection"): a stream key as
        # the last path segment of an RTMP URL (`rtmp://localhost/live/<9 mixed-case letters>` in
        # an ffmpeg command line) not read as a secret; the key in a query (`&key=<32 hex>`) is
        docs=17,
        total=(19, 4, 0, 2),
        # 1.113.0: the RTMP URL's last segment read as a stream key by its token's shape
        # (recognizers.yaml's rtmp_stream_key), the secret found
        found=(19, 4, 0, 2),
        missed=(),
        keeps=14,
        damage=(),
        clean_changed=(),
        clean_docs=8,
        tails=(6, 6),
        parses=(0, 0),
        texts=_TEXTS_159,
    ),
    Measured(
        batch=160,
        blind_under="1.107.0",
        # Batch 160's tune part under scrubber 1.107.0, blind: paths 40/40, elsewhere 1/1, no
        # e-mail or secret, 3 of 30 keep spans damaged, 12/12 library tails, 1 of 5 clean
        # changed, no JSON/YAML.
        # known damage (tests/outside_corpus/SOURCE.md, "The stop-160 collection"): Google
        # Artifact Registry's fixed user name `oauth2accesstoken` in an index URL's userinfo read
        # as a login (replaced by `user1`, twice, in a clean document), and a maintainer's
        # demonstration password in `https://user:supers3cret@pypi.example.com/...` replaced as a
        # secret
        docs=18,
        total=(40, 1, 0, 0),
        found=(40, 1, 0, 0),
        missed=(),
        keeps=30,
        # 1.112.0: registries' fixed token user names kept (words.yaml's login_not_user:
        # oauth2accesstoken, aws, vsssessiontoken), a demonstration password on a documentation
        # host kept (engine._demonstration_url_password)
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(12, 12),
        parses=(0, 0),
        texts=_TEXTS_160,
    ),
    Measured(
        batch=161,
        blind_under="1.110.0",
        # Batch 161's tune part under scrubber 1.110.0, blind: paths 10/10, elsewhere 8/8, e-mails
        # 1/1, secrets 2/2, 3 of 12 keep spans damaged, 3/3 library tails, 1 of 6 clean changed,
        # no JSON/YAML.
        # known damage (tests/outside_corpus/SOURCE.md, "The stop-161 collection"): ioBroker's
        # service account `iobroker` in a Node environment dump (`PWD: '/home/iobroker'`,
        # `LOGNAME: 'iobroker'`, `HOME: '/home/iobroker'`) read as a login and replaced by
        # `user1` three times, in a clean document
        docs=12,
        total=(10, 8, 1, 2),
        found=(10, 8, 1, 2),
        missed=(),
        keeps=12,
        # 1.114.0: the accounts self-hosted applications' installers create for their daemon
        # kept (words.yaml's system_accounts: iobroker, pihole, openhab, openhabian, jellyfin,
        # octoprint), so the three keep spans and the clean document stay
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(3, 3),
        parses=(0, 0),
        texts=_TEXTS_161,
    ),
    Measured(
        batch=162,
        blind_under="1.116.0",
        # Batch 162's tune part under scrubber 1.116.0, blind: paths 8/8, elsewhere 13/20, no
        # e-mail or secret, 1 of 25 keep spans damaged, 4/4 library tails, 1 of 5 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-162 collection"): a login in a
        # remote desktop server's session log not read as one, xrdp-sesman 0.9's
        # `session_get_bydata: search policy 0 U <u> W …` and `++ created session (access
        # granted): username <u>, ip …`, NoMachine's `NXSERVER User '<u>' logged in from '…'` and
        # `User '<u>' from '…' logged out.`; and the login between dots in Chrome Remote
        # Desktop's `--ssh-auth-sockname=/tmp/chromoting.<u>.ssh_auth_sock`
        # known damage: a poster's single-letter mask for a home, `/home/Y/.vnc/…` (beside
        # `XXX` masks), read as a login and replaced by `user1`, in a clean document
        docs=14,
        total=(8, 20, 0, 0),
        # 1.117.0: session daemons' lines read as logins (user_names.yaml's session_daemon_login:
        # xrdp-sesman's and nxserver's), Chrome Remote Desktop's socket name (per_user_socket),
        # the seven labels found; a one-capital-letter home under /home/ kept as a mask
        # (engine._one_capital_letter_home), so the keep span and the clean document stay
        found=(8, 20, 0, 0),
        missed=(),
        keeps=25,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(4, 4),
        parses=(0, 0),
        texts=_TEXTS_162,
    ),
    Measured(
        batch=163,
        blind_under="1.116.0",
        # Batch 163's tune part under scrubber 1.116.0, blind: paths 9/10, elsewhere 3/7, no
        # e-mail, secrets 4/5, 1 of 25 keep spans damaged, 3/3 library tails, 1 of 4 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-163 collection"): COT's
        # `cot deploy … -u administrator@vsphere.local -p <pw>` password after `-p` not read as a
        # secret; a Synology home `/var/services/homes/<u>` in ssh's `Could not chdir to home
        # directory …` not read as a home; OpenMediaVault's RPC trace `UserMgmt.setUser` with
        # `"name":"<u>"` and `"comment":"<full name with a \u escape>"` (twice each) not read as
        # a login and a person's name (its `"password"` is replaced). Known damage: Synology's
        # weblogin log `Args=[USER=hass,…]`, Home Assistant's account, read as a login
        # (`USER=user1`) in a clean document
        docs=16,
        total=(10, 7, 0, 5),
        # 1.118.0: a password after `-p` right after `-u <user>` read as a secret (recognizers'
        # user_then_password_flag), a login at a NAS's home root with no tail read as a home
        # (recognizers' posix_home_on_a_nas: /var/services/homes/<u>), OpenMediaVault's
        # UserMgmt user object's login and GECOS full name learned (user_names.yaml's
        # omv_user_mgmt_user and omv_user_record)
        found=(10, 7, 0, 5),
        missed=(),
        keeps=25,
        # 1.118.0: Home Assistant's own accounts kept (words.yaml's system_accounts: hass,
        # home-assistant, esphome), so the keep span and the clean document stay
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(3, 3),
        parses=(0, 0),
        texts=_TEXTS_163,
    ),
    Measured(
        batch=164,
        blind_under="1.116.0",
        # Batch 164's tune part under scrubber 1.116.0, blind: paths 17/18, elsewhere 1/12,
        # e-mails 0/1, secrets 1/3, 1 of 45 keep spans damaged, 7/7 library tails, 1 of 6 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-164 collection"): Nextcloud's and
        # ownCloud's occ user argument (`occ files:scan <u>`, `user:lastseen <u>`), its output
        # (`Starting scan for user 1 out of 1 (<u>)`, `<u>`s last login:`) and the data path's
        # `_data/<u>/files`; a php-fpm pool's `user = <login>`, its `[client_<first>]` name and
        # `cannot get uid for user '<login>'`; Bitnami's comma-joined argv `--db-password,<v>`,
        # `--admin-password,<v>`; an address whose domain the poster masked as `mydomain.net`
        # but whose local part is a first name
        # known damage: ownCloud's own account `owncloud` at a prompt (`owncloud@zentyal:~/owncloud$`)
        # read as a login, in a clean document
        docs=18,
        total=(18, 12, 1, 3),
        # 1.119.0: occ's user argument and output (user_names.yaml's occ_user_argument), the
        # php-fpm pool's run-as account (php_fpm_pool_user) and the comma-joined argv's
        # passwords (recognizers.yaml's comma_argv_password) found; owncloud is a web app's own
        # account (words.yaml's system_accounts), so the damage and the clean change are gone;
        # the first name inside the pool name and the masked-domain address stay
        found=(18, 10, 0, 3),
        missed=(
            "Homebrew-homebrew-php-issues-4144: user (elsewhere) 'marta'",
            "Homebrew-homebrew-php-issues-4144: user (elsewhere) 'marta'",
            "wp-cli-wp-cli-issues-4970: email 'tavu@sarkem.mydomain.net'",
        ),
        keeps=45,
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(7, 7),
        parses=(0, 0),
        texts=_TEXTS_164,
    ),
    Measured(
        batch=165,
        blind_under="1.116.0",
        # Batch 165's tune part under scrubber 1.116.0, blind: paths 21/21, elsewhere 2/3,
        # e-mails 1/1, no secret, 6 of 30 keep spans damaged, 8/8 library tails, 2 of 5 clean
        # changed, no JSON/YAML.
        # known miss (tests/outside_corpus/SOURCE.md, "The stop-165 collection"): a person's
        # first name as the quoted value of `'first_name'` in the Airflow REST client's printed
        # user record, beside its `'email'` (which goes)
        # known damage: puckel/docker-airflow's published default `FERNET_KEY=46BKJoQ…Dho=` and
        # the image's default `POSTGRES_PASSWORD=airflow` replaced in a poster's compose file
        # (a clean document), and the poster's placeholder `jamie@myorg.com` replaced four
        # times in a snowsql command, its prompts and its CURRENT_USER() table (a clean document)
        docs=16,
        total=(21, 3, 1, 0),
        # 1.120.0: a user record's first_name, last_name and username read (user_names.yaml's
        # user_record_first_last_name)
        found=(21, 3, 1, 0),
        missed=(),
        keeps=30,
        # 1.120.0: puckel/docker-airflow's published Fernet key and the orchestration images'
        # default password kept (allow.yaml's published_default_fernet_key,
        # orchestration_image_defaults; words.yaml's system_accounts airflow, superset), and an
        # address at a stand-in organisation's domain (allow.yaml's
        # stand_in_organisation_domains: myorg.com), so those two clean documents stay
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(8, 8),
        parses=(0, 0),
        texts=_TEXTS_165,
    ),
    Measured(
        batch=166,
        blind_under="1.116.0",
        # Batch 166's tune part under scrubber 1.116.0, blind: paths 9/9, elsewhere 6/12, e-mails
        # 1/1, no secret, 0 of 21 keep spans damaged, 4/4 library tails, 1 of 7 clean changed, no
        # JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-166 collection"): an OpenPGP
        # card's `Name of cardholder: <First Last>`, `Login data .......: <u>` and the key info's
        # user id `<First M. Last> (Personal) <addr>` not read as names (the address goes), and a
        # PKCS#11 slot's `token label        : <First Last>` not read as a name (the URI's
        # `token=<First>%20<Last>` goes as a secret, the label stays); known change: a clean
        # Python repr of `C:\\Users\\****\\AppData\\Local\\Temp\\...` (doubled backslashes,
        # the poster's mask) whose `\\AppData\\Local\\Temp` is read as a UNC share and replaced
        docs=18,
        total=(9, 12, 1, 0),
        # 1.121.0: the card status's holder, login and key user id read (user_names.yaml's
        # openpgp_card_holder), the token label read as a name and its URI's words after %20
        # (pkcs11_token_label_name), the URI's token= no secret; the repr's \\AppData no UNC path
        found=(9, 12, 1, 0),
        missed=(),
        keeps=21,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(4, 4),
        parses=(0, 0),
        texts=_TEXTS_166,
    ),
    Measured(
        batch=170,
        blind_under="1.121.0",
        # Batch 170's tune part under scrubber 1.121.0, blind: paths 37/37, elsewhere 5/12, no
        # e-mail or secret, 0 of 26 keep spans damaged, 11/11 library tails, 0 of 5 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-170 collection"): FlexLM
        # `lmutil lmstat -a`'s users' lines `<u> <host> <display> (v55) (<server>/<port>
        # <handle>), start <date>` not read, so each login stays, also where the host and
        # display columns repeat it (`<u> <u> (v48) (HOSTNAME/1713 6414), start …`)
        docs=18,
        total=(37, 12, 0, 0),
        # 1.127.0: lmstat -a's user lines below Users of <feature>: read (user_names.yaml's
        # flexlm_lmstat_user), the learned logins also in the host column that repeats them
        found=(37, 12, 0, 0),
        missed=(),
        keeps=26,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(11, 11),
        parses=(0, 0),
        texts=_TEXTS_170,
    ),
    Measured(
        batch=167,
        blind_under="1.121.0",
        # Batch 167's tune part under scrubber 1.121.0, blind: paths 27/28, elsewhere 0/6, no
        # e-mail, secrets 1/1, 0 of 30 keep spans damaged, 5/5 library tails, 0 of 6 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-167 collection"): duckdns.org's
        # account subdomain in ddns-scripts' update URL (`domains=<u><digits>.duckdns.org`; the
        # token goes), dnsmasq's DHCPACK host name naming a person (`<First>-<Last>`, `<first>-ntb`),
        # a macOS prompt `<U>sMacPro:<dir> <U>$` (the login and the host made of it), and an EdgeOS
        # WireGuard peer's `description "<Surname> ER-X"` with its key file
        # `/config/auth/<surname>.key`
        # 1.124.0: duckdns.org's subdomain read (user_names.yaml's ddns_update_hostname), the
        # macOS prompt with blanks in its folder read and followed into the host (mac_prompt,
        # mac_bash_prompt, engine.mac_host_logins): elsewhere 0/6 -> 3/6; WireGuard public keys
        # after `peer` kept (recognizers.yaml's wireguard_peer_public_key; unlabelled, so no
        # figure moves); DHCPACK's person-named host and the EdgeOS peer's surname stay
        docs=16,
        total=(28, 6, 0, 1),
        found=(27, 3, 0, 1),
        missed=(
            "Lochnair-vyatta-wireguard-issues-135: user (elsewhere) 'Dorlack'",
            "Lochnair-vyatta-wireguard-issues-135: user (path) 'dorlack'",
            "lede-project-source-pull-1526: user (elsewhere) 'Long-Phan'",
            "openwrt-openwrt-issues-9696: user (elsewhere) 'jan'",
        ),
        keeps=30,
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(5, 5),
        parses=(0, 0),
        texts=_TEXTS_167,
    ),
    Measured(
        batch=169,
        blind_under="1.121.0",
        # Batch 169's tune part under scrubber 1.121.0, blind: paths 17/17, elsewhere 11/16, no
        # e-mail, secrets 0/1, 1 of 34 keep spans damaged, 6/6 library tails, 1 of 6 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-169 collection"): the jamf
        # binary's `Checking for policies triggered by "…" for user "<u>"` not read as a login,
        # so it stays there and in the host `<u>’s MacBook Pro`; a Jamf Cloud Distribution
        # download URL's signed `?token=<32 hex><32 alnum>` not read as a secret; a Munki
        # pkginfo's `'_metadata': {'created_by': '<u>'` and osquery's `--line` row `username =
        # <u>` not read as logins; known damage: a home's tail whose file name starts with the
        # Mac's computer name (`/Users/<u>_1/Desktop/<NAME>-Volume-Usage-<date>.txt`) replaced
        # whole as `/Users/user/project1/file1.txt`; known change: dockutil's `--allhomes`
        # listing's `/Users/_mbsetupuser/` and `/Users/Deleted Users/` (`Deleted%20Users`)
        # replaced as logins (a clean document)
        docs=19,
        total=(17, 16, 0, 1),
        # 1.126.0: the jamf binary's `for user "<u>"` read (user_names.yaml's
        # jamf_policy_user; the login follows into `<u>’s MacBook Pro`), Munki's _metadata
        # created_by (munki_pkginfo_created_by), osquery's --line username
        # (osquery_line_username), and a whole token before a tool's trailing ellipsis
        # (context._token_before_ellipsis: the JCDS URL's signed token=)
        found=(17, 16, 0, 1),
        missed=(),
        keeps=34,
        # 1.126.0: a file name of words and a date may start with the Mac's computer name
        # (recognizers._STAMPED_NAME), so only the home's user goes; macOS's own folders under
        # /Users (words.yaml's shared_profiles: Shared, Guest, Deleted Users) and its
        # underscore-prefixed system accounts (engine._a_name) are no one's
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(6, 6),
        parses=(0, 0),
        texts=_TEXTS_169,
    ),
    Measured(
        batch=168,
        blind_under="1.121.0",
        # Batch 168's tune part under scrubber 1.121.0, blind: paths 1/1, elsewhere 12/16, no
        # e-mail, secrets 2/3, 0 of 16 keep spans damaged, 1/1 library tails, 0 of 5 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-168 collection"): a BIND `key`
        # clause's `secret "<base64>";` left when the value is base64 of hex text (Plesk's rndc
        # key), a phone's DHCP host name ending in its owner's first name (`OnePlus_6_<First>`,
        # three times) and the builder's login in PowerDNS's banner `Built using gcc ... by
        # <u>@<host>.`
        docs=12,
        total=(1, 16, 0, 3),
        # 1.125.0: a TSIG/rndc key clause's secret read whatever its entropy
        # (recognizers.yaml's IntakeTsigKeySecretRecognizer; the OPNsense plugin's published
        # default key kept, allow.yaml's published_default_rndc_key) and the builder's login in
        # PowerDNS's banner (user_names.yaml's powerdns_built_by); the DHCP host name's first
        # name left (no format says it is a name)
        found=(1, 13, 0, 3),
        missed=(
            "pi-hole-docker-pi-hole-issues-355: user (elsewhere) 'Kai'",
            "pi-hole-docker-pi-hole-issues-355: user (elsewhere) 'Kai'",
            "pi-hole-docker-pi-hole-issues-355: user (elsewhere) 'Kai'",
        ),
        keeps=16,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(1, 1),
        parses=(0, 0),
        texts=_TEXTS_168,
    ),
    Measured(
        batch=171,
        blind_under="1.121.0",
        # Batch 171's tune part under scrubber 1.121.0, blind: paths 1/2, elsewhere 14/44, no
        # e-mail, secrets 2/2, 5 of 40 keep spans damaged, no library tail, 2 of 7 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-171 collection"): SSSD's debug
        # lines' `[<first.last>@<domain>]`, `user is <u>`, `name=<u>@<domain>,cn=users,...`,
        # `[NCE/USER/<domain>/<u>@<domain>]` and su's `by <u>@<domain>(uid=0)` not read as a login;
        # nslcd's `<shadow="<u>">` context, `(uid=<u>)` filter and `ldap_result(): cn=<First
        # Last>,...` not read; winbind's `DOMAIN+<u>` listing and smbd's `for user [<u>]` not
        # read; ansible-freeipa's ipauser `name:`/`first:`/`last:` not read. Known damage and
        # changes: freeipa-password-reset's `ldap-passwd-reset` service account (home, ccache,
        # session) replaced as a login; SUSE's root prompt `dcontrol:~ #` read as `<u>:~`
        docs=18,
        total=(2, 44, 0, 2),
        # 1.128.0 (stop 59): SSSD's debug lines and su's `by <u>@<domain>` (sssd_debug_login,
        # pam_module_login), nslcd's request context and ldap_result cn (nslcd_request_login),
        # smbd's auth lines (samba_auth_login), the ipauser task (ipauser_task_login): paths 1 ->
        # 2 of 2, elsewhere 14 -> 39 of 44; winbind's `wbinfo -u` listing and its grep prefix left
        found=(2, 39, 0, 2),
        missed=(
            "PavelVinogradov-sams2-issues-79: user (elsewhere) 'kovalenko'",
            "PavelVinogradov-sams2-issues-79: user (elsewhere) 'orlo'",
            "PavelVinogradov-sams2-issues-79: user (elsewhere) 'orlova'",
            "PavelVinogradov-sams2-issues-79: user (elsewhere) 'orlova'",
            "PavelVinogradov-sams2-issues-79: user (elsewhere) 'semenova'",
        ),
        keeps=40,
        # 1.128.0: ldap-passwd-reset is a documented service account (words.yaml's
        # system_accounts), `<host>:~ #` no login's prompt (cloud_prompt reads `$` only)
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(0, 0),
        parses=(0, 0),
        texts=_TEXTS_171,
    ),
    Measured(
        batch=172,
        blind_under="1.129.0",
        # Batch 172's tune part under scrubber 1.129.0, blind: paths 13/13, elsewhere 7/15,
        # e-mails 9/15, secrets 2/2, 4 of 46 keep spans damaged, 8/8 library tails, 3 of 6 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-172 collection"): a handle among
        # mailsync's `.mbsyncrc` channel names (`accounts='…'`, `echo`, `acc=`, `mbsync ''`) not
        # read as a login; msmtp's `user <first.last><nn>` and an aliases file's `<first>:
        # <address>` not read; an address as mbsync's Maildir store folder in a path, an address
        # wrapped by the terminal inside its domain (getmail's `--dump`), an address joined to
        # another by `_` in imapsync's log file name left; a host that is a surname in Maildir
        # file names left. Known damage and changes: offlineimap's `remoteuser =
        # account@account.com` placeholder, `ls -l`'s `fetchmail` service account (owner and
        # group), himalaya's `name = "John Dou"` (a misspelt John Doe) replaced
        docs=18,
        total=(13, 15, 15, 2),
        # 1.130.0: msmtp's `user` login (mail_config_login) and imapsync's log file name's second
        # address (an address after `_`, IntakeEmailRecognizer) go
        found=(13, 8, 13, 2),
        missed=(
            "LukeSmithxyz-mutt-wizard-issues-471: user (elsewhere) 'velvetly09'",
            "LukeSmithxyz-mutt-wizard-issues-471: user (elsewhere) 'velvetly09'",
            "LukeSmithxyz-mutt-wizard-issues-471: user (elsewhere) 'velvetly09'",
            "LukeSmithxyz-mutt-wizard-issues-471: user (elsewhere) 'velvetly09'",
            "LukeSmithxyz-mutt-wizard-issues-795: email 'test@zk37.net'",
            "getmail6-getmail6-issues-120: email 'ben@northga\\nteroofing.net'",
            "karelzak-mutt-kz-issues-95: user (elsewhere) 'malhotra'",
            "karelzak-mutt-kz-issues-95: user (elsewhere) 'malhotra'",
            "marlam-msmtp-issues-32: user (elsewhere) 'massimo'",
        ),
        keeps=46,
        # 1.130.0: account@account.com is a stand-in (allow.yaml's echoed_stand_in_address),
        # fetchmail a mail daemon's account (words.yaml's system_accounts)
        damage=("pimalaya-himalaya-issues-189: 'John Dou'",),
        clean_changed=("pimalaya-himalaya-issues-189",),
        clean_docs=6,
        tails=(8, 8),
        parses=(0, 0),
        texts=_TEXTS_172,
    ),
    Measured(
        batch=173,
        blind_under="1.129.0",
        # Batch 173's tune part under scrubber 1.129.0, blind: paths 10/19, elsewhere 7/13, no
        # e-mail, secrets 5/6, 0 of 8 keep spans damaged, 2/2 library tails, 0 of 4 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-173 collection"): a GitLab
        # job's exported `CI_PROJECT_NAMESPACE=$'<u>'` (and `_PATH`, `_SLUG`, `_URL`,
        # `CI_PAGES_URL=$'http://<u>.example.com/...'`, the dependency proxy's prefix) not read;
        # the owner in the runner page's `./config.sh --url https://github.com/<owner>` not
        # read; a job log's `Runner name: '<Handle>NWin10'` and `Machine name: '<HANDLE>N'` not
        # read; a journal tag's image namespace `codeberg.org/<u>/<image>:<tag>/<proc>[pid]` not
        # read; TeamCity's `New agent authorization token "<32 hex>" was generated` not read as
        # a secret; an Azure DevOps organisation `https://<u>.visualstudio.com` not read
        # 1.131.0: a token in quotes after its kind (`authorization token "<32 hex>"`, TeamCity's
        # server log) read as a secret (recognizers.yaml's quoted_issued_token): secrets 5/6 ->
        # 6/6; the five login classes stay, documented in docs/scrubber.md, "Stop 60 (1.131.0)"
        docs=15,
        total=(19, 13, 0, 6),
        found=(10, 7, 0, 6),
        missed=(
            "ChristopherHX-runner.server-issues-282: user (elsewhere) 'tanvork83'",
            "ChristopherHX-runner.server-issues-282: user (elsewhere) 'tanvork83'",
            "ChristopherHX-runner.server-issues-282: user (elsewhere) 'tanvork83'",
            "ChristopherHX-runner.server-issues-282: user (elsewhere) 'tanvork83'",
            "ChristopherHX-runner.server-issues-282: user (path) 'tanvork83'",
            "ChristopherHX-runner.server-issues-282: user (path) 'tanvork83'",
            "ChristopherHX-runner.server-issues-282: user (path) 'tanvork83'",
            "ChristopherHX-runner.server-issues-282: user (path) 'tanvork83'",
            "actions-runner-issues-1194: user (elsewhere) 'MAREK'",
            "actions-runner-issues-1194: user (elsewhere) 'Marek'",
            "codecov-codecov-action-pull-132: user (path) 'Vomal-k204'",
            "microsoft-azure-pipelines-agent-issues-1543: user (path) 'grtbellucci'",
            "rockstor-rockon-registry-issues-464: user (path) 'kalvinpex'",
            "rockstor-rockon-registry-issues-464: user (path) 'kalvinpex'",
            "rockstor-rockon-registry-issues-464: user (path) 'kalvinpex'",
        ),
        keeps=8,
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(2, 2),
        parses=(0, 0),
        texts=_TEXTS_173,
    ),
    Measured(
        batch=174,
        blind_under="1.129.0",
        # Batch 174's tune part under scrubber 1.129.0, blind: paths 29/51, elsewhere 5/11, no
        # e-mail, secrets 2/2, 7 of 35 keep spans damaged, 3/3 library tails, 0 of 5 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-174 collection"): a personal
        # domain `<first>-<last>.de` in a hosting account's `/home/<acct>/domains/` folder; the
        # account named by its owner in Invoice Ninja's `<First Last>: 0 invoices found`; shared
        # hosts' homes `/usr/www/users/<u>/` (Hetzner) and `/home3/<u>/` (cPanel) not read; a
        # Cloudways `/home/<server>.cloudwaysapps.com/<app>/` whose server name is replaced as a
        # login and whose application user stays; Dolibarr's `_SESSION['dol_login']=<login>`;
        # YunoHost's `Choose an administrator user for this app [<u> | <u>] (default: <u>)`.
        # Known damage: `/home/asite/...` beside `http://asite.nl/` (the poster's mask of home
        # and site) replaced as a login, the domain's label too
        docs=18,
        total=(51, 11, 0, 2),
        # 1.132.0: shared hosts' homes /usr/www/users/<u>/ and /home3/<u>/ (user_names.yaml's
        # shared_host_home), a Cloudways application folder (home_segment), Dolibarr's
        # _SESSION['dol_login'] (dolibarr_session_login) and YunoHost's administrator choice
        # (yunohost_admin_choice) found: paths 29/51 -> 45/51, elsewhere 5/11 -> 9/11; the
        # personal domain, Invoice Ninja's owner name and the `asite` mask stay (documented)
        found=(45, 9, 0, 2),
        missed=(
            "invoiceninja-invoiceninja-issues-3240: user (elsewhere) 'Sander Vroom'",
            "invoiceninja-invoiceninja-issues-3240: user (elsewhere) 'Sander Vroom'",
            "invoiceninja-invoiceninja-issues-6653: user (path) 'timo-kranz'",
            "invoiceninja-invoiceninja-issues-6653: user (path) 'timo-kranz'",
            "invoiceninja-invoiceninja-issues-6653: user (path) 'timo-kranz'",
            "invoiceninja-invoiceninja-issues-6653: user (path) 'timo-kranz'",
            "invoiceninja-invoiceninja-issues-6653: user (path) 'timo-kranz'",
            "invoiceninja-invoiceninja-issues-6653: user (path) 'timo-kranz'",
        ),
        keeps=35,
        damage=(
            "wp-cli-wp-cli-issues-579: 'asite'",
            "wp-cli-wp-cli-issues-579: 'asite'",
            "wp-cli-wp-cli-issues-579: 'asite'",
            "wp-cli-wp-cli-issues-579: 'asite'",
            "wp-cli-wp-cli-issues-579: 'asite'",
            "wp-cli-wp-cli-issues-579: 'asite'",
            "wp-cli-wp-cli-issues-579: 'asite'",
        ),
        clean_changed=(),
        clean_docs=5,
        tails=(3, 3),
        parses=(0, 0),
        texts=_TEXTS_174,
    ),
    Measured(
        batch=175,
        blind_under="1.129.0",
        # Batch 175's tune part under scrubber 1.129.0, blind: paths 11/11, elsewhere 13/14,
        # e-mails 1/1, no secret, 1 of 19 keep spans damaged, 5/5 library tails, 1 of 5 clean
        # changed, no JSON/YAML.
        # known miss (tests/outside_corpus/SOURCE.md, "The stop-175 collection"): a GnuPG user
        # id's comment holding the owner's nickname, `user: "<First Last> (<Nick>) <<addr>>"`: the
        # name and the address go, `(<Nick>)` stays. Known damage and change: Bitwarden's `?
        # Email address: my_gmail_id@gmail.com`, the poster's stand-in of the shape
        # `my_<provider>_id@<provider>.com`, replaced as an address (`user1@example.com`)
        docs=14,
        total=(11, 14, 1, 0),
        # 1.133.0: the uid's nickname learned (user_names.yaml's openpgp_uid_nickname), the
        # stand-in address kept (allow.yaml's stand_in_mailbox_local_part)
        found=(11, 14, 1, 0),
        missed=(),
        keeps=19,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(5, 5),
        parses=(0, 0),
        texts=_TEXTS_175,
    ),
    Measured(
        batch=176,
        blind_under="1.129.0",
        # Batch 176's tune part under scrubber 1.129.0, blind: paths 0/1, elsewhere 9/21, no
        # e-mail, secrets 1/2, 8 of 39 keep spans damaged, no library tail, 0 of 5 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-176 collection"): WinSCP's
        # `Session name: <u>@<host> (Site)` and `User name: <u> (Password: …)` not read; ssh -v's
        # `Offering RSA public key: <u>@<host>` key comment not read; a RouterOS backup script's
        # `:global BackupUploadUser "<u>"`, sshd_config's `Match User <u>` and the
        # `sftp://<ip>/home/<u>/` of a two-character login not read; a prompt with a time prefix
        # `[hh:mm:ss]:~> <u>@<host>$` not read; rclone's `--rc-user=<u> --rc-pass=<p>` not read;
        # the ftp client's `Name (<host>:<u>):` default not read. Known damage: pure-ftpd's
        # virtual-user root `/home/ftpusers/` read as a login's home, and `ftptest` under it
        # learned and replaced everywhere; the stand-in password `pwpwpw` replaced
        docs=16,
        total=(1, 21, 0, 2),
        # 1.134.0: WinSCP's session header, ssh -v's offered key comment, the ftp prompt's
        # default login and rclone's --rc-user/--rc-pass read (user_names.yaml's
        # winscp_session_login, ssh_offered_key_comment, ftp_prompt_local_login, rclone_rc_user;
        # recognizers.yaml's prefixed_password_option); `ftpusers`/`ftptest` name nobody
        # (role_login's protocol-and-role word), so pure-ftpd's damage is gone
        # 1.138.0: a prompt with a clock before it read (user_names.yaml's clock_prompt:
        # `[hh:mm:ss]:~> <u>@<host>$`); sshd's `Match User`/`AllowUsers` lists read too
        # (sshd_match_user, sshd_user_list), but `q4` (two characters with a digit) is
        # no login the length rule learns, so the RouterOS script's three labels stay
        found=(0, 19, 0, 2),
        missed=(
            "eworm-de-routeros-scripts-issues-77: user (elsewhere) 'q4'",
            "eworm-de-routeros-scripts-issues-77: user (elsewhere) 'q4'",
            "eworm-de-routeros-scripts-issues-77: user (path) 'q4'",
        ),
        keeps=39,
        damage=(
            "openwrt-packages-issues-795: 'pwpwpw'",
            "openwrt-packages-issues-795: 'pwpwpw'",
        ),
        clean_changed=(),
        clean_docs=5,
        tails=(0, 0),
        parses=(0, 0),
        texts=_TEXTS_176,
    ),
    Measured(
        batch=177,
        blind_under="1.129.0",
        # Batch 177's tune part under scrubber 1.129.0, blind: paths 29/29, elsewhere 2/3, e-mails
        # 1/1, secrets 1/2, 5 of 37 keep spans damaged, 8/8 library tails, 2 of 5 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-177 collection"): Appwrite's
        # `vars` listing's `_APP_OPENSSL_KEY_V1=<word>@<digits>` (the poster's own key, low
        # entropy) not read as a secret; the Appwrite mails worker's job JSON's recipient
        # `"name":"<first name>"` not read as a person's name. Known damage and changes: Ghost-CLI's
        # `ghost` account at the prompt `ghost@<host>:/home/siteList/blog.ghost$` read as a login
        # and replaced everywhere (`ghost install`, `Ghost-CLI`), the directory `/home/siteList`
        # read as a login; Supabase auth's `"user_email":"personal@email.com"` (the poster's
        # redaction) replaced as an address
        docs=15,
        total=(29, 3, 1, 2),
        # 1.135.0: the OpenSSL key read as a secret (secret_names.yaml's [openssl, key]), the
        # mail job's recipient name learned (user_names.yaml's mail_job_recipient_name),
        # Ghost-CLI's ghost account kept (words.yaml's system_accounts), personal@email.com
        # kept (allow.yaml's withheld_address_local_part); /home/siteList is still read as a home
        found=(29, 3, 1, 2),
        missed=(),
        keeps=37,
        damage=(
            "TryGhost-Ghost-CLI-issues-460: 'siteList'",
            "TryGhost-Ghost-CLI-issues-460: 'siteList'",
        ),
        clean_changed=("TryGhost-Ghost-CLI-issues-460",),
        clean_docs=5,
        tails=(8, 8),
        parses=(0, 0),
        texts=_TEXTS_177,
    ),
    Measured(
        batch=179,
        blind_under="1.143.0",
        # Batch 179's tune part under scrubber 1.143.0, blind: paths 28/28, elsewhere 1/1, no
        # e-mail, secrets 2/2, 4 of 32 keep spans damaged, 10/10 library tails, 3 of 8 clean
        # changed, no JSON/YAML.
        # known damage and changes (tests/outside_corpus/SOURCE.md, "The stop-179 collection"):
        # MultiMC's header under `C:/Users/notmyrealname/…` (the poster's stand-in) read as a
        # login and replaced three times; Wabbajack's header dump `apikey: NOPE` (its own mask)
        # replaced as a secret; SKSE64's `save name is Quicksave0_<hex>_<n>_<hex>_<Location>_…`
        # (Skyrim's save file name) replaced whole as a secret (scored as a clean change only)
        # 1.147.0: all three fixed (placeholder_name reads posters' stand-in phrases for a name,
        # allow.yaml's refusal_or_mask_word and creation_engine_save_name): damage 4 of 32 ->
        # 0 of 32, clean changed 3 of 8 -> 0 of 8
        docs=18,
        total=(28, 1, 0, 2),
        found=(28, 1, 0, 2),
        missed=(),
        keeps=32,
        damage=(),
        clean_changed=(),
        clean_docs=8,
        tails=(10, 10),
        parses=(0, 0),
        texts=_TEXTS_179,
    ),
    Measured(
        batch=180,
        blind_under="1.143.0",
        # Batch 180's tune part under scrubber 1.143.0, blind: paths 15/20, elsewhere 6/7, e-mails
        # 1/1, secrets 1/2, 3 of 23 keep spans damaged, 5/5 library tails, 2 of 7 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-180 collection"): a login in a
        # MongoDB URI's userinfo (`mongodb://<u>:<???>@<ip>:27017/<u>088`) replaced there but not
        # learned, so it stays in the database named after it (`<u>088` in the URI's path,
        # `connecting to:` and `show dbs`); sqlcmd's `-P "<password>"` not read as a secret.
        # Known damage and changes: the mysql client's attached `-p[PASSWORD]` (a placeholder in
        # brackets) replaced as a password; Bitnami's warning `CASSANDRA_PASSWORD=cassandra.`
        # (the documented default, at a full stop) replaced, the stop with it
        # 1.148.0: all fixed (paths 20/20, elsewhere 7/7, secrets 2/2, no damage, 0 of 7 clean
        # changed): a database URL's login in the database named after it
        # (engine._database_named_after), sqlcmd's `-P` (sqlcmd_p_flag), bracketed placeholders
        # and Cassandra's documented default kept (allow.yaml), password_word ends before a
        # sentence's full stop
        docs=17,
        total=(20, 7, 1, 2),
        found=(20, 7, 1, 2),
        missed=(),
        keeps=23,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(5, 5),
        parses=(0, 0),
        texts=_TEXTS_180,
    ),
    Measured(
        batch=181,
        blind_under="1.143.0",
        # Batch 181's tune part under scrubber 1.143.0, blind: paths 13/13, elsewhere 2/2, no
        # e-mail, secrets 3/4, 4 of 13 keep spans damaged, 5/5 library tails, 1 of 1 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-181 collection"): qBittorrent's
        # `A temporary password is provided for this session: <pw>` not read as a secret. Known
        # damage and changes: Deluge's `localclient` after an indented `username:` above a
        # `password:` read as a login; Sonarr v2's `nzbdrone` service account in
        # `/home/nzbdrone/.config/NzbDrone/…` read as a login and replaced everywhere, case-blind
        # (`su nzbdrone`, `NzbDrone.exe`, `NzbDrone.Console`)
        docs=13,
        total=(13, 2, 0, 4),
        # 1.149.0: qBittorrent's announced session password read as a secret (recognizers.yaml's
        # IntakeAnnouncedPasswordRecognizer), Deluge's localclient kept (words.yaml's
        # login_not_user) with its default password deluge (allow.yaml's
        # media_download_client_default_passwords), the media apps' service accounts kept
        # (words.yaml's system_accounts: nzbdrone, sonarr, the *arr family, emby, qbittorrent-nox,
        # debian-transmission, deluge, sabnzbd, nzbget, …)
        found=(13, 2, 0, 4),
        missed=(),
        keeps=13,
        damage=(),
        clean_changed=(),
        clean_docs=1,
        tails=(5, 5),
        parses=(0, 0),
        texts=_TEXTS_181,
    ),
    Measured(
        batch=182,
        blind_under="1.143.0",
        # Batch 182's tune part under scrubber 1.143.0, blind: paths 15/16, elsewhere 10/11, no
        # e-mail, secrets 1/2, 1 of 25 keep spans damaged, 8/8 library tails, 1 of 4 clean
        # changed, the one YAML parses.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-182 collection"): a
        # domain-joined home `/home/<DOMAIN>/<u>/.config/Duplicati/…` read with the domain as the
        # login (the domain replaced, the login left); Duplicati's backend URL
        # `amzcd://…?authid=<hex>:<key>` (the OAuth service's AuthID) not read as a secret; a
        # compose file's `environment:` `USER: "<u>"` not read as a login. Known damage: the Time
        # Machine container's documented account in `smb://timemachine@<ip>/TimeMachine` read as
        # a login and replaced everywhere, also in the share name and the Bonjour name
        # 1.150.0: all four taken (user_names.yaml's home_segment reads winbind's /home/%D/%U
        # and SSSD's /home/%d/%u, secret_names.yaml's authid, user_names.yaml's
        # compose_environment_user, words.yaml's timemachine): paths 16/16, elsewhere 11/11,
        # secrets 2/2, no damage, no clean document changed
        docs=16,
        total=(16, 11, 0, 2),
        found=(16, 11, 0, 2),
        missed=(),
        keeps=25,
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(8, 8),
        parses=(1, 1),
        texts=_TEXTS_182,
    ),
    Measured(
        batch=183,
        blind_under="1.143.0",
        # Batch 183's tune part under scrubber 1.143.0, blind: paths 48/48, elsewhere 20/21, no
        # e-mail or secret, 1 of 25 keep spans damaged, 14/14 library tails, 1 of 5 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-183 collection"): a prompt's
        # host made of the user's first name when the login is that first name and initials
        # (`[<first><ii>@<first>-dellg155530 ~]$`), so the first name stays in the host. Known
        # damage and change: Ardour's build account in a debug build's backtrace
        # (`at /home/ardour/linux-x86_64-v5/gtk/inst/include/…`) read as a login and replaced
        # 1.151.0: the host's first name goes beside the Calamares-made login
        # (user_names.yaml's named_host_prompt, engine.named_hosts): elsewhere 20/21 -> 21/21;
        # Ardour's build account left (one vendor's account, no class of build-tree homes)
        docs=17,
        total=(48, 21, 0, 0),
        found=(48, 21, 0, 0),
        missed=(),
        keeps=25,
        damage=("nicklan-drmr-issues-16: 'ardour'",),
        clean_changed=("nicklan-drmr-issues-16",),
        clean_docs=5,
        tails=(14, 14),
        parses=(0, 0),
        texts=_TEXTS_183,
    ),
    Measured(
        batch=178,
        blind_under="1.143.0",
        # Batch 178's tune part under scrubber 1.143.0, blind: paths 41/41, elsewhere 8/14, e-mails
        # 6/7, no secret, 5 of 55 keep spans damaged, 10/11 library tails, 2 of 7 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-178 collection"): a person's name
        # as a code-signing identity's common name (`Developer ID Application: <First Last>
        # (<TEAMID>)`, `Developer ID Installer: …`, `Mac Developer: …`) in electron-builder's
        # `allIdentities=`, `pkgutil --check-signature`'s chain and `tauri.conf.json`'s
        # `"signingIdentity"`; a self-signed identity named `"<first.last>@mycompany.com"` (the
        # address of the same person, at a placeholder-like domain); the host of a macOS bash
        # prompt `<FirstLast>:myapp <flast>$` (the full name run together). Known damage and
        # changes: notarytool's `"--password" "re-da-ct-ed"` (the poster's mask) and altool's
        # `--password "@keychain:AC_PASSWORD"` (a keychain reference) replaced as secrets, an
        # organisation's role Apple ID `developer@alephium.org` replaced, the CI machine's folder
        # `Jenkins-MacMini` read as `<First>s-<Mac model>`
        # 1.151.0: the macOS prompt's host made of the full name goes beside the <f><last>
        # login (engine.named_hosts): elsewhere 8/14 -> 10/14
        docs=22,
        total=(41, 14, 7, 0),
        # 1.146.0: the code-signing identity's name class (codesign_identity_name, which also
        # takes the same person's address at mycompany.com), altool's credential references,
        # the hyphen-split mask, the developer role address and the Jenkins CI folder fixed:
        # elsewhere 8/14 -> 12/14, e-mails 6/7 -> 7/7, damage 5 -> 0, tails 10/11 -> 11/11,
        # clean changed 2 -> 0; with 1.151.0 (above) merged beside it: elsewhere 14/14
        found=(41, 14, 7, 0),
        missed=(),
        keeps=55,
        damage=(),
        clean_changed=(),
        clean_docs=7,
        tails=(11, 11),
        parses=(0, 0),
        texts=_TEXTS_178,
    ),
    Measured(
        batch=186,
        blind_under="1.159.0",
        # Batch 186's tune part under scrubber 1.159.0, blind: paths 10/10, elsewhere 13/14, no
        # e-mail or secret, 0 of 23 keep spans damaged, 5/5 library tails, 0 of 4 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-186 collection"): a two-line
        # prompt whose first line ends in the login after host, truncated cwd and branch
        # (`hw12203:...nifi-toolkit-1.4.0-SNAPSHOT (pr2042) <u>`), with no `@` and no home
        # 1.164.0 (stop 62): left; no zsh, oh-my-zsh, powerlevel or bash-git-prompt theme was
        # found that documents this prompt (`%m:%~ (<branch>) %n` over a lock glyph, seconds,
        # clock and `$`): a personal prompt, its last word a login only by the poster's say
        docs=13,
        total=(10, 14, 0, 0),
        found=(10, 13, 0, 0),
        missed=("apache-nifi-pull-2042: user (elsewhere) 'bkowalski'",),
        keeps=23,
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(5, 5),
        parses=(0, 0),
        texts=_TEXTS_186,
    ),
    Measured(
        batch=187,
        blind_under="1.159.0",
        # Batch 187's tune part under scrubber 1.159.0, blind: paths 19/19, elsewhere 2/2, no
        # e-mail or secret, 0 of 11 keep spans damaged, 9/9 library tails, 1 of 6 clean changed,
        # no JSON/YAML.
        # known change (tests/outside_corpus/SOURCE.md, "The stop-187 collection"): Gecko stack
        # frames `<function>@chrome://<package>/content/<file>.js:<line>:<col>` in a Zotero debug
        # log read as `user@host` (`dir@chrome://zotero/…`, `load@chrome://zotero-better-bibtex/…`),
        # and the learned "login" `load` then replaced elsewhere (`FileStore.load cache.json`)
        # 1.164.0: user_names.yaml's prompt reads no Gecko frame (a `<scheme>://` right after
        # the `@`, the line ending in `:<line>[:<col>]`; MDN's Error.prototype.stack): clean
        # changed 1 of 6 -> 0 of 6
        docs=15,
        total=(19, 2, 0, 0),
        found=(19, 2, 0, 0),
        missed=(),
        keeps=11,
        damage=(),
        clean_changed=(),
        clean_docs=6,
        tails=(9, 9),
        parses=(0, 0),
        texts=_TEXTS_187,
    ),
    Measured(
        batch=188,
        blind_under="1.159.0",
        # Batch 188's tune part under scrubber 1.159.0, blind: paths 12/12, elsewhere 3/3, no
        # e-mail, secrets 0/1, 1 of 14 keep spans damaged, 9/9 library tails, 1 of 4 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-188 collection"): a password
        # given to bloodhound-python's `-p` on the command line. Known damage and change: a
        # tool banner's published author address (Responder's `Author: <name> (<address>)`)
        # replaced as a person's e-mail
        # 1.165.0: bloodhound-python's `-u` no longer read as python's own (recognizers.yaml's
        # user_then_password_flag), so its -p password goes: secrets 0/1 -> 1/1; Responder's
        # banner keeps its author's published address (tool_banner_author_address, only with
        # the banner's `To kill this script hit CTRL-C` under it): damage 1 -> 0, clean changed
        # 1 -> 0
        docs=14,
        total=(12, 3, 0, 1),
        found=(12, 3, 0, 1),
        missed=(),
        keeps=14,
        damage=(),
        clean_changed=(),
        clean_docs=4,
        tails=(9, 9),
        parses=(0, 0),
        texts=_TEXTS_188,
    ),
    Measured(
        batch=185,
        blind_under="1.159.0",
        # Batch 185's tune part under scrubber 1.159.0, blind: paths 22/22, elsewhere 7/19, no
        # e-mail or secret, 1 of 10 keep spans damaged, 8/8 library tails, 1 of 5 clean changed,
        # no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-185 collection"): a journal
        # host made of a first name and a CPU model (`<first>-3800x`); GDM's debug lines naming
        # the login (`for username <u>`, `selecting user '<u>'`, `username=<u> seat=seat0`,
        # `authenticating user <u>`); IBus's socket folder `/tmp/ibus-<u>/`, also wrapped after
        # `/tmp/ibus-`; `ps -ef`'s user column truncated by ps to seven characters and `+`.
        # Known damage and change: SDDM's `Auth: sddm-helper (--socket …` read as a credential
        # after `Auth:` and replaced by a fake token
        # 1.163.0 (stop 62, docs/scrubber.md "Stop 62 (1.163.0)"): GDM's debug lines
        # (user_names.yaml's session_daemon_login), IBus's /tmp/ibus-<u>/ also broken after
        # /tmp/ibus- (per_user_socket) and ps's column cut to seven characters and +
        # (ps_truncated_user, engine.truncated_ps_users) read; SDDM's helper after Auth: no
        # longer a token (context._PROGRAM_NAME): elsewhere 7/19 -> 16/19, damage 1 -> 0, clean
        # changed 1 -> 0. The journal host <first>-3800x left (no documented naming tells it
        # from archlinux-3800x)
        docs=16,
        total=(22, 19, 0, 0),
        found=(22, 16, 0, 0),
        missed=(
            "catsout-wallpaper-engine-kde-plugin-issues-391: user (elsewhere) 'liam'",
            "catsout-wallpaper-engine-kde-plugin-issues-391: user (elsewhere) 'liam'",
            "catsout-wallpaper-engine-kde-plugin-issues-391: user (elsewhere) 'liam'",
        ),
        keeps=10,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(8, 8),
        parses=(0, 0),
        texts=_TEXTS_185,
    ),
    Measured(
        batch=184,
        blind_under="1.159.0",
        # Batch 184's tune part under scrubber 1.159.0, blind: paths 46/54, elsewhere 3/4, no
        # e-mail or secret, 1 of 17 keep spans damaged, 10/10 library tails, 1 of 5 clean
        # changed, no JSON/YAML.
        # known misses (tests/outside_corpus/SOURCE.md, "The stop-184 collection"): a login as
        # the folder above `.conda/envs/` under a lab share that is no known home or HPC root
        # (`/endosome/archive/MIL/<u>/.conda/envs/napari-env/…`, eight paths), and Micro-Manager's
        # CoreLog header `[IFO,App] User: <First>` (the OS login, named nowhere else). Known
        # damage and change: OMERO's documented server account in `omero db script`'s `Saving to
        # /home/omero-server/OMERO5.4__0.sql` read as a login and replaced
        # 1.166.0: the folder above a home's per-user folders three to eight folders down a
        # site's share is a login (user_names.yaml's home_segment), Micro-Manager's CoreLog
        # `User:` is read (micromanager_corelog_user), OMERO's server account beside OMERO's
        # output stays (omero_server_account): paths 46/54 -> 54/54, elsewhere 3/4 -> 4/4,
        # damage 1 -> 0 of 17, clean changed 1 -> 0 of 5
        docs=19,
        total=(54, 4, 0, 0),
        found=(54, 4, 0, 0),
        missed=(),
        keeps=17,
        damage=(),
        clean_changed=(),
        clean_docs=5,
        tails=(10, 10),
        parses=(0, 0),
        texts=_TEXTS_184,
    ),
)
