# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""HPC schedulers' own formats read as formats (stop 53, scrubber 1.46.0; issue 35).

The damage and misses of batch 94's tune part (``tests/outside_corpus/SOURCE.md``, "The stop-94
collection"), each fixed by a general rule read from the scheduler's documented format:

* ``Job_Owner`` is a login at the submit host, never an e-mail: PBS Professional's and Torque's
  ``qstat -f`` write the job attribute ``Job_Owner = <login>@<submit host>`` (``-fx``:
  ``<Job_Owner>…</Job_Owner>``); the address rule leaves it (``engine._pbs_job_owner``) and
  ``pbs_job_owner`` (``scrubbers/user_names.yaml``) learns the login, so the home that carries
  it goes too; the host stays;
* a scheduler's user option: ``-u``/``--user <login>`` of ``squeue``, ``sacct``, ``scancel``,
  ``qstat``, ``qselect``, ``bjobs`` and their kin (``scheduler_user_option``), also in a ``set
  -x`` trace that echoes the command; ``$USER``, ``all`` and ``"*"`` stay;
* scontrol's ``UserId=<login>(<uid>)`` (``scontrol_user_id``) and an argparse ``[default:
  <login>]`` under ``-u USER, --user USER`` (``scheduler_user_default``);
* a job table's user column: a header that starts with the job id's column (``JOBID``, ``Job
  ID``, ``job-ID``) and names a ``USER``/``Username`` column (squeue's default ``JOBID
  PARTITION NAME USER ST TIME NODES NODELIST(REASON)``, LSF's ``bjobs``, Torque's and SGE's
  ``qstat``), then rows that start with a job id: the word in the user column is a login
  (``engine._job_table_users``); a job state (``PD``, ``COMPLETING``) is no login;
* a prompt after a stray quote a paste leaves (``'[<u>@<host> ~]$``: ``prompt`` and
  ``glued_host_prompt``), and a host named after the prompt's login replaced wherever the text
  names it (Open MPI's ``[<u>1700:<pid>]``, ``engine.glued_host_logins``);
* a person's ``First.Last`` folder directly under a cluster share root (``scratch``,
  ``noscrub``, ``ptmp``, ``save``, ``work``, ``homes``, ``projects``; ``cluster_share_person``);
  a role account (``emc.glopara``, lower case), ``$USER``, a project and a placeholder stay.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was written (texts of
the same shape that name nobody, which must stay as they are); ``STILL_GO`` holds the private
values of the same shapes, which must be replaced everywhere.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

JOB_OWNER_NOBODY = [
    "    Job_Owner = root@pbs-server\n",
    "    Job_Owner = pbsadmin@headnode\n",
    "<Job_Owner>root@master.cluster</Job_Owner><job_state>R</job_state>\n",
    "    Error_Path = headnode:/home/username/job.e0\n",
    "<Error_Path>headnode:/raid6/shared/science/yep.e39352</Error_Path>\n",
    "    Job_Owner = root@login01.cluster.example.edu\n    job_state = Q\n",
    "<Job_Owner>pbsadmin@pbs.example.org</Job_Owner>\n",
    "    Job_Owner = user@host\n",
    "    Job_Owner = username@server.example.com\n",
    "Job_Owner = <user>@<host>\n",
    "    Job_Owner = $USER@$HOSTNAME\n",
    "    Mail_Users = \n    Job_Owner = root@pbs\n",
]

SCHEDULER_USER_NOBODY = [
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
    "$ bjobs -u all\n",
    '$ qstat -u "*"\n',
    "qstat -u '*' -s r\n",
    "sacct --user=$USER --format=JobID,JobName,State\n",
    "squeue --user=${USER}\n",
    "bjobs -u username\n",
    "squeue -u <username>\n",
    "squeue -u your_username\n",
    "JOBID   USER    STAT  QUEUE      FROM_HOST   EXEC_HOST   JOB_NAME   SUBMIT_TIME\n"
    "1234    x123    RUN   normal     hostA       hostB       sim        Oct 10 10:00\n",
    "job-ID  prior   name       user         state submit/start at     queue                          slots ja-task-ID\n"
    "-----------------------------------------------------------------------------------------------------------------\n"
    "   3215 0.55500 sleep.sh   foo1bar      r     01/02/2020 10:00:00 all.q@node1                        1\n",
    "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n",
    "JOBID USER STATE\n12 root R\n13 slurm PD\n",
    "The JOBID and USER columns are explained below.\n",
    "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
    "                42     debug     test     user  R       0:01      1 node01\n",
    "usage: rc-squeue [-h] [-r] [-u USER] [-w NODELIST]\n",
    "$ bjobs -u z12345\n",
    "qstat -u foo1bar\n",
]

