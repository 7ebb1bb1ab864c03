import { api } from '../../../lib/api.ts';

/** /user/update: code 200 means success. */
export const updateProfile = (params: {
  nickname: string;
  signature: string;
  gender: number;
  birthday?: number;
  province: number;
  city: number;
}) => api('/user/update', params, { auth: true });

/** POST /avatar/upload?imgSize=1024, multipart `imgFile`: the new avatar's URL. */
export async function uploadAvatar(image: Blob, imgSize: number): Promise<{ url: string; imgId: number | string }> {
  const { data } = await api(
    '/avatar/upload',
    { imgSize },
    { method: 'POST', file: { field: 'imgFile', blob: image, name: 'avatar.jpg' }, auth: true, timeout: 120_000 },
  );
  return data;
}
