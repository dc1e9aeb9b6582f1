import type { PreviewRefusal } from '../../../common/queue-contract';
import type { Translate } from '../i18n/translate';

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The card's one sentence for a file the console would not read, in the person's language. */
export function refusalNote(t: Translate, refused: PreviewRefusal): string {
  switch (refused.reason) {
    case 'not-a-regular-file':
      return t('edit.refused.notRegular');
    case 'too-large':
      return t('edit.refused.tooLarge', { size: mb(refused.size), limit: mb(refused.limit) });
    case 'unreadable':
      return t('edit.refused.unreadable', { code: refused.code });
  }
}
