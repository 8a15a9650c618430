#!/usr/bin/env bash
# What an idle embedded system costs, two builds side by side in the same minutes (a speed claim is a ratio against a
# baseline measured in the same run): `scripts/bench-idle.sh <checkout-a> <checkout-b> [seconds]`, each checkout built
# (`node scripts/build.mjs`). Starts an embedded system from each, waits until both are healthy and 20 s more, then
# prints the CPU-seconds (utime + stime of the process, all its threads) each used while idling for [seconds] (120).
set -u
seconds=${3:-120}
start() {
  local root=$1 port=$2 data
  data=$(mktemp -d)
  (cd "$root" && exec env DATA_DIR="$data" PORT="$port" PUBLIC_URL="http://127.0.0.1:$port" ADMIN_EMAIL=bench-admin@example.com \
    ADMIN_PASSWORD=bench-admin-password LOG_LEVEL=warn node --expose-gc scripts/embedded/dist/main.js > "$data.log" 2>&1) &
  echo $!
}
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
a=$(start "$1" 3421)
b=$(start "$2" 3422)
trap 'kill $a $b 2>/dev/null; wait 2>/dev/null' EXIT
for port in 3421 3422; do
  for _ in $(seq 1 120); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 1; done
done
sleep 20
a0=$(ticks "$a") b0=$(ticks "$b")
sleep "$seconds"
a1=$(ticks "$a") b1=$(ticks "$b")
hz=$(getconf CLK_TCK)
awk -v t="$((a1 - a0))" -v hz="$hz" -v s="$seconds" -v r="$1" 'BEGIN { printf "%s: %.2f CPU-s idling %d s\n", r, t / hz, s }'
awk -v t="$((b1 - b0))" -v hz="$hz" -v s="$seconds" -v r="$2" 'BEGIN { printf "%s: %.2f CPU-s idling %d s\n", r, t / hz, s }'
