import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { UsersModule } from '../../users/users.module.js';
import { IdentityProvider, NoIdentityProvider } from './identity-provider.js';
import { OpenIdIdentityProvider } from './openid-identity-provider.js';
import { SocialSignInController } from './social-sign-in.controller.js';
import { SocialSignInService } from './social-sign-in.service.js';
import { SocialSignInsRepository } from './social-sign-ins.repository.js';
import { SocialSignInsSweep } from './social-sign-ins-sweep.js';

/** Social sign-in: the IdentityProvider port, OpenID Connect when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set, none otherwise. */
@Module({
  imports: [UsersModule],
  controllers: [SocialSignInController],
  providers: [
    {
      provide: IdentityProvider,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
          ? new OpenIdIdentityProvider({ issuer: config.GOOGLE_ISSUER, clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET })
          : new NoIdentityProvider(),
    },
    SocialSignInsRepository,
    SocialSignInsSweep,
    SocialSignInService,
  ],
})
export class SocialSignInModule {}
