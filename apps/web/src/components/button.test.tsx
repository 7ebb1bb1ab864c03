import { createRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from './button.tsx';
import { CloseIcon } from './icons.tsx';

describe('Button', () => {
  it('is a plain button unless told otherwise; native props and the ref pass through', () => {
    const ref = createRef<HTMLButtonElement>();
    const onClick = vi.fn();
    render(
      <form onSubmit={(e) => e.preventDefault()}>
        <Button ref={ref} variant="primary" size="md" onClick={onClick} data-testid="play-all" title="播放全部">
          播放全部
        </Button>
        <Button type="submit">保存</Button>
      </form>,
    );
    const play = screen.getByRole('button', { name: '播放全部' });
    expect(ref.current).toBe(play);
    expect(play.getAttribute('type')).toBe('button');
    expect(play.dataset.testid).toBe('play-all');
    expect(play.title).toBe('播放全部');
    expect(screen.getByRole('button', { name: '保存' }).getAttribute('type')).toBe('submit');
    fireEvent.click(play);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('loading: busy with a spinner the name leaves out; still pressable unless disabled too', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button loading onClick={onClick}>
        上传歌曲
      </Button>,
    );
    const button = screen.getByRole('button', { name: '上传歌曲' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    const spinner = button.querySelector('span');
    expect(spinner?.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <Button loading disabled onClick={onClick}>
        上传歌曲
      </Button>,
    );
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(<Button onClick={onClick}>上传歌曲</Button>);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.querySelector('span')).toBeNull();
  });

  it('disabled: not pressable, and said so', () => {
    const onClick = vi.fn();
    render(
      <Button variant="primary" disabled onClick={onClick}>
        播放全部
      </Button>,
    );
    const button = screen.getByRole('button', { name: '播放全部' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('an icon alone must be named: the type asks for an aria-label', () => {
    // @ts-expect-error -- variant="icon" without an aria-label does not compile
    const unnamed = <Button variant="icon">×</Button>;
    expect(unnamed.props).not.toHaveProperty('aria-label');
    render(
      <Button variant="icon" aria-label="关闭" tone="danger" shape="square" size="xs">
        <CloseIcon size={14} />
      </Button>,
    );
    expect(screen.getByRole('button', { name: '关闭' })).toBeTruthy();
  });

  it('variants and sizes are classes of their own, and a link can borrow the look', () => {
    const looks = [
      buttonClass({ variant: 'primary', size: 'md' }),
      buttonClass({ variant: 'secondary', size: 'sm' }),
      buttonClass({ variant: 'ghost' }),
      buttonClass({ variant: 'icon', size: 'md', tone: 'accent', active: true }),
    ];
    expect(new Set(looks).size).toBe(looks.length);
    expect(buttonClass({ variant: 'primary', className: 'extra' }).split(' ')).toContain('extra');
    render(
      <Button variant="secondary" active aria-pressed>
        已收藏
      </Button>,
    );
    expect(screen.getByRole('button', { name: '已收藏' }).className).toBe(buttonClass({ variant: 'secondary', active: true }));
  });
});
