import { SUBSCRIBER_LIMITS } from '@giftcast/contract/limits';
import { Transform } from 'class-transformer';
import { EmailAddress } from '../../common/validation';

export class SubscribeDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @EmailAddress(SUBSCRIBER_LIMITS.email)
  email: string;
}
