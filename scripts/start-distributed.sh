#!/usr/bin/env bash
# Distributed mode on one machine: every service and the gateway as its own process over NATS and PostgreSQL,
# as Kubernetes runs them. Needs `npm run build` first. Ctrl-C (or SIGTERM) stops them all.
#   DATABASE_URL  default postgresql://postgres@127.0.0.1:5432/labeldesk (created if missing)
#   NATS_URL      default nats://127.0.0.1:4222
#   JWT_SECRET    required in production; a development default is used otherwise
set -euo pipefail
cd "$(dirname "$0")/.."
export TRANSPORT=nats
export NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"
export DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/labeldesk}"
export JWT_SECRET="${JWT_SECRET:-development-only-secret-change-me-0123456789}"
db_name="${DATABASE_URL##*/}"
admin_url="${DATABASE_URL%/*}/postgres"
if ! psql "$admin_url" -tAc "select 1 from pg_database where datname = '$db_name'" | grep -q 1; then
  psql "$admin_url" -qc "create database \"$db_name\""
fi
pids=()
stop() { kill "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; }
trap stop EXIT INT TERM
for service in auth payments address pricing orders; do
  node "services/$service/dist/main.js" & pids+=($!)
done
node gateway/dist/main.js & pids+=($!)
wait -n "${pids[@]}"
