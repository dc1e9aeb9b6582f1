import { useEffect, useState } from 'react';
import type { PendingRequestView } from '../../../../common/console-contract';

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(seconds / 60);
  return `${m}:${String(seconds % 60).padStart(2, '0')}`;
}

/** How long until the timeout answers, or that it waits because someone has the request open. */
export function Countdown({ request }: { request: PendingRequestView }) {
  const now = useNow(1000);
  if (request.held) return <span className="countdown countdown--held">Timer paused while open</span>;
  if (request.deadline === undefined) return null;
  const left = request.deadline - now;
  return (
    <span
      className={`countdown${left < 30_000 ? ' countdown--soon' : ''}`}
      title="Then it goes back to the agent"
    >
      {formatRemaining(left)} left
    </span>
  );
}
