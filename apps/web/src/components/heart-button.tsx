import type { MouseEventHandler } from 'react';
import { Button } from './button.tsx';
import { HeartIcon } from './icons.tsx';
import styles from './heart-button.module.css';

interface HeartButtonProps {
  liked: boolean;
  onClick: () => void;
  /** the button's size and its heart's, in px */
  size: 'xs' | 'sm';
  iconSize: number;
  title?: boolean;
  onDoubleClick?: MouseEventHandler<HTMLButtonElement>;
  'data-testid'?: string;
}

/** A song's heart (喜欢 / 取消喜欢): filled and red when liked; pressed state for assistive tech. */
export function HeartButton({ liked, onClick, size, iconSize, title, onDoubleClick, 'data-testid': testId }: HeartButtonProps) {
  const label = liked ? '取消喜欢' : '喜欢';
  return (
    <Button
      variant="icon"
      size={size}
      tone={liked ? 'danger' : 'muted'}
      active={liked}
      className={liked ? styles.liked : undefined}
      aria-label={label}
      aria-pressed={liked}
      title={title ? label : undefined}
      onClick={onClick}
      onDoubleClick={onDoubleClick}
      data-testid={testId}
    >
      <HeartIcon size={iconSize} />
    </Button>
  );
}
