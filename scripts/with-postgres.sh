#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server: initdb in a temporary directory, a server on
# 127.0.0.1 (a free port), DATABASE_URL exported for the command, everything removed afterwards.
# PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user (Debian's package
# creates it). Usage: scripts/with-postgres.sh npx vitest run tests/server
set -euo pipefail

bindir=""
for candidate in /usr/lib/postgresql/*/bin; do
  [ -x "$candidate/postgres" ] && bindir="$candidate"
done
if [ -z "$bindir" ]; then
  echo "with-postgres: no PostgreSQL server found (apt-get install postgresql)" >&2
  exit 2
fi

as_server_user=()
owner="$(id -un)"
if [ "$(id -u)" = "0" ]; then
  as_server_user=(runuser -u postgres --)
  owner=postgres
fi

dir="$(mktemp -d /tmp/relbench-pg.XXXXXX)"
chown "$owner" "$dir"
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"

cleanup() {
  "${as_server_user[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_server_user[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-instructions >/dev/null
"${as_server_user[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: $("$bindir/postgres" --version) on 127.0.0.1:$port" >&2
"$@"
