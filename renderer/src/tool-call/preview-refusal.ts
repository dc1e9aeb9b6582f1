import { PreviewRefusalSchema } from '../../../common/queue-contract';
import type { EditPreview } from '../../../common/queue-contract';
import type { Translate } from '../i18n/translate';

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * The card's one sentence for why an edit has no preview, in the person's language; main's English sentence
 * only for a reason this console does not know.
 */
export function refusalNote(t: Translate, preview: Extract<EditPreview, { kind: 'unavailable' }>): string {
  const parsed = PreviewRefusalSchema.safeParse(preview.refused);
  if (!parsed.success) return t('edit.unavailable', { reason: preview.reason });
  const refused = parsed.data;
  switch (refused.reason) {
    case 'too-large':
      return t('edit.refused.too-large', { size: mb(refused.size), limit: mb(refused.limit) });
    case 'unreadable':
      return t('edit.refused.unreadable', { code: refused.code });
    case 'no-file':
    case 'no-content':
    case 'no-edit':
    case 'file-missing':
    case 'text-not-found':
      return t(`edit.refused.${refused.reason}`, { tool: refused.tool });
    default:
      return t(`edit.refused.${refused.reason}`);
  }
}
