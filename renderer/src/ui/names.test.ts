import { describe, expect, it } from 'vitest';
import { displayPath, folderName } from './names';

describe('short names', () => {
  it('names folders and paths briefly', () => {
    expect(folderName('/home/dev/projects/shop/')).toBe('shop');
    expect(folderName('C:\\work\\shop')).toBe('shop');
    expect(displayPath('/p/shop/src/a.ts', '/p/shop')).toBe('./src/a.ts');
    expect(displayPath('/p/shopping/a.ts', '/p/shop')).toBe('/p/shopping/a.ts');
    expect(displayPath('/etc/hosts', '/p/shop')).toBe('/etc/hosts');
  });
});
