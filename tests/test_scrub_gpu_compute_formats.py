# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""GPU compute stacks' diagnostics (stop 56, scrubber 1.80.0; issue 35).

The tune misses and damage of batch 125 (``tests/outside_corpus/SOURCE.md``, "The stop-125
collection"), fixed by general rules:

* ``rocminfo_group_member`` (``scrubbers/user_names.yaml``): rocminfo's start-up check
  (ROCm/rocminfo, ``rocminfo.cc``, ``CheckInitialState``) prints the login ``getlogin_r`` gives,
  ``printf("%s%s is member of %s group%s\\n", COL_WHT, u_name, kfd_gr_name, COL_RESET)`` (the
  group that owns ``/dev/kfd``: ``video`` in older ROCm, ``render`` in newer), or, when the user
  is in neither, ``%s is not member of "%s" group, the default DRM access group. …``: the word
  is a login, learned, also behind the line's white colour code (``\\x1b[37m``, its pasted
  remains ``[37m``), inside ``strace``'s quoted write (``write(1, "\\33[37m<u> is member of
  video g"..., 41``) and in the program's own output that the terminal glues after strace's
  byte count (``..., 41<u> is member of video group``), where the learned login is now
  replaced too (``engine.user_name_spans``);
* ``rocm-user`` (``scrubbers/words.yaml``'s ``not_user_names``): the account ROCm's Docker
  images create (ROCm/ROCm-docker, ``rocm-terminal/Dockerfile``: "Create user rocm-user as
  member of sudo group", ``useradd --create-home -G sudo --shell /bin/bash rocm-user``, ``USER
  rocm-user``, ``WORKDIR /home/rocm-user``), an image's as ``ftuser`` and ``pwuser`` are;
* ``pytorch`` and ``vision`` (the same list): the folders ``git clone`` makes of PyTorch's and
  torchvision's repositories (``github.com/pytorch/pytorch``, ``github.com/pytorch/vision``),
  the source trees ROCm's PyTorch images build in ``/var/lib/jenkins/pytorch`` and
  ``/var/lib/jenkins/vision`` and people clone into ``/home`` in such a container; no one's
  login.

``ROCMINFO_NOBODY`` and ``SOURCE_TREE_NOBODY`` are the harm hunts the rules were attacked with
before they were kept: texts of the same shape that name nobody (root, images' and services'
accounts, placeholders and variables, prose, the line's failure forms, strace's echo of root's
line, AMD's build paths, ``groups`` and ``usermod`` answers, the image's prompts and homes),
which must keep what they hold; ``ROCMINFO_GO`` and ``SOURCE_TREE_GO`` hold real values in the
same places, which must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

ROCMINFO_NOBODY = [
    "root is member of render group\n",
    "ROCk module is loaded\nUnable to open /dev/kfd read-write: Permission denied\nroot is member of video group\n",
    "[root@host log]# /opt/rocm/bin/rocminfo\nROCk module version 6.8.5 is loaded\nUnable to open /dev/kfd read-write: Cannot allocate memory\nroot is member of render group\n",
    "rocm-user is member of video group\n",
    "ubuntu is member of render group\n",
    "user is member of video group\n",
    "jenkins is member of video group\n",
    "ollama is member of render group\n",
    "$USER is member of render group\n",
    "${USER} is member of video group\n",
    "<username> is member of render group\n",
    "USERNAME is member of video group\n",
    "he is member of video group\n",
    "she is member of render group\n",
    "everyone is member of video group\n",
    "Make sure your user is member of render group\n",
    "The user running rocminfo is member of the video group.\n",
    "Failed to get user name to check for render group membership\n",
    "Failed to get group info to check for video group membership\n",
    "ROCk module is NOT loaded, possibly no GPU devices\nFailed to get user name to check for video group membership\n",
    'write(1, "\\33[37mroot is member of video g"..., 39root is member of video group\n) = 39\n',
    'write(1, "\\33[31mhsa api call failure at: /d"..., 101hsa api call failure at: /data/jenkins-workspace/compute-rocm-rel-3.3/rocminfo/rocminfo.cc:1102\n) = 101\n',
    "\x1b[37mroot is member of render group\x1b[0m\n",
    "[37mroot is member of render group[0m\n",
    'root is not member of "render" group, the default DRM access group. Users must be a member of the "render" group or another DRM access group in order for ROCm applications to run successfully.\n',
    "hsa api call failure at: /data/jenkins_workspace/compute-rocm-rel-2.7/rocminfo/rocminfo.cc:1102\n",
    "groups\nroot video render\n",
    "[sudo] password for root: \nUsage: usermod [options] LOGIN\n",
    "sudo usermod -a -G render,video $LOGNAME\n",
    "Administrator is member of Administrators group\n",
    "SYSTEM is member of Administrators group\n",
]

ROCMINFO_GO = [
    (
        "ROCk module is loaded\nUnable to open /dev/kfd read-write: Cannot allocate memory\nkvasquez is member of render group\nhsa api call failure at: /src/rocminfo/rocminfo.cc:1142\n",
        "kvasquez",
        "hsa api call failure at: /src/rocminfo/rocminfo.cc:1142",
    ),
    ("tmarlow is member of video group\n", "tmarlow", " is member of video group"),
    (
        'strace /opt/rocm/bin/rocminfo\nwrite(1, "\\33[37mokmwangi is member of video g"..., 43okmwangi is member of video group\n) = 43\n',
        "okmwangi",
        " is member of video g",
    ),
    (
        'write(1, "\\x1b[37mjrocha is member of render "..., 42jrocha is member of render group\n) = 42\n',
        "jrocha",
        "is member of render group",
    ),
    (
        "\x1b[37mpemberly is member of render group\x1b[0m\n",
        "pemberly",
        " is member of render group",
    ),
    ("[37mhliao is member of render group[0m\n", "hliao", " is member of render group"),
    (
        'dfoster is not member of "render" group, the default DRM access group. Users must be a member of the "render" group or another DRM access group in order for ROCm applications to run successfully.\n',
        "dfoster",
        ' is not member of "render" group',
    ),
    ("> lbianchi is member of render group\n", "lbianchi", " is member of render group"),
    (
        "anselm is member of video group\n$ groups\nanselm adm video render\n",
        "anselm",
        " adm video render",
    ),
]


@pytest.mark.parametrize("text", ROCMINFO_NOBODY)
def test_rocminfo_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), ROCMINFO_GO)
def test_rocminfo_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


