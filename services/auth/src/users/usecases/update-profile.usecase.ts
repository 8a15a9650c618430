import { Injectable } from '@nestjs/common';
import type { AuthUser, Caller } from '@labeldesk/contracts';
import { PasswordHasher } from '../../sessions/password-hasher';
import { toAuthUser } from '../user.mapper';
import { UserRepository } from '../user.repository';

@Injectable()
export class UpdateProfileUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(caller: Caller, name: string, password: string | undefined): Promise<AuthUser> {
    const passwordHash = password ? await this.hasher.hash(password) : null;
    const user = await this.users.update(caller.userId, (me) => {
      me.name = name;
      if (passwordHash) me.passwordHash = passwordHash;
    });
    return toAuthUser(user);
  }
}
