import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '../config/app-config.js';
import { UsersModule } from '../users/users.module.js';
import { AccessTokens, TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER } from './access-tokens.js';
import { ApiKeyCallers } from './api-keys/api-key-callers.js';
import { ApiKeyGrants } from './api-keys/api-key-grants.js';
import { ApiKeysController } from './api-keys/api-keys.controller.js';
import { ApiKeysRepository } from './api-keys/api-keys.repository.js';
import { ApiKeysService } from './api-keys/api-keys.service.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { LoginFailuresRepository } from './login-failures.repository.js';
import { LoginLockout } from './login-lockout.js';
import { RateLimitCountersRepository } from './rate-limit-counters.repository.js';
import { RateLimitCountersSweep } from './rate-limit-counters-sweep.js';
import { PasswordHasher } from './password-hasher.js';
import { RefreshTokens } from './refresh-tokens.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { SecretsModule } from './secrets.module.js';
import { ServerSecrets } from './server-secrets.js';
import { SessionControl } from './session-control.js';
import { SessionStateRepository } from './session-state.repository.js';
import { SessionVersions } from './session-versions.js';
import { Sessions } from './sessions.js';
import { MfaChallenges } from './totp/mfa-challenges.js';
import { SecondFactorPolicy } from './totp/second-factor-policy.js';
import { StaffTotpController } from './totp/staff-totp.controller.js';
import { StaffTotpRepository } from './totp/staff-totp.repository.js';
import { StaffTotpService } from './totp/staff-totp.service.js';
import { TotpCodes } from './totp/totp-codes.js';

/**
 * Sign-in and sessions. Its guard is global: every route needs an access token unless marked
 * @Public(). Sessions and the password hasher are exported for the applicant flows (sign-up,
 * password reset and change), SessionControl for the admin's session actions (staff/). The
 * providers' API keys are made here too, since the guard authenticates them (docs/api.md, "API keys").
 */
@Global()
@Module({
  imports: [
    UsersModule,
    SecretsModule,
    JwtModule.registerAsync({
      imports: [SecretsModule],
      inject: [ServerSecrets, AppConfig],
      useFactory: (secrets: ServerSecrets, config: AppConfig) => ({
        secret: secrets.jwtKey,
        signOptions: {
          algorithm: TOKEN_ALGORITHM,
          expiresIn: config.ACCESS_TOKEN_TTL_SECONDS,
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
        },
        verifyOptions: { algorithms: [TOKEN_ALGORITHM], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE },
      }),
    }),
  ],
  controllers: [AuthController, StaffTotpController, ApiKeysController],
  providers: [
    RefreshTokensRepository,
    LoginFailuresRepository,
    AccessTokens,
    RefreshTokens,
    LoginLockout,
    RateLimitCountersRepository,
    RateLimitCountersSweep,
    PasswordHasher,
    Sessions,
    SessionStateRepository,
    SessionVersions,
    SessionControl,
    AuthService,
    StaffTotpRepository,
    TotpCodes,
    SecondFactorPolicy,
    MfaChallenges,
    StaffTotpService,
    ApiKeysRepository,
    ApiKeyGrants,
    ApiKeyCallers,
    ApiKeysService,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [Sessions, SessionControl, PasswordHasher, AuthService, SecretsModule, RateLimitCountersRepository],
})
export class AuthModule {}
