import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { SecretsModule } from '../auth/secrets.module.js';
import { AppConfig } from '../config/app-config.js';
import { PaymentGateway } from './payment-gateway.js';
import { SandboxCheckoutController } from './sandbox/sandbox-checkout.controller.js';
import { SandboxPaymentGateway } from './sandbox/sandbox-payment-gateway.js';
import { SandboxProvider } from './sandbox/sandbox-provider.js';
import { SandboxProviderRepository } from './sandbox/sandbox-provider.repository.js';
import { StripePaymentGateway } from './stripe/stripe-payment-gateway.js';

/**
 * The payment provider chosen by PAYMENTS_PROVIDER (docs/payments.md): the built-in sandbox, with
 * its checkout page and clock, or Stripe. Everything else depends on `PaymentGateway` only.
 */
@Module({})
export class PaymentsModule {
  static forRoot(config: AppConfig): DynamicModule {
    if (config.PAYMENTS_PROVIDER === 'stripe') {
      const stripe: Provider = {
        provide: PaymentGateway,
        useFactory: () =>
          new StripePaymentGateway({ secretKey: config.STRIPE_SECRET_KEY!, webhookSecret: config.STRIPE_WEBHOOK_SECRET!, apiUrl: config.STRIPE_API_URL }),
      };
      return { module: PaymentsModule, global: true, providers: [stripe], exports: [PaymentGateway] };
    }
    return {
      module: PaymentsModule,
      global: true,
      imports: [SecretsModule],
      controllers: [SandboxCheckoutController],
      providers: [SandboxProviderRepository, SandboxProvider, SandboxPaymentGateway, { provide: PaymentGateway, useExisting: SandboxPaymentGateway }],
      exports: [PaymentGateway, SandboxProvider],
    };
  }
}
