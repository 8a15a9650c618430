import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';
import { PasswordHasher } from '../sessions/password-hasher';
import { SignInThrottle } from '../sessions/sign-in/sign-in-throttle';
import type { User } from '../users/user.entity';
import { UserRepository } from '../users/user.repository';
import { TwoFactorCodes } from './two-factor-codes';
import { codeInvalid, stateError } from './two-factor-errors';

export interface PasswordRequest {
  password: string;
  clientAddress?: string | undefined;
}

export interface BothFactorsRequest extends PasswordRequest {
  code: string;
}

/**
 * 403, never 401: the web app signs out on a 401, and a mistyped password must not end the session it was typed in.
 * One answer wherever the password is asked again (turning two factors on or off, new recovery codes).
 */
export const passwordIncorrect = () => new DomainError(ErrorCode.AUTH_CONFIRMATION_FAILED, 'Password is incorrect', [{ path: 'password', message: 'Password is incorrect' }]);

/**
 * The password and a code again, for what a stolen session alone must not do (turn two-factor sign-in off, read out
 * new recovery codes); throttled like sign-in, and the code counted per account (TwoFactorCodes.accept, decision 071).
 * Answers the user, whose code is now used.
 */
@Injectable()
export class BothFactors {
  constructor(
    private readonly users: UserRepository,
    private readonly codes: TwoFactorCodes,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignInThrottle,
  ) {}

  async confirm(caller: Caller, request: BothFactorsRequest): Promise<User> {
    const user = await this.users.findById(caller.userId);
    if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    if (!user.twoFactorEnabled) throw stateError('Two-factor authentication is not on.');
    await this.passwordThen(user, request, passwordIncorrect, async () => {
      if (!(await this.codes.accept(user, request.code))) throw codeInvalid();
    });
    return user;
  }

  /**
   * The password, counted like sign-in's (SignInThrottle): `then` runs only for the right one, and the attempt counts
   * as a success only once `then` has succeeded too. A wrong password throws `wrong()`.
   */
  async passwordThen<T>(user: User, request: PasswordRequest, wrong: () => DomainError, then: () => Promise<T>): Promise<T> {
    const attempt = await this.throttle.admit(user.email, request.clientAddress);
    if (!(await this.hasher.verify(user.passwordHash, request.password))) throw wrong();
    const result = await then();
    await this.throttle.succeeded(attempt);
    return result;
  }
}
