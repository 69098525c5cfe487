#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL cluster on loopback, then remove it:
#   bash .ci/postgres.sh .venv/bin/python -m pytest
# PG_SERVER_OPTIONS adds server settings, e.g. "-c autovacuum=off".
# Installs the server with apt when it is missing and we are root.
set -euo pipefail

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
bin=$(find_bin)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing the PostgreSQL server with apt-get ..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
    bin=$(find_bin)
  else
    echo "PostgreSQL's server (initdb, pg_ctl) is needed: sudo apt-get install postgresql" >&2
    exit 3
  fi
fi
[ -n "$bin" ] && [ -x "$bin/initdb" ] || { echo "PostgreSQL's server could not be installed" >&2; exit 3; }

port=${PGPORT_TEST:-54329}
dir=$(mktemp -d /tmp/companion-pg.XXXXXX)
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  # initdb refuses to run as root: the cluster belongs to the postgres user.
  chown postgres: "$dir"
  as_owner=(runuser -u postgres --)
fi

cleanup() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

# Exit status 3: PostgreSQL could not be had here (make bench-scale then skips).
"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null || exit 3
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${PG_SERVER_OPTIONS:-}" \
  start >/dev/null || { echo "PostgreSQL did not start on 127.0.0.1:$port: $(tail -n 3 "$dir/log")" >&2; exit 3; }
"${as_owner[@]}" "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -q -v ON_ERROR_STOP=1 \
  -c "CREATE ROLE companion LOGIN CREATEDB PASSWORD 'companion';" \
  -c "CREATE DATABASE companion OWNER companion;"

export DATABASE_URL="postgres://companion:companion@127.0.0.1:$port/companion"
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
"$@"
