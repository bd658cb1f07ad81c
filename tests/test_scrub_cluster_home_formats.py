# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Cluster sites' homes as bioinformatics tools print them (stop 55, scrubber 1.65.0; issue 35).

The tune misses of batch 113 (``tests/outside_corpus/SOURCE.md``, "The stop-113 collection"),
fixed by general rules:

* ``posix_home_under_a_site`` (``scrubbers/recognizers.yaml``): a ``home`` folder one or two
  folders below a site's mount or share root (``/share/home/<u>/``, Bristol's BlueCrystal
  ``/mnt/storage/home/<u>/``, GWDG's ``/mnt/vast-nhr/home/<u>/``, LBNL Lawrencium's
  ``/global/home/users/<u>/``) holds one folder per login, as ``/home`` does; the site's own
  folders in it (``software``, ``apps``, ``shared``, ``public``, ``common``…) name nobody.
* ``gatk_executing_as`` (``scrubbers/user_names.yaml``): GATK's and Picard's start-up line
  ``Executing as <user.name>@<host> on <os>`` names the running login (GATK's
  ``CommandLineProgram``); ``root``, ``ubuntu`` and other system or cloud image accounts stay.
* ``home_segment``'s group-folder branch: under ``/home/users/<group>/<u>/`` the login is the
  folder right before the home's own dot-folder (Nextflow's ``$NXF_HOME`` = ``~/.nextflow``
  with its ``plugins``, ``assets``, ``config``, ``secrets``; ``.vscode-server``, ``.rustup``,
  ``.pyenv``, ``.nvm``, ``.ssh``), not the group folder after ``users``.
