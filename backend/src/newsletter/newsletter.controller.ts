import { Body, Controller, Get, HttpCode, Post, Query, Redirect } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/admin-access.decorators';
import { RequestLanguage } from '../common/language';
import { isLanguage, type Language, LANGUAGES, translate } from '../common/messages';
import { RateLimit } from '../common/rate-limit';
import { AppConfig } from '../config/app-config';
import { ConfirmSubscriptionDto } from './dto/confirm-subscription.dto';
import { OneClickUnsubscribeDto } from './dto/one-click-unsubscribe.dto';
import { SubscribeDto } from './dto/subscribe.dto';
import { UnsubscribeDto } from './dto/unsubscribe.dto';
import { forReader } from './newsletter-mail';
import { NewsletterService } from './newsletter.service';

export class NewsletterAnswer {
  @ApiProperty({ enum: [true] })
  success: true;

  @ApiProperty({ description: "What to tell the visitor, in the request's language" })
  message: string;
}

@ApiTags('newsletter')
@Public()
@Controller()
export class NewsletterController {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly config: AppConfig,
  ) {}

  @RateLimit('subscribe')
  @Post('subscribe')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Subscribe: mails a confirmation link (an already active address gets a note instead); the same answer for every address',
  })
  @ApiOkResponse({ type: NewsletterAnswer, description: 'Whatever the address: check your inbox' })
  async subscribe(@Body() body: SubscribeDto, @RequestLanguage() language: Language): Promise<NewsletterAnswer> {
    await this.newsletter.subscribe(body.email, language);
    return { success: true, message: translate('subscribe.checkInbox', language) };
  }

  /**
   * The confirm page posts the mailed token here; a GET never confirms (mail scanners follow links).
   * The mailed links share one budget: confirming, and unsubscribing by the page or by one click.
   */
  @RateLimit('unsubscribe')
  @Post('subscribe/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Confirm a subscription with the token from the mailed link: active, and a welcome mail (404 once used or expired)',
  })
  @ApiOkResponse({ type: NewsletterAnswer })
  async confirm(
    @Body() body: ConfirmSubscriptionDto,
    @RequestLanguage() language: Language,
  ): Promise<NewsletterAnswer> {
    await this.newsletter.confirm(body.token);
    return { success: true, message: translate('subscribe.confirmed', language) };
  }

  @RateLimit('unsubscribe')
  @Post('unsubscribe')
  @HttpCode(200)
  @ApiOperation({ summary: 'Unsubscribe with the token from the link' })
  @ApiOkResponse({ type: NewsletterAnswer })
  async unsubscribe(@Body() body: UnsubscribeDto, @RequestLanguage() language: Language): Promise<NewsletterAnswer> {
    await this.newsletter.unsubscribe(body.token);
    return { success: true, message: translate('unsubscribe.done', language) };
  }

  /** RFC 8058: mail clients POST `List-Unsubscribe=One-Click` here; the token is all it needs. */
  @RateLimit('unsubscribe')
  @Post('unsubscribe/one-click')
  @HttpCode(200)
  @ApiQuery({ name: 'token', required: true })
  @ApiOperation({ summary: 'One-click unsubscribe (RFC 8058) for the List-Unsubscribe header' })
  @ApiOkResponse({ type: NewsletterAnswer })
  async oneClick(
    @Query() query: OneClickUnsubscribeDto,
    @RequestLanguage() language: Language,
  ): Promise<NewsletterAnswer> {
    await this.newsletter.unsubscribe(query.token);
    return { success: true, message: translate('unsubscribe.done', language) };
  }

  /**
   * A GET never unsubscribes (link scanners follow links): it leads to the confirm page, in the
   * reader's language where the URL names one.
   */
  @Get('unsubscribe/one-click')
  @Redirect()
  @ApiQuery({ name: 'token', required: false })
  @ApiQuery({ name: 'lang', required: false, enum: LANGUAGES })
  confirmPage(@Query('token') token: unknown, @Query('lang') lang: unknown): { url: string; statusCode: number } {
    const query = typeof token === 'string' ? `?token=${encodeURIComponent(token)}` : '';
    const page = `${this.config.env.PUBLIC_URL}/unsubscribe${query}`;
    return { url: isLanguage(lang) ? forReader(page, lang) : page, statusCode: 303 };
  }
}
