import type { Storage } from '../../media/storage.ts';
import type { WorkQueue } from '../../media/work.ts';
import type { Repos } from '../../repos/index.ts';
import type { LoginLimits } from '../login-limits.ts';
import type { Clock } from '../rate-windows.ts';
import { createAdminService } from './admins.ts';
import { createAuthService } from './auth.ts';
import { createAvatarService } from './avatar.ts';
import { createCaptchaService, type Phone } from './captcha.ts';
import { createProfileService } from './profile.ts';
import { createSessionService } from './sessions.ts';
import type { SmsSender } from './sms.ts';

export type { SessionUser, StartedSession } from './sessions.ts';
export type { SmsSender } from './sms.ts';

export interface AccountOptions {
  /** real time in ms (sessions, captchas, sign-in days, failed-login windows) */
  clock: Clock;
  sms: SmsSender;
  /** where uploaded avatars are kept */
  storage: Storage;
  /** the encode slots shared with other image and audio work */
  encoder: WorkQueue;
  /** phones whose accounts administer the server (CLOUDTUNE_ADMIN) */
  admins: readonly Phone[];
  /** failed-login limits, shared with Subsonic's logins */
  limits: LoginLimits;
}

/** Accounts: sessions, SMS captchas, registration and login, profiles and sign-in, avatars, administrators. */
export async function createAccountServices(repos: Repos, { clock, sms, storage, encoder, admins: named, limits }: AccountOptions) {
  const sessions = createSessionService(repos, clock);
  const captchas = createCaptchaService(repos, clock, sms, limits);
  const profiles = await createProfileService(repos, clock);
  const admins = createAdminService(repos, named);
  return {
    sessions,
    captchas,
    profiles,
    admins,
    auth: createAuthService(repos, clock, captchas, sessions, profiles, admins, limits),
    avatars: createAvatarService(repos, storage, encoder),
  };
}
export type AccountServices = Awaited<ReturnType<typeof createAccountServices>>;
