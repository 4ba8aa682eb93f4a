import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';

export const ADMIN_ACCESS = 'giftcast:admin-access';

/**
 * Every route needs a valid admin token unless it says otherwise: `public` routes need none,
 * `optional` routes serve more (drafts) to a valid token and reject an invalid one.
 */
export type AdminAccess = 'public' | 'optional';

export const Public = () => SetMetadata(ADMIN_ACCESS, 'public' satisfies AdminAccess);
export const AdminOptional = () => SetMetadata(ADMIN_ACCESS, 'optional' satisfies AdminAccess);

/** The admin token a request carried, once the guard has accepted it. */
export interface VerifiedAdminToken {
  /** Its `jti`. */
  id: string;
  expiresAt: Date;
}

export interface AdminAwareRequest {
  isAdmin?: boolean;
  adminToken?: VerifiedAdminToken;
}

/** True when the request carried a valid admin token. */
export const IsAdmin = createParamDecorator(
  (_: unknown, context: ExecutionContext): boolean =>
    context.switchToHttp().getRequest<AdminAwareRequest>().isAdmin === true,
);

/** The admin token of the request, on a route that requires one. */
export const AdminToken = createParamDecorator((_: unknown, context: ExecutionContext): VerifiedAdminToken => {
  const { adminToken } = context.switchToHttp().getRequest<AdminAwareRequest>();
  if (!adminToken) throw new Error('@AdminToken() used on a route that does not require an admin token');
  return adminToken;
});
