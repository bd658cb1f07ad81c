# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""VPN servers' and clients' account fields (stop 57, scrubber 1.102.0; issue 35).

The tune misses of batch 145 (``tests/outside_corpus/SOURCE.md``, "The stop-145 collection"),
fixed by three rules of ``scrubbers/user_names.yaml`` that read the tools' own formats:

* ``openvpn_auth_plugin_user``: the username an OpenVPN server's auth plugin or the server
  itself logs: openvpn-otp's ``OTP-AUTH: trying to authenticate username '<u>'``, ``OTP-AUTH:
  username '<u>' exists in …``, ``OTP-AUTH: authentication failed|succeeded for username
  '<u>'``, ``client_username='<u>'`` (evgeny-gridasov/openvpn-otp, src/otp.c); OpenVPN's
  auth-pam plugin's ``AUTH-PAM: BACKGROUND: user '<u>' failed to authenticate`` and its
  verbose ``AUTH-PAM: BACKGROUND: USER: <u>`` (openvpn, src/plugins/auth-pam/auth-pam.c);
  OpenVPN's ``TLS: Username/Password authentication succeeded|deferred for username '<u>'``
  (openvpn, src/openvpn/ssl_verify.c).
* ``networkmanager_user``: NetworkManager's ``connection.permissions`` (nm-settings-nmcli(5):
  entries ``[type]:[id]:[reserved]``, "only the "user" [type] is allowed", "[id] is the
  username") as ``nmcli connection show`` prints it, as a keyfile stores it
  (``permissions=user:<u>;``) and as a VPN plugin's settings dump prints it
  (``permissions : user:<u>: (s)``); the ``vpn`` setting's ``user-name`` ("If this property is
  empty, NetworkManager will automatically supply the username of the user which requested the
  VPN connection"), as ``nmcli`` (``vpn.user-name: <u>``) and a plugin's dump (``user-name :
  "<u>" (s)``) print it.
* ``openvpn3_owner``: the owner openvpn3-linux prints, the local account a profile or session
  belongs to (``lookup_username`` of its uid): ``configs-list --verbose``'s third line of an
  entry (``<name>`` padded to column 58, then the owner; src/ovpn3cli/commands/config/
  configs-list.cpp), ``sessions-list``'s ``Owner: <u>  Device:`` (sessions-list.cpp) and
  ``config-acl --show``'s ``Owner: (<uid>)  <u>`` (config-acl.cpp).

``*_NOBODY`` is the harm hunt each rule was attacked with before it was kept: texts of the same
shape and of other tools of the same class that name nobody (masks, empty values, placeholders,
test and service accounts, root), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

AUTH_PLUGIN_NOBODY = [
    "OTP-AUTH: trying to authenticate username 'xxxxxxx'",
    "OTP-AUTH: authentication failed for username 'xxxxxxx', remote 10.0.19.23:47776",
    "OTP-AUTH: trying to authenticate username ''",
    "OTP-AUTH: trying to authenticate username 'USERNAME'",
    "OTP-AUTH: trying to authenticate username 'testuser'",
    "OTP-AUTH: username 'vpnuser' exists in '/etc/openvpn/otp-secrets'",
    "OTP-AUTH: authentication succeeded for username 'client1', remote [10.8.0.6:1194]",
    "OTP-AUTH: trying method='totp', client_username='test', client_secret='******', server_username='test', server_secret='******'",
    "AUTH-PAM: BACKGROUND: user 'root' failed to authenticate: Authentication failure",
    "AUTH-PAM: BACKGROUND: user 'username' failed to authenticate: Authentication failure",
    "AUTH-PAM: BACKGROUND: USER: openvpn\nAUTH-PAM: BACKGROUND: received command code: 0",
    "AUTH-PAM: BACKGROUND: INIT service='openvpn'\nPLUGIN_CALL: POST /usr/lib/openvpn/openvpn-plugin-auth-pam.so/PLUGIN_AUTH_USER_PASS_VERIFY status=1",
    "TLS: Username/Password authentication deferred for username '' \nTLS: move_session: dest=TM_ACTIVE src=TM_INITIAL reinit_src=1",
    "TLS: Username/Password authentication succeeded for username 'user' [CN SET]",
    "TLS Auth Error: Auth Username/Password verification failed for peer",
    # other servers' auth logs of the same class, no username field read
    'rlm_pap: Login attempt with password "hunter2" (0)\n(0) pap: User authenticated successfully',
    "ocserv[1234]: main: added user 'admin' (session: 1a2b3c) to cookie list",
    "charon: 12[IKE] EAP-Identity 'test' received",
    "Enter Auth Username: USERNAME",
]

