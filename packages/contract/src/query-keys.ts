/**
 * The react-query keys of the public reads. The web app fetches by them (a key's parts joined with
 * '/' are the address) and the backend seeds the pages it renders under them, so both must agree.
 */
export const QUERY_KEYS = {
  featuredTestimonials: ['/api/testimonials/featured'],
  publishedPosts: ['/api/posts?published=true'],
  availableQrCodes: ['/api/qr/available'],
  post: (slug: string) => ['/api/posts/slug', encodeURIComponent(slug)] as const,
} as const;
