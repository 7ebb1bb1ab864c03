import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pagerItems } from './pager.tsx';

describe('Pager', () => {
  it('shows the ends and two pages either side, with gaps', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerItems(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20]);
    expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
    expect(pagerItems(20, 20)).toEqual([1, null, 18, 19, 20]);
  });

  it('moves by page with named buttons, and hides itself for one page', () => {
    const onChange = vi.fn();
    const { rerender } = render(<Pager page={2} pages={3} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    fireEvent.click(screen.getByRole('button', { name: '第 3 页' }));
    expect(onChange.mock.calls).toEqual([[3], [1], [3]]);
    rerender(<Pager page={1} pages={1} onChange={onChange} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
