import { describe, expect, it } from 'vitest';
import { displayPath, folderName, shortSessionId } from './names';

describe('short names', () => {
  it('names folders, session ids and paths briefly', () => {
    expect(folderName('/home/dev/projects/shop/')).toBe('shop');
    expect(folderName('C:\\work\\shop')).toBe('shop');
    expect(shortSessionId('3f2a9c1e-77aa-4b1c-9d2e-1234567890ab')).toBe('3f2a9c1e');
    expect(displayPath('/p/shop/src/a.ts', '/p/shop')).toBe('./src/a.ts');
    expect(displayPath('/p/shopping/a.ts', '/p/shop')).toBe('/p/shopping/a.ts');
    expect(displayPath('/etc/hosts', '/p/shop')).toBe('/etc/hosts');
  });
});
