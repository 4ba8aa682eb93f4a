import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { PageOf } from '../common/paging';
import { ChangeQrStatusDto, GenerateQrCodesDto, ListQrCodesQueryDto } from './dto/admin-qr.dto';
import { QrCode, type QrStatus } from './qr-code';
import { QrService } from './qr.service';

/** How many codes of the listed pool (or of all) have each status. */
export class QrStatusCounts implements Record<QrStatus, number> {
  @ApiProperty()
  unused: number;

  @ApiProperty()
  recorded: number;

  @ApiProperty()
  expired: number;

  @ApiProperty()
  disabled: number;
}

export class QrCodePage extends PageOf(QrCode) {
  @ApiProperty()
  counts: QrStatusCounts;
}

export class GeneratedQrCodes {
  @ApiProperty({ type: [QrCode] })
  items: QrCode[];
}

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/qr')
export class AdminQrController {
  constructor(private readonly qr: QrService) {}

  @Get()
  @ApiOperation({
    summary: 'QR codes by serial, filtered by status, pool or serial digits, paged, with counts per status',
  })
  @ApiOkResponse({ type: QrCodePage })
  list(@Query() query: ListQrCodesQueryDto): Promise<QrCodePage> {
    return this.qr.adminPage(query).then((result) => ({ ...result, page: query.page, pageSize: query.pageSize }));
  }

  @Post()
  @ApiOperation({ summary: 'Generate the next N codes (1-1000) of one pool (default print); serials are never reused' })
  @ApiCreatedResponse({ type: GeneratedQrCodes })
  async generate(@Body() body: GenerateQrCodesDto): Promise<GeneratedQrCodes> {
    return { items: await this.qr.generate(body.count, body.pool) };
  }

  @Patch(':id')
  @ApiOperation({ summary: "Take a code out of circulation ('disabled') or back in ('unused')" })
  @ApiOkResponse({ type: QrCode })
  setStatus(@Param('id') id: string, @Body() body: ChangeQrStatusDto): Promise<QrCode> {
    return this.qr.setStatus(id, body.status);
  }
}
