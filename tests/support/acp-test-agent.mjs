// A tiny ACP agent for the proxy's edge cases, built on the protocol's own library. Each prompt's text
// names what the turn does; every message it reads is echoed to stderr as "agent read: <line>", so a test
// can count what reached the agent.
import { Buffer } from 'node:buffer';
import { Readable, Writable } from 'node:stream';
import { TransformStream } from 'node:stream/web';
import { agent, methods, ndJsonStream } from '@agentclientprotocol/sdk';

const OPTIONS = {
  ask: [
    { optionId: 'always', name: 'Always Allow', kind: 'allow_always' },
    { optionId: 'once', name: 'Allow', kind: 'allow_once' },
    { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
  ],
  // Gemini CLI 0.61.0's own options for a shell command, as tests/agents/gemini.test.ts gets them.
  'ask-gemini': [
    { optionId: 'proceed_always', name: 'Allow for this session', kind: 'allow_always' },
    { optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' },
    { optionId: 'cancel', name: 'Reject', kind: 'reject_once' },
  ],
  // Only an unknown kind that sounds like approval, and a way to say no.
  'ask-custom': [
    { optionId: 'forever', name: 'Allow forever', kind: '_allow_forever' },
    { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
  ],
};

// The tool call each asking prompt makes, in the session's folder: ACP's content as real agents fill it.
const TOOL_CALLS = {
  ask: () => ({
    title: 'touch made.txt',
    kind: 'execute',
    rawInput: { command: 'touch made.txt' },
    content: [{ type: 'content', content: { type: 'text', text: 'touch made.txt' } }],
  }),
  // An edit as Claude's ACP agent sends one: the whole old and new text of the file, and where it is.
  'ask-edit': (cwd) => ({
    title: 'Edit src/server.ts',
    kind: 'edit',
    rawInput: { file_path: `${cwd}/src/server.ts`, old_string: 'port = 3000', new_string: 'port = 8080' },
    content: [
      {
        type: 'diff',
        path: `${cwd}/src/server.ts`,
        oldText: 'import { serve } from "./serve";\n\nconst port = 3000;\nserve(port);\n',
        newText: 'import { serve } from "./serve";\n\nconst port = 8080;\nserve(port);\n',
      },
    ],
    locations: [{ path: `${cwd}/src/server.ts`, line: 3 }],
  }),
  // A shell command as Gemini CLI 0.61.0 asks about one: the command only in the title, no raw input, and
  // the folder and the model's description as the content.
  'ask-gemini': (cwd) => ({
    title: 'npm test && rm -rf dist',
    kind: 'execute',
    content: [
      {
        type: 'content',
        content: {
          type: 'text',
          text: `[current working directory ${cwd}] (Run the tests, then clear the build)`,
        },
      },
    ],
    locations: [],
  }),
  // A command the agent runs in the editor's terminal: ACP names the terminal by id, the raw input the command.
  'ask-terminal': () => ({
    title: '`npm test && rm -rf ../dist`',
    kind: 'execute',
    rawInput: { command: 'npm test && rm -rf ../dist', description: 'Run the tests, then clear the build' },
    content: [{ type: 'terminal', terminalId: 'term-1' }],
  }),
};
const cwds = new Map();

const lines = new TransformStream({
  transform(chunk, controller) {
    for (const line of Buffer.from(chunk).toString('utf8').split('\n'))
      if (line.trim()) process.stderr.write(`agent read: ${line}\n`);
    controller.enqueue(chunk);
  },
});
void Readable.toWeb(process.stdin).pipeTo(lines.writable);
const stream = ndJsonStream(Writable.toWeb(process.stdout), lines.readable);

let calls = 0;
let sessions = 0;
// A test can have it name itself as a real agent does in its initialize (Gemini CLI: gemini-cli).
const NAME = process.env.ACP_TEST_AGENT_NAME || 'tiny-acp-agent';
agent({ name: NAME })
  .onRequest(methods.agent.initialize, () => ({
    protocolVersion: 1,
    agentCapabilities: {},
    agentInfo: { name: NAME, version: '1.0.0' },
  }))
  .onRequest(methods.agent.session.new, ({ params }) => {
    const sessionId = `tiny-${++sessions}`;
    cwds.set(sessionId, params.cwd);
    return { sessionId };
  })
  .onNotification(methods.agent.session.cancel, () => undefined)
  .onRequest(methods.agent.session.prompt, async ({ params, client }) => {
    const text = params.prompt.map((block) => (block.type === 'text' ? block.text : '')).join('');
    if (text === 'die') process.exit(3);
    if (text === 'malformed') process.stdout.write('this is not json\n');
    if (text === 'malformed-rpc')
      process.stdout.write(
        [
          '{"not":"json-rpc"}',
          // A permission request the protocol would not accept: no card, and the editor still gets it.
          '{"jsonrpc":"2.0","id":"bad-1","method":"session/request_permission","params":{"sessionId":7}}',
          // A response to an id the editor never used.
          '{"jsonrpc":"2.0","id":4242,"result":{}}',
          '',
        ].join('\n'),
      );
    if (text.startsWith('big ')) {
      // Says back, in one message, how much it read, and as much again.
      await client.notify(methods.client.session.update, {
        sessionId: params.sessionId,
        update: {
          sessionUpdate: 'agent_message_chunk',
          content: { type: 'text', text: `read ${text.length}:${'y'.repeat(text.length)}` },
        },
      });
      return { stopReason: 'end_turn' };
    }
    const options = OPTIONS[text] ?? (TOOL_CALLS[text] ? OPTIONS.ask : undefined);
    if (!options) return { stopReason: 'end_turn' };
    const toolCall = {
      toolCallId: `call-${++calls}`,
      ...(TOOL_CALLS[text] ?? TOOL_CALLS.ask)(cwds.get(params.sessionId) ?? process.cwd()),
    };
    await client.notify(methods.client.session.update, {
      sessionId: params.sessionId,
      update: { sessionUpdate: 'tool_call', ...toolCall, status: 'pending' },
    });
    const answer = await client.request(methods.client.session.requestPermission, {
      sessionId: params.sessionId,
      toolCall,
      options,
    });
    process.stderr.write(`agent outcome: ${JSON.stringify(answer.outcome)}\n`);
    return { stopReason: answer.outcome.outcome === 'cancelled' ? 'cancelled' : 'end_turn' };
  })
  .connect(stream);
