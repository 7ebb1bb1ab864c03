import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { okResponse, song } from '../entities.ts';
import { enumParam, idParam, intParam, noParams, ownUidParam } from '../params.ts';

/**
 * Accounts: SMS captcha, registration, login and sessions, profiles, daily sign-in, avatar and
 * play records. Endpoints marked `auth` answer `{code: 301, msg: '需要登录'}` (HTTP 301) without
 * a login; the session is the `MUSIC_U` cookie or the `cookie` param (`MUSIC_U=…`) every endpoint
 * accepts. Fixtures: login_cellphone, user_detail, user_subcount, daily_signin(.repeat).
 */

/** A text param (numbers in JSON bodies are taken as their digits), trimmed, within a length. */
const textParam = (name: string, { min = 1, max }: { min?: number; max: number }) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const text = String(v).trim();
    if (text.length < min || text.length > max) {
      ctx.addIssue({
        code: 'custom',
        message: min === max ? `${name} must be ${min} characters` : `${name} must be ${min}–${max} characters`,
      });
      return z.NEVER;
    }
    return text;
  });

const digitsParam = (name: string, min: number, max: number) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const text = String(v).trim().replace(/^\+/, '');
    if (!new RegExp(`^\\d{${min},${max}}$`).test(text)) {
      ctx.addIssue({ code: 'custom', message: `${name} must be ${min === max ? min : `${min}–${max}`} digits` });
      return z.NEVER;
    }
    return text;
  });

/** A phone number; with country code 86 (the default) a mainland mobile number of 11 digits. */
const phoneParam = digitsParam('phone', 5, 15);
const countryCode = (name: string) => digitsParam(name, 1, 4).default('86');
const mainlandPhone = (countryKey: 'ctcode' | 'countrycode') => (p: { phone: string; [key: string]: unknown }, ctx: z.RefinementCtx) => {
  if (p[countryKey] === '86' && !/^1\d{10}$/.test(p.phone)) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'phone must be an 11-digit mobile number starting with 1' });
  }
};
/** The SMS code: 6 digits (services/accounts/captcha.ts). */
const captchaParam = digitsParam('captcha', 6, 6);
/** What a code is asked for: `login` (NetEase's only kind: log in by code, register a new phone) or `reset` (/password/reset). */
const captchaPurpose = enumParam('purpose', ['login', 'reset']).default('login');
/** A plain password; it is MD5'd and hashed by the server, never stored. */
const passwordParam = z.string().min(6, 'password must be 6–64 characters').max(64, 'password must be 6–64 characters');
/** The MD5 (32 hex digits) of the password, as NetEase clients send it. */
const md5Param = z
  .string()
  .regex(/^[0-9a-fA-F]{32}$/, 'md5_password must be 32 hex digits (the MD5 of the password)')
  .transform((v) => v.toLowerCase());
const passwordGiven = (p: { password?: string; md5_password?: string; captcha?: string }, ctx: z.RefinementCtx) => {
  if (p.password === undefined && p.md5_password === undefined && p.captcha === undefined) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'password is required (or md5_password)' });
  }
};

// GET|POST /captcha/sent, /captcha/verify ---------------------------------------------------
export const captchaSentParams = z
  .object({ phone: phoneParam, ctcode: countryCode('ctcode'), purpose: captchaPurpose })
  .superRefine(mainlandPhone('ctcode'));
export const captchaVerifyParams = z
  .object({ phone: phoneParam, captcha: captchaParam, ctcode: countryCode('ctcode'), purpose: captchaPurpose })
  .superRefine(mainlandPhone('ctcode'));
export const captchaResponse = z.looseObject({ code: z.literal(200), data: z.boolean() });

// GET|POST /cellphone/existence/check --------------------------------------------------------
export const cellphoneExistenceParams = z
  .object({ phone: phoneParam, countrycode: countryCode('countrycode') })
  .superRefine(mainlandPhone('countrycode'));
export const cellphoneExistenceResponse = z.looseObject({
  code: z.literal(200),
  /** 1 registered, -1 not */
  exist: z.number(),
  nickname: z.string().nullable().optional(),
  hasPassword: z.boolean().optional(),
  avatarUrl: z.string().nullable().optional(),
});

