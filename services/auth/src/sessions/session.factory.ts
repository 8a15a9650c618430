import { Injectable } from '@nestjs/common';
import type { Session } from '@labeldesk/contracts';
import type { User } from '../users/user.entity';
import { toAuthUser } from '../users/user.mapper';
import { TokenSigner } from './token-signer';

@Injectable()
export class SessionFactory {
  constructor(private readonly signer: TokenSigner) {}

  create(user: User, impersonatorId?: string): Session {
    return { token: this.signer.sign(user.id, user.sessionVersion, impersonatorId), user: toAuthUser(user) };
  }
}
