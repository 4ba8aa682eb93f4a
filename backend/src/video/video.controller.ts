import { pipeline } from 'node:stream';
import { Controller, Delete, Get, Head, Headers, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { create as contentDisposition } from 'content-disposition';
import type { Request, Response } from 'express';
import { Public } from '../common/admin-access.decorators';
import { RateLimit } from '../common/rate-limit';
import { AppConfig } from '../config/app-config';
import { CodeMessageResponse, SentMessageResponse, toMessageResponse } from './message-response';
import { STORED_FILE_CACHE_CONTROL, StorageLinks } from './storage-links';
import { type StoredFile, VideoService } from './video.service';
import { TusUploadService } from './tus-upload.service';
import { VideoUploadService } from './video-upload.service';

/** Sends a stored file with the headers players and iOS Safari rely on. */
function sendFile(response: Response, file: StoredFile, attachment: boolean): void {
  response.status(file.range ? 206 : 200);
  response.setHeader('Content-Type', file.contentType);
  response.setHeader('Content-Length', String(file.length));
  response.setHeader('Accept-Ranges', 'bytes');
  response.setHeader('Cache-Control', STORED_FILE_CACHE_CONTROL);
  if (file.range) response.setHeader('Content-Range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
  // RFC 6266: an ASCII fallback and the exact name as UTF-8 (filename*); a serial from a store we
  // do not write (Firestore) may hold quotes or any character.
  if (attachment) response.setHeader('Content-Disposition', contentDisposition(file.fileName));
  // A viewer who leaves, or a store that stops mid-body (its idle timeout), ends both streams.
  pipeline(file.body, response, () => undefined);
}

@ApiTags('messages')
@Public()
@Controller()
export class VideoController {
  constructor(
    private readonly videos: VideoService,
    private readonly uploads: VideoUploadService,
    private readonly resumable: TusUploadService,
    private readonly config: AppConfig,
    private readonly links: StorageLinks,
  ) {}

  @Get('messages/:qrToken')
  @ApiOperation({ summary: "A code's status and its message (URLs null while processing)" })
  @ApiOkResponse({ type: CodeMessageResponse })
  forCode(@Param('qrToken') qrToken: string): Promise<CodeMessageResponse> {
    return this.videos.forCode(qrToken);
  }

  @RateLimit('uploads')
  @Post('messages/:qrToken/video')
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: { type: 'object', required: ['video'], properties: { video: { type: 'string', format: 'binary' } } },
  })
  @ApiOperation({ summary: 'Record on an unused code: one file field `video`, streamed to storage' })
  @ApiCreatedResponse({ type: SentMessageResponse })
  async upload(@Param('qrToken') qrToken: string, @Req() request: Request): Promise<SentMessageResponse> {
    const { message, ownerKey } = await this.uploads.receive(qrToken, request);
    return { message: toMessageResponse(message, this.config.env.VIDEO_RETENTION_DAYS), ownerKey };
  }

  @RateLimit('uploads')
  @Post('messages/:qrToken/uploads')
  @ApiHeader({ name: 'tus-resumable', required: true, description: '1.0.0' })
  @ApiHeader({ name: 'upload-length', required: true, description: 'The size in bytes, at most VIDEO_MAX_BYTES' })
  @ApiHeader({ name: 'upload-metadata', required: false, description: 'tus metadata: filename, filetype' })
  @ApiOperation({
    summary:
      'Start a resumable upload (tus 1.0 creation) on an unused code: 201 with Location /api/uploads/{id} and X-Owner-Key',
  })
  @ApiCreatedResponse()
  async createUpload(@Param('qrToken') qrToken: string, @Req() request: Request, @Res() response: Response) {
    await this.resumable.create(qrToken, request, response);
  }

  @Head('uploads/:id')
  @ApiHeader({ name: 'x-owner-key', required: true, description: 'The key the creation answered with' })
  @ApiOperation({ summary: "A resumable upload's offset (tus HEAD)" })
  async uploadOffset(
    @Param('id') id: string,
    @Headers('x-owner-key') ownerKey: string | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ) {
    await this.resumable.continue(id, ownerKey, request, response);
  }

  @Patch('uploads/:id')
  @ApiHeader({ name: 'x-owner-key', required: true, description: 'The key the creation answered with' })
  @ApiConsumes('application/offset+octet-stream')
  @ApiOperation({
    summary: 'The next bytes of a resumable upload (tus PATCH); the last answers 200 with the upload answer',
  })
  @ApiOkResponse({ type: SentMessageResponse })
  async uploadBytes(
    @Param('id') id: string,
    @Headers('x-owner-key') ownerKey: string | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ) {
    await this.resumable.continue(id, ownerKey, request, response);
  }

  @Delete('uploads/:id')
  @ApiHeader({ name: 'x-owner-key', required: true, description: 'The key the creation answered with' })
  @ApiOperation({ summary: 'End a resumable upload (tus termination): the code is unused again' })
  @ApiNoContentResponse()
  async endUpload(
    @Param('id') id: string,
    @Headers('x-owner-key') ownerKey: string | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ) {
    await this.resumable.continue(id, ownerKey, request, response);
  }

  @Delete('messages/:qrToken/video')
  @HttpCode(204)
  @ApiHeader({ name: 'x-owner-key', required: true, description: 'The key the upload answered with' })
  @ApiOperation({ summary: 'The giver takes the message back within 24 hours' })
  @ApiNoContentResponse()
  async takeBack(@Param('qrToken') qrToken: string, @Headers('x-owner-key') ownerKey?: string): Promise<void> {
    await this.videos.takeBack(qrToken, ownerKey);
  }

  @Get('videos/:id')
  @ApiProduces('video/mp4')
  @ApiOperation({
    summary:
      'The MP4, with Range support; ?download=1 for an attachment. VIDEO_DELIVERY=redirect answers 302 to a short-lived signed storage URL',
  })
  async video(
    @Param('id') id: string,
    @Query('download') download: unknown,
    @Headers('range') range: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    if (this.links.delivery === 'node') return sendFile(response, await this.videos.video(id, range), download === '1');
    await this.links.send(response, await this.videos.videoObject(id, range), download === '1');
  }

  @Get('videos/:id/poster.jpg')
  @ApiProduces('image/jpeg')
  @ApiOperation({ summary: 'The poster frame of the video' })
  async poster(@Param('id') id: string, @Res() response: Response): Promise<void> {
    if (this.links.delivery === 'node') return sendFile(response, await this.videos.poster(id), false);
    await this.links.send(response, await this.videos.posterObject(id), false);
  }
}
