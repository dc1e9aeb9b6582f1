import { useEffect, useState } from 'react';

/** Keys wait this long on a card that just came under the cursor, so a key meant for the last one misses. */
export const ARM_MS = 300;

/** Whether the cursor has rested on this card long enough for its one-key answers. */
export function useArmed(isCursor: boolean, cursorAt: number): boolean {
  const [armedAt, setArmedAt] = useState<number | undefined>();
  useEffect(() => {
    if (!isCursor) return;
    const timer = setTimeout(() => setArmedAt(cursorAt), Math.max(0, cursorAt + ARM_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [isCursor, cursorAt]);
  return isCursor && armedAt === cursorAt;
}
