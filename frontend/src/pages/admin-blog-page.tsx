import { useTranslation } from 'react-i18next';
import { PageHead } from '../components/page-head';
import { AdminBlogManager } from '../features/admin/components/admin-blog-manager';
import { AdminLoginForm } from '../features/admin/components/admin-login-form';
import { useAdminSession } from '../features/admin/api/use-admin-session';

/** Loaded lazily (see the router): visitors never download the admin code. */
export function AdminBlogPage() {
  const { t } = useTranslation();
  const { token, expired, logIn, logOut, expire } = useAdminSession();

  return (
    <>
      <PageHead title={t('admin.title')} description={t('admin.description')} noIndex />
      {token ? (
        <AdminBlogManager token={token} onLogOut={logOut} onSessionExpired={expire} />
      ) : (
        <AdminLoginForm onLoggedIn={logIn} sessionExpired={expired} />
      )}
    </>
  );
}
