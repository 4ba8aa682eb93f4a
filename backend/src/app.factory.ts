import { type INestApplication, NotFoundException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { type NextFunction, type Request, type Response, urlencoded } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ErrorBody, HttpExceptionFilter } from './common/http-exception.filter';
import { Draining } from './common/draining';
import { Metrics } from './metrics/metrics';
import { JSON_DEPTH_LIMIT, limitJsonDepth } from './common/json-depth';
import { requestLanguage } from './common/language';
import { translate } from './common/messages';
import { isApiPath, isDecodablePath } from './common/request-path';
import { createValidationPipe } from './common/validation';
import type { AppConfig } from './config/app-config';
import type { Env } from './config/config.schema';
import { KAKAO_SHARER_ORIGIN, kakaoShareOf } from './config/kakao-share';
import { createLogger } from './logging/logger';
import { requestLogging } from './logging/request-logging';

export const JSON_BODY_LIMIT = '100kb';

/** Every route's path starts with it. */
export const API_PREFIX = 'api';

/** Express's `trust proxy` from the TRUST_PROXY setting ('true', a hop count, or addresses). */
function trustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * Where signed storage links point: S3_PUBLIC_ENDPOINT, else S3_ENDPOINT (with the bucket's
 * subdomain unless S3_FORCE_PATH_STYLE), else any https address (AWS's own).
 */
function storageOrigins(env: Env): string[] {
  const endpoint = env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT;
  if (!endpoint) return ['https:'];
  const { protocol, host, origin } = new URL(endpoint);
  return env.S3_FORCE_PATH_STYLE ? [origin] : [`${protocol}//*.${host}`];
}

/**
 * With KAKAO_JS_KEY set, Kakao's SDK file (only that file of its host) may run, and its share may
 * post the card to Kakao's sharer; without it neither is allowed. The same on every page: the app
 * moves between pages without loading a new document, so a visitor who came in on another page
 * still has that page's policy when they reach a post's share buttons.
 */
function contentSecurityPolicy(env: Env) {
  const analytics = ['https://www.googletagmanager.com', 'https://www.google-analytics.com'];
  const kakao = kakaoShareOf(env);
  // VIDEO_DELIVERY=redirect sends the player and the poster to storage's own address.
  const storage = env.VIDEO_DELIVERY === 'redirect' ? storageOrigins(env) : [];
  return {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", ...analytics, ...(kakao ? [kakao.sdkUrl] : [])],
      'form-action': ["'self'", ...(kakao ? [KAKAO_SHARER_ORIGIN] : [])],
      'connect-src': ["'self'", ...analytics, 'https://*.google-analytics.com'],
      'img-src': ["'self'", 'data:', 'blob:', 'https:', ...storage],
      'media-src': ["'self'", 'blob:', ...storage],
      'style-src': ["'self'", "'unsafe-inline'"],
      'frame-ancestors': ["'none'"],
      'upgrade-insecure-requests': null,
    },
  };
}

const HEALTH_PATHS = new Set(['/api/health', '/api/health/live', '/api/health/ready']);

/** A worker answers orchestrators' health checks and nothing else. */
function onlyHealthChecks(request: Request, response: Response, next: NextFunction): void {
  if (HEALTH_PATHS.has(request.path)) return next();
  response.setHeader('Cache-Control', 'no-store');
  response.status(404).json({ statusCode: 404, error: translate('error.routeNotFound', requestLanguage(request)) });
}

/**
 * Counts every answer by its route pattern (Express's, `/api/messages/:qrToken/video`), never by the
 * path asked for: a token or an id is never a label. An answer no route gave (a page, a 404) counts
 * as `(none)`.
 */
function countRequests(metrics: Metrics) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const stop = metrics.httpDuration.startTimer();
    response.once('finish', () => {
      const route = (request.route as { path?: unknown } | undefined)?.path;
      const labels = {
        method: request.method,
        route: typeof route === 'string' ? route : '(none)',
        status: String(response.statusCode),
      };
      stop(labels);
      metrics.httpRequests.inc(labels);
    });
    next();
  };
}

/** While draining no connection is kept for a next request: nginx opens its next one to another replica. */
function closeConnectionsWhileDraining(draining: Draining) {
  return (_request: Request, response: Response, next: NextFunction): void => {
    if (draining.active) response.setHeader('Connection', 'close');
    next();
  };
}

/** Answers for one visitor only: a code's message (its video's address), an upload, the admin's. */
const PRIVATE_API = /^\/api\/(admin|messages|uploads)(\/|$)/;

/** Kept by no cache, the browser's own included: what a route says of its own caching still wins. */
function privateAnswersUnstored(request: Request, response: Response, next: NextFunction): void {
  if (PRIVATE_API.test(request.path)) response.setHeader('Cache-Control', 'no-store');
  next();
}

/**
 * An API path that does not decode names no route: the API's 404, before the router (whose
 * parameter decoding would answer 400) and the pages (which answer theirs in WebApp).
 */
function undecodableApiPaths(request: Request, _response: Response, next: NextFunction): void {
  const undecodable = isApiPath(request.path) && !isDecodablePath(request.path);
  next(undecodable ? new NotFoundException('error.routeNotFound') : undefined);
}

/**
 * The API's OpenAPI document: served at /api/docs/openapi.json, and the source of the web app's
 * types (`make api-schema`). `app` has its routes under API_PREFIX.
 */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Giftcast API')
      .setDescription('QR video messages for gifts: site content, newsletter, inquiries and admin')
      .setVersion('1')
      .addBearerAuth()
      .addGlobalResponse({ status: 'default', type: ErrorBody, description: 'Any error (4xx, 5xx)' })
      .build(),
  );
}

/**
 * The whole HTTP application: used by `main.ts`, by `make run` and by the end-to-end tests. With
 * ROLE=worker it serves only the health checks (GET /api/health, /api/health/live, /api/health/ready).
 */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const { env } = config;
  const logger = createLogger(env);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logger), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));

  app.set('trust proxy', trustProxy(env.TRUST_PROXY));
  app.use(requestLogging(logger));
  app.use(countRequests(app.get(Metrics)));
  app.use(closeConnectionsWhileDraining(app.get(Draining)));
  if (env.ROLE === 'worker') app.use(onlyHealthChecks);
  app.use(undecodableApiPaths);
  app.use(privateAnswersUnstored);
  app.disable('x-powered-by');
  app.use(helmet({ contentSecurityPolicy: contentSecurityPolicy(env), crossOriginEmbedderPolicy: false }));
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.use(limitJsonDepth(JSON_DEPTH_LIMIT));
  // Forms only where RFC 8058 needs them: elsewhere a cross-site HTML form cannot post to the API.
  app.use('/api/unsubscribe/one-click', urlencoded({ limit: '16kb', extended: false, parameterLimit: 20 }));
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());

  // Swagger UI maps every route for whoever asks: off in production unless API_DOCS=1.
  if (env.ROLE !== 'worker' && env.API_DOCS) {
    SwaggerModule.setup(`${API_PREFIX}/docs`, app, openApiDocument(app), {
      jsonDocumentUrl: `${API_PREFIX}/docs/openapi.json`,
    });
  }
  // Stopping on a signal drains first: server.ts, stopOnSignals.
  return app;
}
