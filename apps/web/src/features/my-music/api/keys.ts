/** Every query key of the library feature, in one place. */
export const libraryKeys = {
  /** by the user and by the list's day, so another login or the 6:00 update asks again */
  dailySongs: (uid: number, day: string) => ['recommend-songs', uid, day] as const,
  /** the ids of the songs the user likes */
  likes: (uid: number) => ['likelist', uid] as const,
};
