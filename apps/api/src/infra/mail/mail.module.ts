import { Global, Module } from '@nestjs/common';
import { LeasedMailSender } from './leased-mail-sender';
import { MailDeliveryProcessor } from './mail-delivery.processor';
import { MailService } from './mail.service';

@Global()
@Module({ providers: [MailService, MailDeliveryProcessor, LeasedMailSender], exports: [MailService, LeasedMailSender] })
export class MailModule {}
