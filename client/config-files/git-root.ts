/** The repository a folder belongs to, as the agents find it: the nearest folder up that holds `.git`. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export function gitRootOf(start: string): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
