/** Every query key of the cloud drive feature, in one place. */
export const cloudKeys = { list: ['user-cloud'] as const };
