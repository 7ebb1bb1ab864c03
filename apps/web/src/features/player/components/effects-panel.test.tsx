import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EFFECTS, useEffectsStore } from '../effects/effects.store.ts';
import { REVERB_PRESETS } from '../effects/reverb-presets.ts';
import { EffectsButton } from './effects-button.tsx';

beforeEach(() => useEffectsStore.setState(DEFAULT_EFFECTS));
afterEach(() => vi.unstubAllGlobals());

async function openPanel() {
  const user = userEvent.setup();
  render(<EffectsButton />);
  const button = screen.getByRole('button', { name: '音效' });
  expect(button.getAttribute('aria-expanded')).toBe('false');
  await user.click(button);
  const panel = await screen.findByRole('dialog', { name: '音效' });
  expect(button.getAttribute('aria-expanded')).toBe('true');
  return { user, panel: within(panel) };
}

describe('音效 panel', () => {
  it('toggles the basic effects, FADE on at first', async () => {
    const { user, panel } = await openPanel();
    const fade = panel.getByRole('checkbox', { name: 'FADE' });
    expect(fade).toHaveProperty('checked', true);
    expect(panel.getByRole('checkbox', { name: '3D' })).toHaveProperty('checked', false);
    await user.click(panel.getByRole('checkbox', { name: '3D' }));
    await user.click(panel.getByRole('checkbox', { name: 'TENDER' }));
    await user.click(fade);
    expect(useEffectsStore.getState().basicEffects).toEqual(['3D', 'TENDER']);
  });

  it('lists 原唱 and every reverb; choosing one enables the wet/dry mix', async () => {
    const { user, panel } = await openPanel();
    const group = within(panel.getByRole('radiogroup', { name: '混响' }));
    expect(group.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(REVERB_PRESETS.map((p) => p.name));
    expect(group.getByRole('radio', { name: '原唱' })).toHaveProperty('checked', true);
    expect(panel.getByRole('slider', { name: '干湿比' })).toHaveProperty('disabled', true);
    await user.click(group.getByRole('radio', { name: '大教堂' }));
    expect(useEffectsStore.getState().convolver).toBe('cathedral');
    const mix = panel.getByRole('slider', { name: '干湿比' });
    expect(mix).toHaveProperty('disabled', false);
    fireEvent.change(mix, { target: { value: '0.75' } });
    expect(useEffectsStore.getState().reverbMix).toBe(0.75);
    expect(panel.getByText('75%')).toBeTruthy();
  });

  it('an EQ preset moves the ten sliders; moving one makes it 自定义', async () => {
    const { user, panel } = await openPanel();
    const presets = within(panel.getByRole('radiogroup', { name: '均衡器预设' }));
    await user.click(presets.getByRole('radio', { name: '人声' }));
    const bands = ['31', '62', '125', '250', '500', '1k', '2k', '4k', '8k', '16k'].map((b) =>
      panel.getByRole('slider', { name: `${b}Hz` }),
    );
    expect(bands.map((b) => (b as HTMLInputElement).value)).toEqual(['-2', '-3', '-2', '1', '3', '5', '5', '3', '1', '-1']);
    fireEvent.change(bands[0]!, { target: { value: '6' } });
    expect(presets.getByRole('radio', { name: '自定义' })).toHaveProperty('checked', true);
    expect(useEffectsStore.getState().eqGains[0]).toBe(6);
  });

  it('sets the speed from 0.5× to 2×', async () => {
    const { user, panel } = await openPanel();
    await user.click(within(panel.getByRole('radiogroup', { name: '播放速度' })).getByRole('radio', { name: '1.5×' }));
    expect(useEffectsStore.getState().playbackRate).toBe(1.5);
    fireEvent.change(panel.getByRole('slider', { name: '自定义速度' }), { target: { value: '0.8' } });
    expect(useEffectsStore.getState().playbackRate).toBe(0.8);
  });

  it('offers the output device only where the browser can set one', async () => {
    const { panel } = await openPanel();
    expect(panel.queryByRole('combobox', { name: '输出设备' })).toBeNull();
  });

  it('lists the audio outputs where setSinkId exists, and saves the choice', async () => {
    vi.stubGlobal('AudioContext', class {});
    Object.defineProperty(AudioContext.prototype, 'setSinkId', { configurable: true, value: () => Promise.resolve() });
    const devices = [
      { kind: 'audiooutput', deviceId: 'default', label: '默认' },
      { kind: 'audioinput', deviceId: 'mic', label: '麦克风' },
      { kind: 'audiooutput', deviceId: 'usb', label: 'USB DAC' },
      { kind: 'audiooutput', deviceId: 'hdmi', label: '' },
    ];
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { enumerateDevices: () => Promise.resolve(devices), addEventListener() {}, removeEventListener() {} },
    });
    const { user, panel } = await openPanel();
    const select = panel.getByRole('combobox', { name: '输出设备' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['系统默认', 'USB DAC', '输出设备 2']),
    );
    await user.selectOptions(select, 'usb');
    expect(useEffectsStore.getState().sinkId).toBe('usb');
  });

  it('closes on Escape, on its close button and on a click outside', async () => {
    const { user } = await openPanel();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: '音效' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '音效' }));
    await user.click(await screen.findByRole('button', { name: '关闭音效' }));
    expect(screen.queryByRole('dialog', { name: '音效' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '音效' }));
    await screen.findByRole('dialog', { name: '音效' });
    await user.click(document.body);
    expect(screen.queryByRole('dialog', { name: '音效' })).toBeNull();
  });
});
