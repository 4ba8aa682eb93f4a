#!/bin/sh
# The minio-setup job: the bucket, a policy allowing that bucket alone, and the app's own storage
# user (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY) with it. The backend never holds MinIO's root
# keys. Run at every `docker compose up`: each step leaves things as they are when already done
# (a changed S3_SECRET_ACCESS_KEY is applied).
#
# In production (NODE_ENV unset or production) it first refuses a MINIO_ROOT_PASSWORD that
# .env.example ships, MinIO's own default, or one under 64 bits by the estimate the backend uses
# for its secrets: length × log2(distinct characters). MINIO_ROOT_PASSWORD_FILE and
# S3_SECRET_ACCESS_KEY_FILE are read where set (deploy/compose/secrets.yml).
set -eu

fail() {
  echo "minio-setup: $*" >&2
  exit 1
}

# NAME from the file NAME_FILE names, where set.
from_file() {
  eval "file=\${$1_FILE:-}"
  [ -n "$file" ] || return 0
  value=$(cat "$file") || fail "$1_FILE: cannot read $file"
  eval "$1=\$value"
}

# floor(256 × log2 n) for n >= 1, in integers: the whole part by halving, then eight binary
# digits by squaring.
log2_256() {
  n=$1 whole=0 power=1
  while [ $((power * 2)) -le "$n" ]; do
    power=$((power * 2)) whole=$((whole + 1))
  done
  y=$((n * 65536 / power)) fraction=0 digit=0
  while [ $digit -lt 8 ]; do
    y=$((y * y / 65536)) fraction=$((fraction * 2)) digit=$((digit + 1))
    if [ $y -ge 131072 ]; then
      y=$((y / 2)) fraction=$((fraction + 1))
    fi
  done
  echo $((whole * 256 + fraction))
}

# length × log2(distinct characters), rounded down.
estimated_bits() {
  length=$(printf '%s' "$1" | wc -m)
  distinct=$(printf '%s' "$1" | fold -w1 | sort -u | wc -l)
  [ "$distinct" -ge 2 ] || {
    echo 0
    return
  }
  echo $((length * $(log2_256 "$distinct") / 256))
}

from_file MINIO_ROOT_PASSWORD
from_file S3_SECRET_ACCESS_KEY
case "${NODE_ENV:-production}" in
  production)
    case "$MINIO_ROOT_PASSWORD" in
      '' | giftcast-root-dev-secret | minioadmin)
        fail "MINIO_ROOT_PASSWORD: production needs a password of its own, not .env.example's or MinIO's default"
        ;;
    esac
    bits=$(estimated_bits "$MINIO_ROOT_PASSWORD")
    [ "$bits" -ge 64 ] ||
      fail "MINIO_ROOT_PASSWORD: production needs a less guessable password: about $bits bits by the length × log2(distinct characters) estimate, 64 needed (openssl rand -base64 32 makes one)"
    ;;
esac
[ -n "${S3_SECRET_ACCESS_KEY:-}" ] || fail "S3_SECRET_ACCESS_KEY is not set (in .env, or S3_SECRET_ACCESS_KEY_FILE)"
[ "$S3_ACCESS_KEY_ID" != "$MINIO_ROOT_USER" ] ||
  fail "S3_ACCESS_KEY_ID must differ from MINIO_ROOT_USER (the app gets a user of its own)"

mc alias set local http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD"
mc mb --ignore-existing "local/$S3_BUCKET"
cat >/tmp/giftcast-bucket.json <<POLICY
{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Action": ["s3:GetBucketLocation", "s3:ListBucket", "s3:ListBucketMultipartUploads"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET"]
    },
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload", "s3:ListMultipartUploadParts"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET/*"]
    }
  ]
}
POLICY
mc admin policy create local giftcast-bucket /tmp/giftcast-bucket.json
mc admin user add local "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
# Attaching a policy already attached succeeds since mc RELEASE.2024-10.
mc admin policy attach local giftcast-bucket --user "$S3_ACCESS_KEY_ID"
echo "minio-setup: bucket $S3_BUCKET, user $S3_ACCESS_KEY_ID allowed into it alone"
