import { useParams } from 'react-router-dom';
import { PostDetail } from '../features/blog/components/post-detail';
import { NewsletterBox } from '../features/newsletter/components/newsletter-box';

export function BlogPostPage() {
  const { slug = '' } = useParams();

  // The detail sets the head: it knows the post's title, or that there is none.
  return (
    <PostDetail slug={slug}>
      <NewsletterBox />
    </PostDetail>
  );
}
