import { SettingPage } from '../../features/settings/index.ts';

export default SettingPage;
