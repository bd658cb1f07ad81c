# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""A tool's group advice, a macOS listing's ``staff`` owner, a poster's dotted profile mask (stop
58, scrubber 1.110.0; issue 35).

The tune misses and damage of batch 156 (``tests/outside_corpus/SOURCE.md``, "The stop-156
collection"), fixed by general rules:

* ``group_advice_login`` (``scrubbers/user_names.yaml``, read by engine._advised_logins): the
  invoking login a tool's permission advice names: MicroK8s' wrapper
  (microk8s-resources/wrappers/common/utils.sh, ``exit_if_no_permissions``: ``add the user
  $USER to the 'microk8s' group:`` then ``    sudo usermod -a -G microk8s $USER``), Docker's
  install script (get.docker.com, ``echo_docker_as_nonroot``: ``adding your user to the
  "docker" group with something like:`` then ``  sudo usermod -aG docker $your_user``), and
  the same advice with usermod(8)'s ``-a -G``/``-aG``/``--append --groups``, gpasswd(1)'s ``-a
  <login> <group>`` and Debian adduser(8)'s ``adduser <login> <group>`` after a hint line
  naming the current user and a group. A command typed at a prompt teaches nothing.
* ``listing_staff_owner``: a long listing's owner beside macOS' ``staff`` group, also in a row
  cut before its date (``lrwxr-xr-x  1 <u>  staff  76 Fe``).
* ``placeholder_name``: the dotted masks ``user.name``, ``your.name``, ``my.name``,
  ``firstname.lastname``, ``first.lastname`` name no one, as ``first.last`` and
  ``name.surname`` already did.

``GROUP_ADVICE_NOBODY`` is the harm hunt the rules were attacked with before they were kept:
texts of the same shapes that name nobody, which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

GROUP_ADVICE_NOBODY = [
    # MicroK8s' advice for CI's, cloud images' and Vagrant's accounts, and as documented
    "Insufficient permissions to access MicroK8s.\nYou can either try again with sudo or add the user runner to the 'microk8s' group:\n\n    sudo usermod -a -G microk8s runner\n    sudo chown -f -R runner ~/.kube\n",
    "You can either try again with sudo or add the user ubuntu to the 'microk8s' group:\n\n    sudo usermod -a -G microk8s ubuntu\n    sudo chown -f -R ubuntu ~/.kube\n",
    "You can either try again with sudo or add the user vagrant to the 'snap_microk8s' group:\n\n    sudo usermod -a -G snap_microk8s vagrant\n",
    "You can either try again with sudo or add the user $USER to the 'microk8s' group:\n\n    sudo usermod -a -G microk8s $USER\n",
    "You do not have enough permissions to access MicroK8s. Please try again with sudo.\n$ getent group microk8s\nmicrok8s:x:998:ubuntu\n$ id\nuid=1000(ubuntu) gid=1000(ubuntu) groups=1000(ubuntu),4(adm),999(microk8s)\n",
    "add the user to the 'microk8s' group:\n    sudo usermod -a -G microk8s username\n",
    "Add the user [yourUser] to the 'microk8s' group:\n    sudo usermod -a -G microk8s [yourUser]\n",
    # Docker's install script and README advice with a variable, a placeholder, a service
    'adding your user to the "docker" group with something like:\n\n  sudo usermod -aG docker your-user\n',
    'Add your user to the docker group:\n    sudo usermod -aG docker ${USER}\n    sudo usermod -aG docker $(whoami)\n    sudo usermod -aG docker "$USER"\n    sudo usermod -aG docker `whoami`\n',
    "Add your user to the docker group:\n    sudo usermod -aG docker jenkins\n    sudo usermod -aG docker gitlab-runner\n",
    "Add the user to the libvirt group:\n  sudo adduser $USER libvirt\n  sudo adduser pi dialout\n",
    "Add the current user to the dialout group:\n  sudo gpasswd -a <username> dialout\n",
    # commands typed at a prompt (a service's account as often), and prose
    "$ sudo usermod -aG video jellyfin\n$ sudo usermod -a -G dialout octoprint\n$ sudo gpasswd -a homeassistant dialout\n$ sudo adduser frigate render\n",
    "Add the jellyfin user to the render group:\n    sudo usermod -aG render jellyfin\n",
    "Add the user account to the 'docker' group\n",
    # long listings beside macOS' staff group and others: system, role and service owners
    "drwxr-xr-x  5 root  wheel  160 Jan  1 12:00 bin\ndrwxr-xr-x  5 root  admin  160 Jan  1 12:00 Applications\n",
    "drwxr-xr-x  3 _mysql  _mysql  96 Jan  1 12:00 mysql\ndrwxr-xr-x  3 nobody  nogroup  96 Jan  1 12:00 x\n",
    "drwxrwxr-x  3 admin  staff  96 Jan  1 12:00 Shared\ndrwxr-xr-x  3 root  staff  96 Jan  1 12:00 local\nlrwxr-xr-x  1 root  staff  76 Fe\n",
    "drwxr-xr-x  3 _spotlight  staff  96 Jan  1 12:00 s\ndrwxr-xr-x  3 runner  docker  96 Jan  1 12:00 work\n",
    "drwxr-xr-x  3 user  staff  96 Jan  1 12:00 u\ndrwxr-xr-x  3 username  staff  96\n",
    # a poster's masks of a profile
    "config -> /mnt/c/Users/username/.kube/config\n/mnt/c/Users/<user>/.kube/config\n/mnt/c/Users/$USER/.kube/config\n/mnt/c/Users/Public/.kube/config\n/mnt/c/Users/%USERNAME%/.kube/config\n",
    "C:\\Users\\<user>\\.kube\\config\nuser@DESKTOP-ABC123:~/.kube$ ls\n",
    "lrwxrwxrwx  1 user user   39 Oct 19 13:54 config -> /mnt/c/Users/user.name/.kube/config\n",
    "C:\\Users\\firstname.lastname\\.kube\\config\n/Users/your.name/.kube\n/Users/my.name/x\n",
    "/mnt/c/Users/first.last/x\n/home/name.surname/x\nC:\\Users\\Firstname.Lastname\\AppData\\Local\n/mnt/c/Users/first.lastname/y\n",
]

GROUP_ADVICE_GO = [
    (
        "Insufficient permissions to access MicroK8s.\nYou can either try again with sudo or add the user kmarvel to the 'microk8s' group:\n\n    sudo usermod -a -G microk8s kmarvel\n    sudo chown -R kmarvel ~/.kube\n",
        "kmarvel",
        ["to the 'microk8s' group:", "sudo usermod -a -G microk8s ", " ~/.kube"],
    ),
    (
        "You can either try again with sudo or add the user okw to the 'snap_microk8s' group:\n",
        "okw",
        "to the 'snap_microk8s' group:",
    ),
    (
        'If you would like to use Docker as a non-root user, you should now consider\nadding your user to the "docker" group with something like:\n\n  sudo usermod -aG docker pemberly\n\nRemember that you will have to log out and back in for this to take effect!\n',
        "pemberly",
        "  sudo usermod -aG docker ",
    ),
    (
        "Add the current user to the dialout group:\n    sudo usermod -G dialout -a tolkwin\n",
        "tolkwin",
        "sudo usermod -G dialout -a ",
    ),
    (
        "Add your user to the docker group:\n    sudo usermod --append --groups docker,libvirt hliao && newgrp docker\n",
        "hliao",
        " && newgrp docker",
    ),
    (
        "Add the current user to the dialout group:\n    sudo gpasswd -a okmwangi dialout\n",
        "okmwangi",
        " dialout",
    ),
    (
        "Add your user to the libvirt group:\n  sudo adduser tmarlow libvirt\n",
        "tmarlow",
        " libvirt",
    ),
    (
        "> ls -la /usr/local/bin/kubectl\nlrwxr-xr-x  1 dnakamura  staff  76 Fe\n",
        "dnakamura",
        "  staff  76 Fe",
    ),
    (
        "drwxr-xr-x  5 jzelenko  staff  160 Feb  9 10:40 project\n-rw-r--r--@ 1 jzelenko  staff  1.2K 2024-01-02 x\n",
        "jzelenko",
        "  staff  ",
    ),
]


@pytest.mark.parametrize("text", GROUP_ADVICE_NOBODY)
def test_group_advice_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), GROUP_ADVICE_GO)
def test_group_advice_goes(engine: Scrubber, text: str, value: str, kept: str | list[str]) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
