import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  adminBlockSchema,
  adminHideTenantAdSchema,
  adminIdParamSchema,
  adminResendMailSchema,
  adminUserSearchSchema,
  type AdminUserDetail,
  type AdminUserSearchResponse,
} from '@husly/contracts';
import { parseInput } from '../../common/parse-input';
import type { AdminPrincipal } from '../auth/admin-access.service';
import { AdminGuard, CurrentAdmin } from '../auth/admin.guard';
import { AdminUsersService } from './admin-users.service';

/** The desk's users: find one, see everything support needs, and the changes support makes. */
@Controller('admin/users')
@UseGuards(AdminGuard)
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async search(@Query() query: unknown): Promise<AdminUserSearchResponse> {
    return { data: await this.users.search(parseInput(adminUserSearchSchema, query).q) };
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  detail(@Param() params: unknown): Promise<AdminUserDetail> {
    return this.users.detail(parseInput(adminIdParamSchema, params).id);
  }

  /** The verification or the password-reset mail again (one a minute per user and kind). */
  @Post(':id/mails')
  @HttpCode(204)
  async resendMail(@CurrentAdmin() admin: AdminPrincipal, @Param() params: unknown, @Body() body: unknown): Promise<void> {
    const { id } = parseInput(adminIdParamSchema, params);
    await this.users.resendMail(admin, id, parseInput(adminResendMailSchema, body).kind);
  }

  @Put(':id/blocked')
  @HttpCode(204)
  async setBlocked(@CurrentAdmin() admin: AdminPrincipal, @Param() params: unknown, @Body() body: unknown): Promise<void> {
    const { id } = parseInput(adminIdParamSchema, params);
    const { blocked, reason } = parseInput(adminBlockSchema, body);
    await this.users.setBlocked(admin, id, blocked, reason);
  }

  @Put(':id/tenant-ad/hidden')
  @HttpCode(204)
  async setTenantAdHidden(@CurrentAdmin() admin: AdminPrincipal, @Param() params: unknown, @Body() body: unknown): Promise<void> {
    const { id } = parseInput(adminIdParamSchema, params);
    const { hidden, reason } = parseInput(adminHideTenantAdSchema, body);
    await this.users.setTenantAdHidden(admin, id, hidden, reason);
  }
}
