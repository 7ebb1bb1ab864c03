import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { settingsKeys } from './keys.ts';

/**
 * The Subsonic settings' server data (docs/decisions/0022, 0033): asked for whenever the page
 * opens (stale at once) and not retried (a logged-out user's 301 is an answer).
 */
export const subsonicPasswordQuery = () =>
  queryOptions({
    queryKey: settingsKeys.subsonicPassword(),
    queryFn: async () => (await api('/subsonic/password/status')).data,
    staleTime: 0,
    retry: false,
  });

export const subsonicApiKeysQuery = () =>
  queryOptions({
    queryKey: settingsKeys.subsonicApiKeys(),
    queryFn: async () => (await api('/subsonic/keys')).data,
    staleTime: 0,
    retry: false,
  });
