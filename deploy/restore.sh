#!/usr/bin/env bash
# Restores a folder written by deploy/backup.sh into an empty stack: once the dump and every
# object's copy match their SHA-256 (bucket.json), the dump with pg_restore (one transaction: all or
# nothing), then every object into the bucket.
#
#   deploy/restore.sh [--force] <backup folder>             natively: DATABASE_URL and S3_* from the environment or .env
#   deploy/restore.sh --compose [--force] <backup folder>   the docker compose stack (postgres and minio up, backend and worker stopped)
#   --database-only   leaves the bucket alone (a PostgreSQL major upgrade: the objects are still there)
#
# A database whose tables hold rows, or a bucket holding objects, is refused unless --force, which
# drops the tables the dump holds and writes over objects of the same name. Tables without rows
# (a backend started once on the new stack created them) are replaced without asking.
set -euo pipefail
# shellcheck source=deploy/backup-common.sh
. "$(dirname "$0")/backup-common.sh"

usage() {
  sed -n '2,13s/^# \{0,1\}//p' "$0"
  exit "${1:-0}"
}

mode=native
force=
bucket=yes
folder=
while (($#)); do
  case $1 in
    --compose) mode=compose ;;
    --force) force=--force ;;
    --database-only) bucket= ;;
    -h | --help) usage ;;
    -*) usage 2 >&2 ;;
    *)
      [[ -z $folder ]] || usage 2 >&2
      folder=$1
      ;;
  esac
  shift
done
[[ -n $folder ]] || usage 2 >&2
[[ -d $folder ]] || die "$folder is not a folder"
folder=$(cd "$folder" && pwd)
for part in database.dump bucket.json; do
  [[ -f $folder/$part ]] || die "$folder has no $part: not a folder written by deploy/backup.sh"
done

# The database's tables as "<count>|<those holding rows>", the migrations' own list and the job
# queue's working state aside (a backend started once on the new stack wrote both).
tables_query=$(
  cat <<'SQL'
SELECT count(*), coalesce(string_agg(
  CASE n.nspname WHEN 'public' THEN c.relname ELSE format('%s.%s', n.nspname, c.relname) END, ', ' ORDER BY n.nspname, c.relname
) FILTER (
  WHERE c.relname <> 'migrations' AND n.nspname <> '@JOBS_SCHEMA@'
    AND (xpath('/row/n/text()', query_to_xml(format('SELECT EXISTS (SELECT FROM %I.%I) AS n', n.nspname, c.relname), false, true, '')))[1]::text = 'true'
), '')
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\_%' AND c.relkind IN ('r', 'p');
SQL
)
jobs=$(jobs_schema)
tables_query=${tables_query//@JOBS_SCHEMA@/$jobs}

if [[ $mode == native ]]; then
  need_native_tools pg_restore psql
  database_target
  tables=$(psql --no-psqlrc --tuples-only --no-align --quiet --set=ON_ERROR_STOP=1 --dbname="$DB_URL" \
    <<<"$tables_query")
  status=0
  [[ -z $bucket ]] || bucket_native check-empty || status=$?
else
  need_compose
  # Either would write into the database and the bucket meanwhile (uploads, transcodes, the purge).
  running=$(compose ps --status running --services)
  for service in backend worker; do
    if grep -qx "$service" <<<"$running"; then
      die "the $service is running: stop it first (docker compose stop backend worker), restore, then docker compose up -d"
    fi
  done
  tables=$(in_postgres 'exec psql --no-psqlrc --tuples-only --no-align --quiet --set=ON_ERROR_STOP=1 --username="$POSTGRES_USER" --dbname="$POSTGRES_DB"' <<<"$tables_query")
  status=0
  [[ -z $bucket ]] || bucket_compose "$folder" ro check-empty || status=$?
fi
[[ $status == 0 || $status == "$BUCKET_NOT_EMPTY" ]] || die "could not check the bucket (see above)"

table_count=${tables%%|*}
tables_with_rows=${tables#*|}
if [[ -z $force && ( -n $tables_with_rows || $status != 0 ) ]]; then
  echo "$(basename "$0"): nothing restored, the target is not empty:" >&2
  [[ -z $tables_with_rows ]] || echo "  the database has tables with rows: $tables_with_rows" >&2
  [[ $status == 0 ]] || echo "  the bucket already holds objects" >&2
  echo "Restore into an empty stack, or pass --force to replace what is there." >&2
  exit 1
fi

# Tables already there (a backend started on the empty stack made them) are dropped first.
clean=()
((table_count == 0)) || clean=(--clean --if-exists)
restore_args=(--no-owner --no-privileges --single-transaction "${clean[@]}")

# The checks passed, yet the store failed (unreachable, full): the database is in, so a second try
# finds it not empty.
bucket_failed() {
  die "the database is restored, the bucket is not (see above): once that is fixed, run again with --force"
}

echo "Restoring $folder"
# Everything is checked before anything is written: a damaged copy found by the bucket's import
# would come after the database was restored, and the next try would find it not empty.
database_only=
[[ -n $bucket ]] || database_only=--database-only
if [[ $mode == native ]]; then
  bucket_native verify "$folder" ${database_only:+"$database_only"}
else
  bucket_compose "$folder" ro verify /backup ${database_only:+"$database_only"}
fi | sed 's/^/  /' || die "nothing restored: the backup failed its check (see above)"

if [[ $mode == native ]]; then
  pg_restore "${restore_args[@]}" --dbname="$DB_URL" "$folder/database.dump"
  echo "  database: restored"
  [[ -z $bucket ]] || bucket_native import "$folder" ${force:+--force} | sed 's/^/  bucket: /' || bucket_failed
else
  in_postgres "exec pg_restore ${restore_args[*]} --username=\"\$POSTGRES_USER\" --dbname=\"\$POSTGRES_DB\"" <"$folder/database.dump"
  echo "  database: restored"
  [[ -z $bucket ]] || bucket_compose "$folder" ro import /backup ${force:+--force} | sed 's/^/  bucket: /' || bucket_failed
fi
start="the backend"
[[ $mode == native ]] || start="the stack (docker compose up -d)"
echo "Done. Start $start: it applies any newer migrations as it starts."
