/** One line of `gatehouse doctor`: what was checked, what it found, and for a failure the next step. */
export interface Check {
  readonly ok: boolean;
  readonly name: string;
  readonly text: string;
  readonly next?: string;
  /** Neither a pass nor a failure: something the person may want to know, such as an opt-in left out. */
  readonly info?: boolean;
}

export function formatCheck(check: Check): string {
  const text = check.text.replace(/\.$/, '');
  const mark = check.info ? 'ℹ' : check.ok ? '✓' : '✗';
  return `${mark} ${check.name}: ${text}${check.ok || !check.next ? '' : `. Next: ${check.next}`}.\n`;
}
