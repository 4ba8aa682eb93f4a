import { useQuery } from '@tanstack/react-query';
import type { Testimonial } from '../../../lib/testimonial';

export const featuredTestimonialsQueryKey = ['/api/testimonials/featured'];

/** Read through the shared query function of lib/api-client (GET of the joined key). */
export function useFeaturedTestimonials() {
  return useQuery<Testimonial[] | null>({ queryKey: featuredTestimonialsQueryKey });
}
