# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""The accounts container images and device distributions create, which name no one (stop 57,
scrubber 1.96.0; issue 35).

The tune damage of batch 137 (``tests/outside_corpus/SOURCE.md``, "The stop-137 collection":
the ArtemisCloud image's ``/home/jboss/broker`` read as a person's home) and the note of batch
138 (the same file, "The stop-138 collection": Makerbase's ``mks@mkspi``, BIGTREETECH CB1's
``biqu@BTT-CB1`` and the Yocto CROPS container's ``HOME=/home/yoctouser`` replaced), fixed by
data, ``scrubbers/words.yaml``, each word with the image's own ``useradd`` line or document:

* ``system_accounts``, the message brokers' images' accounts, named after the software as
  ``rabbitmq`` and ``kafka`` already are: ``jboss`` (the JBoss and Red Hat middleware images'
  user, jboss-container-images/openjdk ``modules/user/configure.sh``: ``useradd -u 185 -r -g
  root -G jboss -m -d /home/jboss … -c "JBoss user" jboss``, the base of the ArtemisCloud and AMQ
  broker images), ``artemis`` (apache/activemq-artemis, ``artemis-docker/Dockerfile-ubuntu-21``:
  ``groupadd -g 1001 -r artemis && useradd -r -u 1001 -g artemis artemis``), ``activemq``
  (rmohr/docker-activemq, the most used ActiveMQ Classic image: ``useradd -r -M -d
  $ACTIVEMQ_HOME activemq``; ``USER activemq``) and ``mosquitto`` (eclipse/mosquitto,
  ``docker/2.0/Dockerfile``: ``adduser -S -u 1883 … -G mosquitto -g mosquitto mosquitto``);
* ``not_user_names``, the boards' and build containers' default accounts, as ``pi`` and
  ``orangepi`` already are: ``mks`` (Makerbase's MKS PI and SKIPR Klipper images, login
  ``mks``/``makerbase``, the prompt ``mks@mkspi``), ``biqu`` (bigtreetech/CB1's readme, the
  Klipper image's "Ordinary account: login as: biqu"), ``yoctouser`` (crops/yocto-dockerfiles,
  every base image: ``useradd -U -m yoctouser``, ``USER yoctouser``, ``WORKDIR
  /home/yoctouser``), ``pokyuser`` (crops/poky-container, ``poky-entry.py``: ``usersetup.py
  --username=pokyuser``, the default workdir ``/home/pokyuser``) and ``usersetup`` (the same
  image's Dockerfile: ``useradd -N -m -u 70 -g 70 usersetup``).

Once one of these was learned from a home, the learned word was replaced everywhere, also in
the product's name (``ActiveMQ Artemis`` became ``ActiveMQ user1``). ``IMAGE_ACCOUNTS_NOBODY``
is the harm hunt the words were attacked with before they were kept: the images' homes,
prompts, logs and configuration; ``IMAGE_ACCOUNTS_GO`` holds real people's logins in the same
places (an instance under a person's home, a person's login at the boards' hosts, a person's
``HOME`` in a Yocto container), which must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

IMAGE_ACCOUNTS_NOBODY = [
    # the message brokers' images
    'Creating ActiveMQ Artemis instance at: /home/jboss/broker\n\nAuto tuning journal ...\n\nYou can now start the broker by executing:\n\n   "/home/jboss/broker/bin/artemis" run\n',
    "Creating ActiveMQ Artemis instance at: /home/artemis/broker\n",
    '   "/home/artemis/broker/bin/artemis" run\nStarting ActiveMQ Artemis Server version 2.31.2\n',
    'Creating ActiveMQ Artemis instance at: /home/activemq/broker\n   "/home/activemq/broker/bin/artemis" run\n',
    "java.io.IOException: /home/activemq/apache-activemq-5.15.9/data/kahadb/lock (Permission denied)\n",
    "2024-03-01 10:15:02,118 INFO  [org.apache.activemq.artemis.integration.bootstrap] AMQ101005: Using broker configuration: xml:/home/jboss/amq-broker/etc//bootstrap.xml\n",
    "sh-4.4$ echo $HOME\n/home/jboss\nsh-4.4$ ls /home/jboss/broker/etc\nartemis.profile  bootstrap.xml  broker.xml\n",
    "artemis@3f2e1d0c9b8a:/var/lib/artemis-instance$ ./bin/artemis queue stat\n",
    "activemq@5b6c7d8e9f0a:/opt/activemq$ bin/activemq console\n",
    "jboss@amq-broker-ss-0:~$ cat /home/jboss/broker/log/artemis.log\n",
    "chown -R jboss:root /home/jboss/broker\n",
    "2023-11-02T08:00:00: Error: Unable to open log file /home/mosquitto/log/mosquitto.log for writing.\n",
    "mosquitto@broker:~$ mosquitto_sub -t '#' -v\n",
    # the 3D printers' boards
    "mks@mkspi:~/klipper $ make menuconfig\n",
    "mks@mkspi:~ $ ls /home/mks/klipper_config\nprinter.cfg  moonraker.conf\n",
    'Traceback (most recent call last):\n  File "/home/mks/klipper/klippy/klippy.py", line 12, in <module>\n    import util, reactor, queuelogger, msgproto\n',
    "biqu@BTT-CB1:~ $ sudo service klipper restart\n",
    "biqu@BTT-CB1:~/printer_data/config $ tail /home/biqu/printer_data/logs/klippy.log\n",
    "2023-05-01 12:00:00,000 [server.py:main()] - Configuration File: /home/biqu/printer_data/config/moonraker.conf\n",
    # Yocto's CROPS containers
    'export HOME="/home/yoctouser"\n',
    "yoctouser@4f3a2b1c0d9e:~$ bitbake core-image-minimal\n",
    "pokyuser@9a8b7c6d5e4f:/workdir$ source poky/oe-init-build-env\n",
    "ERROR: Logfile of failure stored in: /home/pokyuser/build/tmp/work/core2-64-poky-linux/busybox/1.35.0-r0/temp/log.do_compile.1234\n",
    "usersetup@c0ffee123456:/$ sudo restrict_useradd.sh 1000 1000 pokyuser\n",
]

IMAGE_ACCOUNTS_GO = [
    (
        'Creating ActiveMQ Artemis instance at: /home/kvasquez/broker\n   "/home/kvasquez/broker/bin/artemis" run\n',
        "kvasquez",
        ("ActiveMQ Artemis instance at: /home/", "/broker/bin/artemis"),
    ),
    (
        "kvasquez@vm:~$ ls /home/jboss/broker\nkvasquez@vm:~$ ls /home/kvasquez/broker\n",
        "kvasquez",
        "/home/jboss/broker",
    ),
    (
        "okmwangi@mkspi:~/klipper $ make menuconfig\n",
        "okmwangi",
        "@mkspi:~/klipper $ make menuconfig",
    ),
    (
        "mks@mkspi:~ $ ls /home/tmarlow/klipper\n",
        "tmarlow",
        ("mks@mkspi:~ $ ls /home/", "/klipper"),
    ),
    (
        "jrocha@BTT-CB1:~ $ sudo service klipper restart\n",
        "jrocha",
        "@BTT-CB1:~ $ sudo service klipper restart",
    ),
    (
        'export HOME="/home/hliao"\nexport PATH="/home/hliao/poky/scripts:$PATH"\n',
        "hliao",
        "/poky/scripts:$PATH",
    ),
    (
        "ERROR: Logfile of failure stored in: /home/pemberly/yocto/build/tmp/work/core2-64-poky-linux/busybox/1.35.0-r0/temp/log.do_compile.1234\n",
        "pemberly",
        "/yocto/build/tmp/work/",
    ),
]


@pytest.mark.parametrize("text", IMAGE_ACCOUNTS_NOBODY)
def test_image_accounts_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), IMAGE_ACCOUNTS_GO)
def test_logins_beside_image_accounts_go(
    engine: Scrubber, text: str, value: str, kept: str | tuple[str, ...]
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
