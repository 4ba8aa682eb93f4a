import { randomBytes } from 'node:crypto';
import { hashAdminPassword } from './admin-auth.service';

/** `npm run hash-password -w backend -- '<password>'` prints a value for ADMIN_PASSWORD_HASH. */
const password = process.argv[2];
if (!password || password.length < 12) {
  console.error('usage: npm run hash-password -w backend -- "<password of at least 12 characters>"');
  process.exit(2);
}
console.log(hashAdminPassword(password, randomBytes(16)));
