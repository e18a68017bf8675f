import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy, type Profile } from 'passport-facebook';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';

export interface FacebookIdentity {
  facebookId: string;
  email: string | null;
  name: string;
}

export const FACEBOOK_API_VERSION = 'v19.0';

export function facebookCallbackUrl(config: AppConfig): string {
  return `${config.http.publicUrl}/api/auth/facebook/callback`;
}

/**
 * The code-for-profile exchange of Facebook login (passport-facebook). Registered only when
 * FACEBOOK_APP_ID and FACEBOOK_APP_SECRET are set; the controller starts the dialog itself, since
 * passport's redirect writes to a Node response that Fastify does not hand to guards.
 */
@Injectable()
export class FacebookStrategy extends PassportStrategy(Strategy, 'facebook') {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const facebook = config.auth.facebook as { appId: string; appSecret: string };
    super({
      clientID: facebook.appId,
      clientSecret: facebook.appSecret,
      callbackURL: facebookCallbackUrl(config),
      profileFields: ['id', 'emails', 'displayName'],
      graphAPIVersion: FACEBOOK_API_VERSION,
    });
  }

  validate(_accessToken: string, _refreshToken: string, profile: Profile): FacebookIdentity {
    return { facebookId: profile.id, email: profile.emails?.[0]?.value ?? null, name: profile.displayName ?? '' };
  }
}
