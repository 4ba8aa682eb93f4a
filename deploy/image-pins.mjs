// What makes an image reference pinned and pullable, for every file that names images: the compose
// stack and its Dockerfile (images.test.mjs) and the Kubernetes manifests (kubernetes.test.mjs).

/** Namespaces whose images can no longer be pulled or are no longer maintained, and where they moved. */
const GONE = [
  [/^(docker\.io\/)?minio\//, 'pgsty/minio and pgsty/mc, the maintained fork'],
  [/^quay\.io\/minio\//, 'pgsty/minio and pgsty/mc, the maintained fork'],
  [/^(docker\.io\/)?bitnami(legacy)?\//, 'an image of its own project'],
];

/** Images whose exact releases have fewer than three numbers. */
const PARTS_OF_A_RELEASE = { postgres: 2 };

/** Why `image` is not a pinned image that can be pulled, or undefined when it is. */
export function imageProblem(image) {
  for (const [pattern, instead] of GONE)
    if (pattern.test(image)) return `${image}: gone from its registry (use ${instead})`;
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return undefined;
  const tag = /:([^/:]+)$/.exec(image)?.[1];
  if (!tag) return `${image}: no tag (latest)`;
  // An exact release: 1.30.3, v5.9.0, 24.21.0-bookworm-slim, MinIO's RELEASE.<date>, and
  // PostgreSQL's 17.11-alpine (its releases have two parts; 1.30 of another image is a line).
  const parts = PARTS_OF_A_RELEASE[image.slice(0, image.lastIndexOf(':'))] ?? 3;
  if (new RegExp(`^v?\\d+(\\.\\d+){${parts - 1}}(-[\\w.-]+)?$`).test(tag)) return undefined;
  if (/^RELEASE\.\d{4}-\d\d-\d\dT[\d-]+Z$/.test(tag)) return undefined;
  return `${image}: tag ${tag} moves (pin an exact release)`;
}