# ROCm's images: their account at a container's prompt and in its home, the source trees of
# PyTorch's repositories cloned into /home, beside the accounts the list already keeps
SOURCE_TREE_NOBODY = [
    "rocm-user@1ddd69214eda:~$ sudo /opt/rocm/bin/rocminfo\nsh: 1: lsmod: not found\n",
    "rocm-user@9f3c2a7b1e04:/home/rocm-user$ ls /home/rocm-user/.local/bin\n",
    "root@1ddd69214eda:~$ sudo /opt/rocm/bin/rocminfo\n",
    "root@101acc334128:/var/lib/jenkins# /opt/rocm-5.2.0/bin/rocminfo\n",
    "jenkins@1ddd69214eda:/var/lib/jenkins$ /opt/rocm/bin/rocminfo\n",
    "root@mainPC:/home/pytorch# pip list | grep torch\ntorch                    2.2.0a0+git6849d75 /opt/conda/envs/py_3.9/lib/python3.9/site-packages\ntorchvision              0.17.0a0+4433680   /home/vision\n",
    "root@mainPC:/home/pytorch# python examples/mnist/main.py --dry-run\nSegmentation fault (core dumped)\n",
    "root@rocm:/home/pytorch# python3 tools/amd_build/build_amd.py\n",
    "root@rocm:/home/vision# python3 setup.py develop\n",
    '  File "/home/pytorch/torch/nn/modules/module.py", line 1518, in _wrapped_call_impl\n',
    "UserWarning: 1Torch was not compiled with memory efficient attention. (Triggered internally at /home/pytorch/aten/src/ATen/native/transformers/hip/sdp_utils.cpp:627.)\n",
    "WORKDIR /home/pytorch\nRUN python3 setup.py develop\n",
    "root@mainPC:/var/lib/jenkins/pytorch# python examples/mnist/main.py --dry-run\n",
    "torchvision              0.17.0a0+4433680   /var/lib/jenkins/vision\n",
    "sudo docker run -it --network=host --device=/dev/kfd --device=/dev/dri --group-add=video --ipc=host rocm/pytorch:latest-base\n",
]

SOURCE_TREE_GO = [
    (
        "kvasquez@rig:/home/kvasquez/pytorch$ python setup.py develop\n",
        "kvasquez",
        "/pytorch$ python setup.py develop",
    ),
    (
        "torchvision              0.17.0a0+4433680   /home/tmarlow/vision\n",
        "tmarlow",
        "/vision",
    ),
    (
        "okmwangi@9f3c2a7b1e04:~$ rocminfo\n",
        "okmwangi",
        "@9f3c2a7b1e04:~$ rocminfo",
    ),
]


@pytest.mark.parametrize("text", SOURCE_TREE_NOBODY)
def test_rocm_images_and_source_trees_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), SOURCE_TREE_GO)
def test_logins_beside_source_trees_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
