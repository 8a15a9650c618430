import { Controller } from '@nestjs/common';
import { AuthRpc, DomainError, ErrorCode, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { toAuthUser } from './user.mapper';
import { UserRepository } from './user.repository';
import { ChangeRoleUseCase } from './usecases/change-role.usecase';
import { DeleteUserUseCase } from './usecases/delete-user.usecase';
import { SetActivationUseCase } from './usecases/set-activation.usecase';
import { SetReferralCodeUseCase } from './usecases/set-referral-code.usecase';
import { UpdateProfileUseCase } from './usecases/update-profile.usecase';

@Controller()
export class UsersController {
  constructor(
    private readonly users: UserRepository,
    private readonly changeRole: ChangeRoleUseCase,
    private readonly setActivation: SetActivationUseCase,
    private readonly updateProfile: UpdateProfileUseCase,
    private readonly setReferralCode: SetReferralCodeUseCase,
    private readonly deleteUser: DeleteUserUseCase,
  ) {}

  @RpcHandler(AuthRpc.setReferralCode)
  onSetReferralCode(@CurrentCaller() _caller: Caller, @RpcPayload(AuthRpc.setReferralCode) body: ParsedRequestOf<typeof AuthRpc.setReferralCode>) {
    return this.setReferralCode.execute(body.userId, body.referralCode);
  }

  @RpcHandler(AuthRpc.me)
  async onMe(@CurrentCaller() caller: Caller) {
    const user = await this.users.findById(caller.userId);
    if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    return toAuthUser(user);
  }

  @RpcHandler(AuthRpc.getUser)
  async onGet(@CurrentCaller() _caller: Caller, @RpcPayload(AuthRpc.getUser) body: ParsedRequestOf<typeof AuthRpc.getUser>) {
    const user = await this.users.findById(body.userId);
    if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    return toAuthUser(user);
  }

  @RpcHandler(AuthRpc.listUsers)
  async onList(@CurrentCaller() _caller: Caller) {
    return { users: (await this.users.listAll()).map(toAuthUser) };
  }

  @RpcHandler(AuthRpc.changeRole)
  onChangeRole(@CurrentCaller() caller: Caller, @RpcPayload(AuthRpc.changeRole) body: ParsedRequestOf<typeof AuthRpc.changeRole>) {
    return this.changeRole.execute(caller, body.userId, body.role);
  }

  @RpcHandler(AuthRpc.deleteUser)
  onDelete(@CurrentCaller() caller: Caller, @RpcPayload(AuthRpc.deleteUser) body: ParsedRequestOf<typeof AuthRpc.deleteUser>) {
    return this.deleteUser.execute(caller, body.userId);
  }

  @RpcHandler(AuthRpc.setActivation)
  onSetActivation(@CurrentCaller() caller: Caller, @RpcPayload(AuthRpc.setActivation) body: ParsedRequestOf<typeof AuthRpc.setActivation>) {
    return this.setActivation.execute(caller, body.userId, body.activation);
  }

  /** The previous release's gateways: a name change; a password change is refused (no current password). */
  @RpcHandler(AuthRpc.updateProfile)
  async onUpdateProfileV1(@CurrentCaller() caller: Caller, @RpcPayload(AuthRpc.updateProfile) body: ParsedRequestOf<typeof AuthRpc.updateProfile>) {
    return (await this.updateProfile.execute(caller, { name: body.name, password: body.password })).user;
  }

  @RpcHandler(AuthRpc.updateProfileV2)
  onUpdateProfile(@CurrentCaller() caller: Caller, @RpcPayload(AuthRpc.updateProfileV2) body: ParsedRequestOf<typeof AuthRpc.updateProfileV2>) {
    return this.updateProfile.execute(caller, body);
  }
}
