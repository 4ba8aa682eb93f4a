import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DynamicModule } from '@nestjs/common';
import type { Request, RequestHandler } from 'express';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { loggedUrl } from './logged-url';

/** The health checks orchestrators ask for every few seconds. */
const HEALTH_PATH = /^\/api\/health(\/live|\/ready)?$/;

const REQUEST_ID_HEADER = 'X-Request-Id';

/** An id a proxy in front may hand on: short, and nothing that could forge a log line. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** The incoming X-Request-Id when it is sane, else a new one; sent back on the answer. */
function assignRequestId(request: IncomingMessage, response: ServerResponse): string {
  const given = request.headers['x-request-id'];
  const id = typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
  response.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Express shortens `url` inside mounted routers; `originalUrl` is what was asked. */
function urlOf(request: IncomingMessage): string {
  return (request as Request).originalUrl ?? request.url ?? '';
}

function pathOf(request: IncomingMessage): string {
  return urlOf(request).split('?')[0];
}

function describe(request: IncomingMessage, response: ServerResponse): string {
  const outcome = response.writableEnded ? String(response.statusCode) : `${response.statusCode}, closed early`;
  return `${request.method} ${loggedUrl(urlOf(request))} ${outcome}`;
}

/**
 * One line per request, written when its answer ends: id, method, address, status, time taken,
 * client address and user agent. No header beyond the user agent is logged (Authorization,
 * Cookie, X-Owner-Key never are), nor any body. Mounted first, so that every request counts,
 * those answered by static files or refused by the body parser too.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: assignRequestId,
    quietReqLogger: true,
    wrapSerializers: false,
    serializers: {
      req: (request: Request) => ({
        method: request.method,
        url: loggedUrl(urlOf(request)),
        remoteAddress: request.ip,
        userAgent: request.headers['user-agent'],
      }),
      res: (response: ServerResponse) => ({ statusCode: response.statusCode }),
    },
    customLogLevel: (request, response, error) => {
      if (error || response.statusCode >= 500) return 'error';
      if (response.statusCode >= 400) return 'warn';
      // Orchestrators ask every few seconds: visible at LOG_LEVEL=debug.
      return HEALTH_PATH.test(pathOf(request)) ? 'debug' : 'info';
    },
    customSuccessMessage: describe,
    customErrorMessage: describe,
    // The error itself is logged with the same reqId where it is handled (HttpExceptionFilter).
    customErrorObject: (_request, _response, _error, { err: _omitted, ...fields }: Record<string, unknown>) => fields,
  }) as RequestHandler;
}

/**
 * nestjs-pino, so that Nest's Logger writes to the same logger, and whatever is logged while a
 * route handles a request carries its reqId. The request line itself comes from requestLogging.
 */
export function loggerModule(logger: Logger): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: { logger, autoLogging: false, quietReqLogger: true, genReqId: (request) => request.id },
  });
}
