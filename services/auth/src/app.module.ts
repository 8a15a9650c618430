import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@labeldesk/nest-service';
import { AUTH_ENV, type AuthEnv } from './config/env.schema';
import { ApiKeyBudgetController } from './api-key-budget/api-key-budget.controller';
import { ApiKeyBudgetRepository } from './api-key-budget/api-key-budget.repository';
import { ApiKeyRepository } from './api-keys/api-key.repository';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { ApiKeysUseCase } from './api-keys/api-keys.usecase';
import { AuditController } from './audit/audit.controller';
import { AuditRepository } from './audit/audit.repository';
import { authMigrations } from './database/migrations';
import { Mailer } from './password-reset/mailer';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetRepository } from './password-reset/password-reset.repository';
import { CompletePasswordResetUseCase } from './password-reset/usecases/complete-password-reset.usecase';
import { IssueResetLinkUseCase } from './password-reset/usecases/issue-reset-link.usecase';
import { RequestPasswordResetUseCase } from './password-reset/usecases/request-password-reset.usecase';
import { ListInviteesUseCase } from './referrals/list-invitees.usecase';
import { ReferralsController } from './referrals/referrals.controller';
import { ReferrerOfUseCase } from './referrals/referrer-of.usecase';
import { PasswordHasher } from './sessions/password-hasher';
import { SessionFactory } from './sessions/session.factory';
import { SessionsController } from './sessions/sessions.controller';
import { SIGN_IN_COUNTERS, SignInCounterRepository, SignInCounterSweeper } from './sessions/sign-in/sign-in-counters';
import { SignInThrottle } from './sessions/sign-in/sign-in-throttle';
import { TokenSigner } from './sessions/token-signer';
import { ApplyReferralUseCase } from './sessions/usecases/apply-referral.usecase';
import { LoginAsUserUseCase } from './sessions/usecases/login-as-user.usecase';
import { LogoutUseCase } from './sessions/usecases/logout.usecase';
import { LoginUseCase } from './sessions/usecases/login.usecase';
import { RegisterUserUseCase } from './sessions/usecases/register-user.usecase';
import { VerifyTokenUseCase } from './sessions/usecases/verify-token.usecase';
import { SecretBox } from './two-factor/secret-box';
import { TwoFactorChallenges } from './two-factor/two-factor-challenges';
import { TwoFactorCodes } from './two-factor/two-factor-codes';
import { TwoFactorController } from './two-factor/two-factor.controller';
import { TwoFactorRepository } from './two-factor/two-factor.repository';
import { DisableTwoFactorUseCase } from './two-factor/usecases/disable-two-factor.usecase';
import { ResetTwoFactorUseCase } from './two-factor/usecases/reset-two-factor.usecase';
import { BothFactors } from './two-factor/both-factors';
import { RegenerateRecoveryCodesUseCase } from './two-factor/usecases/regenerate-recovery-codes.usecase';
import { TwoFactorStatusUseCase } from './two-factor/usecases/two-factor-status.usecase';
import { EnableTwoFactorUseCase } from './two-factor/usecases/enable-two-factor.usecase';
import { SetupTwoFactorUseCase } from './two-factor/usecases/setup-two-factor.usecase';
import { VerifyTwoFactorUseCase } from './two-factor/usecases/verify-two-factor.usecase';
import { EnsureFirstAdmin } from './users/ensure-first-admin';
import { UserEventsPublisher } from './users/user-events.publisher';
import { User } from './users/user.entity';
import { UserRepository } from './users/user.repository';
import { UsersController } from './users/users.controller';
import { UserContactController } from './users/user-contact.controller';
import { ChangeRoleUseCase } from './users/usecases/change-role.usecase';
import { SetActivationUseCase } from './users/usecases/set-activation.usecase';
import { DeleteUserUseCase } from './users/usecases/delete-user.usecase';
import { SetReferralCodeUseCase } from './users/usecases/set-referral-code.usecase';
import { UpdateProfileUseCase } from './users/usecases/update-profile.usecase';

@Module({})
export class AuthModule {
  static forEnv(env: AuthEnv): DynamicModule {
    return serviceModule(AuthModule, 'auth', env, {
      entities: [User],
      migrations: authMigrations,
      controllers: [SessionsController, UsersController, UserContactController, ReferralsController, AuditController, PasswordResetController, ApiKeysController, ApiKeyBudgetController, TwoFactorController],
      providers: [
        { provide: AUTH_ENV, useValue: env },
        UserRepository,
        PasswordHasher,
        TokenSigner,
        SessionFactory,
        { provide: SIGN_IN_COUNTERS, useClass: SignInCounterRepository },
        SignInCounterSweeper,
        SignInThrottle,
        UserEventsPublisher,
        RegisterUserUseCase,
        LoginUseCase,
        VerifyTokenUseCase,
        ApplyReferralUseCase,
        LoginAsUserUseCase,
        LogoutUseCase,
        ChangeRoleUseCase,
        SetActivationUseCase,
        DeleteUserUseCase,
        UpdateProfileUseCase,
        SetReferralCodeUseCase,
        ListInviteesUseCase,
        ReferrerOfUseCase,
        EnsureFirstAdmin,
        AuditRepository,
        Mailer,
        PasswordResetRepository,
        RequestPasswordResetUseCase,
        IssueResetLinkUseCase,
        CompletePasswordResetUseCase,
        ApiKeyRepository,
        ApiKeysUseCase,
        ApiKeyBudgetRepository,
        SecretBox,
        TwoFactorRepository,
        TwoFactorCodes,
        TwoFactorChallenges,
        SetupTwoFactorUseCase,
        EnableTwoFactorUseCase,
        DisableTwoFactorUseCase,
        ResetTwoFactorUseCase,
        RegenerateRecoveryCodesUseCase,
        TwoFactorStatusUseCase,
        BothFactors,
        VerifyTwoFactorUseCase,
      ],
    });
  }
}
