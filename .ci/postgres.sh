# Sourced by .ci/run: makes sure the PostgreSQL suites have a server (issue 40: no silent skip).
# ci_postgres exports TEST_DATABASE_URL: the one given, else the server answering on
# 127.0.0.1:5432 (database `test`), else a server of its own from the Debian postgresql
# package's binaries (installed with apt-get when missing): initdb into a temporary folder,
# trust authentication on loopback, a free port from 5433 (CI_POSTGRES_PORT to choose), a `test`
# database, stopped by ci_postgres_stop (.ci/run's exit trap), and TEST_PG_CTL, the command that
# stops and starts it (for the fault suite's restart). It stops CI with a message when
# none of that works. REQUIRE_POSTGRES=1 then makes a PostgreSQL suite that finds no server fail
# instead of skipping (server/test/conditions.ts, vitest.config.ts).

ci_postgres_dir=''
ci_pg_ctl=()

answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

ci_postgres_fail() {
  printf '\nCI needs a PostgreSQL server for its PostgreSQL suites: %s\n' "$*" >&2
  printf 'Set TEST_DATABASE_URL, start one on 127.0.0.1:5432 (database test, trust), or install\n' >&2
  printf "Debian's postgresql package so that CI starts its own.\n" >&2
  exit 1
}

ci_postgres() {
  export REQUIRE_POSTGRES=1
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    echo "PostgreSQL: TEST_DATABASE_URL as given"
    return
  fi
  if answers 5432; then
    export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/test"
    echo "PostgreSQL: the server answering on 127.0.0.1:5432"
    return
  fi
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "PostgreSQL: nothing answers on 127.0.0.1:5432; installing Debian's postgresql package"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq postgresql >/dev/null; } ||
      ci_postgres_fail "installing the postgresql package failed"
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    [ -n "$bin" ] && [ -x "$bin/initdb" ] || ci_postgres_fail "no initdb after the install"
  fi
  local port=${CI_POSTGRES_PORT:-5433}
  while answers "$port"; do port=$((port + 1)); done
  ci_postgres_dir=$(mktemp -d /tmp/ci-postgres.XXXXXX)
  # initdb refuses to run as root: the package's postgres user owns the cluster then.
  local as=()
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || ci_postgres_fail "running as root and there is no postgres user"
    chown postgres: "$ci_postgres_dir"
    as=(runuser -u postgres --)
  fi
  echo "PostgreSQL: nothing answers on 127.0.0.1:5432; starting $bin/postgres on port $port in $ci_postgres_dir"
  "${as[@]}" "$bin/initdb" -D "$ci_postgres_dir/data" -U postgres -A trust --no-sync -E UTF8 \
    >"$ci_postgres_dir/initdb.log" 2>&1 ||
    { cat "$ci_postgres_dir/initdb.log" >&2; ci_postgres_fail "initdb failed"; }
  # fsync off: a throwaway cluster; max_connections for two projects' pools and the suites'
  # own servers. In its configuration file, so that a plain pg_ctl start (the fault suite's
  # restart, TEST_PG_CTL) brings it back the same.
  cat >>"$ci_postgres_dir/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$ci_postgres_dir'
fsync = off
max_connections = 300
CONF
  ci_pg_ctl=("${as[@]}" "$bin/pg_ctl" -D "$ci_postgres_dir/data" -l "$ci_postgres_dir/server.log" -w -t 60)
  "${ci_pg_ctl[@]}" start >/dev/null ||
    { cat "$ci_postgres_dir/server.log" >&2; ci_postgres_fail "the server did not start"; }
  "${as[@]}" "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -qAt -c 'create database test' \
    postgres >/dev/null || ci_postgres_fail "could not create the test database"
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/test"
  # The fault suite restarts this server (server/ops/pg-restart.fault.ts) with this command.
  export TEST_PG_CTL="${ci_pg_ctl[*]}"
}

ci_postgres_stop() {
  [ -n "$ci_postgres_dir" ] || return 0
  "${ci_pg_ctl[@]}" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$ci_postgres_dir"
  ci_postgres_dir=''
}
