#!/usr/bin/env bash
# Backs up Giftcast into a dated folder: the PostgreSQL database (pg_dump, custom format) as
# database.dump, and every object of the bucket, with its content type, under bucket/ (bucket.json
# lists each object's size and SHA-256, and the dump's).
#
#   deploy/backup.sh             natively: DATABASE_URL and S3_* from the environment or .env
#   deploy/backup.sh --compose   the docker compose stack of this repository, running
#
# BACKUP_ROOT sets where the dated folders go (default: backups/ in the repository).
set -euo pipefail
# shellcheck source=deploy/backup-common.sh
. "$(dirname "$0")/backup-common.sh"

usage() {
  sed -n '2,9s/^# \{0,1\}//p' "$0"
  exit "${1:-0}"
}

mode=native
while (($#)); do
  case $1 in
    --compose) mode=compose ;;
    -h | --help) usage ;;
    *) usage 2 >&2 ;;
  esac
  shift
done

if [[ $mode == native ]]; then
  need_native_tools pg_dump
  database_target
else
  need_compose
fi

root=${BACKUP_ROOT:-$REPO/backups}
mkdir -p "$root"
root=$(cd "$root" && pwd)
folder="$root/$(date -u +%Y-%m-%dT%H%M%SZ)"
[[ ! -e $folder ]] || die "$folder already exists"
# Written as <stamp>.partial and renamed at the end: a folder without the suffix is complete.
work="$folder.partial"
# The dump holds subscribers' and inquirers' addresses: for the owner's eyes only.
mkdir -m 700 "$work"
trap 'rm -rf "$work"' EXIT

echo "Backing up into $folder"
# The database first: objects added after its snapshot are orphans the purge removes, and every
# message it lists still has its objects (unless the purge deleted them meanwhile, as expired).
# The job queue's schema stays out: the backend makes it again as it starts (backup-common.sh).
# The bucket's export, which writes bucket.json last, lists the dump's size and SHA-256 there too.
jobs=$(jobs_schema)
if [[ $mode == native ]]; then
  pg_dump --format=custom --exclude-schema="$jobs" --file="$work/database.dump" --dbname="$DB_URL"
  echo "  database: $(du -h "$work/database.dump" | cut -f1)"
  bucket_native export "$work" | sed 's/^/  bucket: /'
else
  in_postgres "exec pg_dump --format=custom --exclude-schema=$jobs --username=\"\$POSTGRES_USER\" --dbname=\"\$POSTGRES_DB\"" >"$work/database.dump"
  echo "  database: $(du -h "$work/database.dump" | cut -f1)"
  bucket_compose "$work" rw export /backup | sed 's/^/  bucket: /'
fi

mv "$work" "$folder"
trap - EXIT
echo "Done: $folder"
