# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Logins and credentials in tools' own configuration files (stop 61, scrubber 1.144.0; issue 35).

A class rule, measured first: under 1.143.0 a MySQL option file's ``user`` stayed unless a
``host`` line followed, an Apache ``htpasswd`` line's login and its bcrypt or ``$apr1$`` hash
stayed, a wpa_supplicant or NetworkManager EAP ``identity`` that is no address stayed, a Wi-Fi
``psk`` stayed, and so did a Maven ``settings.xml`` server's ``<username>`` and a
``gradle.properties`` ``<repo>Username``. ``.s3cfg``'s keys, rclone's ``user``/``pass`` and
every ``password`` already went. The rules, by each tool's documented format:

* ``tool_config_login`` (``scrubbers/user_names.yaml``): MySQL manual "Using Option Files"
  (``[client]`` ``user=``/``password=``), Apache htpasswd docs (``login:hash``),
  wpa_supplicant.conf's example file and nm-settings-keyfile(5) (``identity=``), Maven's
  settings reference (``<server>``'s ``<username>``), Gradle's "Handling credentials"
  (``<repo>Username``), Sonatype's ``ossrhUsername``, vanniktech's ``mavenCentralUsername``;
* ``IntakeToolConfigSecretRecognizer`` (``scrubbers/recognizers.yaml``): an htpasswd line's
  bcrypt or ``$apr1$`` digest, a Wi-Fi ``psk`` (8-63 characters or 64 hex);
* ``eap_inner_methods`` (``scrubbers/allow.yaml``): ``phase2="auth=MSCHAPV2"`` and
  ``phase2-auth=mschapv2`` name a method, no secret (damaged under 1.143.0).

``CONFIG_NOBODY`` is the harm hunt the rules were attacked with before they were kept: the
tools' documented examples and placeholders (``user=root``, ``password=changeme``,
``identity="user@example.com"``, ``psk="very secret passphrase"``, ``my_login``,
``your-jira-id``, ``${env.MAVEN_USERNAME}``, masks, templates), which must stay whole.
``CONFIG_GO`` holds real-shaped values of the same files that must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

