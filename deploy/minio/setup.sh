#!/bin/sh
# The minio-setup job: the bucket, a policy allowing that bucket alone, and the app's own storage
# user (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY) with it. The backend never holds MinIO's root
# keys. Run at every `docker compose up`: each step leaves things as they are when already done
# (a changed S3_SECRET_ACCESS_KEY is applied).
set -eu
[ "$S3_ACCESS_KEY_ID" != "$MINIO_ROOT_USER" ] || {
  echo "minio-setup: S3_ACCESS_KEY_ID must differ from MINIO_ROOT_USER (the app gets a user of its own)" >&2
  exit 1
}
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
