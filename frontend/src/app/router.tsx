import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AboutPage } from '../pages/about-page';
import { BlogPage } from '../pages/blog-page';
import { BlogPostPage } from '../pages/blog-post-page';
import { HomePage } from '../pages/home-page';
import { HowPage } from '../pages/how-page';
import { MessagePage } from '../pages/message-page';
import { NotFoundPage } from '../pages/not-found-page';
import { PartnerPage } from '../pages/partner-page';
import { PrivacyPage } from '../pages/privacy-page';
import { SupportPage } from '../pages/support-page';
import { TermsPage } from '../pages/terms-page';
import { TryPage } from '../pages/try-page';
import { UnsubscribePage } from '../pages/unsubscribe-page';
import { WhyPage } from '../pages/why-page';
import { Layout } from './layout';
import { RouteError } from './route-error';

// A separate chunk, fetched only when an admin route is opened.
const AdminBlogPage = lazy(() =>
  import('../pages/admin-blog-page').then((module) => ({ default: module.AdminBlogPage })),
);

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        // Keeps header and footer around a page that fails.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'how', element: <HowPage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'why', element: <WhyPage /> },
          { path: 'partner', element: <PartnerPage /> },
          { path: 'try', element: <TryPage /> },
          { path: 'blog', element: <BlogPage /> },
          { path: 'blog/:slug', element: <BlogPostPage /> },
          { path: 'support', element: <SupportPage /> },
          { path: 'admin/blog', element: <AdminBlogPage /> },
          { path: 'admin-blog', element: <AdminBlogPage /> },
          { path: 'unsubscribe', element: <UnsubscribePage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'v/:qrToken', element: <MessagePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
