/**
 * The react-query keys of the public reads. The web app keeps each read's answer under its key and
 * the backend seeds the pages it renders under the same keys, so both must agree. Each key names
 * the address of its read.
 */
export const QUERY_KEYS = {
  featuredTestimonials: ['/api/testimonials/featured'],
  publishedPosts: ['/api/posts?published=true'],
  availableQrCodes: ['/api/qr/available'],
  post: (slug: string) => ['/api/posts/slug', encodeURIComponent(slug)] as const,
} as const;
