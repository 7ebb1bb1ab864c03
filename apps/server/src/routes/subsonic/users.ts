import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Payload } from '../../http/subsonic-envelope.ts';
import { requestSignal } from '../../http/request-signal.ts';
import { sendMedia } from '../../http/send-stored.ts';
import { versionTag } from '../../media/media-files.ts';
import type { Services } from '../../services/index.ts';
import { missingParam, notFoundError } from '../../services/subsonic/index.ts';
import type { AccountChanges } from '../../services/subsonic/users.ts';
import type { SubsonicCall } from './browsing.ts';
import type { SubsonicParams } from './params.ts';

/** A boolean param when given (`adminRole=true`), else undefined: updateUser changes only what it is sent. */
const optionalBool = (params: SubsonicParams, name: string): boolean | undefined =>
  params.string(name) === undefined ? undefined : params.bool(name, false);

/** The settings an administrator may give an account; the other role flags are facts of the server (services/subsonic/users.ts). */
const changesOf = (params: SubsonicParams): AccountChanges => ({
  email: params.string('email'),
  password: params.string('password'),
  adminRole: optionalBool(params, 'adminRole'),
  podcastRole: optionalBool(params, 'podcastRole'),
});

/** User management and API-key info (decision 0033): the administrators' methods check the caller in the service. */
export const userMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  getUser: async ({ params, userId, services }) => ({ user: await services.subsonic.users.read(userId, params.string('username')) }),
  getUsers: async ({ userId, services }) => ({ users: { user: await services.subsonic.users.list(userId) } }),
  createUser: async ({ params, userId, services }) => {
    await services.subsonic.users.create(userId, {
      ...changesOf(params),
      username: params.required('username'),
      password: params.required('password'),
      email: params.required('email'),
    });
    return {};
  },
  updateUser: async ({ params, userId, services }) => {
    await services.subsonic.users.update(userId, params.required('username'), changesOf(params));
    return {};
  },
  deleteUser: async ({ params, userId, services }) => {
    const closed = await services.subsonic.users.close(userId, params.required('username'));
    // What the account kept for itself alone goes with it.
    await services.cloud.removeAll(closed);
    return {};
  },
  changePassword: async ({ params, userId, services }) => {
    await services.subsonic.users.changePassword(userId, params.required('username'), params.required('password'));
    return {};
  },
  /** The user an API key belongs to (apiKeyAuthentication): asked with the key as the credential. */
  tokenInfo: async ({ params, userId, services }) => {
    if (params.string('apiKey') === undefined) throw missingParam('apiKey');
    return { tokenInfo: { username: (await services.subsonic.users.entry(userId)).username } };
  },
};

/** getAvatar: the picture the user uploaded (/avatar/upload), else their generated art, as JPEG. */
export async function avatar(request: FastifyRequest, reply: FastifyReply, services: Services, params: SubsonicParams) {
  const id = await services.subsonic.passwords.userIdOf(params.required('username'));
  if (id === undefined) throw notFoundError('User');
  const stored = (await services.avatars.fileOf(id)) ?? (await services.images.ensure('avatar', id, undefined, requestSignal(reply)));
  if (!stored) throw notFoundError('User');
  const opened = await services.media.open(stored);
  await sendMedia(request, reply, services.media, opened, {
    contentType: 'image/jpeg',
    etag: versionTag(opened),
    // A new upload is a new file (and ETag); a few minutes of an old picture is no harm.
    cacheControl: 'public, max-age=300',
  });
  return reply;
}
