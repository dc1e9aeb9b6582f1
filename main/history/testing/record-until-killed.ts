/**
 * The writer half of the crash test: records decisions as fast as it can and prints each id on stdout only
 * after `record` has returned, until the test kills it. Usage: node <bundle> <database> <first index>.
 */
import { writeSync } from 'node:fs';
import { createSqliteHistory } from '../sqlite-history';
import { sampleEntry, sampleRequest } from './sample';

const [path, first] = process.argv.slice(2);
if (!path || !first) throw new Error('Usage: record-until-killed <database> <first index>');

const history = createSqliteHistory(path);
for (let index = Number(first); ; index += 1) {
  const request = sampleRequest({
    id: `crash-${index}`,
    sessionId: `session-${index % 4}`,
    input: { command: `echo crashproof ${index}` },
  });
  history.record(
    sampleEntry(
      request,
      { behavior: index % 2 ? 'allow' : 'deny' },
      {
        agent: { name: `agent-${index % 3}` },
        receivedAt: index,
        decidedAt: index + 1,
      },
    ),
  );
  // Synchronous, so a line that reached the pipe stands for a record that had returned.
  writeSync(1, `crash-${index}\n`);
}
