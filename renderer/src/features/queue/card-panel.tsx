import type { PendingRequestView } from '../../../../common/queue-contract';
import type { Panel } from '../../store/queue-store';
import { AlwaysAllowPanel } from './always-allow-panel';
import { ConfirmStep } from './confirm-step';
import { DenyForm } from './deny-form';
import { GrantEditor } from './grant-editor';
import { InputEditor } from './input-editor';

/** The panel a card has open: confirm step, grant, rule editor, deny message or input editor. */
export function CardPanel({ request, panel }: { request: PendingRequestView; panel: Panel }) {
  switch (panel.kind) {
    case 'confirm':
      return <ConfirmStep request={request} choice={panel.choice} />;
    case 'grant':
      return <GrantEditor request={request} />;
    case 'always':
      return (
        <AlwaysAllowPanel
          key={panel.rule}
          request={request}
          {...(panel.rule ? { initialRule: panel.rule } : {})}
        />
      );
    case 'deny':
      return <DenyForm request={request} />;
    case 'edit':
      return <InputEditor request={request} />;
  }
}
