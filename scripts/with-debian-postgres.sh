#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster from the system's packages (Debian:
# apt-get install -y postgresql), exported as TEST_DATABASE_URL; the cluster is removed afterwards.
# This keeps the external-database path (DATABASE_URL) tested next to the embedded default.
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "PostgreSQL server binaries not found (Debian: apt-get install -y postgresql)." >&2
  exit 1
fi

# The cluster is thrown away afterwards: nothing need survive a crash, so no flushes to disk.
NO_DURABILITY="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"

dir=$(mktemp -d /tmp/poleatlas-debian-pg-XXXXXX)
chmod 755 "$dir"
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')

# PostgreSQL refuses to run as root: use the postgres system user then.
as_pg=()
if [ "$(id -u)" = "0" ]; then
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi

cleanup() {
  "${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_pg[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 >/dev/null
"${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories='' $NO_DURABILITY" start >/dev/null
echo "Debian PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@"
