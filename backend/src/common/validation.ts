import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { isMessageKey, type MessageKey } from './messages';

export interface FieldError {
  field: string;
  message: MessageKey;
}

/** A 400 whose details are message keys; the error filter translates them. */
export class ValidationFailedException extends BadRequestException {
  constructor(readonly fieldErrors: FieldError[]) {
    super('validation.failed');
  }
}

const CONSTRAINT_FALLBACKS: Record<string, MessageKey> = {
  whitelistValidation: 'field.unknown',
  isString: 'field.string',
  isBoolean: 'field.boolean',
  isInt: 'field.integer',
  isDefined: 'field.required',
  isNotEmpty: 'field.required',
  isUrl: 'field.url',
  isEmail: 'email.invalid',
};

function flatten(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([name, text]): FieldError => ({
      field,
      message: isMessageKey(text) ? text : (CONSTRAINT_FALLBACKS[name] ?? 'field.invalid'),
    }));
    // One message per field: an unknown field says so, otherwise the first rule that failed.
    const unknown = own.find((e) => e.message === 'field.unknown');
    const first = unknown ?? own[0];
    return [...(first ? [first] : []), ...flatten(error.children ?? [], field)];
  });
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const fieldErrors = flatten(errors);
      return new ValidationFailedException(
        fieldErrors.length > 0 ? fieldErrors : [{ field: '(body)', message: 'error.badRequest' }],
      );
    },
  });
}

/** Trims string input; other types pass through so the type rules can reject them. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** An optional text where '' means absent: trimmed, and stored as null. */
export const EmptyToNull = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  });
