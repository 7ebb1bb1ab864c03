import { EventsPage, FansPage, FollowListPage, ProfilePage, UserSettingPage, type Profile } from '../../features/account/index.ts';
import { useAuthStore } from '../../features/auth/index.ts';
import { playSongById } from '../play-songs.ts';

/**
 * The user pages, wired to auth (who is logged in, the stored profile) and the
 * player (a shared or ranked song plays).
 */
const play = (id: number) => void playSongById(id);

export function UserInfoRoute() {
  const uid = useAuthStore((s) => s.user?.account.id ?? null);
  return <ProfilePage currentUserId={uid} onPlaySong={play} />;
}

export function FollowListRoute() {
  return <FollowListPage />;
}

export function FansRoute() {
  return <FansPage />;
}

export function EventsRoute() {
  return <EventsPage onPlaySong={play} />;
}

const updateProfile = (patch: Partial<Profile>) => useAuthStore.getState().updateUser('profile', patch);

export function UserSettingRoute() {
  const profile = useAuthStore((s) => s.user?.profile) as Profile | undefined;
  // The route's guard has made sure someone is logged in.
  return profile ? <UserSettingPage profile={profile} onProfileChange={updateProfile} /> : null;
}