// Users ------------------------------------------------------------------------------------
/** A user's profile as login, /login/status and /user/detail send it. */
export const userProfile = z.looseObject({
  userId: z.number(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  backgroundUrl: z.string().nullable().optional(),
  signature: z.string().nullable().optional(),
  /** 0 secret, 1 male, 2 female */
  gender: z.number(),
  /** ms; NetEase's unset value is -2209017600000 */
  birthday: z.number(),
  province: z.number(),
  city: z.number(),
  vipType: z.number(),
  userType: z.number().optional(),
  avatarImgIdStr: z.string().optional(),
  follows: z.number().optional(),
  followeds: z.number().optional(),
  eventCount: z.number().optional(),
  playlistCount: z.number().optional(),
  /** the viewer follows this user (/user/detail of someone else) */
  followed: z.boolean().optional(),
  allAuthTypes: z.array(z.looseObject({ type: z.number(), desc: z.string(), tags: z.array(z.string()).nullable().optional() })).optional(),
  avatarDetail: z.looseObject({ identityIconUrl: z.string().nullable().optional() }).nullable().optional(),
});
export type UserProfile = z.infer<typeof userProfile>;
export const userAccount = z.looseObject({
  id: z.number(),
  userName: z.string().optional(),
  type: z.number().optional(),
  vipType: z.number().optional(),
});

// GET|POST /register/cellphone, /login/cellphone, /login -------------------------------------
export const registerCellphoneParams = z
  .object({
    captcha: captchaParam,
    phone: phoneParam,
    password: passwordParam,
    /** empty: a 云音乐用户NNNNNN name is made */
    nickname: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .pipe(z.string().max(30, 'nickname must be 1–30 characters'))
      .optional()
      .transform((v) => v || undefined),
    countrycode: countryCode('countrycode'),
  })
  .superRefine(mainlandPhone('countrycode'));
/** A new password for the phone's account, with a code sent for a reset (`/captcha/sent?purpose=reset`). */
export const passwordResetParams = z
  .object({ phone: phoneParam, captcha: captchaParam, password: passwordParam, countrycode: countryCode('countrycode') })
  .superRefine(mainlandPhone('countrycode'));
export const loginCellphoneParams = z
  .object({
    phone: phoneParam,
    password: passwordParam.optional(),
    md5_password: md5Param.optional(),
    captcha: captchaParam.optional(),
    countrycode: countryCode('countrycode'),
  })
  .superRefine(mainlandPhone('countrycode'))
  .superRefine(passwordGiven);
export const loginParams = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email('email must be an email address')),
    password: passwordParam.optional(),
    md5_password: md5Param.optional(),
  })
  .superRefine(passwordGiven);
