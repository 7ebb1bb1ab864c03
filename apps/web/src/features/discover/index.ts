/** The discover feature's public surface (发现音乐): only src/app imports it. */
export { RecommendPage, type RecommendPageProps } from './pages/recommend-page.tsx';
export { MusicLayout } from './pages/music-layout.tsx';
export { BannerCarousel, BANNER_INTERVAL_MS } from './components/banner-carousel.tsx';
export { bannerTarget, type BannerTarget } from './banner-target.ts';
export { catlistQueryOptions } from './api/catlist.ts';
export { useBanners, fetchBanners, bannerQueryOptions } from './api/banner.ts';
export { fetchPersonalized, personalizedQueryOptions, RECOMMEND_LIMIT } from './api/personalized.ts';
