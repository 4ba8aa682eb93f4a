import { Controller, Get, Header, Headers, Param, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/admin-access.decorators';
import { RateLimit } from '../common/rate-limit';
import { AvailableStream } from './available-stream';
import { QrImageQueryDto } from './dto/qr-image-query.dto';
import { AvailableQrCode, toAvailable } from './qr-code';
import { QrService } from './qr.service';

@ApiTags('qr')
@Public()
@Controller('qr')
export class QrController {
  constructor(
    private readonly qr: QrService,
    private readonly stream: AvailableStream,
  ) {}

  @Get('available')
  @ApiOperation({ summary: 'Unused codes of the try pool, by serial ascending, at most 100' })
  @ApiOkResponse({ type: [AvailableQrCode] })
  available(): Promise<AvailableQrCode[]> {
    return this.qr.available();
  }

  @Get('available/stream')
  @ApiProduces('text/event-stream')
  @ApiOperation({
    summary:
      "Server-sent 'snapshot' events of the same list: on connect and after every change, until the stream's lifetime (STREAM_LIFETIME_SECONDS) ends it and the browser reconnects",
  })
  @ApiOkResponse({ description: 'The stream, text/event-stream' })
  @ApiServiceUnavailableResponse({
    description:
      "Past STREAM_MAX_CLIENTS streams, or STREAM_MAX_PER_ADDRESS from the caller's address; Retry-After says when to try again",
  })
  async availableStream(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.stream.attach(request, response);
  }

  @RateLimit('qrTakes')
  @Post(':qrToken/take')
  @ApiOperation({
    summary:
      'Takes a code listed on /try: answers the same code with a fresh token nobody else has seen; the listed token is retired (404 from then on) and the code leaves the list',
  })
  @ApiCreatedResponse({ type: AvailableQrCode })
  @ApiNotFoundResponse({ description: 'Unknown or retired token' })
  @ApiConflictResponse({ description: 'Not a code listed on /try: a printed code, or one already used or taken' })
  @ApiForbiddenResponse({ description: 'Asked by another site (Sec-Fetch-Site: cross-site)' })
  @ApiHeader({ name: 'sec-fetch-site', required: false, description: "Set by the browser; 'cross-site' is refused" })
  async take(
    @Param('qrToken') qrToken: string,
    @Headers('sec-fetch-site') fetchSite?: string,
  ): Promise<AvailableQrCode> {
    return toAvailable(await this.qr.take(qrToken, fetchSite));
  }

  @Get(':qrToken/image.png')
  @Header('Content-Type', 'image/png')
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  @ApiProduces('image/png')
  @ApiOperation({ summary: 'The QR image of the verification link, drawn by this server' })
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async image(@Param('qrToken') qrToken: string, @Query() query: QrImageQueryDto): Promise<StreamableFile> {
    return new StreamableFile(await this.qr.image(qrToken, query.size ?? 300));
  }
}
