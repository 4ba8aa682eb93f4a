import { Text } from '@chakra-ui/react';
import { useTranslation } from '../lib/i18n';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageHead } from '../components/page-head';
import { AdminBlogManager } from '../features/admin/components/admin-blog-manager';
import { AdminConsoleShell } from '../features/admin/components/admin-console-shell';
import { AdminLoginForm } from '../features/admin/components/admin-login-form';
import { InquiryList } from '../features/admin/components/inquiry-list';
import { QrCodeManager } from '../features/admin/components/qr-code-manager';
import { QrPrintSheet } from '../features/admin/components/qr-print-sheet';
import { SubscriberList } from '../features/admin/components/subscriber-list';
import { TestimonialManager } from '../features/admin/components/testimonial-manager';
import { useAdminSession } from '../features/admin/api/use-admin-session';

interface AdminConsolePageProps {
  /** /admin-blog names no section in its path: it always shows the blog manager. */
  blogOnly?: boolean;
}

/**
 * /admin/* and /admin-blog. Loaded lazily (see the router): visitors never download the admin
 * code. Without a token every section shows the password form instead.
 */
export function AdminConsolePage({ blogOnly = false }: AdminConsolePageProps) {
  const { t } = useTranslation();
  const { token, expired, logIn, logOut, expire } = useAdminSession();
  const head = <PageHead title={t('admin.console.pageTitle')} description={t('admin.description')} noIndex />;

  if (!token) {
    return (
      <>
        {head}
        <AdminLoginForm onLoggedIn={logIn} sessionExpired={expired} />
      </>
    );
  }

  const section = { token, onSessionExpired: expire };
  const blog = <AdminBlogManager {...section} />;

  return (
    <>
      {head}
      <AdminConsoleShell activeSection={blogOnly ? 'blog' : undefined} onLogOut={logOut}>
        {blogOnly ? (
          blog
        ) : (
          <Routes>
            <Route index element={<Navigate to="blog" replace />} />
            <Route path="blog" element={blog} />
            <Route path="qr" element={<QrCodeManager {...section} />} />
            <Route path="qr/print" element={<QrPrintSheet {...section} />} />
            <Route path="inquiries" element={<InquiryList {...section} />} />
            <Route path="testimonials" element={<TestimonialManager {...section} />} />
            <Route path="subscribers" element={<SubscriberList {...section} />} />
            <Route path="*" element={<Text role="alert">{t('admin.console.unknownSection')}</Text>} />
          </Routes>
        )}
      </AdminConsoleShell>
    </>
  );
}
