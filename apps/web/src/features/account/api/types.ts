import type { ApiResult } from '../../../lib/api.ts';

/** The shapes the user pages read (user profile), as the contract declares them. */
export type UserDetail = ApiResult<'/user/detail'>;
export type Profile = UserDetail['profile'];
export type AuthType = NonNullable<Profile['allAuthTypes']>[number];
export type ProfilePlaylist = ApiResult<'/user/playlist'>['playlist'][number];
/** A card in the follow and fan lists. */
export type SocialUser = ApiResult<'/user/follows'>['follow'][number];
export type UserEvent = ApiResult<'/user/event'>['events'][number];
export type PlayRecord = NonNullable<ApiResult<'/user/record'>['weekData']>[number];
