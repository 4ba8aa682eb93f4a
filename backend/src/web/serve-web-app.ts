import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';

/**
 * Serves the built web app beside the API (the `make run` setup; in Docker nginx does this):
 * hashed assets cached for a year, every other GET outside /api answered by the app's page.
 */
export function serveWebApp(app: NestExpressApplication, webRoot: string): void {
  const root = resolve(webRoot);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`WEB_ROOT ${root} has no index.html: build the frontend first`);

  app.use(
    '/assets',
    express.static(join(root, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  app.use(express.static(root, { index: false, maxAge: '1h' }));
  app.use((request: Request, response: Response, next: NextFunction) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/api(\/|$)/.test(request.path);
    if (!isPage) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexFile);
  });
}
