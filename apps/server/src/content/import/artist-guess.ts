/**
 * NetEase files every artist under an area (华语 7, 欧美 96, 日本 8, 韩国 16, 其他 0) and a type
 * (男 1, 女 2, 乐队/组合 3). Tags say neither, so the name's script picks the area and a few
 * group words the type; a solo artist of unknown gender files under 1, NetEase's first type.
 */
export function guessArea(name: string): number {
  if (/[\u3040-\u30ff]/.test(name)) return 8;
  if (/[\uac00-\ud7af\u1100-\u11ff]/.test(name)) return 16;
  if (/\p{Script=Han}/u.test(name)) return 7;
  if (/\p{Script=Latin}/u.test(name)) return 96;
  return 0;
}

const GROUP_WORDS = /乐队|乐团|组合|樂隊|樂團|合唱团|\bband\b|\borchestra\b|\bquartet\b|\btrio\b|\bensemble\b|\bchoir\b| & | and /i;

export function guessArtistType(name: string): 1 | 3 {
  return GROUP_WORDS.test(name) ? 3 : 1;
}