SHARE_NOBODY = [
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
    "/scratch/shared/Data.Sets/train\n",
    "cd /work/noaa/Global.Workflow/run\n",
    "/lustre/save/role.glopara/para\n",
    "cd /projects/My.Project/src\n",
    "/scratch/First.Last/run\n",
    "/home/me/work/Test.Data/input.csv\n",
    "python /work/Config.Default/setup.py\n",
    "/scratch/2001234/README.md\n",
]

PROMPT_NOBODY = [
    "'[root@node1700 ~]$ mpirun -np 16 --hostfile ~/Host2 ./a.out\n",
    "[node1700:01167] mca: base: components_register: registering framework plm components\n",
    "[user@host ~]$ mpirun -np 4 hostname\n",
    '"[user@localhost ~]$ ls\n',
    "'[vagrant@localhost ~]$ vagrant up\n",
    "'[ec2-user@ip-172-31-0-1 ~]$ sudo yum install gcc\n",
    '"git@github.com:~/repo"\n',
    "'noreply@github.com'\n",
    "'[root@root1700 ~]$ mpirun -np 2\n[root1700:01167] mca: base\n",
    "`[ubuntu@ip-10-0-0-1 ~]$ ls`\n",
    "'[username@hostname ~]$ module load gcc\n",
    "[node1700:01167] [[26963,0],0] STARTING NEW TOPOLOGY RANGE\n[node1701:01168] x\n",
]

STILL_GO = [
    (
        "<Job_Owner>kmt@master.cl.example.edu</Job_Owner><Error_Path>master.cl.example.edu:/raid6/homes/kmt/science/yep.e39352</Error_Path>\n",
        "kmt",
    ),
    (
        "    Job_Owner = jqpubl@login1.cluster.edu\n    Error_Path = login1.cluster.edu:/home/jqpubl/job.e12\n",
        "jqpubl",
    ),
    (
        "   UserId=nvlaar(177478) GroupId=pcsl(10532) MCS_label=N/A\n   Command=/scratch/nvlaar/front/x.slurm\n",
        "nvlaar",
    ),
    (
        "++ squeue -u Anna.Berglund -j 135087666\n+ status=Anna.Berglund\nJob status unsupported: Anna.Berglund\n",
        "Anna.Berglund",
    ),
    (
        "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
        "           1872107         skx run_01_u tg812345 PD       0:00      1 (Priority)\n\n"
        "//login3/scratch/05861/tg812345/Miami/DEM[1047] showstatus\n",
        "tg812345",
    ),
    ("sacct -u hkwonr --format=JobID,State\n", "hkwonr"),
    ("$ bjobs -u pmarlo\n", "pmarlo"),
    ("qstat -u okafor\n", "okafor"),
    ("squeue --user=dravenj\n", "dravenj"),
    (
        "  -u USER, --user USER  Get data for the specified user. Comma-separated list\n"
        "                        is OK. [default: wtenbr] (default: None)\n",
        "wtenbr",
    ),
    (
        "JOBID   USER    STAT  QUEUE      FROM_HOST   EXEC_HOST   JOB_NAME   SUBMIT_TIME\n"
        "1234    lfernq  RUN   normal     hostA       hostB       sim        Oct 10 10:00\n",
        "lfernq",
    ),
    ("/gpfs/dell1/ptmp/Marit.Ostvang/baily\n", "Marit.Ostvang"),
    (
        "+ . /gpfs/dell2/emc/modeling/noscrub/Marit.Ostvang/fv3gfs/ush/load.sh\n",
        "Marit.Ostvang",
    ),
    (
        "'[kelvar@kelvar1700 ~]$ mpirun -np 16 ./a.out\n[kelvar1700:01167] mca: base: components_register\n",
        "kelvar",
    ),
    ('"[dmoreau@login2 ~]$ sbatch run.sh\n', "dmoreau"),
]


@pytest.mark.parametrize(
    "text", JOB_OWNER_NOBODY + SCHEDULER_USER_NOBODY + SHARE_NOBODY + PROMPT_NOBODY
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_logins_of_the_schedulers_formats_go(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower()


def test_job_owner_keeps_its_submit_host(engine: Scrubber) -> None:
    text = "    Job_Owner = jqpubl@login1.cluster.edu\n"
    out = scrubbed(engine, text)
    assert out.endswith("@login1.cluster.edu\n")
    assert "example.com" not in out
