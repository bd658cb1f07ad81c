# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Home-automation device stacks' logs and consoles (stop 55, scrubber 1.74.0; issue 35).

The tune misses and damage of batch 121 (``tests/outside_corpus/SOURCE.md``, "The stop-121
collection"), each by a general rule:

* ``mosquitto_client_login`` (``scrubbers/user_names.yaml``): Mosquitto's connection line
  (src/handle_connect.c: ``New client connected from %s as %s (c%d, k%d, u'%s').`` in 1.4,
  ``(p%d, c%d, k%d, u'%s')`` from 1.5, ``from %s:%d`` from 2.0; ``New bridge connected`` the
  same) names the MQTT account after ``u'``: a login, learned, so it also goes in the topics the
  log repeats (``rpc/<u>/…``). An account named after the protocol, the broker, a hub or a
  device's firmware or chip (``mqtt-user``, ``mosquitto``, ``homeassistant``, ``addons``,
  ``DVES_USER``, ``tasmota``, ``esp``, ``emoncms``) names nobody and stays;
* ``mosquitto_pw_flag`` (``scrubbers/recognizers.yaml``): ``mosquitto_pub``/``mosquitto_sub``/
  ``mosquitto_rr``'s ``-P``/``--pw <password>`` (mosquitto_pub(1): "-P, --pw  Provide a
  password to be used for authenticating with the broker");
* ``tasmota_password_command`` (the same file): Tasmota's commands ``MqttPassword``,
  ``WebPassword`` and ``Password1``-``3`` (Tasmota's documentation, "Commands": ``<value>`` sets
  the password, ``0``/``1`` clear or reset it) at the console (``CMD: …``), in ``Backlog`` and
  in a ``cm?cmnd=`` request;
