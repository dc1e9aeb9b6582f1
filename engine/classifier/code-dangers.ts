/**
 * What a program handed to an interpreter (`python3 -c`, `node -e`, a heredoc into `python3`) or a database
 * client (`psql -c`, `mysql -e`) does that a person must see. These languages are not Bash, so the Bash
 * parse cannot read them; the calls below are the library entry points that do the work a shell command
 * would (run a command, delete a tree, fetch and run code), which is what the danger classes are about.
 */
import type { DangerReason } from './danger-reasons';
import { runsLaterPath } from './danger-paths';
import { secretPathKind } from './secret-paths';

const SPAWNS =
  /\b(?:os\.(?:system|popen|exec\w*|spawn\w*)|subprocess|pty\.spawn|child_process|execSync|spawnSync|execFileSync|shell_exec|passthru|proc_open|Deno\.(?:run|Command)|Bun\.spawn\w*|IO\.popen|Open3)\b|\bsystem\s*\(|%x\{/;
const DELETES =
  /\b(?:shutil\.rmtree|os\.(?:remove|unlink|rmdir|removedirs)|\.unlink\(|\.rmdir\(|rmSync|rmdirSync|unlinkSync|fs\.(?:rm|rmdir|unlink)\b|FileUtils\.rm\w*|File\.delete|rmtree|unlink\s*\()/;
const FETCHES =
  /\b(?:urllib|urlopen|requests\.|http\.client|httpx|fetch\s*\(|https?\.get|require\s*\(\s*['"]https?['"]\s*\)|Net::HTTP|open-uri|LWP|curl_exec|file_get_contents\s*\(\s*['"]https?:)/;
const RUNS_CODE = /\b(?:exec|eval|compile|Function|runInThisContext|instance_eval)\s*\(/;
const READS_ENV = /\b(?:os\.environ|os\.getenv|process\.env|ENV\[|%ENV|\$_ENV|getenv\s*\()/;
const WRITES =
  /\b(?:open\s*\([^)]*['"][wa]\+?['"]|writeFileSync|appendFileSync|writeFile|appendFile|write_text|File\.write|file_put_contents)\b/;
/** An environment variable named like a credential, read by name: `os.environ['API_KEY']`, `process.env.TOKEN`. */
const READS_SECRET_VARIABLE =
  /(?:environ(?:\.get)?\s*[[(]\s*|getenv\s*\(\s*|process\.env\.|process\.env\[\s*|ENV\[\s*|\$ENV\{\s*)['"]?[A-Za-z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY|CREDENTIALS?|ACCESS_KEY)/i;
const HOME =
  /\b(?:expanduser|homedir|Dir\.home|Path\.home|getenv\s*\(\s*['"]HOME|environ\s*\[\s*['"]HOME|ENV\[\s*['"]HOME)/;
const STRING_LITERAL = /'([^'\n]*)'|"([^"\n]*)"/g;
const SQL_DESTROYS =
  /\b(?:drop\s+(?:table|database|schema|view|index|user|role|collection)|truncate\s+(?:table\s+)?\w|dropDatabase\s*\(|\.drop\s*\(|flushall|flushdb|delete\s+from\s+[\w."]+\s*(?:;|$))/im;

/** The reasons a program in another language gives, most serious first. */
export function codeDangers(code: string): DangerReason[] {
  const reasons: DangerReason[] = [];
  const fetches = FETCHES.test(code);
  if (fetches && (RUNS_CODE.test(code) || SPAWNS.test(code))) reasons.push('downloads-and-runs');
  if (fetches && READS_ENV.test(code)) reasons.push('sends-secrets');
  else if (READS_SECRET_VARIABLE.test(code)) reasons.push('prints-secret');
  if (SPAWNS.test(code)) reasons.push('hides-command');
  const literals = [...code.matchAll(STRING_LITERAL)].map((match) => match[1] ?? match[2] ?? '');
  if (DELETES.test(code)) {
    // Only what it names decides: the home folder or an absolute path is outside the project, plain
    // relative names inside it, and a path the program computes some other way could be anywhere.
    if (HOME.test(code) || literals.some((literal) => /^(?:\/|~|\.\.)/.test(literal)))
      reasons.push('deletes-outside');
    else if (
      !literals.some((literal) => /^[\w.-]+(?:\/[\w.-]+)*$/.test(literal) && !literal.startsWith('..'))
    )
      reasons.push('deletes');
  }
  if (WRITES.test(code) && literals.some(runsLaterPath)) reasons.push('runs-later');
  if (literals.some((literal) => secretPathKind(literal) !== undefined)) reasons.push('reads-secret');
  return reasons;
}

/** Whether SQL (or a document or key-value store's command) drops, empties or flushes stored data. */
export function destroysData(statement: string): boolean {
  return SQL_DESTROYS.test(statement);
}
