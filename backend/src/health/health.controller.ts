import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/admin-access.decorators';
import { HealthReport, HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get()
  @ApiOperation({
    summary:
      'The database, the object store and ffmpeg: 200 while the database answers (status ok, or degraded when ' +
      'storage or ffmpeg is down), 503 when it does not',
  })
  @ApiOkResponse({ type: HealthReport })
  @ApiServiceUnavailableResponse({ type: HealthReport, description: 'The database does not answer' })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthReport> {
    const report = await this.health.report();
    response.status(report.checks.database === 'up' ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return report;
  }
}
