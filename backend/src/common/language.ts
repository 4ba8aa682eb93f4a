import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { LANGUAGES, type Language } from './messages';

/** Korean unless the request's Accept-Language prefers English. */
export function requestLanguage(request: Request): Language {
  const best = request.acceptsLanguages([...LANGUAGES]);
  return best === 'en' ? 'en' : 'ko';
}

/** Injects the request's language ('ko' | 'en') into a controller method. */
export const RequestLanguage = createParamDecorator((_: unknown, context: ExecutionContext): Language =>
  requestLanguage(context.switchToHttp().getRequest<Request>()),
);
