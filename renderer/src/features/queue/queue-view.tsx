import { useStore } from 'zustand';
import type { QueueStore } from '../../store/queue-store';
import { RequestCard } from './request-card';

export function QueueView({ store }: { store: QueueStore }) {
  const requests = useStore(store, (s) => s.requests);
  const resolutions = useStore(store, (s) => s.resolutions);
  const inFlight = useStore(store, (s) => s.inFlight);
  const decide = useStore(store, (s) => s.decide);
  const viewing = useStore(store, (s) => s.viewing);

  if (requests.length === 0) {
    return (
      <section className="empty" aria-label="Queue">
        <h2>Nothing is waiting</h2>
        <p>When an agent asks for permission, its request appears here.</p>
      </section>
    );
  }
  return (
    <section className="queue" aria-label="Queue">
      {requests.map((request) => (
        <RequestCard
          key={request.id}
          request={request}
          resolution={resolutions[request.id]}
          busy={Boolean(inFlight[request.id])}
          onDecide={(behavior) => void decide(request.id, behavior)}
          onViewing={viewing}
        />
      ))}
    </section>
  );
}