AUTH_PLUGIN_GO = [
    (
        "OTP-AUTH: trying to authenticate username 'kwameboateng'\nOTP-AUTH: authentication failed for username 'kwameboateng', remote 10.0.16.187:46192",
        "kwameboateng",
        ["OTP-AUTH: trying to authenticate username '", "remote 10.0.16.187:46192"],
    ),
    (
        "OTP-AUTH: username 'mfeldberg' exists in '/etc/openvpn/otp-secrets'\nOTP-AUTH: auth ok for method='totp', client_username='mfeldberg', client_secret='123456'",
        "mfeldberg",
        "exists in '/etc/openvpn/otp-secrets'",
    ),
    (
        "AUTH-PAM: BACKGROUND: user 'tsorensen' failed to authenticate: Authentication failure",
        "tsorensen",
        "failed to authenticate: Authentication failure",
    ),
    (
        "AUTH-PAM: BACKGROUND: received command code: 0\nAUTH-PAM: BACKGROUND: USER: lhyeonwoo\n",
        "lhyeonwoo",
        "AUTH-PAM: BACKGROUND: USER: ",
    ),
    (
        "Sat Mar  2 10:11:12 2024 10.1.2.3:50123 TLS: Username/Password authentication succeeded for username 'opetrescu' [CN SET]",
        "opetrescu",
        "[CN SET]",
    ),
]

NETWORKMANAGER_NOBODY = [
    "connection.permissions:                 --",
    "connection.id:                          MyVpnConection\nconnection.type:                        vpn\nconnection.permissions:                 --",
    "connection.permissions:                 user:root",
    "[connection]\nid=SSID\nuuid=01234567-89ab-cdef-0123-456789abcdef\ntype=wifi\npermissions=user:USERNAME:;",
    "\tpermissions :  (s)\n\tautoconnect : FALSE (s)",
    'vpn\n\tservice-type : "org.freedesktop.NetworkManager.l2tp" (s)\n\tuser-name : NULL (sd)',
    '\tuser-name : "username" (s)\n\tdata : gateway=my.vpn.server,ipsec-psk=presharedkeygoeshere,user=username,password-flags=3,ipsec-enabled=yes (s)',
    '\tuser-name : "vpnuser" (s)',
    "vpn.service-type:                       org.freedesktop.NetworkManager.openvpn\nvpn.user-name:                          --\nvpn.data:                               ca = /etc/openvpn/ca.crt, connection-type = password, username = user",
    "vpn.user-name:                          user",
    # other network managers' and tools' permission and owner fields naming nobody
    "[connection]\nid=office\npermissions=\n",
    "nmcli connection modify office connection.permissions ''",
    "wicked: ifcfg-eth0: USERCONTROL='no'",
    "iwd: [Settings]\nAutoConnect=true\n",
    "connman: [service_wifi_x]\nName=Office\nFavorite=true\n",
    'docker network inspect bridge: "Options": {"com.docker.network.bridge.name": "docker0"}',
]

NETWORKMANAGER_GO = [
    (
        "connection.id:                          office-combined\nconnection.type:                        vpn\nconnection.permissions:                 user:ahmadi\nconnection.zone:                        --",
        "ahmadi",
        ["connection.permissions:                 user:", "connection.zone:"],
    ),
    (
        'connection\n\tid : "VPN" (s)\n\tpermissions : user:pwojcik: (s)\n\tautoconnect : FALSE (s)\nvpn\n\tservice-type : "org.freedesktop.NetworkManager.l2tp" (s)\n\tuser-name : "pwojcik" (s)\n',
        "pwojcik",
        ["permissions : user:", ": (s)\n\tautoconnect : FALSE (s)"],
    ),
    (
        "[connection]\nid=Home WiFi\ntype=wifi\npermissions=user:ndlamini;\n",
        "ndlamini",
        ["permissions=user:", ";\n"],
    ),
    (
        "vpn.service-type:                       org.freedesktop.NetworkManager.openvpn\nvpn.user-name:                          rkaufmann\n",
        "rkaufmann",
        "vpn.user-name:",
    ),
    (
        "connection.permissions:                 user:jberrios,user:smaalouf",
        ["jberrios", "smaalouf"],
        "connection.permissions:",
    ),
]

