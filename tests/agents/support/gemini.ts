/**
 * The pinned Gemini CLI in ACP mode (`gemini --acp`) behind `gatehouse acp`: a sandbox HOME whose Gemini CLI
 * talks to the stand-in Gemini API as a gateway, with nothing of its own that would call home.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { agentCommand, readPins } from './agent-cache';
import type { AgentCommand } from './agent-cache';
import type { AcpSandbox } from './claude-agent-acp';
import type { GeminiStandIn } from './gemini-stand-in';

export function geminiAcpCommand(): AgentCommand {
  const pin = readPins().gemini;
  const agent = agentCommand('gemini', pin);
  if (!existsSync(agent.args.at(-1) ?? agent.command))
    throw new Error(
      `Gemini CLI ${pin.version} is not in the agent cache; run "npm run agents:install" first.`,
    );
  return { ...agent, args: [...agent.args, '--acp'] };
}

export async function makeGeminiSandbox(root: string, api: GeminiStandIn): Promise<AcpSandbox> {
  const home = join(root, 'home');
  const project = join(root, 'project');
  const gatehouseHome = join(root, 'gatehouse');
  await mkdir(join(home, '.gemini'), { recursive: true });
  await mkdir(project, { recursive: true });
  await writeFile(
    join(home, '.gemini', 'settings.json'),
    JSON.stringify({
      general: { disableAutoUpdate: true, disableUpdateNag: true },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
    }),
  );
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    GATEHOUSE_HOME: gatehouseHome,
    GOOGLE_GEMINI_BASE_URL: api.baseUrl,
    GEMINI_API_KEY: api.apiKey,
  };
  return { home, project, gatehouseHome, env };
}
