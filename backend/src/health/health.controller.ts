import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/admin-access.decorators';
import { HealthReport, HealthService, LivenessReport, ReadinessReport } from './health.service';

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

  @Public()
  @Get('live')
  @ApiOperation({ summary: 'Liveness: 200 while the process answers (it checks nothing else)' })
  @ApiOkResponse({ type: LivenessReport })
  live(@Res({ passthrough: true }) response: Response): LivenessReport {
    response.setHeader('Cache-Control', 'no-store');
    return { status: 'ok' };
  }

  @Public()
  @Get('ready')
  @ApiOperation({
    summary:
      'Readiness: 200 unless the process is stopping, whatever the database and the object store do (every ' +
      'replica shares them: GET /api/health reports them); 503 while it drains (through nginx only the bare status)',
  })
  @ApiOkResponse({ type: ReadinessReport })
  @ApiServiceUnavailableResponse({ type: ReadinessReport, description: 'Draining' })
  ready(@Res({ passthrough: true }) response: Response): ReadinessReport {
    const report = this.health.readiness();
    response.status(report.status === 'ready' ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return report;
  }
}
