import { request } from '../../../lib/http.ts';

/** /user/update (SPEC §7): code 200 means success. */
export const updateProfile = (params: {
  nickname: string;
  signature: string;
  gender: number;
  birthday?: number;
  province: number;
  city: number;
}) => request('/user/update', { params, auth: true });

/** POST /avatar/upload?imgSize=1024, multipart `imgFile` (SPEC §7): the new avatar's URL. */
export async function uploadAvatar(image: Blob, imgSize: number): Promise<{ url: string; imgId: number | string }> {
  const form = new FormData();
  form.append('imgFile', image, 'avatar.jpg');
  const { data } = await request<{ code?: number; data: { url: string; imgId: number | string } }>('/avatar/upload', {
    method: 'POST',
    params: { imgSize },
    body: form,
    auth: true,
    timeout: 120_000,
  });
  return data;
}
