#!/usr/bin/env bash
# Checks the deployment's monitoring files (docs/operations.md, "Alerts and runbooks"): the
# Prometheus rules parse and their unit tests pass (every alert shown firing and not firing), the
# Prometheus and Alertmanager configurations are valid and route pages and tickets where they
# should, and the dashboard and rules name only metrics the server serves. Needs promtool (Debian:
# prometheus) and amtool (Debian: prometheus-alertmanager). Run by `npm run check:operations`
# and by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in promtool amtool; do
  command -v "$tool" >/dev/null 2>&1 || { echo "$tool is missing: apt-get install -y prometheus prometheus-alertmanager"; exit 1; }
done

promtool check rules deploy/prometheus/rules/*.yml
promtool test rules deploy/prometheus/tests/*.yml
# The scrape configuration names /etc/prometheus/rules/*.yml (where the host keeps the rules);
# checked with its rules pointing here instead.
config=$(mktemp)
trap 'rm -f "$config"' EXIT
sed "s#/etc/prometheus/rules/\*.yml#$PWD/deploy/prometheus/rules/*.yml#" deploy/prometheus/prometheus.yml >"$config"
promtool check config "$config"

amtool check-config deploy/alertmanager/alertmanager.yml
route() {
  local expected=$1; shift
  local got
  got=$(amtool config routes test --config.file=deploy/alertmanager/alertmanager.yml "$@" 2>/dev/null)
  [ "$got" = "$expected" ] || { echo "alertmanager routes $* to '$got', not '$expected'"; exit 1; }
  echo "alertmanager: $* -> $got"
}
route on-call severity=page alertname=ScholarmatchDatabaseDown
route team-email severity=ticket alertname=ScholarmatchQueueBehind
route team-email alertname=SomethingWithoutSeverity

# The units' syntax, where systemd's own checker is installed (it also wants /usr/bin/node and
# /usr/bin/find, the paths the units name).
if command -v systemd-analyze >/dev/null 2>&1 && [ -x /usr/bin/node ]; then
  systemd-analyze verify deploy/systemd/*.service deploy/systemd/*.timer
  echo "systemd units: valid"
else
  echo "systemd units: not checked (no systemd-analyze, or no /usr/bin/node)"
fi

npx tsx scripts/check-operations-metrics.ts
