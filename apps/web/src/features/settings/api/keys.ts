/** Every query key of the settings feature, in one place. */
export const settingsKeys = {
  /** the logged-in user's Subsonic app password: whether there is one, and since when */
  subsonicPassword: () => ['subsonic', 'password'] as const,
  /** the logged-in user's OpenSubsonic API keys (never the keys themselves) */
  subsonicApiKeys: () => ['subsonic', 'api-keys'] as const,
};
