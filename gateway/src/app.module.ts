import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { callerKeysFromEnv, TransportModule, transportFromEnv } from '@labeldesk/nest-transport';
import { AuditInterceptor } from './audit/audit.interceptor';
import { AccountChangedListener } from './users/account-changed.listener';
import { AccountSummaryCache } from './users/account-summary.cache';
import { AccessGuard } from './auth/access.guard';
import { ApiKeyRateLimiter } from './auth/api-key-rate-limiter';
import { ApiKeyUsageExchange, ApiKeyUsageListener } from './auth/api-key-usage.exchange';
import { AdminTwoFactorGuard } from './auth/admin-two-factor.guard';
import { CallerVerifier } from './auth/caller-verifier';
import { UserChangedListener } from './auth/user-changed.listener';
import { VerifiedCallersCache } from './auth/verified-callers.cache';
import { GATEWAY_ENV, type GatewayEnv } from './config/env.schema';
import { DocsController } from './docs/docs.controller';
import { RouteCatalogue } from './docs/route-catalogue';
import { HttpErrorFilter } from './errors/http-error.filter';
import { AddressController } from './http/address.controller';
import { PackagePresetsController } from './http/package-presets.controller';
import { ApiKeysController } from './http/api-keys.controller';
import { AddressVerifyController } from './http/address-verify.controller';
import { RatesController } from './http/rates.controller';
import { CsvMappingsController } from './http/csv-mappings.controller';
import { AdminAuditController } from './http/admin-audit.controller';
import { OrderSearchController } from './http/order-search.controller';
import { AdminOrdersController } from './http/admin-orders.controller';
import { AdminReportsController } from './http/admin-reports.controller';
import { CustomerReportsController } from './http/customer-reports.controller';
import { AdminCarriersController } from './http/admin-carriers.controller';
import { AdminStatsController } from './http/admin-stats.controller';
import { AuthController } from './http/auth.controller';
import { BulkOrdersController } from './http/bulk-orders.controller';
import { HealthController } from './http/health.controller';
import { InviteController } from './http/invite.controller';
import { OrdersController } from './http/orders.controller';
import { ClaimsController, OrderClaimsController } from './http/claims.controller';
import { AdminRefundsController, CarrierPushesController, LabelLifecycleController } from './http/label-lifecycle.controller';
import { PublicTrackingController, TrackingLinksController } from './http/tracking-links.controller';
import { OrderReturnsController, PublicReturnsController, ReturnLabelsController } from './http/return-labels.controller';
import { TrackingEmailsController, UnsubscribeController } from './http/tracking-emails.controller';
import { LabelSettingsController } from './http/label-settings.controller';
import { ShippingDayController } from './http/shipping-day.controller';
import { WebhooksController } from './http/webhooks.controller';
import { PasswordResetController } from './http/password-reset.controller';
import { TwoFactorController } from './http/two-factor.controller';
import { PublicSiteController } from './http/public-site.controller';
import { PaymentsController } from './http/payments.controller';
import { StatementsController } from './http/statements.controller';
import { StorePushesController, StoresController } from './http/stores.controller';
import { StoreBatchController } from './http/store-batch.controller';
import { ReferralBonusController } from './http/referral-bonus.controller';
import { ShippingServicesController } from './http/shipping-services.controller';
import { UsersAdminController } from './http/users-admin.controller';
import { BulkProgressRelay } from './realtime/bulk-progress.relay';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { SessionsEndedRelay } from './realtime/sessions-ended.relay';
import { UserViewService } from './users/user-view.service';
import { V1_CONTROLLERS } from './v1';

@Module({})
export class GatewayModule {
  static forEnv(env: GatewayEnv): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        DiscoveryModule,
        TransportModule.forRoot({
          transport: transportFromEnv(env, 'gateway'),
          rpcTimeoutMs: env.RPC_TIMEOUT_MS,
          callerKeys: callerKeysFromEnv('gateway', env),
        }),
        ThrottlerModule.forRoot({
          throttlers: [
            { name: 'auth', ttl: 60_000, limit: env.AUTH_RATE_LIMIT_PER_MINUTE },
            { name: 'topup', ttl: 60_000, limit: env.TOPUP_RATE_LIMIT_PER_MINUTE },
          ],
        }),
      ],
      controllers: [AuthController, TwoFactorController, PasswordResetController, PublicSiteController, UsersAdminController, AdminStatsController, AdminCarriersController, AdminRefundsController, AdminOrdersController, AdminReportsController, AdminAuditController, InviteController, HealthController, AddressController, PackagePresetsController, AddressVerifyController, RatesController, CsvMappingsController, ShippingServicesController, BulkOrdersController, OrdersController, OrderSearchController, CustomerReportsController, LabelLifecycleController, TrackingLinksController, PublicTrackingController, OrderReturnsController, ReturnLabelsController, PublicReturnsController, OrderClaimsController, ClaimsController, TrackingEmailsController, UnsubscribeController, LabelSettingsController, ShippingDayController, CarrierPushesController, WebhooksController, StoresController, StorePushesController, StoreBatchController, PaymentsController, StatementsController, ReferralBonusController, ApiKeysController, ...V1_CONTROLLERS, DocsController, BulkProgressRelay, SessionsEndedRelay, UserChangedListener, AccountChangedListener, ApiKeyUsageListener],
      providers: [
        { provide: GATEWAY_ENV, useValue: env },
        { provide: VerifiedCallersCache, useFactory: () => new VerifiedCallersCache({ ttlMs: env.VERIFIED_CALLER_TTL_SECONDS * 1000 }) },
        CallerVerifier,
        { provide: ApiKeyRateLimiter, useFactory: () => new ApiKeyRateLimiter(env.API_KEY_RATE_LIMIT_PER_MINUTE) },
        ApiKeyUsageExchange,
        { provide: AccountSummaryCache, useFactory: () => new AccountSummaryCache({ ttlMs: env.ACCOUNT_SUMMARY_TTL_SECONDS * 1000 }) },
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_GUARD, useClass: AdminTwoFactorGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        AuditInterceptor,
        UserViewService,
        RouteCatalogue,
        RealtimeGateway,
      ],
    };
  }
}
