import type { Part } from './people.ts';

/** Words for song and album titles, with romanisation for later Latin-letter search. */
export const chineseTitle = {
  nouns: [
    ['晚风', 'wan feng'],
    ['星河', 'xing he'],
    ['夏夜', 'xia ye'],
    ['海岸', 'hai an'],
    ['月光', 'yue guang'],
    ['旧街', 'jiu jie'],
    ['雨季', 'yu ji'],
    ['长路', 'chang lu'],
    ['白昼', 'bai zhou'],
    ['故乡', 'gu xiang'],
    ['灯火', 'deng huo'],
    ['花园', 'hua yuan'],
    ['山谷', 'shan gu'],
    ['远方', 'yuan fang'],
    ['信笺', 'xin jian'],
    ['云朵', 'yun duo'],
    ['列车', 'lie che'],
    ['黄昏', 'huang hun'],
    ['晨光', 'chen guang'],
    ['秘密', 'mi mi'],
    ['风筝', 'feng zheng'],
    ['潮汐', 'chao xi'],
    ['雪夜', 'xue ye'],
    ['街角', 'jie jiao'],
    ['梦境', 'meng jing'],
  ] satisfies Part[],
  modifiers: [
    ['温柔的', 'wen rou de'],
    ['遥远的', 'yao yuan de'],
    ['最后的', 'zui hou de'],
    ['十七岁的', 'shi qi sui de'],
    ['无人的', 'wu ren de'],
    ['透明的', 'tou ming de'],
    ['失眠的', 'shi mian de'],
    ['盛夏的', 'sheng xia de'],
    ['未寄出的', 'wei ji chu de'],
    ['慢慢的', 'man man de'],
  ] satisfies Part[],
  /** `{}` is replaced by a noun */
  frames: [
    ['{}', '{}'],
    ['致{}', 'zhi {}'],
    ['{}之歌', '{} zhi ge'],
    ['寻找{}', 'xun zhao {}'],
    ['{}里的你', '{} li de ni'],
    ['你是{}', 'ni shi {}'],
    ['穿过{}', 'chuan guo {}'],
    ['{}来信', '{} lai xin'],
  ] satisfies Part[],
};

export const englishTitle = {
  adjectives: ['Golden', 'Silent', 'Electric', 'Paper', 'Endless', 'Midnight', 'Lonely', 'Wild', 'Neon', 'Summer', 'Quiet', 'Faded'],
  nouns: ['Hearts', 'Lights', 'Roads', 'Dreams', 'Skies', 'Rain', 'Fire', 'Waves', 'Letters', 'Stars', 'Streets', 'Mornings'],
  frames: ['{a} {n}', 'Into the {n}', '{n} of Home', 'Chasing {n}', 'After the {n}', 'Our {a} {n}', '{a}'],
};

export const japaneseTitle = {
  heads: [
    ['夜明け', 'yoake'],
    ['青空', 'aozora'],
    ['星空', 'hoshizora'],
    ['花火', 'hanabi'],
    ['雨音', 'amaoto'],
    ['夏', 'natsu'],
    ['風', 'kaze'],
    ['君', 'kimi'],
    ['海', 'umi'],
    ['月', 'tsuki'],
  ] satisfies Part[],
  tails: [
    ['の歌', 'no uta'],
    ['の街', 'no machi'],
    ['の記憶', 'no kioku'],
    ['のメロディー', 'no merodi'],
    ['に願いを', 'ni negai wo'],
    ['の向こう', 'no muko'],
    ['', ''],
  ] satisfies Part[],
};

export const koreanTitle = {
  heads: [
    ['밤하늘', 'bamhaneul'],
    ['봄날', 'bomnal'],
    ['첫눈', 'cheonnun'],
    ['너에게', 'neoege'],
    ['별빛', 'byeolbit'],
    ['바다', 'bada'],
    ['여름밤', 'yeoreumbam'],
    ['꿈', 'kkum'],
  ] satisfies Part[],
  tails: [
    ['', ''],
    [' 속으로', ' sogeuro'],
    ['처럼', 'cheoreom'],
    ['의 노래', 'ui norae'],
  ] satisfies Part[],
};

export const companies = [
  '星河唱片',
  '青橙音乐',
  '南风文化',
  '云上音乐工作室',
  'Northlight Records',
  'Paper Moon Music',
  'Blue Harbor Records',
  '青空レコード',
  '月光ミュージック',
  'Starlit Entertainment',
  '한빛 엔터테인먼트',
  'Sol y Mar Discos',
];

export const albumFlavors = [
  '制作历时一年，在城市与海边之间完成录音。',
  '用简单的编曲，记录日常里那些闪闪发光的瞬间。',
  '一张写给夜晚的唱片，适合在耳机里慢慢听完。',
  '融合了电子与原声乐器，是一次大胆的风格尝试。',
  '献给所有在路上的人，愿你总能找到回家的方向。',
  '从第一首到最后一首，讲述了一个完整的四季故事。',
];

export const artistFlavors = [
  '嗓音温暖，擅长用细腻的旋律讲述生活里的小事。',
  '作品横跨流行与独立音乐，现场表演极具感染力。',
  '坚持自己作词作曲，被乐迷称为“耳朵里的诗人”。',
  '以清新的编曲和抓耳的副歌见长。',
  '擅长把城市夜色写进歌里，作品常年出现在深夜歌单中。',
  '风格多变，从民谣到电子都有涉猎。',
];
