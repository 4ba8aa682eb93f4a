import 'reflect-metadata';
import { errorMessage } from '../common/error-message';
import { parseDatabaseConfig } from '../config/config.schema';
import { loadDotenv } from '../config/dotenv';
import { installJobQueue } from './job-queue';
import { runMigrations } from './data-source';

/**
 * `npm run migration:run -w backend`, and the migration Job of deploy/kubernetes: installs or
 * upgrades the job queue's schema, applies pending migrations and exits. It reads only the database
 * settings (DATABASE_*, PGPASSWORD, JOBS_SCHEMA and their _FILE).
 */
async function main(): Promise<void> {
  loadDotenv();
  const env = parseDatabaseConfig(process.env);
  await installJobQueue(env);
  const applied = await runMigrations(env);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'No pending migrations.');
}

main().catch((error: unknown) => {
  console.error(errorMessage(error));
  process.exit(1);
});
