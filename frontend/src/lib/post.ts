import type { ApiSchemas } from './api-client';

/** A blog post as the API returns it (public and admin alike); absent optional fields are null. */
export type Post = ApiSchemas['PostResponse'];