CONFIG_NOBODY = [
    # mysql
    "[client]\nuser=root\npassword=changeme\n",
    "[client]\nuser = root\npassword = YOUR_PASSWORD\nhost = localhost\n",
    "[mysqldump]\nuser=mysqluser\npassword=secret\n",
    "[client]\nuser=username\npassword=password\n",
    "[mysqld]\nuser=mysql\ndatadir=/var/lib/mysql\nsocket=/var/run/mysqld/mysqld.sock\n",
    "[client]\nuser=admin\npassword=\n",
    "[client]\nuser=debian-sys-maint\npassword=\n",
    "[mysql]\nuser=${MYSQL_USER}\npassword=${MYSQL_PASSWORD}\n",
    # htpasswd
    "$ htpasswd -nbB admin password\nadmin:$2y$05$WHATEVER\n",
    "# format: username:$apr1$salt$hash\n",
    "user:$apr1$xxxxxxxx$xxxxxxxxxxxxxxxxxxxxxx\n",
    "admin:{SHA}<base64 digest>\n",
    "test:$apr1$\n",
    # Traefik's basicAuth docs' example users, and a paste's generated example (batch 127)
    "test:$apr1$H6uskkkW$IgXLP6ewTrSuBkTrqE8wj/\ntest2:$apr1$d9hr9HBB$4HxwgUir3HP4EsggP/QNo0\n",
    "$ htpasswd -nb admin password\nadmin:$apr1$vO3/IDvg$JrbhU9NSQub83/mQu9/fP1\n",
    "user:$2y$05$c4WoMPo3SXsafkva.HHa6uXQZWr7oboPiC2bT/r7q1BB8I2s0BRqC\n",
    # wpa
    'network={\n\tssid="example"\n\tscan_ssid=1\n\tkey_mgmt=WPA-EAP\n\teap=PEAP\n\tidentity="user@example.com"\n\tpassword="foobar"\n\tca_cert="/etc/cert/ca.pem"\n\tphase1="peaplabel=0"\n}\n',
    'network={\n\tssid="eduroam"\n\tkey_mgmt=WPA-EAP\n\teap=TTLS\n\tidentity="anonymous"\n\tanonymous_identity="anonymous"\n\tpassword="********"\n}\n',
    'network={\n\tssid="example"\n\tkey_mgmt=WPA-EAP\n\teap=TLS\n\tidentity="username"\n\tprivate_key_passwd="password"\n}\n',
    'network={\n\tssid="home"\n\tpsk="very secret passphrase"\n\tpriority=5\n}\n',
    'network={\n\tssid="home"\n\tpsk="YOUR_PASSWORD"\n}\n',
    'network={\n\tssid="home"\n\tkey_mgmt=WPA-PSK\n\tpsk=$WIFI_PSK\n}\n',
    'network={\n\tssid="home"\n\tpsk="********"\n}\n',
    "ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\nupdate_config=1\ncountry=GB\n",
    # NM
    "[802-1x]\neap=peap;\nidentity=user\npassword-flags=1\nphase2-auth=mschapv2\n",
    "[wifi-security]\nkey-mgmt=wpa-psk\npsk-flags=1\n",
    "[wifi-security]\nkey-mgmt=wpa-psk\npsk=<your wifi password>\n",
    "[wifi-security]\nkey-mgmt=sae\npsk=@PSK@\n",
    "[802-1x]\neap=tls;\nidentity=anonymous\nclient-cert=/etc/pki/client.pem\n",
    # maven
    "<server>\n  <id>server001</id>\n  <username>my_login</username>\n  <password>my_password</password>\n  <privateKey>${user.home}/.ssh/id_dsa</privateKey>\n  <passphrase>some_passphrase</passphrase>\n</server>\n",
    "<server>\n  <id>ossrh</id>\n  <username>${env.MAVEN_USERNAME}</username>\n  <password>${env.MAVEN_PASSWORD}</password>\n</server>\n",
    "<server>\n  <id>nexus</id>\n  <username>admin</username>\n  <password>admin123</password>\n</server>\n",
    "<server>\n  <id>github</id>\n  <username>USERNAME</username>\n  <password>TOKEN</password>\n</server>\n",
    # gradle
    "signing.keyId=24875D73\nsigning.password=secret\nsigning.secretKeyRingFile=/Users/me/.gnupg/secring.gpg\n\nossrhUsername=your-jira-id\nossrhPassword=your-jira-password\n",
    "mavenCentralUsername=username\nmavenCentralPassword=the_password\n",
    "mySecureRepositoryUsername=user\nmySecureRepositoryPassword=pass\n",
    "ORG_GRADLE_PROJECT_mavenCentralUsername=${{ secrets.MAVEN_CENTRAL_USERNAME }}\n",
    "systemProp.http.proxyUser=userid\nsystemProp.http.proxyPassword=password\n",
    "githubUsername=<your GitHub username>\n",
    "org.gradle.jvmargs=-Xmx2048m\nandroid.useAndroidX=true\n",
    # s3cfg / rclone
    "[default]\naccess_key = YOUR_ACCESS_KEY\nsecret_key = YOUR_SECRET_KEY\nhost_base = s3.amazonaws.com\n",
    "[remote]\ntype = sftp\nhost = example.com\nuser = user\npass = *** ENCRYPTED ***\n",
]

