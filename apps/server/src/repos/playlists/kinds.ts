/** NetEase's specialType of the liked-songs playlist every account has. */
export const LIKED_SONGS_SPECIAL_TYPE = 5;
/** NetEase's `specialType` of a toplist playlist. */
export const CHART_SPECIAL_TYPE = 10;
/** NetEase names a liked-songs playlist after its owner; the client shows 我喜欢的音乐 on one's own profile. */
export const likedSongsName = (nickname: string): string => `${nickname}喜欢的音乐`;
