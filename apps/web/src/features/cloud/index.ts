/** The cloud feature's public surface (音乐云盘): only src/app imports it. */
export { CloudPage, type CloudPageProps } from './pages/cloud-page.tsx';
