# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""home-manager's per-user units, Spack's user scope, EasyBuild's and IT roles' accounts (stop
57, scrubber 1.105.0; issue 35).

The tune misses and damage of batch 149 (``tests/outside_corpus/SOURCE.md``, "The stop-149
collection"), fixed by general rules:

* ``home_manager_unit`` (``scrubbers/user_names.yaml``): home-manager's NixOS module names one
  systemd unit per configured user, ``home-manager-<u>.service``, described ``Home Manager
  environment for <u>``, logging under the tag ``hm-activate-<u>`` (nix-community/home-manager,
  ``nixos/default.nix``); its nix-darwin module prints ``Activating home-manager configuration
  for <u>`` (``nix-darwin/default.nix``). The login is learned and goes wherever the text
  repeats it.
* ``posix_home_by_spack_user_scope`` (``scrubbers/recognizers.yaml``, and ``home_segment``'s
  branch): a folder one or two levels under the root holding Spack's user scope
  (``/local/<u>/.spack/cache/…``, ``…/.spack/<platform>/<section>.yaml``) is a home; an install
  prefix's own ``.spack`` metadata folder is not.
* ``words.yaml``'s ``not_user_names``: the account EasyBuild's generated container recipes build
  as (``easybuild``) and accounts named for an IT role (``itsupport``, ``helpdesk``…) are no
  one's login.

The ``*_NOBODY`` lists are the harm hunt the rules were attacked with before they were kept:
texts of the same shapes, from these tools and others of their class, that name nobody.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

HOME_MANAGER_NOBODY = [
    "× home-manager-root.service - Home Manager environment for root",
    "     Loaded: loaded (/etc/systemd/system/home-manager-root.service; enabled; preset: enabled)",
    "Jun 10 09:25:28 nixos hm-activate-root[50907]: Please do one of the following:",
    "warning: the following units failed: home-manager-$USER.service",
    "systemctl status home-manager-<user>.service",
    "journalctl -u home-manager-$USER.service -b",
    "● home-manager-auto-upgrade.service - Home Manager upgrade\n     Loaded: loaded (/home/user/.config/systemd/user/home-manager-auto-upgrade.service; static)",
    "● home-manager-auto-expire.service - Home Manager generations clean-up\nTriggeredBy: ● home-manager-auto-expire.timer",
    "    Process: 50789 ExecStart=/nix/store/7i0d80cp7l2f3kzphp2pgl75f8k9bqal-hm-setup-env /nix/store/w1a59n0nkl8ikq5398fyal36gx52j1qr-home-manager-generation (code=exited, status=1/FAILURE)",
    "replacing old 'home-manager-path'\ninstalling 'home-manager-path'\nActivating linkGeneration",
    "Existing file '/home/user/.gtkrc-2.0' is in the way of '/nix/store/6p3hzdbzhad8ra5j1qf4b2b3hs6as6sf-home-manager-files/.gtkrc-2.0'",
    "Activating home-manager configuration for root",
    "Activating home-manager configuration for $USER",
    "error: builder for '/nix/store/abc-home-manager-generation.drv' failed with exit code 1",
    'home-manager.users.<name>.home.stateVersion = "24.05";',
    "The unit home-manager-<name>.service is started by nixos-rebuild switch.",
    # systemd's other per-user and per-instance units, of the same shape
    "● user@1000.service - User Manager for UID 1000",
    "● getty@tty1.service - Getty on tty1",
    "Jun 10 09:25:28 nixos systemd[1]: Started nix-daemon.service - Nix Daemon.",
    "Jun 10 09:25:28 nixos nixos-activate[1234]: setting up /etc...",
]

HOME_MANAGER_GO = [
    (
        "× home-manager-tvarnell.service - Home Manager environment for tvarnell\n     Loaded: loaded (/etc/systemd/system/home-manager-tvarnell.service; enabled; preset: enabled)\nJun 10 09:25:28 ultimatumnix hm-activate-tvarnell[50907]: Please do one of the following:",
        "tvarnell",
        ["Home Manager environment for ", "hm-activate-", "/etc/systemd/system/home-manager-"],
    ),
    (
        "warning: the following units failed: home-manager-okmwangi.service\n",
        "okmwangi",
        ["the following units failed: home-manager-"],
    ),
    (
        "Jul 02 18:01:44 algae hm-activate-pemberly[2231]: Starting Home Manager activation\nJul 02 18:01:44 algae hm-activate-pemberly[2231]: Activating checkFilesChanged",
        "pemberly",
        ["Starting Home Manager activation"],
    ),
    (
        "setting up /etc...\nActivating home-manager configuration for hliao\nStarting Home Manager activation\n",
        "hliao",
        ["Activating home-manager configuration for "],
    ),
]

SPACK_USER_SCOPE_NOBODY = [
    "==> READ LOCK: /local/scratch/.spack/cache/providers/.builtin-index.yaml.lock[0:0]\n[Acquiring]",
    "==> READ LOCK: /opt/spack/.spack/cache/providers/.builtin-index.yaml.lock[0:0] [Released]",
    "==> Reading config file /usr/local/spack/etc/spack/defaults/packages.yaml",
    "==> Reading config file /ROWAN/group/prod/LINUX_WORKSTATION/acs/spack/spack-dev-20170203/etc/spack/defaults/packages.yaml",
    "ggg:~>spack -d spec intel-parallel-studio",
    # an install prefix's own metadata folder (DirectoryLayout.metadata_dir)
    "==> Installing zlib-1.2.13-abcdefg\n==> zlib: Successfully installed zlib-1.2.13-abcdefg\n  Stage: 1.20s.  Total: 3.40s\n[+] /apps/zlib-1.2.13/.spack/spec.json",
    "See build log for details:\n  /sw/openmpi-4.1.5/.spack/spack-build-out.txt",
    "cat /apps/hdf5/1.14.1/.spack/spack-build-env.txt",
    "/software/cmake/3.27.7/.spack/repos/builtin/packages/cmake/package.py",
    "/apps/zlib/1.2.13/.spack/test/results.txt",
    # a shared checkout's own .spack, a variable, a placeholder, a shared install
    "==> Reading config file /apps/spack/.spack/packages.yaml",
    "==> Reading config file /var/spack/.spack/config.yaml",
    "==> Reading config file /tmp/$USER/.spack/config.yaml",
    "==> Reading config file /scratch/shared/.spack/packages.yaml",
    "export SPACK_USER_CACHE_PATH=/tmp/spack/.spack-cache",
    "/data/envs/myenv/.spack-env/view/bin/python",
    "spack config --scope user edit compilers  # ~/.spack/linux/compilers.yaml",
    "/home/spack/.spack/cache/providers/.builtin-index.yaml",
    # a site's shared folder or a mount's name holding the scope (batch 81's record)
    "/mnt/beegfs/software/.spack/stage/spack-stage-xpmem-2.6.5-36-cspmvekjcflqnxnajbch7cdw6uji2zzz/spack-src/kernel/xpmem_main.c:32:10: fatal error",
    "==> Reading config file /mnt/beegfs/.spack/packages.yaml",
    "==> Reading config file /cluster/apps/.spack/config.yaml",
]

SPACK_USER_SCOPE_GO = [
    (
        "==> READ LOCK: /local/dwk/.spack/cache/providers/.builtin-index.yaml.lock[0:0]\n[Acquiring]",
        "dwk",
        ["/.spack/cache/providers/.builtin-index.yaml.lock"],
    ),
    (
        "==> Reading config file /data/okmwangi/.spack/linux/compilers.yaml",
        "okmwangi",
        ["/.spack/linux/compilers.yaml"],
    ),
    (
        "==> Reading config file /u1/tmarlow/.spack/packages.yaml\n==> Reading config file /u1/tmarlow/.spack/config.yaml",
        "tmarlow",
        ["/.spack/packages.yaml", "/.spack/config.yaml"],
    ),
    (
        "==> Bootstrapping clingo from pre-built binaries\n    /site/staff/pemberly/.spack/bootstrap/store/linux-centos7-x86_64",
        "pemberly",
        ["/.spack/bootstrap/store/"],
    ),
]

ROLE_ACCOUNT_NOBODY = [
    "== 2024-09-18 13:54:25,196 build_log.py:267 INFO temporary log file in case of crash /home/itsupport/.local/easybuild/tmp/eb-kq2z/easybuild-kq2z.log",
    "== 2024-09-18 13:54:25,196 run.py:247 INFO running cmd:  ./configure --prefix=/home/itsupport/.local/easybuild/build/GCCcore/10.2.0/system-system/gcc-10.2.0/stage2_stuff --with-pic",
    "== 2024-09-18 13:54:25,196 run.py:247 INFO running cmd:  ./configure --prefix=/opt/easybuild/build/GCCcore/10.2.0/system-system/gcc-10.2.0/stage2_stuff --with-pic",
    "easybuild@4f2a9c1b:~$ eb --version\nThis is EasyBuild 4.9.2 (framework: 4.9.2, easyblocks: 4.9.2)",
    "== temporary log file in case of crash /tmp/eb-abc/easybuild-abc.log\n== found valid index for /home/easybuild/.local/easybuild/easyconfigs",
    "ls -l /app\ndrwxr-xr-x 4 easybuild easybuild 4096 Jan  1 00:00 modules",
    "[helpdesk@ws-042 ~]$ sudo spack install zlib",
    "/home/helpdesk/.cache/pip/wheels/",
    "/home/servicedesk/.local/bin/spack",
    "C:\\Users\\ITSupport\\AppData\\Local\\Temp\\setup.log",
    "/home/techsupport/.config/autostart/anydesk.desktop",
    "sudo -u sysadmin /home/sysadmin/.local/bin/conda list",
]

ROLE_ACCOUNT_GO = [
    (
        "== temporary log file in case of crash /home/tvarnell/.local/easybuild/tmp/eb-kq2z/easybuild-kq2z.log",
        "tvarnell",
        ["/.local/easybuild/tmp/eb-kq2z/easybuild-kq2z.log"],
    ),
    (
        "[okmwangi@login1 ~]$ eb --robot zlib-1.2.13.eb\n== temporary log file in case of crash /tmp/eb-x/easybuild-x.log",
        "okmwangi",
        ["eb --robot zlib-1.2.13.eb", "/easybuild-x.log"],
    ),
]


@pytest.mark.parametrize("text", HOME_MANAGER_NOBODY)
def test_home_manager_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), HOME_MANAGER_GO)
def test_home_manager_unit_login_goes(
    engine: Scrubber, text: str, value: str, kept: list[str]
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


@pytest.mark.parametrize("text", SPACK_USER_SCOPE_NOBODY)
def test_spack_folder_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), SPACK_USER_SCOPE_GO)
def test_spack_user_scope_home_goes(
    engine: Scrubber, text: str, value: str, kept: list[str]
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


@pytest.mark.parametrize("text", ROLE_ACCOUNT_NOBODY)
def test_image_and_role_accounts_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), ROLE_ACCOUNT_GO)
def test_a_persons_easybuild_home_goes(
    engine: Scrubber, text: str, value: str, kept: list[str]
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
