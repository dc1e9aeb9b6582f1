/**
 * `gatehouse rules`: every rule the engine would load for a folder, with its source, file and effective
 * order (deny, then ask, then allow; sources by precedence; file order), as a table or as JSON.
 */
import { EXIT_USAGE, UsageError, usageError, type CliIo } from '../../../common/cli';
import { listRules } from '../../../engine';
import { parseFlags } from '../../../files/cli-flags';
import { buildContext, folderHelp, folderOptionSpec, SetupError } from './engine-setup';

const HELP = `Usage: gatehouse rules [options]

List every permission rule with its source, file and effective order. The first matching rule in this
order decides: deny rules, then ask rules, then allow rules; within each, policy, flag, user, project,
local, cliArg, command and session sources in that order.

Options:
${folderHelp}
  --json                 Print {"files":[…],"rules":[…]} instead of a table
  -h, --help             Show this help

Exit status: 0, or 2 for a bad argument or an unusable settings file.
`;

export async function runRules(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values } = parseFlags(argv, { ...folderOptionSpec, json: { type: 'boolean' } });
    if (values.help) {
      io.stdout(HELP);
      return 0;
    }
    const context = await buildContext(values, io.env);
    const files = context.settingsFiles.map(({ source, file, exists }) => ({ source, file, exists }));
    const rules = listRules(context).map((r) => ({
      order: r.order,
      behavior: r.behavior,
      rule: r.text,
      source: r.source,
      ...(r.file === undefined ? {} : { file: r.file, index: r.index }),
      locked: r.locked,
      ...(r.warning === undefined ? {} : { warning: r.warning }),
    }));
    if (values.json) {
      io.stdout(`${JSON.stringify({ files, rules }, null, 2)}\n`);
      return 0;
    }
    const lines = ['Settings files, highest precedence first:'];
    for (const f of files)
      lines.push(`  ${f.source.padEnd(16)} ${f.file}${f.exists ? '' : '  (not present)'}`);
    lines.push('');
    if (rules.length === 0) lines.push('No rules.');
    else {
      lines.push('Rules in effective order:');
      for (const r of rules) {
        const where = r.file === undefined ? '' : `  ${r.file}[${r.index}]`;
        lines.push(
          `  ${String(r.order).padStart(3)}. ${r.behavior.padEnd(5)} ${r.rule}  (${r.source}${r.locked ? ', locked' : ''})${where}`,
        );
        if (r.warning !== undefined) lines.push(`       warning: ${r.warning}`);
      }
    }
    io.stdout(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof SetupError) {
      io.stderr(`gatehouse rules: ${error.message}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof UsageError) {
      io.stderr(usageError('rules', error));
      return EXIT_USAGE;
    }
    throw error;
  }
}

export { runRules as run };
