# What deploy/backup.sh and deploy/restore.sh share. Sourced, not run.
# Native: DATABASE_URL and S3_* come from the environment, else from the repository's .env.
# --compose: pg_dump/pg_restore run in the postgres service, the bucket is copied by the backend
# image's node with the backend service's settings; nothing is installed in any image.

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUCKET_CLI=backend/dist/storage/bucket-backup-cli.js
# Exit status of the bucket tool for a bucket that holds objects.
BUCKET_NOT_EMPTY=3

die() {
  echo "$(basename "$0"): $*" >&2
  exit 1
}

need() {
  command -v "$1" >/dev/null || die "$1 is not installed ($2)"
}

# A setting as the backend reads it: the environment wins, else the last NAME=value line of .env.
setting() {
  local name=$1 line value
  if [[ -n ${!name-} ]]; then
    printf '%s' "${!name}"
    return
  fi
  [[ -f $REPO/.env ]] || return 0
  line=$(grep -E "^[[:space:]]*(export[[:space:]]+)?$name=" "$REPO/.env" | tail -n 1) || return 0
  value=${line#*=}
  value=${value%$'\r'}
  if [[ $value =~ ^\"(.*)\"$ || $value =~ ^\'(.*)\'$ ]]; then value=${BASH_REMATCH[1]}; fi
  printf '%s' "$value"
}

# The job queue's schema (JOBS_SCHEMA): its runner's working state, which the backend makes again as
# it starts, so backups leave it out and a restore does not count its rows.
jobs_schema() {
  local schema
  schema=$(setting JOBS_SCHEMA)
  schema=${schema:-pgboss}
  [[ $schema =~ ^[a-z_][a-z0-9_]*$ ]] || die "JOBS_SCHEMA must be a plain schema name (a-z, 0-9, _)"
  printf '%s' "$schema"
}

# Sets DB_URL: DATABASE_URL without its password, which goes to libpq in PGPASSWORD so that no
# process list shows it.
database_target() {
  local url password
  url=$(setting DATABASE_URL)
  [[ -n $url ]] || die "DATABASE_URL is not set (in the environment or .env)"
  if [[ $url =~ ^(postgres(ql)?://[^:@/]*):([^@/]*)@(.*)$ ]]; then
    password=${BASH_REMATCH[3]}
    password=${password//\\/\\\\}
    printf -v PGPASSWORD '%b' "${password//%/\\x}"
    export PGPASSWORD
    url="${BASH_REMATCH[1]}@${BASH_REMATCH[4]}"
  fi
  # A + in the query is a space to the backend's driver (form encoding) and a + to libpq.
  [[ $url != *\?* ]] || url="${url%%\?*}?$(q=${url#*\?} && echo "${q//+/%20}")"
  DB_URL=$url
}

# The native tools: pg_dump/pg_restore/psql of the server's major version or newer, and the built backend.
need_native_tools() {
  need node "Node.js 24 or newer"
  for tool in "$@"; do need "$tool" "the PostgreSQL client tools, of the server's major version or newer (Debian: postgresql-client)"; done
  [[ -f $REPO/$BUCKET_CLI ]] || die "the backend is not built: run make build-backend first"
}

# The bucket tool natively, from the repository (it reads S3_* from the environment or .env).
bucket_native() {
  (cd "$REPO" && node "$BUCKET_CLI" "$@")
}

need_compose() {
  local command=${COMPOSE:-docker compose}
  need "${command%% *}" "Docker with its compose plugin"
}

compose() {
  # shellcheck disable=SC2086 # COMPOSE may be a command with arguments (docker compose, podman compose)
  ${COMPOSE:-docker compose} --project-directory "$REPO" "$@"
}

# The bucket tool in a one-off backend container with FOLDER mounted at /backup, run as the
# invoking user so that the files it writes are theirs.
bucket_compose() {
  local folder=$1 mode=$2
  shift 2
  compose run --rm --no-deps -T --user "$(id -u):$(id -g)" --volume "$folder:/backup:$mode" backend \
    node "$BUCKET_CLI" "$@"
}

# Runs a shell command in the postgres service, with its POSTGRES_USER and POSTGRES_DB.
in_postgres() {
  compose exec -T postgres sh -c "$1"
}
