import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';

export const ADMIN_ACCESS = 'giftcast:admin-access';

/**
 * Every route needs a valid admin token unless it says otherwise: `public` routes need none,
 * `optional` routes serve more (drafts) to a valid token and reject an invalid one.
 */
export type AdminAccess = 'public' | 'optional';

export const Public = () => SetMetadata(ADMIN_ACCESS, 'public' satisfies AdminAccess);
export const AdminOptional = () => SetMetadata(ADMIN_ACCESS, 'optional' satisfies AdminAccess);

export interface AdminAwareRequest {
  isAdmin?: boolean;
}

/** True when the request carried a valid admin token. */
export const IsAdmin = createParamDecorator(
  (_: unknown, context: ExecutionContext): boolean =>
    context.switchToHttp().getRequest<AdminAwareRequest>().isAdmin === true,
);
