import type { ComponentPropsWithRef, ReactNode } from 'react';
import styles from './button.module.css';

/**
 * primary: the one action of a place (播放全部, 保存); secondary: an outlined action beside it
 * (上传歌曲, 取消); ghost: words that act (清空, 没有账号？注册); icon: a glyph alone (关闭, 音效).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'icon';
/**
 * Text buttons: sm 32 px (dialogs, toolbars), md 34 px (a page's head), lg 40 px (the login form).
 * Icon buttons: xs 22 px (inside rows and toasts), sm 28 px (panel and dialog corners),
 * md 32 px (the player bar), lg 36 px (the lyric panel).
 */
export type ButtonSize = 'xs' | 'sm' | 'md' | 'lg';
/** muted: grey until hovered; accent: the player bar's glyphs, the theme colour on hover or when on; danger: red on hover */
export type IconTone = 'muted' | 'accent' | 'danger';

interface SharedProps extends Omit<ComponentPropsWithRef<'button'>, 'children'> {
  size?: ButtonSize;
  /**
   * Busy: a spinner and aria-busy. It does not disable the button (the cloud drive takes more
   * files while it uploads); a caller that must not be pressed twice passes `disabled` too.
   */
  loading?: boolean;
  /** a toggle that is on, or a panel it opens that is open */
  active?: boolean;
  children: ReactNode;
}

export interface TextButtonProps extends SharedProps {
  variant?: Exclude<ButtonVariant, 'icon'>;
}

/** A glyph alone says nothing to a screen reader: its Chinese name is required. */
export interface IconButtonProps extends SharedProps {
  variant: 'icon';
  'aria-label': string;
  shape?: 'round' | 'square';
  tone?: IconTone;
}

export type ButtonProps = TextButtonProps | IconButtonProps;

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  shape?: 'round' | 'square';
  tone?: IconTone;
  active?: boolean;
  className?: string;
}

const ICON_SIZES: Record<ButtonSize, string | undefined> = { xs: styles.iconXs, sm: styles.iconSm, md: styles.iconMd, lg: styles.iconLg };

/** The class names of a button's look, for a link that must look like one (编辑个人资料). */
export function buttonClass({
  variant = 'secondary',
  size = 'sm',
  shape = 'round',
  tone = 'muted',
  active,
  className,
}: ButtonLook): string {
  const icon = variant === 'icon';
  return [
    styles.button,
    styles[variant],
    icon ? ICON_SIZES[size] : variant === 'ghost' ? '' : styles[size],
    icon ? styles[shape] : '',
    icon ? styles[tone] : '',
    active ? styles.active : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The app's button: native props and the ref pass through; the look comes from the theme tokens. */
export function Button(props: ButtonProps) {
  const { variant, size, loading = false, active, className, children, type = 'button', ...rest } = props;
  const { shape, tone, ...native } = rest as typeof rest & Partial<Pick<IconButtonProps, 'shape' | 'tone'>>;
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, shape, tone, active, className })}
      aria-busy={loading || undefined}
      {...native}
    >
      {loading ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
