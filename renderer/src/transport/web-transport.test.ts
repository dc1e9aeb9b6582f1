import { describe, expect, it } from 'vitest';
import { tabCredential } from './web-transport';

function storeWith(secret?: string) {
  const items = new Map<string, string>(secret === undefined ? [] : [['gatehouse.tab-secret', secret]]);
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('what a tab shows the console', () => {
  it('the code of the link it was opened with', () => {
    expect(tabCredential('#code=abc', storeWith())).toEqual({ code: 'abc' });
  });

  it('its stored secret after a reload, when the address has no code', () => {
    expect(tabCredential('', storeWith('s3cret'))).toEqual({ secret: 's3cret' });
  });

  it('both, when a new link is opened in a tab that holds a secret', () => {
    expect(tabCredential('#code=abc', storeWith('s3cret'))).toEqual({ code: 'abc', secret: 's3cret' });
  });

  it('nothing for a bare address, and not the old token either', () => {
    expect(tabCredential('', storeWith())).toBeUndefined();
    expect(tabCredential('#token=abc', storeWith())).toBeUndefined();
  });
});
