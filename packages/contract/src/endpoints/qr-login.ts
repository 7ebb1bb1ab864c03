import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { noParams } from '../params.ts';

/**
 * QR login as NetEase clients do it: a key, a QR of a URL holding it, then polling /login/qr/check
 * until the code says 803 (logged in, with the cookie). Cloudtune's QR URL opens its own approval
 * page, where a user logged in on another device approves (cross-device login); /login/qr/confirm
 * is the same approval for API callers. Keys live 5 minutes and log in once.
 */
const keyParam = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^[0-9a-f-]{8,64}$/i, 'key must be a key from /login/qr/key'));
const flag = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((v) => v === true || v === 1 || (typeof v === 'string' && !['', '0', 'false'].includes(v.trim().toLowerCase())));

export const qrKeyResponse = z.looseObject({ code: z.literal(200), data: z.looseObject({ code: z.literal(200), unikey: z.string() }) });

export const qrCreateParams = z.object({ key: keyParam, qrimg: flag.optional() });
export const qrCreateResponse = z.looseObject({
  code: z.literal(200),
  data: z.looseObject({
    /** the approval page to open on a device where the user is logged in */
    qrurl: z.string(),
    /** with `qrimg=true`: the QR code as a `data:image/png;base64,…` URL; else '' */
    qrimg: z.string(),
  }),
});

export const qrCheckParams = z.object({ key: keyParam });
/** 800 expired or unknown, 801 waiting, 802 opened by a logged-in user (nickname, avatar), 803 approved: the cookie (and Set-Cookie). */
export const qrCheckResponse = z.looseObject({
  code: z.union([z.literal(800), z.literal(801), z.literal(802), z.literal(803)]),
  message: z.string(),
  cookie: z.string(),
  nickname: z.string().optional(),
  avatarUrl: z.string().optional(),
});

export const qrConfirmParams = z.object({ key: keyParam });
export const qrConfirmResponse = z.looseObject({ code: z.literal(200), data: z.looseObject({ confirmed: z.literal(true) }) });

export const qrLoginEndpoints = {
  '/login/qr/key': { method: 'GET', summary: 'A new QR login key (lives 5 minutes)', params: noParams, response: qrKeyResponse },
  '/login/qr/create': {
    method: 'GET',
    summary: 'The QR login URL of a key (the approval page) and, with qrimg, its QR image',
    params: qrCreateParams,
    response: qrCreateResponse,
  },
  '/login/qr/check': {
    method: 'GET',
    summary: 'Poll a QR login: 800 expired, 801 waiting, 802 opened, 803 logged in (cookie)',
    params: qrCheckParams,
    response: qrCheckResponse,
  },
  '/login/qr/confirm': {
    method: 'POST',
    summary: "Approve a QR login as the logged-in user (Cloudtune's own; the approval page posts it)",
    auth: true,
    params: qrConfirmParams,
    response: qrConfirmResponse,
  },
} as const satisfies Record<string, EndpointDef>;
