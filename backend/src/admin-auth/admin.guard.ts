import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ADMIN_ACCESS, type AdminAccess, type AdminAwareRequest } from '../common/admin-access.decorators';
import { AdminAuthService } from './admin-auth.service';

/** Installed globally: secure by default, so a new route cannot be left open by mistake. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AdminAuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<AdminAccess | undefined>(ADMIN_ACCESS, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (access === 'public') return true;

    const request = context.switchToHttp().getRequest<Request & AdminAwareRequest>();
    const header = request.headers.authorization;
    if (header === undefined) {
      if (access === 'optional') return true;
      throw new UnauthorizedException('error.auth.required');
    }
    const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(header);
    const token = match ? await this.auth.verifiedToken(match[1]) : null;
    if (!token) throw new UnauthorizedException('error.auth.invalid');
    request.isAdmin = true;
    request.adminToken = token;
    return true;
  }
}
