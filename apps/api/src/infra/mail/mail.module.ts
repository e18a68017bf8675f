import { Global, Module } from '@nestjs/common';
import { MailDeliveryProcessor } from './mail-delivery.processor';
import { MailService } from './mail.service';

@Global()
@Module({ providers: [MailService, MailDeliveryProcessor], exports: [MailService] })
export class MailModule {}
