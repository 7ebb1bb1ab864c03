import { LIKED_SONGS_SPECIAL_TYPE, likedSongsName } from '../../repos/playlists.ts';
import type { Repos } from '../../repos/index.ts';
import { intBetween, rngFor, sample } from '../../text/prng.ts';
import { DAY_MS, LIBRARY_EPOCH, daysBefore } from './clock.ts';

/**
 * The demo account (README): the first demo listener, who made some of the demo playlists, can
 * log in. Its password is set when the server starts (services hash it; the seed stays
 * deterministic and quick): phone 13800000000 or demo@cloudtune.local, password `cloudtune`.
 */
export const DEMO_ACCOUNT = {
  countryCode: '86',
  phone: '13800000000',
  email: 'demo@cloudtune.local',
  password: 'cloudtune',
} as const;

/** One anonymous play in this many of the demo's month becomes the demo account's. */
const PLAY_SHARE = 8;
/** The demo account collected this many of the first recommended playlists. */
const COLLECTED = 4;
const COLLECTABLE_POOL = 20;

/** True when the library has demo listeners but none of them is the demo account yet. */
export async function needsDemoAccount(repos: Repos): Promise<boolean> {
  return (
    (await repos.users.firstDemoId()) !== null && (await repos.users.byPhone(DEMO_ACCOUNT.countryCode, DEMO_ACCOUNT.phone)) === undefined
  );
}

/**
 * Makes the first demo listener the demo account: phone and email, a 我喜欢的音乐 playlist, people
 * it follows and fans, a few shared songs and playlists (动态), collected playlists, and a share of
 * the month of plays.
 * Idempotent per library (call inside a transaction); also upgrades a demo library seeded before
 * accounts existed.
 */
export async function seedDemoAccount(repos: Repos, seed: number): Promise<void> {
  const userId = await repos.users.firstDemoId();
  if (userId === null || !(await needsDemoAccount(repos))) return;
  const rng = rngFor(seed, 'demo-account');
  const user = (await repos.users.findById(userId))!;
  await repos.users.setContact(userId, { countryCode: DEMO_ACCOUNT.countryCode, phone: DEMO_ACCOUNT.phone, email: DEMO_ACCOUNT.email });

  const songs = (await repos.songs.listenable()).filter((s) => s.publishTime < LIBRARY_EPOCH);
  const liked = sample(rng, songs, Math.min(songs.length, 36)).map((s) => s.id);
  const likedAt = daysBefore(2);
  const playlistId = await repos.playlists.insert({
    name: likedSongsName(user.nickname),
    creatorId: userId,
    playCount: intBetween(rng, 200, 900),
    specialType: LIKED_SONGS_SPECIAL_TYPE,
    createdAt: user.createdAt,
    updatedAt: likedAt,
  });
  await repos.playlists.appendTracks(playlistId, liked, likedAt);

  // The other demo listeners: the account follows some, and some follow it.
  const others = (await repos.users.demoIds()).filter((id) => id !== userId);
  for (const id of sample(rng, others, Math.min(others.length, 6)))
    await repos.social.follow(userId, id, daysBefore(intBetween(rng, 5, 400)));
  for (const id of sample(rng, others, Math.min(others.length, 8)))
    await repos.social.follow(id, userId, daysBefore(intBetween(rng, 5, 400)));

  const shared = [
    { type: 18, msg: '循环了一整晚，分享给你们。', resourceId: liked[0] },
    { type: 18, msg: '下班路上的最佳配乐。', resourceId: liked[1] },
    { type: 35, msg: '收藏了好久的歌，都在这里了。', resourceId: playlistId },
  ];
  for (const [i, e] of shared.entries()) {
    if (e.resourceId !== undefined)
      await repos.social.addEvent({
        userId,
        type: e.type,
        msg: e.msg,
        resourceId: e.resourceId,
        createdAt: LIBRARY_EPOCH - (i * 3 + 1) * DAY_MS,
      });
  }

  // Playlists it collected (收藏), from the home page's: its list has both kinds. Their stored
  // subscribedCount is the demo's count of listeners, these among them (no increment).
  const collectable = (await repos.playlists.recommended(COLLECTABLE_POOL)).filter((p) => p.creatorId !== userId);
  const collectRng = rngFor(seed, 'demo-account-collected');
  for (const p of sample(collectRng, collectable, Math.min(collectable.length, COLLECTED))) {
    await repos.playlists.subscribe(userId, p.id, daysBefore(intBetween(collectRng, 3, 200)));
  }

  await repos.plays.attributeAnonymous(userId, LIBRARY_EPOCH, PLAY_SHARE);
}
