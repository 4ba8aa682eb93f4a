import {
  type ArgumentMetadata,
  applyDecorators,
  BadRequestException,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsDefined, IsString, IsUrl, MaxLength, MinLength, ValidateIf } from 'class-validator';
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

/**
 * Which failed rule speaks for a field. class-validator runs a property's decorators bottom-up,
 * so its order would let `@Matches` answer an empty slug before `@MinLength` ('URL 슬러그를
 * 입력해주세요'); the rules are ranked here instead: presence, type, length, then format.
 */
const CONSTRAINT_PRIORITY = [
  'whitelistValidation',
  'isDefined',
  'isString',
  'isBoolean',
  'isIn',
  'isNotEmpty',
  'minLength',
  'maxLength',
];

function rank(constraint: string): number {
  const index = CONSTRAINT_PRIORITY.indexOf(constraint);
  return index === -1 ? CONSTRAINT_PRIORITY.length : index;
}

function flatten(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    // One message per field: the highest-ranked rule that failed.
    const [first] = Object.entries(error.constraints ?? {})
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([name, text]): FieldError => ({
        field,
        message: isMessageKey(text) ? text : (CONSTRAINT_FALLBACKS[name] ?? 'field.invalid'),
      }));
    return [...(first ? [first] : []), ...flatten(error.children ?? [], field)];
  });
}

/** Keys class-transformer drops (against prototype pollution) before the whitelist could name them. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Rejects reserved keys as unknown fields, as the whitelist does any other key no DTO declares. */
class ContractValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if ((metadata.type === 'body' || metadata.type === 'query') && value !== null && typeof value === 'object') {
      const reserved = Object.keys(value).filter((key) => RESERVED_KEYS.has(key));
      if (reserved.length > 0) {
        throw new ValidationFailedException(reserved.map((field) => ({ field, message: 'field.unknown' })));
      }
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new ContractValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
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

const isPresent = (_: unknown, value: unknown) => value !== null && value !== undefined;

/** A required text, trimmed: missing or under `min` answers `tooShort`, over `max` answers `tooLong`. */
export const RequiredText = (min: number, max: number, tooShort: MessageKey, tooLong: MessageKey) =>
  applyDecorators(
    Trim(),
    IsDefined({ message: tooShort }),
    IsString({ message: 'field.string' }),
    MinLength(min, { message: tooShort }),
    MaxLength(max, { message: tooLong }),
  );

/** An optional text up to `max` characters; '' is stored as null. */
export const OptionalText = (max: number, tooLong: MessageKey) =>
  applyDecorators(
    EmptyToNull(),
    ValidateIf(isPresent),
    IsString({ message: 'field.string' }),
    MaxLength(max, { message: tooLong }),
  );

export const URL_MAX_LENGTH = 2048;

/** An optional http(s) URL; '' is stored as null. */
export const OptionalHttpUrl = () =>
  applyDecorators(
    EmptyToNull(),
    ValidateIf(isPresent),
    IsString({ message: 'field.url' }),
    MaxLength(URL_MAX_LENGTH, { message: 'field.url' }),
    IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'field.url' }),
  );
