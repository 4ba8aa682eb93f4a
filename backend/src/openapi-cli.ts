import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { API_PREFIX, openApiDocument } from './app.factory';
import { AppModule } from './app.module';
import { appConfig } from './config/app-config';
import { parseConfig } from './config/config.schema';

/**
 * Prints the OpenAPI document that /api/docs/openapi.json serves, with no database, storage or
 * network: Nest's preview mode assembles the modules and routes without building any provider.
 * The document depends on no setting: the defaults do, and a database that is never reached.
 */
async function main(): Promise<void> {
  const { env } = parseConfig({ DATABASE_URL: 'postgres://database.invalid/giftcast' });
  const app = await NestFactory.create(AppModule.forRoot(appConfig(env)), { preview: true, logger: false });
  app.setGlobalPrefix(API_PREFIX);
  process.stdout.write(`${JSON.stringify(openApiDocument(app), null, 2)}\n`);
  await app.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
