import { Body, Controller, HttpCode, Ip, Post, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { parseCookie } from 'cookie';
import type { Request, Response } from 'express';
import { AdminToken, Public, type VerifiedAdminToken } from '../common/admin-access.decorators';
import { AdminSession, AdminAuthService } from './admin-auth.service';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS, DEVICE_COOKIE_PATH } from './device-cookie';
import { VerifyPasswordDto } from './dto/verify-password.dto';

@ApiTags('admin')
@Controller('admin')
export class AdminAuthController {
  constructor(private readonly auth: AdminAuthService) {}

  @Public()
  @Post('verify')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exchange the admin password for a token, and mark the browser as known with a device cookie',
    description:
      'A browser that sends a device cookie from an earlier login is judged by its own failures alone (too many lock it out for a while). ' +
      'Without one: 5 failures a minute per address, then 429; many failures from all such clients together space their checks out.',
  })
  @ApiOkResponse({ type: AdminSession })
  @ApiTooManyRequestsResponse({ description: 'Too many failures; Retry-After says when to try again' })
  async verify(
    @Body() body: VerifyPasswordDto,
    @Ip() ip: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSession> {
    const deviceCookie = parseCookie(request.headers.cookie ?? '')[DEVICE_COOKIE];
    const login = await this.auth.login(body.password, { address: ip, deviceCookie });
    response.cookie(DEVICE_COOKIE, login.deviceCookie, {
      httpOnly: true,
      sameSite: 'strict',
      // Over https (nginx says so in X-Forwarded-Proto, trusted as TRUST_PROXY says).
      secure: request.secure,
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    });
    return login.session;
  }

  @Post('logout')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'End the admin token on the server: every replica refuses it from now on' })
  @ApiNoContentResponse()
  logout(@AdminToken() token: VerifiedAdminToken): Promise<void> {
    return this.auth.logout(token);
  }
}
