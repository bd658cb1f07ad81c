# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Logins by a data or cloud tool's documented format (stop 51, scrubber 1.36.0; issue 35).

The login misses of batches 78 and 79's tune parts (``tests/outside_corpus/SOURCE.md``, "The
stop-78 collection", "The stop-79 collection"), each found by a general rule read from its
tool's format (``scrubbers/user_names.yaml``):

* ``hdfs_access_denied``: HDFS's ``AccessControlException: Permission denied: user=<u>,
  access=<a>, inode="<path>":<owner>:<group>:<mode>``, the caller and the owner, not Hadoop's
  service or default accounts;
* ``hdfs_user_home``: HDFS's per-user folder ``/user/<u>`` where HDFS is sure (``hdfs://…``,
  ``hdfs dfs``/``hadoop fs``, ``inode=``, Hadoop's shell errors ``<cmd>: `/user/<u>/…'``), not
  its services' folders;
* ``spark_acls``: Spark's ``SecurityManager`` lines (``Changing view acls to: <u>``, ``users
  with view permissions: Set(<u>)``), not ``*``, an empty set or a service account;
* ``snowflake_login_name``: the Snowflake connector's ``'LOGIN_NAME': '<login>'``, not a mask,
  a placeholder or a test account;
* ``gcloud_account``: gcloud's ``account = <local>@<domain>``, the local part of a user
  account (not a service account's), also where it stands in a project's name.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody, which must stay as they are. ``LOGINS`` lose the login
everywhere in the text.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

_ACE = "org.apache.hadoop.security.AccessControlException: Permission denied: "

HDFS_NOBODY = [
    f'{_ACE}user=root, access=WRITE, inode="/":hdfs:supergroup:drwxr-xr-x\n',
    f'{_ACE}user=hdfs, access=WRITE, inode="/user":hdfs:supergroup:drwxr-xr-x\n',
    f'{_ACE}user=yarn, access=EXECUTE, inode="/tmp/hadoop-yarn":yarn:supergroup:drwx------\n',
    f'{_ACE}user=hive, access=WRITE, inode="/user/hive/warehouse":hive:hive:drwxrwx--x\n',
    f'{_ACE}user=spark, access=READ, inode="/spark-history":spark:hadoop:-rw-r-----\n',
    f'{_ACE}user=dr.who, access=READ_EXECUTE, inode="/tmp":hdfs:supergroup:drwx-wx-wx\n',
    f'{_ACE}user=anonymous, access=WRITE, inode="/":root:supergroup:drwxr-xr-x\n',
    f'{_ACE}user=mapred, access=WRITE, inode="/mr-history":mapred:hadoop:drwxrwxrwt\n',
    f'{_ACE}user=hadoop, access=WRITE, inode="/data":hadoop:supergroup:drwxr-xr-x\n',
    f'{_ACE}user=<user>, access=WRITE, inode="/":hdfs:supergroup:drwxr-xr-x\n',
    "Permission denied: user=root, access=WRITE\n",
    f'FAILED: RuntimeException {_ACE}user=etl_user, access=WRITE, inode="/":hdfs:dba_hadoop:drwxr-xr-x\n',
    f'{_ACE}user=mapr, access=WRITE, inode="/apps":mapr:mapr:drwxr-xr-x\n',
    f'{_ACE}user=app-user, access=READ, inode="/data/x":svc_user:hadoop:-rw-r-----\n',
    "$ hdfs dfs -ls /user\nFound 3 items\ndrwxr-xr-x   - hdfs   supergroup          0 2020-01-01 10:00 /user/hdfs\ndrwxrwxrwx   - hive   supergroup          0 2020-01-01 10:00 /user/hive\ndrwxr-xr-x   - spark  supergroup          0 2020-01-01 10:00 /user/spark\n",
    "$ hadoop fs -mkdir -p /user/oozie/share/lib\n",
    "hdfs://namenode:8020/user/history/done\n",
    "hdfs://nn1.example.com:9000/user/yarn/.staging\n",
    "$ hdfs dfs -put data.csv /user/${USER}/input\n",
    "$ hdfs dfs -put data.csv /user/$USER/input\n",
    "$ hdfs dfs -ls /user/<username>/\n",
    "see https://example.com/user/settings for hdfs docs\n",
    "mkdir: cannot create directory '/user/x': Permission denied\n",
    "$ hdfs dfs -ls hdfs:///tmp/data\n",
]

SPARK_NOBODY = [
    "INFO SecurityManager: Changing view acls to: root\nINFO SecurityManager: Changing modify acls to: root\n",
    "INFO SecurityManager: Changing view acls to: spark\n",
    "INFO SecurityManager: Changing view acls to: hdfs,yarn\n",
    "INFO SecurityManager: Changing view acls groups to: \nINFO SecurityManager: Changing modify acls groups to: \n",
    "INFO SecurityManager: SecurityManager: authentication disabled; ui acls disabled; users  with view permissions: Set(root); groups with view permissions: Set(); users  with modify permissions: Set(root); groups with modify permissions: Set()\n",
    "INFO SecurityManager: SecurityManager: authentication disabled; ui acls disabled; users with view permissions: Set(*); groups with view permissions: Set(admins)\n",
    "INFO SecurityManager: SecurityManager: authentication disabled; ui acls disabled; users with view permissions: root; groups with view permissions: EMPTY; users with modify permissions: root; groups with modify permissions: EMPTY\n",
    "INFO SecurityManager: SecurityManager: authentication disabled; ui acls disabled; users with view permissions: EMPTY; groups with view permissions: EMPTY\n",
    "INFO SecurityManager: Changing view acls to: *\n",
    "INFO SecurityManager: Changing view acls to: hadoop\n",
    "INFO SecurityManager: Changing view acls to: jovyan\n",
    "INFO SecurityManager: Changing view acls to: ubuntu\n",
]

SNOWFLAKE_NOBODY = [
    "body['data']: {'CLIENT_APP_ID': 'PythonConnector', 'ACCOUNT_NAME': 'myaccount', 'LOGIN_NAME': '****', 'CLIENT_ENVIRONMENT': {}}\n",
    "body['data']: {'ACCOUNT_NAME': 'xy12345', 'LOGIN_NAME': '<user>', 'CLIENT_ENVIRONMENT': {}}\n",
    "body['data']: {'ACCOUNT_NAME': 'myaccount', 'LOGIN_NAME': 'user', 'CLIENT_ENVIRONMENT': {}}\n",
    "body['data']: {'ACCOUNT_NAME': 'myaccount', 'LOGIN_NAME': 'username', 'CLIENT_ENVIRONMENT': {}}\n",
    "body['data']: {'ACCOUNT_NAME': 'myaccount', 'LOGIN_NAME': 'testuser', 'CLIENT_ENVIRONMENT': {}}\n",
    "body['data']: {'ACCOUNT_NAME': 'myaccount', 'LOGIN_NAME': 'your_username', 'CLIENT_ENVIRONMENT': {}}\n",
    "body['data']: {'ACCOUNT_NAME': 'myaccount', 'LOGIN_NAME': 'admin', 'CLIENT_ENVIRONMENT': {}}\n",
    '{"data": {"ACCOUNT_NAME": "myaccount", "LOGIN_NAME": "***", "PASSWORD": "****"}}\n',
    '{"data": {"ACCOUNT_NAME": "myaccount", "LOGIN_NAME": "<login>", "PASSWORD": "****"}}\n',
    "body['data']: {'ACCOUNT_NAME': 'myaccount', 'LOGIN_NAME': None}\n",
    "'LOGIN_NAME': 'USERNAME'\n",
]

GCLOUD_NOBODY = [
    "[core]\naccount = 123456789-compute@developer.gserviceaccount.com\nproject = my-project\n",
    "[core]\naccount = 123456789-compute@developer.gserviceaccount.com\nproject = compute-demo\n",
    "[core]\naccount = ***REDACTED***@gmail.com\nproject = gcpnext2016-demo\n",
    "[core]\naccount = user@example.com\nproject = my-project\n",
    "[core]\naccount = you@example.com\nproject = your-project\n",
    "[core]\naccount = <your-email>\nproject = my-project\n",
    "[core]\naccount = your_email@gmail.com\nproject = my-project-123\n",
    "[core]\naccount = admin@example.org\nproject = admin-sandbox\n",
    "[core]\naccount = (unset)\nproject = my-project\n",
    "[core]\naccount = \ndisable_usage_reporting = True\n",
    "Your active configuration is: [default]\n[core]\naccount = test@example.com\n",
]

# (text, the login that must be gone from the whole text)
LOGINS = [
    (
        f'Exception in thread "main" {_ACE}user=root, access=WRITE, inode="/":okello:supergroup:drwxr-xr-x\n\nexport HADOOP_USER_NAME=hdfs\n',
        "okello",
    ),
    (
        f'Caused by: org.apache.hadoop.ipc.RemoteException({_ACE}user=tamsinr, access=WRITE, inode="/data":hdfs:supergroup:drwxr-xr-x\n',
        "tamsinr",
    ),
    (
        "mkdir: `/user/gordonfrey/apps': File exists\nput: `/user/gordonfrey/apps/hive-lib.zip': File exists\n/tmp/gordonfrey-hive-lib.zip: OK\n",
        "gordonfrey",
    ),
    ("$ hdfs dfs -ls /user/mbrandt/input\n", "mbrandt"),
    ("Path: hdfs://namenode:8020/user/ajoshi/.sparkStaging/application_1\n", "ajoshi"),
    (
        "INFO org.apache.spark.SecurityManager - Changing view acls to: meridian\nINFO org.apache.spark.SecurityManager - Changing modify acls to: meridian\n/tmp/meridian-cache\n",
        "meridian",
    ),
    (
        "INFO SecurityManager: SecurityManager: authentication disabled; ui acls disabled; users with view permissions: Set(hdfs, kestrel); groups with view permissions: Set()\n",
        "kestrel",
    ),
    (
        "DEBUG - body['data']: {'CLIENT_APP_ID': 'PythonConnector', 'ACCOUNT_NAME': 'myaccount', 'LOGIN_NAME': 'Ana.Reyes', 'CLIENT_ENVIRONMENT': {'OS': 'Windows'}}\n",
        "Ana.Reyes",
    ),
    (
        "[core]\naccount = kvrel@google.com\nproject = kvrel-test-flexible\nYour active configuration is: [kvrel-test]\n",
        "kvrel",
    ),
    ("[core]\naccount = priya.raman@gmail.com\nproject = demo-priya.raman\n", "priya.raman"),
]


@pytest.mark.parametrize("text", HDFS_NOBODY + SPARK_NOBODY + SNOWFLAKE_NOBODY + GCLOUD_NOBODY)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "login"), LOGINS)
def test_a_login_by_its_format_goes(engine: Scrubber, text: str, login: str) -> None:
    out = scrubbed(engine, text)
    assert login.lower() not in out.lower()
    # only the lines that named the login changed
    pairs = list(zip(text.splitlines(), out.splitlines(), strict=True))
    assert [o for t, o in pairs if login.lower() not in t.lower()] == [
        t for t, _ in pairs if login.lower() not in t.lower()
    ]
