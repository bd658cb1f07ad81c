# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""License managers' status reports (stop 59, scrubber 1.127.0; issue 35).

The tune miss of batch 170 (``tests/outside_corpus/SOURCE.md``, "The stop-170 collection"),
fixed by a general rule for the class, a license server's list of who holds a seat:

* ``flexlm_lmstat_user`` (``scrubbers/user_names.yaml``): FlexNet Publisher's ``lmutil lmstat
  -a`` ("the user, user_host, display, version, server_host, port, handle, checkout_time":
  FlexNet Publisher License Administration Guide, "lmstat") lists each checkout below its
  ``Users of <feature>:`` header as ``    <user> <host> <display> (v<version>)
  (<server>/<port> <handle>), start <Dow> <m>/<d> <h>:<mm>``; the first field is a login,
  learned, and the learned login then goes wherever the report repeats it (the host column).
* ``rlm_rlmstat_user``: the same in Reprise's ``rlmstat -a`` (RLM License Administration
  Manual, "rlmstat", "rlmremove"): ``<product> v<ver>: <user>@<host> <n>/<n> at <mm/dd>
  <hh:mm> (handle: <hex>)``, older ``<user>@<host>(v<ver>) (<handle>) <n>/<n> at …``.

``LICENSE_USER_NOBODY`` is the harm hunt the rules were attacked with before they were kept:
texts of the same shape that name nobody (system, service, CI, container and machine accounts,
placeholders, masks, the report's other lines, the line without its report's header, and an
LM-X ``lmxendutil -licstat`` listing, whose format no rule reads), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

_USERS_OF = (
    "Users of MATLAB:  (Total of 424 licenses issued;  Total of 51 licenses in use)\n\n"
    '  "MATLAB" v40, vendor: MLM, expiry: 01-jan-2099\n  floating license\n\n'
)

LICENSE_USER_NOBODY = [
    _USERS_OF + "    root buildhost /dev/pts/0 (v40) (flexlm01/27000 101), start Mon 3/4 9:12\n",
    _USERS_OF
    + "    SYSTEM WIN-BUILD01 WIN-BUILD01 (v40) (flexlm01/27000 2201), start Tue 3/5 10:00\n",
    _USERS_OF
    + "    jenkins ci-agent-3 ci-agent-3 (v40) (flexlm01/27000 1702), start Wed 3/6 11:30\n",
    _USERS_OF + "    nobody compute-17 /dev/tty (v40) (flexlm01/27000 505), start Thu 3/7 1:05\n",
    _USERS_OF
    + "    ContainerAdministrator 5f2a9c1e0b7d 5f2a9c1e0b7d (v40) (flexlm01/27000 301), start Fri 3/8 8:00\n",
    _USERS_OF
    + "    license-server002$ LICENSE-SERVER002 LICENSE-SERVER002 (v40) (flexlm01/27000 3208), start Sat 3/9 7:45\n",
    _USERS_OF
    + "    Administrator WIN-7QK2 WIN-7QK2 (v40) (flexlm01/27000 3208), start Sat 3/9 7:45\n",
    _USERS_OF + "    user host display (v40) (server/27000 101), start Mon 1/1 10:00\n",
    _USERS_OF + "    USER1 HOST1 HOST1 (v40) (SERVER1/27000 101), start Mon 1/1 10:00\n",
    _USERS_OF
    + "    <user> <host> <display> (v40) (<server>/<port> <handle>), start <Dow> <m>/<d> <h>:<mm>\n",
    _USERS_OF + "    xxxxx xxxxx (v40) (HOSTNAME/1713 9323), start Wed 10/6 9:50\n",
    _USERS_OF + "    ***** ***** (v40) (HOSTNAME/1713 9323), start Wed 10/6 9:50\n",
    _USERS_OF + "    admin admin-pc admin-pc (v40) (flexlm01/27000 101), start Mon 3/4 9:12\n",
    _USERS_OF
    + "    ubuntu ip-10-0-0-5 /dev/pts/0 (v40) (flexlm01/27000 101), start Mon 3/4 9:12, 2 licenses\n",
    _USERS_OF
    + "        1 RESERVATION for GROUP DED (HOSTNAME/1713)\n  vendor_string: vi=0:at=276:ae=1:lu=300:lo=NNU:ei=XXXXXX:lr=1:ep=15:\n"
    '  nodelocked license, locked to "ID=YYYY"\n',
    "License server status: 27000@flexlm01\n    License file(s) on flexlm01: /opt/flexlm/license.dat:\n\n"
    "  flexlm01: license server UP (MASTER) v11.19.7\n\nVendor daemon status (on flexlm01):\n\n"
    "       MLM: UP v11.19.7\n\nFeature usage info:\n\n"
    "Users of SIMULINK:  (Total of 10 licenses issued;  Total of 0 licenses in use)\n",
    "    dmarsh host (v40) (flexlm01/27000 101), start Mon 3/4 9:12\n",
    "reprise license usage status on melody (port 1215)\n\ntest3 v1.000: root@sun1(v1.0) (809f418) 1/0 at 02/06 09:59\n",
    "demo license usage status on server (port 27001)\n\n\tfloatserver v21.0: user@host 1/0 at 05/20 13:41 (handle: 41)\n",
    "demo license usage status on ci (port 27001)\n\n\tfloatserver v21.0: jenkins@ci-agent 1/0 at 05/20 13:41 (handle: 41)\n",
    "Feature: CAD_PRO Version: 1.0 Vendor: ACME\n1 of 10 license(s) used:\n\n1 license(s) used by root@buildhost [127.0.0.1]\n"
    "  Login time: 2024-01-02 10:00   Checkout time: 2024-01-02 10:00\n",
]

