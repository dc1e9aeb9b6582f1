/** One line of `gatehouse doctor`: what was checked, what it found, and for a failure the next step. */
export interface Check {
  readonly ok: boolean;
  readonly name: string;
  readonly text: string;
  readonly next?: string;
}

export function formatCheck(check: Check): string {
  const text = check.text.replace(/\.$/, '');
  return `${check.ok ? '✓' : '✗'} ${check.name}: ${text}${check.ok || !check.next ? '' : `. Next: ${check.next}`}.\n`;
}