* ``posix_home_on_imperial_rds``: Imperial College's Research Data Store
  ``/rds/general/user/<u>/{home,projects,ephemeral}`` and
  ``/rds/general/ephemeral/user/<u>/ephemeral`` (Imperial RCS user guide, "Data Management on
  HPC"), one folder per login.

The ``*_NOBODY`` lists are the harm hunt the rules were attacked with before they were kept:
texts of the same shapes that name nobody, which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

SITE_HOME_NOBODY = [
    "09:05:02.972 INFO  HaplotypeCaller - Executing as root@localhost.localdomain on Linux v3.10.0-1160.31.1.el7.x86_64 amd64",
    "09:05:02.972 INFO  HaplotypeCaller - Executing as ubuntu@ip-172-31-5-10 on Linux v5.15.0-1019-aws amd64",
    "10:11:12.345 INFO  MarkDuplicates - Executing as root@3f2a1b9c8d7e on Linux v5.10.0-23-cloud-amd64 amd64",
    "INFO  MarkDuplicates - Executing as $USER@$HOSTNAME on Linux",
    "INFO  HaplotypeCaller - Executing as <user>@<host> on Linux",
    "The tool logs who it is executing as root@localhost in its header.",
    "jar:file:/share/home/software/gatk/gatk.jar",
    "Loading libgkl_compression.so from jar:file:/share/apps/gatk-4.0.10.1/gatk-package-4.0.10.1-local.jar!/com/intel/gkl/native/libgkl_compression.so",
    "at /mnt/storage/home/shared/software/vcfutils.pl line 566.",
    "at /mnt/storage/software/bcftools/misc/vcfutils.pl line 566.",
    "/share/home/apps/samtools-1.9/bin/samtools view -h in.bam",
    "/mnt/storage/home/public/reference/hg38.fa",
    "/share/home/common/modules/gatk/4.2",
    "/mnt/storage/home/tools/picard.jar",
    "/gpfs/home/data/genomes/GRCh38/genome.fa",
    "/app/src/home/components/Header.tsx",
    "/opt/app/home/templates/index.html",
    "/var/www/home/index.php",
    "/srv/site/home/static/logo.png",
    "/usr/local/share/home/templates/base.html",
    "GET /share/home/index.html HTTP/1.1",
    "https://example.org/share/home/docs/index.html",
    "/mnt/storage/home/$USER/software/bcftools",
    "/share/home/<user>/biosoft/gatk.jar",
    "/mnt/storage/home/{username}/x",
    "/mnt/storage/home/2021/run1/out.vcf",
    "/share/home/software",
    "/share/home/acct-bio/public/models/llama-2-7b",
]

SITE_HOME_GO = [
    (
        "09:04:49.857 INFO  NativeLibraryLoader - Loading libgkl_compression.so from jar:file:/share/home/tmaruko/biosoft/gatk-4.0.10.1/gatk-package-4.0.10.1-local.jar!/com/intel/gkl/native/libgkl_compression.so\n09:05:02.972 INFO  HaplotypeCaller - Executing as tmaruko@localhost.localdomain on Linux v3.10.0-1160.31.1.el7.x86_64 amd64\n",
        "tmaruko",
        "/biosoft/gatk-4.0.10.1/",
    ),
    (
        "Use of uninitialized value $l in numeric lt (<) at /mnt/storage/home/qk20931/software/bcftools/misc/vcfutils.pl line 566.",
        "qk20931",
        "/software/bcftools/misc/vcfutils.pl line 566.",
    ),
    ("/gpfs/home/okwame/projects/rnaseq/run.sh", "okwame", "/projects/rnaseq/run.sh"),
    ("/global/home/users/hliao/envs/rna/bin/python", "hliao", "/envs/rna/bin/python"),
    ("/lustre/home/pemberly/run/out.log", "pemberly", "/run/out.log"),
    (
        "10:11:12.345 INFO  MarkDuplicates - Executing as jvanloo@node042.cluster on Linux v4.18.0 amd64",
        "jvanloo",
        "@node042.cluster on Linux",
    ),
]

GROUP_HOME_NOBODY = [
    "plugins-dir=/root/.nextflow/plugins; core-plugins: nf-amazon@1.16.2",
    "Found config home: /root/.nextflow/config",
    "Found config home: /home/users/shared/.nextflow/config",
    "Found config local: /vast/projects/RCP/PPP_NF/nf-qc-pipe/nextflow.config",
    "$> /stornext/System/data/tools/nextflow/nextflow-23.04.2/nextflow-23.04.2-all run main.nf -profile milton",
    "/home/users/shared/tools/.nextflow/plugins",
    "/home/users/$USER/.nextflow/config",
    "/home/users/<group>/<user>/.nextflow/plugins",
    "Found config home: /home/users/allstaff/$USER/.nextflow/config",
]

GROUP_HOME_GO = [
    (
        "July-05 17:59:21.577 [main] DEBUG nextflow.plugin.PluginsFacade - Setting up plugin manager > mode=prod; embedded=false; plugins-dir=/home/users/allstaff/tolkwin.r/.nextflow/plugins; core-plugins: nf-amazon@1.16.2\nJuly-05 17:59:21.624 [main] DEBUG nextflow.config.ConfigBuilder - Found config home: /home/users/allstaff/tolkwin.r/.nextflow/config\n",
        "tolkwin.r",
        "/home/users/allstaff/",
    ),
    (
        "Found config home: /home/users/students/mkeller/.nextflow/config",
        "mkeller",
        "/.nextflow/config",
    ),
    ("/home/users/genomics/akowal/.vscode-server/bin/x", "akowal", "/home/users/genomics/"),
    (
        "/home/users/bioinf/okmwangi/.nextflow/assets/nf-core/rnaseq/main.nf",
        "okmwangi",
        "/home/users/bioinf/",
    ),
]

RDS_NOBODY = [
    "--genomeDir $RDS/home/genomeDir/Index_Genome \\",
    "--readFilesIn $RDS/projects/cohesin/live/naiveRNAseq/SOUK007710/*_R1_*.fastq.gz \\",
    "--outFileNamePrefix /rds/general/project/cohesin/live/mapped/Genecode/cohesin \\",
    "--outFileNamePrefix $EPHEMERAL/mapped/Genecode/cohesin \\",
    "--readFilesIn /rds/general/user/$USER/home/reads.fq.gz",
    "/rds/general/ephemeral/user/$USER/ephemeral/tmp",
    "/rds/general/user/<username>/home",
    "/rds/general/project/hda_24-25/live/outputs/ukb.rds",
    "/rds/general/user/",
    "https://example.org/rds/general/user/docs/home/index.html",
]

RDS_GO = [
    (
        "STAR --runThreadN 10 \\\n--readFilesIn /rds/general/user/tlk4812/projects/cohesin/live/naiveRNAseq/SOUK007710/*_R1_*.fastq.gz \\\n--outFileNamePrefix /rds/general/user/tlk4812/projects/cohesin/live/mapped/Genecode/cohesin \\\n",
        "tlk4812",
        "/projects/cohesin/live/mapped/Genecode/cohesin",
    ),
    ('setwd("/rds/general/user/mbk221/home/MScProject")', "mbk221", "/home/MScProject"),
    (
        "TMP=/rds/general/ephemeral/user/pq1518/ephemeral\nBASE=/rds/general/user/pq1518/home\n",
        "pq1518",
        "/ephemeral\n",
    ),
]


@pytest.mark.parametrize("text", SITE_HOME_NOBODY + GROUP_HOME_NOBODY + RDS_NOBODY)
def test_cluster_home_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), SITE_HOME_GO + GROUP_HOME_GO + RDS_GO)
def test_cluster_home_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
