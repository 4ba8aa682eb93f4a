import { hasStatus } from '../../../lib/api-client';

/** The headers of an admin call: the server checks the admin's token on every one. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The token expired or was revoked: the admin must log in again. */
export const isUnauthorized = (error: unknown) => hasStatus(error, 401);
