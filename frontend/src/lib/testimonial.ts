/** A testimonial as the API returns it (featured list and admin calls); absent optional fields are null. */
export interface Testimonial {
  id: string;
  name: string;
  nameEn: string | null;
  role: string;
  roleEn: string | null;
  content: string;
  contentEn: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  rating: string;
  featured: boolean;
  createdAt: string;
}