LICENSE_USER_GO = [
    (
        _USERS_OF + "    dmarsh dmarsh (v55) (HOSTNAME/1713 9323), start Wed 10/6 9:50\n",
        "dmarsh",
        "(v55) (HOSTNAME/1713 9323), start Wed 10/6 9:50",
    ),
    (
        _USERS_OF
        + "    qlu482 qlu482 (v48) (HOSTNAME/1713 6414), start Mon 10/8 17:24\n    kpx2201 /dev/pts/1 (v48) (HOSTNAME/1713 4335), start Wed 10/10 8:00\n",
        "kpx2201",
        " /dev/pts/1 (v48) (HOSTNAME/1713 4335)",
    ),
    (
        _USERS_OF + "    qlu482 qlu482 (v48) (HOSTNAME/1713 6414), start Mon 10/8 17:24\n",
        "qlu482",
        "Users of MATLAB:",
    ),
    (
        _USERS_OF
        + "    ahertz WS-0101 WS-0101 (v40) (flexlm01/27000 101), start Wed 8/5 15:52  (linger: 7727858 / 8751540)\n",
        "ahertz",
        " WS-0101 WS-0101 (v40) (flexlm01/27000 101), start Wed 8/5 15:52  (linger: 7727858 / 8751540)",
    ),
    (
        _USERS_OF
        + "    Tobias.Brandt tbrandt-lt tbrandt-lt:0.0 (v2023.0) (lic-srv.example.org/27001 1203), start Thu 2/1 14:07\r\n",
        "Tobias.Brandt",
        "(v2023.0) (lic-srv.example.org/27001 1203), start Thu 2/1 14:07",
    ),
    (
        _USERS_OF
        + "    jsmith jsmith-pc jsmith-pc (v40) (flexlm01/27000 101), start Mon 3/4 9:12:07\n",
        "jsmith",
        "(v40) (flexlm01/27000 101)",
    ),
    (
        "reprise license usage status on melody (port 1215)\n\ntest3 v1.000: tomsawyer@sun1(v1.0) (809f418) 1/0 at 02/06 09:59\n",
        "tomsawyer",
        "test3 v1.000: ",
    ),
    (
        "demo license usage status on lic1 (port 27001)\n\n\tfloatserver v21.0: jsmithe@jsmithe 1/0 at 05/20 13:41 (handle: 41)\n",
        "jsmithe",
        " 1/0 at 05/20 13:41 (handle: 41)",
    ),
]


@pytest.mark.parametrize("text", LICENSE_USER_NOBODY)
def test_license_user_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), LICENSE_USER_GO)
def test_license_user_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower(), out
    assert kept in out, out