export const loginResponse = z.looseObject({
  code: z.literal(200),
  loginType: z.number().optional(),
  account: userAccount,
  token: z.string().optional(),
  profile: userProfile,
  bindings: z.array(z.looseObject({ userId: z.number(), type: z.number() })).optional(),
  /** `MUSIC_U=…; Max-Age=…; …`: send back as the `cookie` param where cookies are not kept */
  cookie: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

// GET|POST /login/status, /login/refresh, /logout -------------------------------------------
/** Always 200, without a top-level code (as the reference): account and profile null when logged out. */
export const loginStatusResponse = z.looseObject({
  data: z.looseObject({ code: z.number(), account: userAccount.nullable(), profile: userProfile.nullable() }),
});
export const loginRefreshResponse = z.looseObject({ code: z.literal(200), cookie: z.string().optional() });

// GET|POST /daily_signin ---------------------------------------------------------------------
/** type 0 mobile (+3 points, default), 1 PC/web (+2). A second sign-in the same day: {code: -2, msg: '重复签到'}. */
export const dailySigninParams = z.object({
  type: intParam('type', { min: 0, max: 1 })
    .optional()
    .transform((t) => (t ?? 0) as 0 | 1),
});
export const dailySigninResponse = z.looseObject({ code: z.literal(200), point: z.number() });

// GET|POST /user/detail, /user/account, /user/subcount ---------------------------------------
export const userDetailParams = z.object({ uid: idParam('uid') });
export const userDetailResponse = z.looseObject({
  code: z.literal(200),
  level: z.number(),
  listenSongs: z.number(),
  profile: userProfile,
  peopleCanSeeMyPlayRecord: z.boolean(),
  /** signed in today on PC/web */
  pcSign: z.boolean(),
  mobileSign: z.boolean().optional(),
  createTime: z.number().optional(),
  createDays: z.number().optional(),
});
export type UserDetailResponse = z.infer<typeof userDetailResponse>;
export const userAccountResponse = z.looseObject({
  code: z.literal(200),
  account: userAccount.nullable(),
  profile: userProfile.nullable(),
});
export const userSubcountResponse = z.looseObject({
  code: z.literal(200),
  createdPlaylistCount: z.number(),
  subPlaylistCount: z.number(),
  artistCount: z.number().optional(),
  mvCount: z.number().optional(),
  djRadioCount: z.number().optional(),
});

// GET|POST /user/update ----------------------------------------------------------------------
export const userUpdateParams = z.object({
  nickname: textParam('nickname', { max: 30 }).optional(),
  signature: z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .pipe(z.string().max(300, 'signature must be at most 300 characters'))
    .optional(),
  gender: intParam('gender', { min: 0, max: 2 }).optional(),
  /** ms since 1970 (in the past; NetEase's unset value -2209017600000 is the earliest) */
  birthday: intParam('birthday', { min: -2_209_017_600_000, max: Number.MAX_SAFE_INTEGER }).optional(),
  province: intParam('province', { min: 0, max: 999_999_999 }).optional(),
  city: intParam('city', { min: 0, max: 999_999_999 }).optional(),
});

// POST /avatar/upload (multipart imgFile) ---------------------------------------------------
export const avatarUploadParams = z.object({
  /** side of the square avatar made, default 300 */
  imgSize: intParam('imgSize', { min: 16, max: 1024 })
    .optional()
    .transform((v) => v ?? 300),
  imgX: intParam('imgX', { min: 0, max: 100_000 }).optional(),
  imgY: intParam('imgY', { min: 0, max: 100_000 }).optional(),
});
export const avatarUploadResponse = z.looseObject({
  code: z.literal(200),
  data: z.looseObject({ url: z.string(), imgId: z.union([z.number(), z.string()]) }),
});

// GET|POST /user/record ----------------------------------------------------------------------
export const userRecordParams = z.object({
  uid: ownUidParam,
  /** 1 the last week (weekData), 0 all time (allData, default) */
  type: intParam('type', { min: 0, max: 1 })
    .optional()
    .transform((t) => (t ?? 0) as 0 | 1),
});
const playRecord = z.looseObject({ playCount: z.number(), score: z.number(), song });
export const userRecordResponse = z.looseObject({
  code: z.literal(200),
  weekData: z.array(playRecord).optional(),
  allData: z.array(playRecord).optional(),
});

/** Accounts and profiles. Group registry merged into `endpoints`. */
export const accountEndpoints = {
  '/captcha/sent': {
    method: 'GET',
    summary: 'Send a 6-digit SMS captcha for purpose login (default) or reset (once a minute and 5 a day per phone; lives 5 minutes)',
    params: captchaSentParams,
    response: captchaResponse,
  },
  '/captcha/verify': {
    method: 'GET',
    summary: 'Check an SMS captcha (of its purpose) without using it up; wrong ones count as failed logins',
    params: captchaVerifyParams,
    response: captchaResponse,
  },
  '/cellphone/existence/check': {
    method: 'GET',
    summary: 'Whether a phone number has an account',
    params: cellphoneExistenceParams,
    response: cellphoneExistenceResponse,
  },
  '/cellphone/existence': {
    method: 'GET',
    summary: 'Same as /cellphone/existence/check',
    params: cellphoneExistenceParams,
    response: cellphoneExistenceResponse,
  },
  '/register/cellphone': {
    method: 'GET',
    summary: 'Register a new phone with its captcha; logs in. A phone that has an account: 505, the code left unused',
    params: registerCellphoneParams,
    response: loginResponse,
  },
  '/password/reset': {
    method: 'POST',
    summary: "Set a new password with a captcha sent for purpose reset; ends the account's sessions (log in again)",
    params: passwordResetParams,
    response: okResponse,
  },
  '/login/cellphone': {
    method: 'GET',
    summary: 'Log in by phone and password (or md5_password, or captcha)',
    params: loginCellphoneParams,
    response: loginResponse,
  },
  '/login': { method: 'GET', summary: 'Log in by email and password (or md5_password)', params: loginParams, response: loginResponse },
  '/login/status': { method: 'GET', summary: 'Who is logged in', params: noParams, response: loginStatusResponse },
  '/login/refresh': {
    method: 'GET',
    summary: 'The current login lasts 30 days from now, under the same token (the cookie carries it again)',
    auth: true,
    params: noParams,
    response: loginRefreshResponse,
  },
  '/logout': { method: 'GET', summary: 'End the session', params: noParams, response: okResponse },
  '/daily_signin': {
    method: 'GET',
    summary: 'Daily sign-in (签到); again the same day: code -2',
    auth: true,
    params: dailySigninParams,
    response: dailySigninResponse,
  },
  '/user/detail': {
    method: 'GET',
    summary: "A user's profile, level and listening count",
    params: userDetailParams,
    response: userDetailResponse,
  },
  '/user/account': {
    method: 'GET',
    summary: 'The logged-in account and profile',
    auth: true,
    params: noParams,
    response: userAccountResponse,
  },
  '/user/subcount': {
    method: 'GET',
    summary: 'Counts of what the account made and collected',
    auth: true,
    params: noParams,
    response: userSubcountResponse,
  },
  '/user/update': {
    method: 'GET',
    summary: 'Change the profile (nickname unique: 505)',
    auth: true,
    params: userUpdateParams,
    response: okResponse,
  },
  '/avatar/upload': {
    method: 'POST',
    summary: 'Upload an avatar (multipart imgFile, at most 5 MB): a square JPEG of imgSize',
    auth: true,
    upload: 'imgFile',
    params: avatarUploadParams,
    response: avatarUploadResponse,
  },
  '/user/record': {
    method: 'GET',
    summary: "A user's most played songs: type 1 last week, 0 all time",
    auth: true,
    params: userRecordParams,
    response: userRecordResponse,
  },
} as const satisfies Record<string, EndpointDef>;
