import {
  type ArgumentMetadata,
  applyDecorators,
  BadRequestException,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsEmail, IsString, IsUrl, MaxLength, MinLength, ValidateIf } from 'class-validator';
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
export const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** An optional text where '' means absent: trimmed, and stored as null. */
export const EmptyToNull = () =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  });

const isPresent = (_: unknown, value: unknown) => value !== null && value !== undefined;

/** A length range of the contract's limits (@giftcast/contract/limits). */
interface TextLimit {
  readonly min?: number;
  readonly max: number;
}

/**
 * A required text, trimmed, within `limit`: missing or under its min answers `tooShort`, over its
 * max `tooLong`. The OpenAPI document states the same limit; `api` adds to what it says.
 */
export const RequiredText = (
  limit: Required<TextLimit>,
  tooShort: MessageKey,
  tooLong: MessageKey,
  api: ApiPropertyOptions = {},
) =>
  applyDecorators(
    ApiProperty({ minLength: limit.min, maxLength: limit.max, ...api }),
    Trim(),
    IsDefined({ message: tooShort }),
    IsString({ message: 'field.string' }),
    MinLength(limit.min, { message: tooShort }),
    MaxLength(limit.max, { message: tooLong }),
  );

/**
 * A field that may be left out but not sent as null (its column always holds a value): null is
 * checked, and refused, like any other wrong value. class-validator's IsOptional lets null through.
 */
export const Omittable = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** An optional text up to `limit`'s max characters; '' is stored as null. */
export const OptionalText = (limit: TextLimit, tooLong: MessageKey, api: ApiPropertyOptions = {}) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, maxLength: limit.max, nullable: true, ...api }),
    EmptyToNull(),
    ValidateIf(isPresent),
    IsString({ message: 'field.string' }),
    MaxLength(limit.max, { message: tooLong }),
  );

/** An optional http(s) URL up to `limit`'s max characters; '' is stored as null. */
export const OptionalHttpUrl = (limit: TextLimit, api: ApiPropertyOptions = {}) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, format: 'uri', maxLength: limit.max, nullable: true, ...api }),
    EmptyToNull(),
    ValidateIf(isPresent),
    IsString({ message: 'field.url' }),
    MaxLength(limit.max, { message: 'field.url' }),
    IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'field.url' }),
  );

/**
 * A required e-mail address up to `limit`'s max characters; anything else answers 'email.invalid'.
 * No quoted local part (`"x?cc=…&subject=…"@example.com`): its quotes let `?`, `&` and spaces into
 * an address that mail headers and `mailto:` links carry, and no one's real address needs them. A
 * `"` appears in no other local part, so refusing it refuses exactly those.
 */
export const EmailAddress = (limit: TextLimit) =>
  applyDecorators(
    ApiProperty({ format: 'email', maxLength: limit.max }),
    IsDefined({ message: 'email.invalid' }),
    IsString({ message: 'email.invalid' }),
    MaxLength(limit.max, { message: 'email.invalid' }),
    IsEmail({ blacklisted_chars: '"' }, { message: 'email.invalid' }),
  );
