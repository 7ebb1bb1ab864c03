/**
 * Name parts for fictional artists and demo users. Every part carries its romanisation
 * (pinyin, romaji, revised romanisation) so names are searchable in Latin letters later.
 * All names are invented; any resemblance to a real artist is accidental.
 */
export type Part = readonly [text: string, latin: string];

export const chinese = {
  surnames: [
    ['周', 'zhou'],
    ['林', 'lin'],
    ['陈', 'chen'],
    ['苏', 'su'],
    ['许', 'xu'],
    ['宋', 'song'],
    ['唐', 'tang'],
    ['叶', 'ye'],
    ['程', 'cheng'],
    ['顾', 'gu'],
    ['江', 'jiang'],
    ['沈', 'shen'],
    ['陆', 'lu'],
    ['秦', 'qin'],
    ['温', 'wen'],
    ['何', 'he'],
    ['夏', 'xia'],
    ['方', 'fang'],
    ['白', 'bai'],
    ['安', 'an'],
  ] satisfies Part[],
  givenMale: [
    ['星野', 'xing ye'],
    ['屿', 'yu'],
    ['嘉言', 'jia yan'],
    ['一舟', 'yi zhou'],
    ['子航', 'zi hang'],
    ['南风', 'nan feng'],
    ['辰', 'chen'],
    ['川', 'chuan'],
    ['睿', 'rui'],
    ['朗', 'lang'],
    ['牧之', 'mu zhi'],
    ['远山', 'yuan shan'],
  ] satisfies Part[],
  givenFemale: [
    ['沫', 'mo'],
    ['夏', 'xia'],
    ['晚晴', 'wan qing'],
    ['知秋', 'zhi qiu'],
    ['雨桐', 'yu tong'],
    ['若溪', 'ruo xi'],
    ['宁', 'ning'],
    ['欣然', 'xin ran'],
    ['悦', 'yue'],
    ['小满', 'xiao man'],
    ['念安', 'nian an'],
    ['清禾', 'qing he'],
  ] satisfies Part[],
  bandHeads: [
    ['南山', 'nan shan'],
    ['青石巷', 'qing shi xiang'],
    ['海盐汽水', 'hai yan qi shui'],
    ['白日梦', 'bai ri meng'],
    ['午夜电台', 'wu ye dian tai'],
    ['银河邮局', 'yin he you ju'],
    ['纸飞机', 'zhi fei ji'],
    ['落日飞行', 'luo ri fei xing'],
    ['旧城', 'jiu cheng'],
    ['云端', 'yun duan'],
  ] satisfies Part[],
  bandTails: [
    ['乐队', 'yue dui'],
    ['乐团', 'yue tuan'],
    ['计划', 'ji hua'],
    ['', ''],
  ] satisfies Part[],
};

export const english = {
  firstMale: ['Leo', 'Noah', 'Owen', 'Felix', 'Jasper', 'Miles', 'Silas', 'Theo', 'Ezra', 'Oscar'],
  firstFemale: ['Ava', 'Mia', 'Ivy', 'Ruby', 'Hazel', 'Clara', 'Nora', 'Iris', 'Luna', 'June'],
  last: [
    'Hart',
    'Vale',
    'Quinn',
    'Rowe',
    'Sloane',
    'Marsh',
    'Calloway',
    'Winter',
    'Fox',
    'Lane',
    'Brooks',
    'Hale',
    'Wren',
    'Ellis',
    'Monroe',
  ],
  bandHeads: ['Paper', 'Velvet', 'Neon', 'Silver', 'Northern', 'Midnight', 'Golden', 'Wild', 'Glass', 'Hollow'],
  bandTails: ['Lanterns', 'Tides', 'Foxes', 'Satellites', 'Pines', 'Echoes', 'Rivers', 'Owls', 'Kites', 'Harbors'],
};

