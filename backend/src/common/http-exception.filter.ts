import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { isUnstorableText } from '../database/postgres-errors';
import { loggedUrl } from '../logging/logged-url';
import { errorMessage } from './error-message';
import { requestLanguage } from './language';
import { type MessageKey, translate } from './messages';
import { isDatabaseUnavailable, isFirestoreUnavailable, isStorageUnavailable } from './outage';
import { ValidationFailedException } from './validation';

export class FieldErrorBody {
  @ApiProperty({ description: "The field's path in the request: `email`, `items.0.name`" })
  field: string;

  @ApiProperty()
  message: string;
}

/** The contract's error: every 4xx and 5xx answer. */
export class ErrorBody {
  @ApiProperty()
  statusCode: number;

  @ApiProperty({ description: "What to show the visitor, in the request's language" })
  error: string;

  @ApiPropertyOptional({ type: [FieldErrorBody], description: 'One message per invalid field (400)' })
  details?: FieldErrorBody[];
}

/** An HTTP exception whose answer carries headers of its own (Retry-After, Content-Range). */
export class HttpExceptionWithHeaders extends HttpException {
  constructor(
    message: MessageKey,
    status: number,
    readonly headers: Record<string, string>,
  ) {
    super(message, status);
  }
}

/** Asks the client to wait a number of seconds: 429 (its budget is spent) or 503 (the server is full). */
export class RetryLaterException extends HttpExceptionWithHeaders {
  constructor(
    message: MessageKey,
    retryAfterSeconds: number,
    status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE = HttpStatus.TOO_MANY_REQUESTS,
  ) {
    super(message, status, { 'Retry-After': String(retryAfterSeconds) });
  }
}

/** Whole seconds for Retry-After, never 0. */
export function retryAfterSeconds(milliseconds: number): number {
  return Math.max(1, Math.ceil(milliseconds / 1000));
}

/** Errors raised by Express's body parser before any controller runs. */
interface BodyParserError {
  type: string;
  status?: number;
}

const BODY_PARSER_MESSAGES: Record<string, MessageKey> = {
  'entity.parse.failed': 'error.malformedJson',
  'entity.too.large': 'error.tooLarge',
  'encoding.unsupported': 'error.unsupportedMediaType',
  'charset.unsupported': 'error.unsupportedMediaType',
  'entity.verify.failed': 'error.badRequest',
  'request.aborted': 'error.badRequest',
  'request.size.invalid': 'error.badRequest',
  'stream.encoding.set': 'error.internal',
  'stream.not.readable': 'error.internal',
  'parameters.too.many': 'error.tooLarge',
};

const DEFAULT_MESSAGES: Partial<Record<number, MessageKey>> = {
  400: 'error.badRequest',
  401: 'error.unauthorized',
  403: 'error.forbidden',
  404: 'error.notFound',
  405: 'error.methodNotAllowed',
  413: 'error.tooLarge',
  409: 'error.conflict',
  415: 'error.unsupportedMediaType',
  429: 'error.tooManyRequests',
  503: 'error.unavailable',
};

function isBodyParserError(exception: unknown): exception is BodyParserError {
  return (
    typeof exception === 'object' &&
    exception !== null &&
    typeof (exception as BodyParserError).type === 'string' &&
    (exception as BodyParserError).type in BODY_PARSER_MESSAGES
  );
}

/** Shapes every error as the contract's `{statusCode, error, details?}`, in the request's language. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request>();
    const response = context.getResponse<Response>();
    const language = requestLanguage(request);
    const { statusCode, message, details } = this.describe(exception, request);

    // 503 is an outage, 501 a feature the operator turned off (RESUMABLE_UPLOADS): no fault of the code.
    if (statusCode === 503 || statusCode === 501) {
      this.logger.warn(`${request.method} ${loggedUrl(request.originalUrl)}: ${errorMessage(exception)}`);
    } else if (statusCode >= 500) {
      this.logger.error(
        `${request.method} ${loggedUrl(request.originalUrl)}`,
        exception instanceof Error ? exception.stack : exception,
      );
    }
    if (response.headersSent) {
      response.end();
      return;
    }
    // A route's @Header() (an image type, a year of caching) describes its success, not this error.
    response.removeHeader('Content-Type');
    response.removeHeader('Content-Disposition');
    response.setHeader('Cache-Control', 'no-store');
    if (exception instanceof HttpExceptionWithHeaders) {
      for (const [name, value] of Object.entries(exception.headers)) response.setHeader(name, value);
    }
    const body: ErrorBody = { statusCode, error: translate(message, language) };
    if (details) body.details = details.map((d) => ({ field: d.field, message: translate(d.message, language) }));
    response.status(statusCode).json(body);
  }

  private describe(
    exception: unknown,
    request: Request,
  ): { statusCode: number; message: string; details?: { field: string; message: string }[] } {
    // Nest wraps the body parser's errors (bad JSON, too large) in an HttpException.
    const cause = exception instanceof HttpException ? exception.cause : exception;
    if (isBodyParserError(cause)) {
      const message = BODY_PARSER_MESSAGES[cause.type];
      const statusCode = message === 'error.internal' ? 500 : (cause.status ?? 400);
      return { statusCode, message };
    }
    if (isUnstorableText(exception)) return { statusCode: 400, message: 'error.badRequest' };
    if (exception instanceof ValidationFailedException) {
      return { statusCode: 400, message: 'validation.failed', details: exception.fieldErrors };
    }
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const raw = exception.getResponse();
      const text = typeof raw === 'string' ? raw : (raw as { message?: unknown }).message;
      // Nest's own "Cannot GET /api/x" for a route that does not exist.
      if (statusCode === 404 && typeof text === 'string' && text.startsWith(`Cannot ${request.method} `)) {
        return { statusCode, message: 'error.routeNotFound' };
      }
      const own = typeof text === 'string' && text !== '' && isOwnMessage(text) ? text : undefined;
      if (statusCode >= 500) return { statusCode, message: own ?? DEFAULT_MESSAGES[statusCode] ?? 'error.internal' };
      return { statusCode, message: own ?? DEFAULT_MESSAGES[statusCode] ?? 'error.badRequest' };
    }
    // A dependency that is down is an outage to wait out, not a fault of ours or the client's.
    if (isStorageUnavailable(exception)) return { statusCode: 503, message: 'error.storageUnavailable' };
    if (isDatabaseUnavailable(exception) || isFirestoreUnavailable(exception)) {
      return { statusCode: 503, message: 'error.unavailable' };
    }
    return { statusCode: 500, message: 'error.internal' };
  }
}

/** Our exceptions carry message keys; anything else (library texts) is replaced by a generic one. */
function isOwnMessage(text: string): boolean {
  return translate(text, 'en') !== text;
}
