import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { noParams } from '../params.ts';

/**
 * Cloudtune's own endpoints (a NetEase server has none): the app password Subsonic apps log in
 * with (`u` = the phone, email or nickname, `p` = this password, or `t`/`s` tokens of it, or it
 * as OpenSubsonic's `apiKey`). The account's login password never works for Subsonic
 * (docs/decisions/0022-subsonic-auth.md). The password is shown once, when made.
 */

export const subsonicPasswordResponse = z.looseObject({
  code: z.literal(200),
  data: z.looseObject({
    /** what to type as the Subsonic user name */
    username: z.string(),
    /** shown once: only its encryption and hash are kept */
    password: z.string(),
    /** ms */
    createdAt: z.number(),
  }),
});

export const subsonicPasswordStatusResponse = z.looseObject({
  code: z.literal(200),
  data: z.looseObject({ exists: z.boolean(), username: z.string(), createdAt: z.number().nullable() }),
});

export const subsonicPasswordRevokeResponse = z.looseObject({
  code: z.literal(200),
  data: z.looseObject({ revoked: z.boolean() }),
});

export const subsonicPasswordEndpoints = {
  '/subsonic/password': {
    method: 'POST',
    summary: "Make the user's Subsonic app password (replacing the previous one); shown once",
    auth: true,
    params: noParams,
    response: subsonicPasswordResponse,
  },
  '/subsonic/password/status': {
    method: 'GET',
    summary: 'Whether the user has a Subsonic app password, since when, and the user name to use',
    auth: true,
    params: noParams,
    response: subsonicPasswordStatusResponse,
  },
  '/subsonic/password/revoke': {
    method: 'POST',
    summary: "Revoke the user's Subsonic app password: Subsonic apps using it stop working",
    auth: true,
    params: noParams,
    response: subsonicPasswordRevokeResponse,
  },
} as const satisfies Record<string, EndpointDef>;
