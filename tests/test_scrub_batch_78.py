"""Batch 78 of the real-threads corpus (stop 51): its tune part held to what was measured, and
texts of the shapes of its tune misses that name nobody, kept as they are.

Batch 78 (``tests/outside_corpus/real_threads.py``, ``_RAW_STOP78``) is a collection of threads of
a source no batch took before, data engineering tools' output as people paste it (HDFS, Spark,
YARN, Airflow, dbt, Databricks, Snowflake, Jupyter, beeline). It was scored blind under scrubber
1.33.0 with 1e55f1d's rules (``docs/benchmarks.md``, "Stop 51, batch 78, blind") and no rule was
changed for it. Its tune part has no damage; its misses (``tests/outside_corpus/SOURCE.md``, "The
stop-78 collection") are four classes, all logins no home teaches:

* HDFS's ``AccessControlException: Permission denied: user=<login>, access=WRITE,
  inode="<path>":<owner>:<group>:<mode>``: a person's login as ``user=`` (1 label) and as the
  inode's owner (1 label), where ``user=root``/``hdfs``/``yarn`` and owners ``hdfs``/``root`` are
  service accounts;
* HDFS's per-user folder ``/user/<login>/…`` (``mkdir: `/user/<login>/apps'``) and a staging file
  named after the login (``/tmp/<login>-hive-1.2.1-lib.zip``): ``/user`` is no home root the
  scrubber knows, so the name is never learned (4 labels);
* Spark's ``SecurityManager: Changing view acls to: <login>`` and ``users with view permissions:
  Set(<login>)`` (4 labels, the same login as above: all 8 stay);
* the Snowflake connector's login body, a Python dict repr with ``'LOGIN_NAME': '<First.Last>'``
  beside ``'ACCOUNT_NAME'`` (1 label).

A rule for each would have to keep the texts below, the same shapes naming nobody (1.33.0 with
1e55f1d's rules keeps every one).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score

SAME_SHAPES_THAT_NAME_NOBODY = [
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
]


@pytest.mark.parametrize("text", SAME_SHAPES_THAT_NAME_NOBODY)
def test_texts_of_the_tune_misses_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_batch_78_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 78's tune part under scrubber 1.33.0 with 1e55f1d's rules, blind, no rule changed
    after it: paths 17/21, elsewhere 7/14, no e-mail or secret, 0 of 39 keep spans damaged,
    19/19 library tails, 0 of 3 clean changed, no JSON or YAML. The figures scrubber 1.36.0's
    rules moved are marked below."""
    score = tune_score(engine, 78, tmp_path)
    assert score.docs == 13
    assert [score.total[c] for c in CLASSES] == [21, 14, 0, 0]
    # since 1.36.0 (stop 51): HDFS's user= and inode owner (hdfs_access_denied), HDFS's
    # /user/<login> in Hadoop's shell errors (hdfs_user_home), Spark's acls (spark_acls) and the
    # Snowflake connector's LOGIN_NAME (snowflake_login_name) are read by their tools' formats:
    # paths 17/21 -> 21/21, elsewhere 7/14 -> 14/14
    assert [score.found[c] for c in CLASSES] == [21, 14, 0, 0]
    assert score.missed == []
    assert score.keeps == 39
    assert score.damage == []
    assert score.clean_touched == []
    assert score.clean_docs == 3
    assert score.tails_kept == score.tails == 19
    assert score.parses == score.structured == 0
    assert score.not_idempotent == [] and score.check_findings == [] and score.clashes == []
