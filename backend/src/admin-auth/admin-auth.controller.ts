import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/admin-access.decorators';
import { AdminSession, AdminAuthService } from './admin-auth.service';
import { VerifyPasswordDto } from './dto/verify-password.dto';

@ApiTags('admin')
@Controller('admin')
export class AdminAuthController {
  constructor(private readonly auth: AdminAuthService) {}

  @Public()
  @Post('verify')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Exchange the admin password for a token (5 failures a minute per address, then 429; many failures from all addresses together space the checks out)',
  })
  @ApiOkResponse({ type: AdminSession })
  verify(@Body() body: VerifyPasswordDto, @Ip() ip: string): Promise<AdminSession> {
    return this.auth.login(body.password, ip);
  }
}
