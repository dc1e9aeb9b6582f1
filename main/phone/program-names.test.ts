import { beforeAll, describe, expect, it } from 'vitest';
import { loadInstalledBashSupport } from '../../engine/node';
import { programNamesWith } from './program-names';
import type { ProgramNames } from './program-names';

let programNames: ProgramNames;
beforeAll(async () => {
  programNames = programNamesWith(await loadInstalledBashSupport());
});

describe('the programs a command runs', () => {
  it('names the program behind assignments and wrappers, never an argument', () => {
    expect(programNames('PGPASSWORD=hunter2 psql -h db.internal -c "select 1"')).toEqual(['psql']);
    expect(programNames('timeout 5 /opt/tools/bin/deploy --prod')).toEqual(['deploy']);
    expect(programNames('cd /srv && git pull && npm ci')).toEqual(['cd', 'git', 'npm']);
  });

  it('leaves unnamed a program whose name is not plain text', () => {
    expect(programNames('"$TOOL" --flag; ls')).toEqual([undefined, 'ls']);
    expect(programNames('"./my tool" run')).toEqual([undefined]);
  });
});
