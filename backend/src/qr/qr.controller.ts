import { Controller, Get, Header, Param, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/admin-access.decorators';
import { AvailableStream } from './available-stream';
import { QrImageQueryDto } from './dto/qr-image-query.dto';
import { AvailableQrCode } from './qr-code';
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
