import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { FormsModule } from '../forms/forms.module.js';
import { MailModule } from '../mail/mail.module.js';
import { UsersModule } from '../users/users.module.js';
import { StaffController } from './staff.controller.js';
import { StaffRepository } from './staff.repository.js';
import { StaffService } from './staff.service.js';

/** Staff accounts and session control (docs/console.md, "Roles and sessions"). */
@Module({
  imports: [AuditModule, AuthModule, FormsModule, MailModule, UsersModule],
  controllers: [StaffController],
  providers: [StaffRepository, StaffService],
})
export class StaffModule {}
