import { expect, it, vi } from 'vitest';
import { createSignal } from './signal';

it('a listener that throws is reported, and the listeners after it still hear the value', () => {
  const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const signal = createSignal<number>();
  const heard: number[] = [];
  signal.subscribe(() => {
    throw new Error('broken view');
  });
  signal.subscribe((value) => heard.push(value));
  expect(() => signal.emit(7)).not.toThrow();
  expect(heard).toEqual([7]);
  expect(reported).toHaveBeenCalledWith('Gatehouse: a listener failed and was skipped: broken view');
  reported.mockRestore();
});
