import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { idParam, noParams } from '../params.ts';

/**
 * Cloudtune's own endpoints (a NetEase server has none): the logged-in user's OpenSubsonic API
 * keys, for Subsonic apps that log in with `apiKey=` alone (the `apiKeyAuthentication` extension).
 * Several per user, each named after the app or device it is for; a key is shown once, when made,
 * and only its hash is kept (docs/decisions/0033-subsonic-users-keys-podcasts.md).
 */
const nameParam = z.string().trim().min(1, 'name must be 1–40 characters').max(40, 'name must be 1–40 characters');

const apiKeyItem = z.looseObject({
  id: z.number(),
  name: z.string(),
  /** ms */
  createdAt: z.number(),
  /** ms, to the minute; null = never used */
  lastUsedAt: z.number().nullable(),
});

export const subsonicKeysResponse = z.looseObject({
  code: z.literal(200),
  data: z.array(apiKeyItem),
});

export const subsonicKeyCreateResponse = z.looseObject({
  code: z.literal(200),
  data: z.looseObject({
    id: z.number(),
    name: z.string(),
    /** shown once: only its hash is kept */
    key: z.string(),
    createdAt: z.number(),
  }),
});

export const subsonicKeyRevokeResponse = z.looseObject({
  code: z.literal(200),
  data: z.looseObject({ revoked: z.boolean() }),
});

export const subsonicApiKeyEndpoints = {
  '/subsonic/keys': {
    method: 'GET',
    summary: "The user's Subsonic API keys (name, made, last used), newest first; never the keys",
    auth: true,
    params: noParams,
    response: subsonicKeysResponse,
  },
  '/subsonic/keys/create': {
    method: 'POST',
    summary: 'Make a named Subsonic API key (apiKeyAuthentication); shown once',
    auth: true,
    params: z.object({ name: nameParam }),
    response: subsonicKeyCreateResponse,
  },
  '/subsonic/keys/revoke': {
    method: 'POST',
    summary: 'Revoke one of the user’s Subsonic API keys: apps using it are refused (error 44)',
    auth: true,
    params: z.object({ id: idParam('id') }),
    response: subsonicKeyRevokeResponse,
  },
} as const satisfies Record<string, EndpointDef>;