* ``deconz_api_key`` (the same file): a deCONZ (or Hue) REST API key as the key of the
  ``whitelist`` object, whose members hold ``create date``/``last use date``/``name`` (deCONZ's
  REST API, "Configuration": ``whitelist``), and in homebridge-deconz's ``<key>: potentially
  stale api key: {…}`` warning (its Gateway accessory: ``this.warn('%s: potentially stale api
  key: %j', key, entry)``, each key of that whitelist);
* damage: ``superuser`` names a role, not a person (``words.yaml``'s ``not_user_names`` and
  ``role_name_words``): ``/home/superuser/.node-red`` stays.

``NOBODY`` is the harm hunt the rules were attacked with before they were kept: texts of the
same shapes that name nobody, which must keep what they hold. ``GO`` holds invented values in
the same places, which must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

_MQ = "1475682229: "

NOBODY = [
    # Mosquitto: device, service, add-on and protocol accounts, no account, role-word topics
    f"{_MQ}New client connected from 192.168.1.20 as esp-kitchen (c1, k60, u'esp').\n",
    f"{_MQ}New client connected from 127.0.0.1 as emoncms (c1, k60, u'emoncms').\n",
    f"{_MQ}New client connected from 10.0.0.7:51234 as client-test (p2, c1, k60, u'client-test').\n",
    f"{_MQ}New client connected from 172.30.32.1:43210 as 4ZxQ7 (p2, c1, k60, u'homeassistant').\n",
    f"{_MQ}New client connected from 172.30.32.2:40000 as auto-1F2A (p2, c1, k60, u'addons').\n",
    f"{_MQ}New client connected from 192.168.1.45:50001 as DVES_8A1B2C (p2, c1, k30, u'DVES_USER').\n",
    f"{_MQ}New client connected from 192.168.1.46:50002 as tasmota_8A1B2C (p2, c1, k30, u'tasmota').\n",
    f"{_MQ}New client connected from 192.168.1.47:50003 as zigbee2mqtt (p2, c1, k60, u'mqtt').\n",
    f"{_MQ}New client connected from 192.168.1.48:50004 as mqttjs_1a2b (p2, c1, k60, u'mqtt-user').\n",
    f"{_MQ}New client connected from 192.168.1.49:50005 as mqttjs_1a2b (p4, c1, k60, u'mqtt_user').\n",
    f"{_MQ}New client connected from 192.168.1.50:50006 as mosq-1 (p2, c1, k60, u'mosquitto').\n",
    f"{_MQ}New client connected from 192.168.1.51:50007 as z2m (p2, c1, k60, u'zigbee2mqtt').\n",
    f"{_MQ}New client connected from 192.168.1.52:50008 as nodered_1 (p2, c1, k60, u'nodered').\n",
    f"{_MQ}New client connected from 192.168.1.53:50009 as esp32-a1 (p2, c1, k15, u'esp32').\n",
    f"{_MQ}New client connected from 192.168.1.54:50010 as x (p2, c1, k60, u'user').\n",
    f"{_MQ}New client connected from 192.168.1.55:50011 as x (p2, c1, k60, u'admin').\n",
    f"{_MQ}New client connected from 192.168.1.56:50012 as x (p2, c1, k60, u'username').\n",
    f"{_MQ}New client connected from 192.168.1.57:50013 as x (p2, c1, k60, u'u1').\n",
    f"{_MQ}New client connected from 192.168.1.58:50014 as x (p2, c1, k60, u'<user>').\n",
    f"{_MQ}New client connected from 5.170.78.130 as 860719020206417 (c1, k60).\n{_MQ}Received SUBSCRIBE from 860719020206417\n{_MQ}        rpc/device/860719020206417/com (QoS 1)\n",
    f"{_MQ}New bridge connected from 10.0.0.2 as bridge-01 (c1, k60, u'bridge').\n",
    f"{_MQ}Client shellypro3em-a0b1c2d3e4f5 disconnected, not authorised.\n",
    f"{_MQ}Received PUBLISH from 860719020206417 (d0, q0, r1, m0, 'report/station/1000000,4400000/rmap', ... (12 bytes))\n",
    # mosquitto_pub / mosquitto_sub naming no password
    "mosquitto_pub -h localhost -t test -m hello -u username -P password\n",
    "mosquitto_sub -h localhost -t '#' -u <username> -P <password> -v\n",
    "mosquitto_sub -t test -u i-dont-exist -P whatever\n",
    "mosquitto_pub -h 127.0.0.1 -t a/b -m 1 -u mqtt -P ****\n",
    "mosquitto_pub -h broker -t a/b -m 1 -u $MQTT_USER -P $MQTT_PASS\n",
    "mosquitto_sub -h broker -t a/b --pw ${MQTT_PASSWORD}\n",
    "mosquitto_pub -h broker -p 1883 -t a/b -m 1\n",
    "mosquitto_sub -d -t hello/world -p 1884\nClient mosqsub|81657-raspberryp sending CONNECT\n",
    "mosquitto_passwd -c /etc/mosquitto/passwd mqtt\n",
    "  -P, --pw     Provide a password to be used for authenticating with the broker.\n",
    # Tasmota's commands naming no password
    "Backlog mqtthost <yourhost>; mqttuser <user>; mqttpassword <password>;\n",
    "Backlog mqttpassword <password>;\n",
    '21:44:01 CMD: mqttuser DVES_USER\n21:44:01 RSL: stat/tasmota/RESULT = {"MqttUser":"DVES_USER"}\n',
    '21:44:01 RSL: stat/tasmota/RESULT = {"MqttPassword":"****"}\n',
    "21:44:01 CMD: mqttpassword 1\n",
    "21:44:01 CMD: WebPassword 0\n",
    "21:44:01 CMD: Password1 1\n",
    "MqttPassword\t0 = clear MQTT password\n1 = reset MQTT password to firmware default (MQTT_PASS)\n<value> = set MQTT password (32 chars max)\n",
    "The MqttPassword command sets the broker's password.\n",
    "http://192.168.4.1/cm?cmnd=MqttPassword%20<password>\n",
    # deCONZ / Phoscon: the gateway's id, masks, app names
    '{"bridgeid": "00212EFFFF04835C", "name": "Phoscon-GW", "apiversion": "1.16.0"}\n',
    '"whitelist": {\n    "XXXXXXXXXX": {\n        "create date": "2020-01-26T12:19:44",\n        "last use date": "2020-01-26T12:51:54",\n        "name": "Phoscon#B1280x731"\n    }\n}\n',
    'Phoscon-GW: warning: <apikey>: potentially stale api key: {"create date":"2022-04-04T16:42:23","name":"homebridge-deconz#futro-s940"}\n',
    '"00212EFFFF04835C": {\n    "name": "Phoscon-GW",\n    "modelid": "deCONZ"\n}\n',
    '"config": {\n    "name": "homebridge-deconz#futro-s940",\n    "create date": "2022-04-04"\n}\n',
    # Node-RED under a role's home
    "5 Feb 09:43:31 - [info] Settings file  : /home/superuser/.node-red/settings.js\n5 Feb 09:43:31 - [info] User directory : /home/superuser/.node-red\n5 Feb 09:43:31 - [info] Flows file     : /home/superuser/.node-red/flows.json\n",
    "ls -la /home/superuser/\n",
    "/home/super_user/.node-red/settings.js\n",
    "/home/pi/.node-red/settings.js\n/root/.node-red/flows.json\n",
]


@pytest.mark.parametrize("text", NOBODY)
def test_home_automation_text_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


GO = [
    (
        f"{_MQ}New client connected from 5.170.78.130 as 860719020206417 (c1, k60, u'kwame7').\n{_MQ}        rpc/kwame7/860719020206417/com (QoS 1)\n{_MQ}Received PUBLISH from 860719020206417 (d0, q0, r1, m0, 'report/kwame7/1000000,4400000/rmap', ... (12 bytes))\n",
        ("kwame7",),
        "/860719020206417/com (QoS 1)\n",
    ),
    (
        f"{_MQ}New client connected from 192.168.1.20:51000 as phone-1 (p2, c1, k60, u'lfernsby').\n",
        ("lfernsby",),
        "New client connected from 192.168.1.20:51000 as phone-1 (p2, c1, k60, u'",
    ),
    (
        f"{_MQ}New bridge connected from 10.0.0.2 as bridge-01 (p2, c1, k60, u'odalys').\n",
        ("odalys",),
        "New bridge connected from 10.0.0.2 as bridge-01",
    ),
    (
        "mosquitto_pub -d -t 'hello/world' -p 1884 -m 'aaaa' -u u1 -P 7392018465\n",
        ("7392018465",),
        "mosquitto_pub -d -t 'hello/world' -p 1884 -m 'aaaa' -u u1 -P ",
    ),
    (
        ' mosquitto_sub -d -t "hello/world" -h broker.local --pw Tr0ut!fish\n',
        ("Tr0ut!fish",),
        ' mosquitto_sub -d -t "hello/world" -h broker.local --pw ',
    ),
    (
        "mosquitto_sub.exe -h 10.0.0.5 -t x -u admin -P 'qwerty77'\n",
        ("qwerty77",),
        "mosquitto_sub.exe -h 10.0.0.5 -t x -u admin -P '",
    ),
    (
        '21:44:01 CMD: mqttpassword brusk9\n21:44:01 RSL: access-trail/stat/RESULT = {"MqttPassword":"brusk9"}\n',
        ("brusk9",),
        "21:44:01 CMD: mqttpassword ",
    ),
    (
        "Backlog ssid1 home; mqtthost 10.0.0.2; mqttuser dves; MqttPassword Gr8pine;\n",
        ("Gr8pine",),
        "Backlog ssid1 home; mqtthost 10.0.0.2; mqttuser dves; MqttPassword ",
    ),
    (
        "curl 'http://192.168.1.77/cm?cmnd=WebPassword%20harbour42'\n",
        ("harbour42",),
        "cmnd=WebPassword%20",
    ),
    (
        "12:00:01 CMD: Password1 lemonTree5\n",
        ("lemonTree5",),
        "12:00:01 CMD: Password1 ",
    ),
    (
        'Phoscon-GW: warning: 4D2A91C07E: potentially stale api key: {"create date":"2022-04-04T16:42:23","last use date":"2022-04-04T17:10:03","name":"homebridge-deconz#nas"}\n',
        ("4D2A91C07E",),
        ": potentially stale api key: {",
    ),
    (
        '    "whitelist": {\n        "A17C03E9F2": {\n            "create date": "2020-01-26T12:19:44",\n            "last use date": "2020-01-26T12:51:54",\n            "name": "Phoscon#B1280x731"\n        },\n        "b3f27c90d1e84a6f8c2b5e17a9d04f63": {\n            "last use date": "2021-02-10T15:18:11",\n            "create date": "2021-02-10T13:53:00",\n            "name": "Home Assistant"\n        }\n    }\n',
        ("A17C03E9F2", "b3f27c90d1e84a6f8c2b5e17a9d04f63"),
        '"name": "Phoscon#B1280x731"',
    ),
]


@pytest.mark.parametrize(("text", "values", "kept"), GO)
def test_home_automation_login_or_secret_goes(
    engine: Scrubber, text: str, values: tuple[str, ...], kept: str
) -> None:
    gone_and_kept(engine, text, values, kept, any_case=True)
