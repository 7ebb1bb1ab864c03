import { SUBSONIC_ERRORS, SubsonicError } from '../../errors.ts';
import type { Payload } from '../../http/subsonic-envelope.ts';
import type { SubsonicCall } from './browsing.ts';

/** Subsonic's chat (one room for the server's users) and jukebox (there is none). */
export const chatMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  getChatMessages: async ({ params, services }) => ({
    chatMessages: { chatMessage: await services.chat.since(params.optionalInt('since')) },
  }),
  addChatMessage: async ({ params, userId, services }) => {
    await services.chat.add(userId, params.required('message'));
    return {};
  },
  /**
   * Jukebox mode plays on the server's own sound card, which a Cloudtune server does not use: every
   * user's jukeboxRole is false (getUser), and every action is refused as not authorized.
   */
  jukeboxControl: () => {
    throw new SubsonicError(SUBSONIC_ERRORS.notAuthorized, 'Jukebox mode is not available: this server does not play audio itself');
  },
};
