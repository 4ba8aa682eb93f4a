import type { Post } from '../../../lib/post';

/** The body of POST /api/posts and PATCH /api/posts/{id}. */
export type PostInput = Omit<Post, 'id' | 'createdAt' | 'updatedAt'>;
