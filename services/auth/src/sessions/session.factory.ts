import { Injectable } from '@nestjs/common';
import type { Session } from '@labeldesk/contracts';
import type { User } from '../users/user.entity';
import { toAuthUser } from '../users/user.mapper';
import { TokenSigner, type Impersonator } from './token-signer';

@Injectable()
export class SessionFactory {
  constructor(private readonly signer: TokenSigner) {}

  create(user: User, impersonator?: Impersonator): Session {
    return { token: this.signer.sign(user.id, user.sessionVersion, impersonator), user: toAuthUser(user) };
  }
}
