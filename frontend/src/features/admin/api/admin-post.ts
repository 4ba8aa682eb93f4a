import type { ApiSchemas } from '../../../lib/api-client';

/** The body of POST /api/posts (and of PATCH /api/posts/{id}, which takes any part of it). */
export type PostInput = ApiSchemas['CreatePostDto'];
