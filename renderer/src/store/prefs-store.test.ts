import { describe, expect, it } from 'vitest';
import { createPrefsStore, readPrefs } from './prefs-store';

describe('display preferences', () => {
  it('keeps only known values from storage', () => {
    expect(readPrefs(null)).toEqual({ theme: 'system', locale: 'auto', diffLayout: 'unified' });
    expect(readPrefs('{"theme":"dark","locale":"zh-CN","diffLayout":"split"}')).toEqual({
      theme: 'dark',
      locale: 'zh-CN',
      diffLayout: 'split',
    });
    expect(readPrefs('{"theme":"neon","locale":"fr"}')).toEqual({
      theme: 'system',
      locale: 'auto',
      diffLayout: 'unified',
    });
    expect(readPrefs('not json')).toEqual({ theme: 'system', locale: 'auto', diffLayout: 'unified' });
  });

  it('saves every change', () => {
    const saved = new Map<string, string>();
    const storage = {
      getItem: (k: string) => saved.get(k) ?? null,
      setItem: (k: string, v: string) => void saved.set(k, v),
    };
    createPrefsStore(storage).getState().set({ theme: 'light' });
    expect(createPrefsStore(storage).getState().theme).toBe('light');
  });
});
