import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { ConfirmDialog, Dialog, type DialogProps } from './dialog.tsx';

/** A page with an opener; the dialog holds a field, a checkbox and two buttons. */
function Page(props: Partial<DialogProps> & { fields?: boolean }) {
  const [open, setOpen] = useState(false);
  const { fields = true, ...rest } = props;
  return (
    <>
      <button type="button">别的按钮</button>
      <button type="button" onClick={() => setOpen(true)}>
        新建歌单
      </button>
      {open ? (
        <Dialog
          title="新建歌单"
          onClose={() => setOpen(false)}
          testId="create-playlist-dialog"
          footer={
            <>
              <Button onClick={() => setOpen(false)}>取消</Button>
              <Button variant="primary">创建</Button>
            </>
          }
          {...rest}
        >
          {fields ? (
            <>
              <input aria-label="歌单标题" />
              <input type="file" hidden aria-label="隐藏的文件" />
              <label>
                <input type="checkbox" /> 设置为隐私歌单
              </label>
            </>
          ) : (
            <p>只有文字</p>
          )}
        </Dialog>
      ) : null}
    </>
  );
}

async function openDialog(props: Partial<DialogProps> & { fields?: boolean } = {}) {
  const user = userEvent.setup();
  render(<Page {...props} />);
  const opener = screen.getByRole('button', { name: '新建歌单' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: '新建歌单' }) };
}

describe('Dialog', () => {
  it('is a modal dialog labelled by its title', async () => {
    const { dialog } = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const title = document.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(title?.tagName).toBe('H2');
    expect(title?.textContent).toBe('新建歌单');
    expect(dialog.dataset.testid).toBe('create-playlist-dialog');
  });

  it('takes the focus on opening: the first field, or the dialog itself when it has none', async () => {
    await openDialog();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: '歌单标题' }));
  });

  it('with no field, the dialog itself has the focus', async () => {
    const { dialog } = await openDialog({ fields: false });
    expect(document.activeElement).toBe(dialog);
  });

  it('Tab goes round inside it: from the last control back to the first', async () => {
    const { user } = await openDialog();
    const order = [
      screen.getByRole('button', { name: '关闭' }),
      screen.getByRole('textbox', { name: '歌单标题' }),
      screen.getByRole('checkbox', { name: '设置为隐私歌单' }),
      screen.getByRole('button', { name: '取消' }),
      screen.getByRole('button', { name: '创建' }),
    ];
    const seen: Element[] = [];
    for (let i = 0; i < order.length + 1; i++) {
      await user.tab();
      seen.push(document.activeElement!);
    }
    // From 歌单标题 (focused on opening) to the end, then round to 关闭 and on.
    expect(seen).toEqual([...order.slice(2), ...order.slice(0, 3)]);
  });

  it('Shift+Tab goes round the other way: from the first control to the last', async () => {
    const { user } = await openDialog();
    screen.getByRole('button', { name: '关闭' }).focus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '创建' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '取消' }));
  });

  it('Escape closes it and the focus goes back to the button that opened it', async () => {
    const { user, opener } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('关闭 and a press on the backdrop close it; a press inside does not', async () => {
    const { user, dialog, opener } = await openDialog();
    fireEvent.mouseDown(screen.getByRole('textbox', { name: '歌单标题' }));
    fireEvent.mouseDown(dialog);
    expect(screen.getByRole('dialog')).toBe(dialog);
    fireEvent.mouseDown(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closeOnBackdrop={false} keeps it open on a backdrop press; Escape still closes it', async () => {
    const { user, dialog } = await openDialog({ closeOnBackdrop: false });
    fireEvent.mouseDown(dialog.parentElement!);
    expect(screen.getByRole('dialog')).toBe(dialog);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closable={false} (work under way): Escape, the backdrop and 关闭 wait', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <Dialog title="上传头像" onClose={onClose} closable={false}>
        <p>保存中</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: '上传头像' });
    await user.keyboard('{Escape}');
    fireEvent.mouseDown(dialog.parentElement!);
    expect(screen.getByRole('button', { name: '关闭' })).toHaveProperty('disabled', true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('ConfirmDialog: 确定 has the focus; 取消 and the answer reach the caller', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <ConfirmDialog title="删除歌单" message="确定删除歌单「通勤路上」吗？" confirmLabel="删除" onConfirm={onConfirm} onClose={onClose} />,
    );
    const dialog = screen.getByRole('dialog', { name: '删除歌单' });
    expect(dialog.textContent).toContain('确定删除歌单「通勤路上」吗？');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '删除' }));
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
