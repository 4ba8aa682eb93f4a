import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow } from 'class-validator';
import { isLanguage, type Language, LANGUAGES } from '../../common/messages';
import { UnsubscribeDto } from './unsubscribe.dto';

/** The one-click URL's query, as mailed in the List-Unsubscribe header. */
export class OneClickUnsubscribeDto extends UnsubscribeDto {
  @ApiPropertyOptional({ enum: LANGUAGES, description: "The reader's language; the POST does not read it" })
  // Carried for the GET, which leads to the page in it. Whatever else it holds is dropped, never
  // refused: a mail client's one-click unsubscribes on the token alone and cannot show a refusal.
  @Transform(({ value }: { value: unknown }) => (isLanguage(value) ? value : undefined))
  @Allow()
  lang?: Language;
}
