import type { ComponentPropsWithRef } from 'react';
import styles from './menu.module.css';

/** A menu floating over the page (a song's right-click menu, the user menu); its opener places it. */
export function Menu({ className, ...props }: ComponentPropsWithRef<'div'>) {
  return <div role="menu" className={className ? `${styles.menu} ${className}` : styles.menu} {...props} />;
}

/** One entry of a Menu: a whole-width row that lights up under the pointer and the focus. */
export function MenuItem({ className, type = 'button', ...props }: ComponentPropsWithRef<'button'>) {
  return <button type={type} role="menuitem" className={className ? `${styles.item} ${className}` : styles.item} {...props} />;
}
