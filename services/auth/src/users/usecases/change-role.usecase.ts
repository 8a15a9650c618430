import { requireAdmin } from '@labeldesk/nest-transport';
import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type AuthUser, type Caller, type UserRole } from '@labeldesk/contracts';
import { toAuthUser } from '../user.mapper';
import { UserRepository } from '../user.repository';

@Injectable()
export class ChangeRoleUseCase {
  constructor(private readonly users: UserRepository) {}

  async execute(caller: Caller, userId: string, role: UserRole): Promise<AuthUser> {
    requireAdmin(caller);
    const target = await this.users.findById(userId);
    if (!target) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    if (target.role === 'admin' && role !== 'admin' && (await this.users.countAdmins()) <= 1) {
      throw new DomainError(ErrorCode.AUTH_LAST_ADMIN, 'The last admin cannot lose the admin role');
    }
    return toAuthUser(await this.users.update(userId, (user) => void (user.role = role)));
  }
}
