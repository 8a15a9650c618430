#!/usr/bin/env bash
# A throw-away certificate authority and one certificate per NATS party, for mutual TLS (docs/decisions/035):
#   scripts/make-nats-certs.sh <folder> [days]
# writes into <folder> (made 0700, every file 0600): ca.pem, nats.pem + nats-key.pem (the server: localhost,
# 127.0.0.1 and the Kubernetes service names) and <user>.pem + <user>-key.pem for gateway, auth, orders, payments,
# pricing and address (CN=<user>, client use only: nats.conf maps the subject CN=<user> to that NATS user,
# verify_and_map, docs/decisions/074). The CA's key is deleted once they are signed, so nothing else
# can ever be issued under it. Offline: openssl only. Used by scripts/start-distributed.sh and the test systems.
set -euo pipefail
dir="${1:?usage: make-nats-certs.sh <folder> [days]}"
days="${2:-7}"
umask 077
mkdir -p "$dir"
chmod 700 "$dir"
key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; }
key "$dir/ca-key.pem"
openssl req -x509 -new -key "$dir/ca-key.pem" -subj "/CN=labeldesk-nats-ca-$(openssl rand -hex 4)" -days "$days" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" -out "$dir/ca.pem"
sign() { # sign <name> <extensions>
  key "$dir/$1-key.pem"
  openssl req -new -key "$dir/$1-key.pem" -subj "/CN=$1" -out "$dir/$1.csr"
  openssl x509 -req -in "$dir/$1.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca-key.pem" -set_serial "0x$(openssl rand -hex 16)" \
    -days "$days" -extfile <(printf '%s\n' "basicConstraints=CA:FALSE" "keyUsage=critical,digitalSignature" "$2") \
    -out "$dir/$1.pem" 2>/dev/null
  rm -f "$dir/$1.csr"
}
sign nats "extendedKeyUsage=serverAuth
subjectAltName=DNS:localhost,IP:127.0.0.1,DNS:nats,DNS:nats.labeldesk.svc,DNS:nats.labeldesk.svc.cluster.local"
for user in gateway auth orders payments pricing address; do
  sign "$user" "extendedKeyUsage=clientAuth"
done
rm -f "$dir/ca-key.pem"
