import { Controller } from '@nestjs/common';
import { AuthRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
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
  onLogin(@UserOrVisitorCaller() _caller: unknown, @RpcPayload(AuthRpc.login) body: ParsedRequestOf<typeof AuthRpc.login>) {
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
