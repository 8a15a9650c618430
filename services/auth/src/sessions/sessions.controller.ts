import { Controller } from '@nestjs/common';
import { AuthRpc, DomainError, ErrorCode, isTwoFactorChallenge, TwoFactorRpc, type Caller, type ParsedRequestOf, type Session } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload, UserOrVisitorCaller } from '@labeldesk/nest-transport';
import { ApplyReferralUseCase } from './usecases/apply-referral.usecase';
import { LoginAsUserUseCase } from './usecases/login-as-user.usecase';
import { LoginUseCase } from './usecases/login.usecase';
import { LogoutUseCase } from './usecases/logout.usecase';
import { RegisterUserUseCase } from './usecases/register-user.usecase';
import { VerifyTokenUseCase } from './usecases/verify-token.usecase';

@Controller()
export class SessionsController {
  constructor(
    private readonly register: RegisterUserUseCase,
    private readonly login: LoginUseCase,
    private readonly verify: VerifyTokenUseCase,
    private readonly applyReferral: ApplyReferralUseCase,
    private readonly loginAs: LoginAsUserUseCase,
    private readonly logout: LogoutUseCase,
  ) {}

  /** Only through the gateway, which throttles it per client address (decision 036): a visitor's token is required. */
  @RpcHandler(AuthRpc.register)
  onRegister(@UserOrVisitorCaller() _caller: unknown, @RpcPayload(AuthRpc.register) body: ParsedRequestOf<typeof AuthRpc.register>) {
    return this.register.execute(body);
  }

  /** Only through the gateway: the client address it sends is what throttling counts by, so it must be the gateway's. */
  @RpcHandler(AuthRpc.login)
  async onLogin(@UserOrVisitorCaller() _caller: unknown, @RpcPayload(AuthRpc.login) body: ParsedRequestOf<typeof AuthRpc.login>): Promise<Session> {
    const answer = await this.login.execute(body);
    // A gateway of the previous release cannot ask for the code: the account cannot sign in through it.
    if (isTwoFactorChallenge(answer)) {
      throw new DomainError(ErrorCode.AUTH_TWO_FACTOR_REQUIRED, 'This account signs in with a two-factor code. Please reload the page and sign in again.');
    }
    return answer;
  }

  /** v2: a session, or a challenge when the account has two-factor sign-in on. */
  @RpcHandler(TwoFactorRpc.login)
  onLoginV2(@UserOrVisitorCaller() _caller: unknown, @RpcPayload(TwoFactorRpc.login) body: ParsedRequestOf<typeof TwoFactorRpc.login>) {
    return this.login.execute(body);
  }

  @RpcHandler(AuthRpc.verifyToken)
  onVerify(@RpcPayload(AuthRpc.verifyToken) body: ParsedRequestOf<typeof AuthRpc.verifyToken>) {
    return this.verify.execute(body.token);
  }

  @RpcHandler(AuthRpc.applyReferral)
  onApplyReferral(@CurrentCaller() caller: Caller, @RpcPayload(AuthRpc.applyReferral) body: ParsedRequestOf<typeof AuthRpc.applyReferral>) {
    return this.applyReferral.execute(caller, body.referralCode);
  }

  @RpcHandler(AuthRpc.loginAsUser)
  onLoginAs(@CurrentCaller() caller: Caller, @RpcPayload(AuthRpc.loginAsUser) body: ParsedRequestOf<typeof AuthRpc.loginAsUser>) {
    return this.loginAs.execute(caller, body.userId);
  }

  @RpcHandler(AuthRpc.logout)
  onLogout(@CurrentCaller() caller: Caller, @RpcPayload(AuthRpc.logout) body: ParsedRequestOf<typeof AuthRpc.logout>) {
    return this.logout.execute(caller, body.token);
  }
}
