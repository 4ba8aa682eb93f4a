import 'reflect-metadata';
import { errorMessage } from '../common/error-message';
import { parseConfig } from '../config/config.schema';
import { loadDotenv } from '../config/dotenv';
import { runMigrations } from './data-source';

/** `npm run migration:run -w backend`: applies pending migrations and exits. */
async function main(): Promise<void> {
  loadDotenv();
  const { env } = parseConfig(process.env);
  const applied = await runMigrations(env);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'No pending migrations.');
}

main().catch((error: unknown) => {
  console.error(errorMessage(error));
  process.exit(1);
});
