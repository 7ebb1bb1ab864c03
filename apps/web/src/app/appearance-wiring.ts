import { bindAppearance } from '../features/settings/appearance.ts';

/** 外观 (theme colour, light/dark) applied before the first paint and kept in step with the settings. */
export function wireAppearance(): void {
  bindAppearance();
}
