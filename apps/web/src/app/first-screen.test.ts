import { afterEach, describe, expect, it } from 'vitest';
import { bannerQueryOptions, personalizedQueryOptions } from '../features/discover/index.ts';
import { fixtures } from '../test/msw.ts';
import { seedFirstScreen } from './first-screen.ts';
import { createQueryClient } from './query-client.ts';

function inlineData(text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'cloudtune-first-screen';
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => document.getElementById('cloudtune-first-screen')?.remove());

describe('first screen data inlined by the server', () => {
  it('seeds banners and recommended playlists into the query cache and removes the element', () => {
    inlineData(JSON.stringify({ '/banner?type=0': fixtures.banner, '/personalized?limit=14': fixtures.personalized }));
    const client = createQueryClient();
    seedFirstScreen(client);
    expect(client.getQueryData(bannerQueryOptions().queryKey)).toEqual(fixtures.banner.banners);
    expect(client.getQueryData(personalizedQueryOptions().queryKey)).toEqual(fixtures.personalized.result);
    expect(document.getElementById('cloudtune-first-screen')).toBeNull();
  });

  it('ignores a broken or foreign payload', () => {
    inlineData('{not json');
    const client = createQueryClient();
    seedFirstScreen(client);
    inlineData(JSON.stringify({ '/banner?type=0': { banners: 'nope' } }));
    seedFirstScreen(client);
    expect(client.getQueryData(bannerQueryOptions().queryKey)).toBeUndefined();
  });
});
