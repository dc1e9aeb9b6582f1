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
  // Only an unknown kind that sounds like approval, and a way to say no.
  'ask-custom': [
    { optionId: 'forever', name: 'Allow forever', kind: '_allow_forever' },
    { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
  ],
};

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
agent({ name: 'tiny-acp-agent' })
  .onRequest(methods.agent.initialize, () => ({
    protocolVersion: 1,
    agentCapabilities: {},
    agentInfo: { name: 'tiny-acp-agent', version: '1.0.0' },
  }))
  .onRequest(methods.agent.session.new, () => ({ sessionId: `tiny-${++sessions}` }))
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
    const options = OPTIONS[text];
    if (!options) return { stopReason: 'end_turn' };
    const toolCall = {
      toolCallId: `call-${++calls}`,
      title: 'touch made.txt',
      kind: 'execute',
      rawInput: { command: 'touch made.txt' },
      content: [{ type: 'content', content: { type: 'text', text: 'touch made.txt' } }],
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
