#!/usr/bin/env bash
# Distributed mode on one machine: every service and the gateway as its own process over NATS and PostgreSQL,
# as Kubernetes runs them. Needs `npm run build` first. Ctrl-C (or SIGTERM) stops them all.
#   DATABASE_URL  default postgresql://postgres@127.0.0.1:5432/labeldesk (created if missing); TLS to PostgreSQL
#                 with its parameters, e.g. …/labeldesk?sslmode=verify-full&sslrootcert=/path/to/root.crt
#   NATS_URL      unset: a NATS of its own is started with deploy/nats/nats.conf on NATS_PORT (default 4223),
#                 with a generated password per process (a password must not start with a digit: nats-server
#                 reads it as a config value); set: that server is used, and NATS_<USER>_PASSWORD
#                 (GATEWAY, AUTH, ORDERS, PAYMENTS, PRICING, ADDRESS) must hold the passwords it was started with
#   NATS_TLS_DIR  every NATS connection is mutual TLS (docs/decisions/035). Unset: a throw-away CA and a certificate
#                 per process are made in a private temporary folder (scripts/make-nats-certs.sh) and deleted at
#                 stop. Set: a folder laid out as that script writes it (ca.pem, <user>.pem, <user>-key.pem, and
#                 nats.pem + nats-key.pem when the script starts its own NATS); needed with a NATS_URL of your own
#   JWT_SECRET    required in production; a development default is used otherwise
#   PUBLIC_URL    where people reach the app (default http://localhost:$PORT, PORT default 3000): the gateway and auth
#                 (password reset links are built on it only, docs/decisions/036)
#   CALLER_TRUST  with CALLER_KEY_<PARTY> for the gateway and every service (GATEWAY, AUTH, ORDERS, PAYMENTS,
#                 PRICING, ADDRESS): the caller-token keys (docs/decisions/028); fresh ones when CALLER_TRUST is unset
#   NODE_FLAGS    extra node flags for every service and the gateway (e.g. --cpu-prof, which NODE_OPTIONS refuses)
#   ORDERS_REPLICAS  how many orders processes to run side by side on the one database (default 1), as a
#                 Deployment with more replicas does: they share batches through claims and leases (decision 010)
set -euo pipefail
cd "$(dirname "$0")/.."
export TRANSPORT=nats
export DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/labeldesk}"
export JWT_SECRET="${JWT_SECRET:-development-only-secret-change-me-0123456789}"
export PUBLIC_URL="${PUBLIC_URL:-http://localhost:${PORT:-3000}}"
# The URL's parameters (sslmode=verify-full&sslrootcert=/path/…) go with the admin URL too, not into the names.
db_path="${DATABASE_URL%%\?*}"
db_query="${DATABASE_URL#"$db_path"}"
db_name="${db_path##*/}"
admin_url="${db_path%/*}/postgres$db_query"
if ! psql "$admin_url" -tAc "select 1 from pg_database where datname = '$db_name'" | grep -q 1; then
  psql "$admin_url" -qc "create database \"$db_name\""
fi
users=(gateway auth orders payments pricing address)
pids=()
made_certs=""
stop() { kill "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; [ -z "$made_certs" ] || rm -rf "$made_certs"; }
trap stop EXIT INT TERM
if [ -z "${NATS_TLS_DIR:-}" ]; then
  [ -z "${NATS_URL:-}" ] || { echo "NATS_URL is set: NATS_TLS_DIR must name the certificates its server trusts" >&2; exit 1; }
  made_certs="$(mktemp -d -t labeldesk-nats-tls-XXXXXX)"
  NATS_TLS_DIR="$made_certs/certs"
  scripts/make-nats-certs.sh "$NATS_TLS_DIR"
fi
# Every process (and nats-server, through nats.conf) reads the CA, its own certificate and key from these.
export NATS_TLS_CA="$NATS_TLS_DIR/ca.pem"
if [ -z "${NATS_URL:-}" ]; then
  for user in "${users[@]}"; do
    var="NATS_${user^^}_PASSWORD"
    [ -n "${!var:-}" ] || export "$var=$user-$(node -e 'process.stdout.write(require("crypto").randomBytes(18).toString("hex"))')"
  done
  nats_port="${NATS_PORT:-4223}"
  NATS_TLS_CERT="$NATS_TLS_DIR/nats.pem" NATS_TLS_KEY="$NATS_TLS_DIR/nats-key.pem" nats-server -c deploy/nats/nats.conf -a 127.0.0.1 -p "$nats_port" & pids+=($!)
  export NATS_URL="nats://127.0.0.1:$nats_port"
  for _ in $(seq 1 50); do (exec 3<>"/dev/tcp/127.0.0.1/$nats_port") 2>/dev/null && break; sleep 0.1; done
fi
if [ -z "${CALLER_TRUST:-}" ]; then
  eval "$(node -e '
    const { generateCallerKeys } = require("./libs/nest-transport/dist");
    const { keys, trust } = generateCallerKeys();
    for (const [issuer, key] of Object.entries(keys)) console.log(`export CALLER_KEY_${issuer.toUpperCase()}=${key}`);
    console.log(`export CALLER_TRUST=${trust}`);')"
fi
run_as() { # run_as <nats user> <script>: its NATS account, its certificate and its caller key
  local var="NATS_${1^^}_PASSWORD" key="CALLER_KEY_${1^^}"
  NATS_USER="$1" NATS_PASSWORD="${!var}" NATS_TLS_CERT="$NATS_TLS_DIR/$1.pem" NATS_TLS_KEY="$NATS_TLS_DIR/$1-key.pem" CALLER_KEY="${!key:-}" \
    node --expose-gc ${NODE_FLAGS:-} "$2" & pids+=($!)
}
for service in auth payments address pricing; do
  run_as "$service" "services/$service/dist/main.js"
done
for _ in $(seq 1 "${ORDERS_REPLICAS:-1}"); do
  run_as orders services/orders/dist/main.js
done
run_as gateway gateway/dist/main.js
wait -n "${pids[@]}"
