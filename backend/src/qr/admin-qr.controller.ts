import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ChangeQrStatusDto, GenerateQrCodesDto, ListQrCodesQueryDto } from './dto/admin-qr.dto';
import type { QrCode, QrStatus } from './qr-code';
import { QrService } from './qr.service';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/qr')
export class AdminQrController {
  constructor(private readonly qr: QrService) {}

  @Get()
  @ApiOperation({
    summary: 'QR codes by serial, filtered by status, pool or serial digits, paged, with counts per status',
  })
  list(
    @Query() query: ListQrCodesQueryDto,
  ): Promise<{ items: QrCode[]; total: number; page: number; pageSize: number; counts: Record<QrStatus, number> }> {
    return this.qr.adminPage(query).then((result) => ({ ...result, page: query.page, pageSize: query.pageSize }));
  }

  @Post()
  @ApiOperation({ summary: 'Generate the next N codes (1-1000) of one pool (default print); serials are never reused' })
  async generate(@Body() body: GenerateQrCodesDto): Promise<{ items: QrCode[] }> {
    return { items: await this.qr.generate(body.count, body.pool) };
  }

  @Patch(':id')
  @ApiOperation({ summary: "Take a code out of circulation ('disabled') or back in ('unused')" })
  setStatus(@Param('id') id: string, @Body() body: ChangeQrStatusDto): Promise<QrCode> {
    return this.qr.setStatus(id, body.status);
  }
}