OPENVPN3_NOBODY = [
    "/net/openvpn/v3/configuration/05793ae5xde06x54a5xa226x3e77b6e21e45\nTue Sep 15 13:33:59 2020        Tue Sep 15 13:34:28 2020  1\nmyvpn.conf                                                root",
    "Name                                                      Owner\n------------------------------------------------------------------------------\nclient.ovpn                                               openvpn",
    "       Owner: name                                   Device: \n Config name: client.ovpn\n      Status: Web authentication required to connect",
    "Configuration path\nImported                        Last used                 Used\nConfiguration Name                                        Owner\n------------------------------------------------------------------------------\n/net/openvpn/v3/configuration/1a2bx3c4d\nMon Jan  8 09:00:00 2024                                  0\nwork.ovpn                                                 openvpn\n------------------------------------------------------------------------------",
    "/net/openvpn/v3/configuration/1a2bx3c4d\nMon Jan  8 09:00:00 2024                                  0\nwork.ovpn                                                 (1001)",
    "Configuration Name                                        Last used\n------------------------------------------------------------------------------\nclient.ovpn                                               2024-01-08 09:00:00\n",
    "       Owner: root                                   Device: tun0\n Config name: client.ovpn",
    "    Configuration name: client.ovpn\n                 Owner: (0)  root\n             Read-only: no",
    "                 Owner: (1000)  (unknown)",
    # other tools' owner columns naming nobody
    "NAME      UUID                                  TYPE  DEVICE\nwork-vpn  6afaef85-d34c-4c5e-a17e-8e2eb3d4e1ff  vpn   --",
    "drwxr-xr-x 2 root root 4096 Jan  8 09:00 /etc/openvpn/client",
    "Owner: Administrators\nGroup: SYSTEM",
]

OPENVPN3_GO = [
    (
        "/net/openvpn/v3/configuration/2984ca8fxda0ax416ax997exc50ee5cad031\nTue Sep 15 13:33:59 2020        Tue Sep 15 13:34:28 2020  1\nopenvpn-in                                                hbernardi\n------------------------------------------------------------------------------",
        "hbernardi",
        ["openvpn-in ", "/net/openvpn/v3/configuration/2984ca8fxda0ax416ax997exc50ee5cad031"],
    ),
    (
        "/net/openvpn/v3/configuration/1a2bx3c4d\nMon Jan  8 09:00:00 2024        Mon Jan  8 09:10:00 2024  3\nMy Office VPN                                             cnakashima\nTags: (none)",
        "cnakashima",
        "My Office VPN ",
    ),
    (
        "        Path: /net/openvpn/v3/sessions/2c82f155s145ds4f0dsa4f0s5bd678025e87\n     Created: Tue Sep 15 13:34:28 2020                  PID: 4242\n       Owner: dvarga                                 Device: tun0\n Config name: client.ovpn",
        "dvarga",
        ["       Owner: ", "Device: tun0"],
    ),
    (
        "    Configuration name: client.ovpn\n                 Owner: (1000)  iokafor\n             Read-only: no",
        "iokafor",
        "Owner: (1000)  ",
    ),
]


@pytest.mark.parametrize("text", AUTH_PLUGIN_NOBODY + NETWORKMANAGER_NOBODY + OPENVPN3_NOBODY)
def test_vpn_account_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), AUTH_PLUGIN_GO + NETWORKMANAGER_GO + OPENVPN3_GO)
def test_vpn_account_goes(
    engine: Scrubber, text: str, gone: str | list[str], kept: str | list[str]
) -> None:
    gone_and_kept(engine, text, gone, kept, any_case=True)