CONFIG_GO = [
    # mycnf
    (
        '[client]\nuser=dkowalski\npassword=Vq7rTm29xLpa\nhost=db.internal\n\n[mysqldump]\nuser=dkowalski\npassword="Vq7rTm29xLpa"\n',
        ["dkowalski", "Vq7rTm29xLpa"],
    ),
    # mycnf2
    (
        "# ~/.my.cnf\n[client]\nuser = hbrennan\npassword = s3cr3tPa55w0rd!\n",
        ["hbrennan", "s3cr3tPa55w0rd!"],
    ),
    # mycnf3
    ("[mysql]\nuser=mfernandez\npassword=Tangerine_88\n", ["mfernandez", "Tangerine_88"]),
    # htpasswd_apr1
    (
        "$ cat /etc/apache2/.htpasswd\njlindqvist:$apr1$Xq3z9Lk1$0aR8yZb6qvF2rW1nE5mTg.\n",
        ["jlindqvist", "$apr1$Xq3z9Lk1$0aR8yZb6qvF2rW1nE5mTg."],
    ),
    # htpasswd_sha
    ("okonkwo:{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=\n", ["okonkwo", "W6ph5Mm5Pz8GgiULbPgzG37mj9g="]),
    # htpasswd_2y
    (
        "mvasquez:$2y$05$c4WoMPo3SXsafkva.HHa6uXQZWr7oboPiC2bT/r7q1BB8I2s0BRqC\n",
        ["mvasquez", "$2y$05$c4WoMPo3SXsafkva.HHa6uXQZWr7oboPiC2bT/r7q1BB8I2s0BRqC"],
    ),
    # wpa
    (
        'network={\n    ssid="eduroam"\n    key_mgmt=WPA-EAP\n    eap=PEAP\n    identity="tnakamura@uni-example.edu"\n    anonymous_identity="anonymous@uni-example.edu"\n    password="Kf8!pQ2zR"\n    phase2="auth=MSCHAPV2"\n}\n',
        ["tnakamura", "Kf8!pQ2zR"],
    ),
    # wpa_plain
    (
        'network={\n    ssid="eduroam"\n    key_mgmt=WPA-EAP\n    eap=PEAP\n    identity="s2241837"\n    password="Kf8!pQ2zR"\n}\n',
        ["s2241837", "Kf8!pQ2zR"],
    ),
    # wpa_ident_name
    (
        'network={\n\tssid="CorpNet"\n\tkey_mgmt=WPA-EAP\n\teap=PEAP\n\tidentity="rgallagher"\n\tpassword="Winter2023x"\n}\n',
        ["rgallagher", "Winter2023x"],
    ),
    # wpa_psk
    (
        'network={\n\tssid="HomeNet-5G"\n\tpsk="correct horse battery"\n\tkey_mgmt=WPA-PSK\n}\n',
        ["correct horse battery"],
    ),
    # wpa_psk_hex
    (
        'network={\n\tssid="HomeNet"\n\tpsk=59e0d07fa4c7741797a4e394f38a5c321e3bed51d54ad5fcbd3f84bc7415d73d\n}\n',
        ["59e0d07fa4c7741797a4e394f38a5c321e3bed51d54ad5fcbd3f84bc7415d73d"],
    ),
    # nm
    (
        "[connection]\nid=eduroam\ntype=wifi\n\n[802-1x]\neap=peap;\nidentity=lhoffmann\nanonymous-identity=anonymous@tu-example.de\npassword=Gr33nTea!42\nphase2-auth=mschapv2\n\n[wifi-security]\nkey-mgmt=wpa-eap\n",
        ["lhoffmann", "Gr33nTea!42"],
    ),
    # nm_psk
    (
        "[wifi]\nmode=infrastructure\nssid=Fritzbox-7590\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk=sunflower-cabin-91\n",
        ["sunflower-cabin-91"],
    ),
    # maven
    (
        "<settings>\n  <servers>\n    <server>\n      <id>nexus-releases</id>\n      <username>pkrishnan</username>\n      <password>Zr8mQ1vx0pLw</password>\n    </server>\n  </servers>\n</settings>\n",
        ["pkrishnan", "Zr8mQ1vx0pLw"],
    ),
    # maven_enc
    (
        "<server>\n  <id>ossrh</id>\n  <username>abelov</username>\n  <password>{COQLCE6DU6GtcS5P=}</password>\n</server>\n",
        ["abelov", "{COQLCE6DU6GtcS5P=}"],
    ),
    # gradle
    (
        "signing.keyId=24875D73\nsigning.password=Plum!tree77\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg\nossrhUsername=jdoerr\nossrhPassword=Mq9vL2xK7t\n",
        ["Plum!tree77", "jdoerr", "Mq9vL2xK7t"],
    ),
    # gradle2
    (
        "mavenCentralUsername=kS8dfl2q\nmavenCentralPassword=Yb5Vx8nZ0rTq3wL1mN7pK4sJ\nsigningInMemoryKeyPassword=Fjord2024\n",
        ["kS8dfl2q", "Yb5Vx8nZ0rTq3wL1mN7pK4sJ", "Fjord2024"],
    ),
    # s3cfg
    (
        "[default]\naccess_key = AKIAJ7Q2XW3LMN4PQRST\nsecret_key = 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\nhost_base = s3.amazonaws.com\n",
        ["AKIAJ7Q2XW3LMN4PQRST", "tV8p1Kq9ZrL2mX7nW3yB5cH6jD0fG4sA8eR1uI9o"],
    ),
    # s3cfg_minio
    (
        "[default]\naccess_key = minio-backup\nsecret_key = Hx72kqPz19vLmR\nhost_base = minio.lan:9000\n",
        ["Hx72kqPz19vLmR"],
    ),
    # rclone
    (
        "[mysftp]\ntype = sftp\nhost = files.example.net\nuser = cmarchetti\npass = 9F8qR0sX1Kf7w3yT6lB2aN5mZcE4vH0pJ\n",
        ["cmarchetti", "9F8qR0sX1Kf7w3yT6lB2aN5mZcE4vH0pJ"],
    ),
    # rclone_webdav
    (
        "[nextcloud]\ntype = webdav\nurl = https://cloud.example.org/remote.php/dav/files/ebergstrom/\nvendor = nextcloud\nuser = ebergstrom\npass = Yw4xk8sl2JmQzN0vP7tR3aH9b\n",
        ["ebergstrom", "Yw4xk8sl2JmQzN0vP7tR3aH9b"],
    ),
]


@pytest.mark.parametrize("text", CONFIG_NOBODY)
def test_tool_config_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "values"), CONFIG_GO)
def test_tool_config_credentials_go(engine: Scrubber, text: str, values: list[str]) -> None:
    gone_and_kept(engine, text, values)
