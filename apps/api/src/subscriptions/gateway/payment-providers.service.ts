import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { PrismaService } from '../../infra/prisma/prisma.service';

/** The card payment provider the web's payment element talks to: Stripe, or the built-in test provider. */
@Injectable()
export class PaymentProvidersService {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get mode(): 'stripe' | 'test' {
    return this.config.payments.stripe ? 'stripe' : 'test';
  }

  /** The provider row (seeded; created here when a database lacks it) with the configured public key. */
  async byType(providerType: 'CREDIT_CARD'): Promise<{ id: string; provider: string; publicKey: string }> {
    const provider = this.mode;
    const publicKey = this.config.payments.stripe?.publishableKey ?? 'test';
    let row = await this.prisma.paymentProvider.findFirst({ where: { providerType, provider, active: true }, orderBy: { id: 'asc' } });
    row ??= await this.prisma.paymentProvider.create({ data: { provider, providerType, publicKey } });
    return { id: String(row.id), provider, publicKey };
  }
}
