import { Controller } from '@nestjs/common';
import { TwoFactorRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload, UserOrVisitorCaller } from '@labeldesk/nest-transport';
import { DisableTwoFactorUseCase } from './usecases/disable-two-factor.usecase';
import { EnableTwoFactorUseCase } from './usecases/enable-two-factor.usecase';
import { RegenerateRecoveryCodesUseCase } from './usecases/regenerate-recovery-codes.usecase';
import { ResetTwoFactorUseCase } from './usecases/reset-two-factor.usecase';
import { SetupTwoFactorUseCase } from './usecases/setup-two-factor.usecase';
import { TwoFactorStatusUseCase } from './usecases/two-factor-status.usecase';
import { VerifyTwoFactorUseCase } from './usecases/verify-two-factor.usecase';

@Controller()
export class TwoFactorController {
  constructor(
    private readonly setup: SetupTwoFactorUseCase,
    private readonly enable: EnableTwoFactorUseCase,
    private readonly disable: DisableTwoFactorUseCase,
    private readonly verify: VerifyTwoFactorUseCase,
    private readonly reset: ResetTwoFactorUseCase,
    private readonly regenerate: RegenerateRecoveryCodesUseCase,
    private readonly status: TwoFactorStatusUseCase,
  ) {}

  @RpcHandler(TwoFactorRpc.status)
  onStatus(@CurrentCaller() caller: Caller) {
    return this.status.execute(caller);
  }

  @RpcHandler(TwoFactorRpc.setup)
  onSetup(@CurrentCaller() caller: Caller) {
    return this.setup.execute(caller);
  }

  @RpcHandler(TwoFactorRpc.enable)
  onEnable(@CurrentCaller() caller: Caller, @RpcPayload(TwoFactorRpc.enable) body: ParsedRequestOf<typeof TwoFactorRpc.enable>) {
    return this.enable.execute(caller, body);
  }

  @RpcHandler(TwoFactorRpc.disable)
  onDisable(@CurrentCaller() caller: Caller, @RpcPayload(TwoFactorRpc.disable) body: ParsedRequestOf<typeof TwoFactorRpc.disable>) {
    return this.disable.execute(caller, body);
  }

  @RpcHandler(TwoFactorRpc.recoveryCodes)
  onRecoveryCodes(@CurrentCaller() caller: Caller, @RpcPayload(TwoFactorRpc.recoveryCodes) body: ParsedRequestOf<typeof TwoFactorRpc.recoveryCodes>) {
    return this.regenerate.execute(caller, body);
  }

  @RpcHandler(TwoFactorRpc.adminReset)
  onAdminReset(@CurrentCaller() caller: Caller, @RpcPayload(TwoFactorRpc.adminReset) body: ParsedRequestOf<typeof TwoFactorRpc.adminReset>) {
    return this.reset.execute(caller, body.userId);
  }

  /** Only through the gateway, like sign-in: the client address it sends is what throttling counts by. */
  @RpcHandler(TwoFactorRpc.verify)
  onVerify(@UserOrVisitorCaller() _caller: unknown, @RpcPayload(TwoFactorRpc.verify) body: ParsedRequestOf<typeof TwoFactorRpc.verify>) {
    return this.verify.execute(body);
  }
}