export const japanese = {
  family: [
    ['佐藤', 'sato'],
    ['高橋', 'takahashi'],
    ['小林', 'kobayashi'],
    ['中村', 'nakamura'],
    ['山本', 'yamamoto'],
    ['藤原', 'fujiwara'],
    ['青木', 'aoki'],
    ['森', 'mori'],
    ['星野', 'hoshino'],
    ['宮本', 'miyamoto'],
  ] satisfies Part[],
  givenMale: [
    ['蓮', 'ren'],
    ['悠真', 'yuma'],
    ['湊', 'minato'],
    ['蒼', 'sou'],
    ['颯', 'hayate'],
    ['陽翔', 'haruto'],
  ] satisfies Part[],
  givenFemale: [
    ['葵', 'aoi'],
    ['陽菜', 'hina'],
    ['結衣', 'yui'],
    ['美月', 'mizuki'],
    ['凛', 'rin'],
    ['桜', 'sakura'],
  ] satisfies Part[],
  bandHeads: [
    ['青い', 'aoi'],
    ['夜明けの', 'yoake no'],
    ['透明な', 'tomei na'],
    ['午前零時の', 'gozen reiji no'],
    ['銀色の', 'giniro no'],
  ] satisfies Part[],
  bandTails: [
    ['灯台', 'todai'],
    ['列車', 'ressha'],
    ['少年', 'shonen'],
    ['ノート', 'noto'],
    ['惑星', 'wakusei'],
  ] satisfies Part[],
};

export const korean = {
  family: [
    ['김', 'kim'],
    ['이', 'lee'],
    ['박', 'park'],
    ['최', 'choi'],
    ['정', 'jung'],
    ['강', 'kang'],
    ['윤', 'yoon'],
    ['한', 'han'],
  ] satisfies Part[],
  givenMale: [
    ['민준', 'min-jun'],
    ['도윤', 'do-yun'],
    ['서준', 'seo-jun'],
    ['하준', 'ha-jun'],
    ['지호', 'ji-ho'],
    ['태오', 'tae-o'],
  ] satisfies Part[],
  givenFemale: [
    ['서연', 'seo-yeon'],
    ['지우', 'ji-woo'],
    ['하은', 'ha-eun'],
    ['수아', 'su-a'],
    ['유나', 'yu-na'],
    ['다인', 'da-in'],
  ] satisfies Part[],
  groups: ['LUMINA', 'NOVA9', 'BLOSSOM', 'ECLIPSE', 'STARLIT', 'AURORA', 'MOONDROP', 'PRISM', 'SOLAR WAVE', 'VIVID'],
};

export const otherRegions = {
  firstMale: ['Mateo', 'Lucas', 'Jonas', 'Rafael', 'Émile', 'Nico'],
  firstFemale: ['Lucía', 'Camille', 'Ana', 'Sofia', 'Elin', 'Inês'],
  last: ['Moreno', 'Silva', 'Dubois', 'Lindqvist', 'Costa', 'Rossi', 'Navarro', 'Berg'],
  bands: ['Los Girasoles', 'Café Aurora', 'Les Nuages', 'Sol y Mar', 'Fjord Lights', 'Casa Azul', 'Banda Lunar', 'Vento Sul'],
};

/** Demo listeners who create the playlists. */
export const demoUsers: readonly { nickname: string; signature: string; gender: 0 | 1 | 2 }[] = [
  { nickname: '晚风收藏家', signature: '收集每一阵好听的晚风。', gender: 2 },
  { nickname: '云端旅人', signature: '在路上，也在歌里。', gender: 1 },
  { nickname: '耳机不离身', signature: '通勤两小时，歌单一整天。', gender: 0 },
  { nickname: 'Midnight Owl', signature: 'Songs for the hours nobody else is awake.', gender: 1 },
  { nickname: '夏天的橘子汽水', signature: '冒泡的旋律最解暑。', gender: 2 },
  { nickname: '听歌的猫', signature: '喵，今天也要单曲循环。', gender: 0 },
  { nickname: 'JazzyLeaf', signature: 'Swing a little, breathe a lot.', gender: 2 },
  { nickname: '慢半拍的鲸鱼', signature: '慢慢听，慢慢爱。', gender: 1 },
  { nickname: '星球收音机', signature: '调频到你的频率。', gender: 0 },
  { nickname: 'Echo Walker', signature: 'Walking playlists since forever.', gender: 1 },
  { nickname: '早睡早起的兔子', signature: '清晨六点的歌单由我负责。', gender: 2 },
  { nickname: '一颗柠檬糖', signature: '酸酸甜甜，刚刚好。', gender: 2 },
];
