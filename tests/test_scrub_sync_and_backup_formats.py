# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Sync and backup tools' repository targets, example passwords, Nextcloud's logins and homes shares (stop 52, scrubber 1.43.0; issue 35).

The damage of batch 92's tune part (``tests/outside_corpus/SOURCE.md``, "The stop-92
collection"), each fixed by a general rule:

* ``engine._ssh_repository_target``: an ssh repository target is a login at a host, never an
  e-mail: restic's and rclone's ``sftp:<login>@<host>:<path>`` (restic's docs, "Preparing a new
  repository", SFTP), and ``<login>@<host>:<path>`` on a borg, restic, rclone, rsync, scp or ssh
  line (borg's docs, "Repository URLs"); the login is judged as a name (``user_names.yaml``'s
  ``login``, which now reads borg's, restic's and rclone's lines), and only a dynamic-DNS
  host's own label that names no device (``ddns_host_label``) goes with it;
* ``words.yaml``'s ``not_user_names`` gains the backup services' own accounts ``rsync``,
  ``borg``, ``restic`` (``backup`` was there);
* ``allow.yaml``'s ``default_passwords`` gains the words that say how long an example password
  is (``really``, ``long``, ``short``, ``a``) and a length after it (``of32chrs``).

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only public material), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

SSH_TARGET_NOBODY = [
    "$ restic -r sftp:user@host:/srv/restic-repo init\n",
    "$ restic -r sftp:admin@myhome2.myqnapcloud.com:/share/backup/restic init\n",
    "$ restic -r sftp:rsync@192.168.1.20:/Backup/restic snapshots\n",
    "$ restic -r sftp://user@[::1]:2222//srv/restic-repo init\n",
    "$ borg init --encryption=repokey ssh://borg@backup.example.com:2222/./repo\n",
    "$ borg create ssh://backup@nas.local/./repo::archive ~/Documents\n",
    "$ borg list borg@myserver.local:repo\n",
    "$ restic -r sftp:root@10.0.0.5:/mnt/backup backup /etc\n",
    "$ rclone lsd sftp:admin@nas.example.com:\n",
    "$ restic -r sftp:restic@backup.lan:/srv/restic backup /home\n",
    "export BORG_REPO=ssh://borg@u123456.your-storagebox.de:23/./backups/laptop\n",
    'export RESTIC_REPOSITORY="sftp:admin@nas.duckdns.org:/share/Backup/resticrepo"\n',
    "$ rclone copy /data sftp:backup@192.168.0.5:/volume1/backup\n",
    "$ rsync -av /home/ rsync@nas.local:/volume1/NetBackup/\n",
    "repository: sftp:restic@backup.example.com:/srv/repos/host1\n",
    "$ borg init -e repokey root@backup.example.org:/srv/borg/host1\n",
    "$ restic -r sftp:admin@mynas.synology.me:/volume1/restic snapshots\n",
    "$ restic -r sftp:admin@qnap-home.myqnapcloud.com:/share/restic snapshots\n",
    "$ borg list ssh://backup@homeserver.duckdns.org/./repo\n",
    "$ rsync -av /data/ rsync@backup2.ddns.net:/volume1/NetBackup/\n",
]

EXAMPLE_PASSWORD_NOBODY = [
    "rclone config create remote webdav url=https://x.example.com user=k pass=reallyreallylongpasswordof32chrs\n",
    "rclone config create remote webdav user=k pass=ashorterpassword\n",
    "rclone config create remote webdav user=k pass=averylongpassword\n",
    "pass=longpassword\n",
    "pass=shortpass\n",
    "password=examplepassword32chars\n",
    "pass=mypassword12chrs\n",
    "pass=a_long_password_of_20_characters\n",
    "pass=reallylongpass\n",
    "pass=anexamplepassword\n",
]

NEXTCLOUD_DAV_NOBODY = [
    "https://cloud.example.com/remote.php/dav/files/USERNAME/\n",
    "curl -X PROPFIND https://cloud.example.com/remote.php/dav/files/{user}/Documents\n",
    "Sync finished for folder [C:\\Nextcloud] of account [admin@cloud.example.com] with remote [https://cloud.example.com/remote.php/dav/files/admin/]\n",
    "GET https://cloud.example.com/remote.php/dav/avatars/admin/128.png\n",
    "https://cloud.example.com/remote.php/dav/files/\n",
    "https://cloud.example.com/remote.php/dav/files/username/Photos/\n",
    "rclone config create nc webdav url=https://cloud.example.com/remote.php/dav/files/USERNAME/ vendor=nextcloud\n",
    "https://cloud.example.com/remote.php/dav/avatars/USERNAME/64.png\n",
    "PROPFIND /remote.php/dav/files/%USERNAME%/ HTTP/1.1\n",
    "https://cloud.example.com/remote.php/dav/uploads/admin/web-file-upload-1234/\n",
    "https://cloud.example.com/remote.php/dav/trashbin/admin/trash/\n",
]

NEXTCLOUD_LOG_NOBODY = [
    '{"reqId":"Yb3kQzR1vTnL8aWcPd2eFgAAAAk","level":3,"time":"2020-09-24T19:53:08+00:00","remoteAddr":"","user":"--","app":"cron","method":"","url":"--","message":"Job failed"}\n',
    '{"reqId":"X2z5JPXayFutojffS-xGWAAAAJg","level":1,"time":"2020-09-24T19:53:08+00:00","remoteAddr":"10.0.0.2","user":"admin","app":"files","method":"GET","url":"/index.php/apps/files/","message":"ok"}\n',
    '{"reqId":"q8Ld3Rw7ZkT2mN5vB9xC","level":2,"time":"2024-01-02T10:00:00+00:00","remoteAddr":"127.0.0.1","user":"--","app":"core","method":"GET","url":"/status.php","message":"Login failed: \'nobody\' (Remote IP: \'127.0.0.1\')"}\n',
    '{"user":"someone","app":"files"}\n',
    '{"reqId":"R7uY2bFvN0kQpL3sW8dJ","level":1,"time":"2024-01-02T10:00:00+00:00","remoteAddr":"10.0.0.3","user":"--","app":"no app in context","method":"PUT","url":"/remote.php/webdav/x","message":"Sabre\\\\DAV\\\\Exception\\\\NotAuthenticated"}\n',
    '{"reqId":"ZkR4nV8sT1bX6wQ2mJ9c","level":0,"time":"2024-01-02T10:00:00+00:00","remoteAddr":"10.0.0.4","user":"{user}","app":"webdav","method":"GET","url":"/x","message":"m"}\n',
    '{"reqId":"Pq2Wm7Nx4Tz9Lr5Vb8Kd","level":0,"time":"2024-01-02T10:00:00+00:00","user":"USERNAME","app":"files","method":"GET","url":"/x","message":"m"}\n',
    '{"reqId":"Hj6Rt2Yn8Fb4Wq1Xm3Lp","level":2,"time":"2024-01-02T10:00:00+00:00","remoteAddr":"::1","user":"--","app":"occ","method":"","url":"--","message":"Background job"}\n',
    '{"reqId":"Cd5Vg9Kp2Ms7Rt4Wn8Bx","level":1,"user":"root","app":"admin_audit","method":"POST","url":"/login","message":"Login attempt"}\n',
    '{"level":1,"user":"kwalden","app":"files","message":"not a Nextcloud line: no reqId, no method, no url"}\n',
]

DESKTOP_ACCOUNT_NOBODY = [
    "Sync finished for folder [C:\\Nextcloud] of account [admin@192.168.1.7] with remote [https://192.168.1.7/remote.php/dav/files/admin/]\n",
    "OCC::Account::setCredentials: account [admin@cloud.example.com:8443]\n",
    "Folder sync result: 0 of account [USERNAME@cloud.example.com]\n",
    "Sync finished for folder [/home/user/Nextcloud] of account [user@nextcloud.local]\n",
    "the user account [see below] was locked\n",
    "service account [ci@build]: ok\n",
    "Account [root@nas]: reconnecting\n",
    '"account [admin@nc.example.org] wizard finished"\n',
    "[ info nextcloud.gui.account ]: Account [admin@localhost:8080] added\n",
    "of account [{user}@cloud.example.com]\n",
]

HOMES_SHARE_NOBODY = [
    "Nov 10 00:07:05 storage sync-onedrive-start[3373974]: ERROR : Local file system at /mnt/data/media/Cloud/One Drive: not deleting directories\n",
    "rclone sync /mnt/data/backups/onedrive remote:backup\n",
    "ls /mnt/data/shared/Photos\n",
    "ls /volume1/homes/\n",
    "ls /volume1/homes/admin/Drive\n",
    "/srv/app/homes/migrations/0001_initial.py\n",
    "/mnt/data/homes/.snapshots/daily\n",
    "cp /volume1/homes/USERNAME/Drive/x.txt /tmp\n",
    "/mnt/data/homes/@eaDir/thumbs\n",
    "/mnt/data/homes/\n",
]

# (text, the secret, login or address that must be gone from the whole text)
STILL_GO = [
    ("$ restic -r sftp:jkowalski@host.example.com:/srv/restic-repo init\n", "jkowalski"),
    ("$ borg init ssh://mtorres@backup.example.com/./repo\n", "mtorres"),
    ("$ restic -r sftp:admin@jkowalski2.myqnapcloud.com:/share/backup init\n", "jkowalski2"),
    ("$ borg list mtorres@backup.example.org:repo\n", "mtorres"),
    ("$ restic -r sftp:admin@jonas2.myqnapcloud.com:/share/backup init\n", "jonas2"),
    ("$ rsync -av notes.txt kwalden@gmail.com\nmail kwalden@gmail.com\n", "kwalden@gmail.com"),
    ("Contact jane.smith@gmail.com: she knows\n", "jane.smith@gmail.com"),
    ("rclone config create remote webdav user=k pass=hunter2x\n", "hunter2x"),
    ("rclone config create remote webdav user=k pass=Tr0ub4dor3\n", "Tr0ub4dor3"),
    ("pass=Summer2024pass\n", "Summer2024pass"),
    ("pass=bluepassword\n", "bluepassword"),
    ("pass=longpassword7\n", "longpassword7"),
    (
        "Sync finished for folder [Q:\\nc] of account [kwalden@cloud.my-server-1.de] with remote [https://cloud.my-server-1.de/cloud/remote.php/dav/files/kwalden/]\n",
        "kwalden",
    ),
    (
        '"https://192.168.1.7/nextcloud/remote.php/dav/avatars/mtorres88/128.png" has X-Request-ID "5892"\n',
        "mtorres88",
    ),
    (
        '{"reqId":"Yb3kQzR1vTnL8aWcPd2eFgAAAAk","level":0,"time":"2020-09-24T19:53:08+00:00","remoteAddr":"192.168.0.30","user":"jkowalski","app":"webdav","method":"PROPFIND","url":"/x/index.php/apps/files/","message":"m"}\n',
        "jkowalski",
    ),
    ("Local file system at /mnt/data/homes/kwalden/Cloud/One Drive: not deleting\n", "kwalden"),
    ("ls /volume1/homes/mtorres/Drive/notes.txt\n", "mtorres"),
]


@pytest.mark.parametrize(
    "text",
    SSH_TARGET_NOBODY
    + EXAMPLE_PASSWORD_NOBODY
    + NEXTCLOUD_DAV_NOBODY
    + NEXTCLOUD_LOG_NOBODY
    + DESKTOP_ACCOUNT_NOBODY
    + HOMES_SHARE_NOBODY,
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_private_values_beside_them_still_go(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower()


def test_an_sftp_target_keeps_its_default_login_and_provider_domain(engine: Scrubber) -> None:
    text = 'export RESTIC_REPOSITORY="sftp:admin@hesse4.myqnapcloud.com:/share/Backup/resticrepo"\n'
    out = scrubbed(engine, text)
    assert "hesse4" not in out
    assert "sftp:admin@" in out and ".myqnapcloud.com:/share/Backup/resticrepo" in out


def test_a_homes_share_keeps_all_but_the_login(engine: Scrubber) -> None:
    out = scrubbed(
        engine,
        "ERROR : Local file system at /mnt/data/homes/kwalden/Cloud/One Drive: not deleting\n",
    )
    assert "/mnt/data/homes/" in out and "/Cloud/One Drive: not deleting" in out
    assert "kwalden" not in out


def test_a_nextcloud_request_id_stays_beside_a_replaced_login(engine: Scrubber) -> None:
    text = '{"reqId":"Yb3kQzR1vTnL8aWcPd2eFgAAAAk","level":0,"remoteAddr":"192.168.0.30","user":"jkowalski","app":"webdav","method":"PROPFIND","url":"/x/remote.php/dav/files/jkowalski/Video","message":"m"}\n'
    out = scrubbed(engine, text)
    assert '"reqId":"Yb3kQzR1vTnL8aWcPd2eFgAAAAk"' in out
    assert "jkowalski" not in out
