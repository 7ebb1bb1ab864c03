/** The default theme colour. A module of its own: the page's first script uses it without the rest of the config. */
export const THEME_COLOR = '#3dc095';
